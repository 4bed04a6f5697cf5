//! The record of a count, as every answer writes it: `queens count --json`, `queens merge`, the
//! page's `/api/count` and the counts by rules all serialize [`CountRecord`].
//!
//! `{"n","total","fundamental","orbits","seconds"}`: the totals as JSON numbers for the command
//! line, or as decimal strings ([`CountRecord::in_strings`]) for the page, whose numbers are
//! doubles; the orbits as a map from the orbit size to the number of orbits of that size,
//! largest first; with the engine's name where the answer says which one counted.

use super::{Counts, Engine};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// The orbit breakdown as a map with the orbit sizes as keys, largest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbits<T = u128>(pub Vec<(usize, T)>);

impl<T: Serialize> Serialize for Orbits<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (size, count) in &self.0 {
            map.serialize_entry(&size.to_string(), count)?;
        }
        map.end()
    }
}

/// The result of a count as it is written: `{"n", "total", "fundamental", "orbits",
/// "seconds"}`, with `"engine"` after `"n"` when it is named.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountRecord<T = u128> {
    /// The board size.
    pub n: usize,
    /// The engine that counted, when the answer names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<&'static str>,
    /// All solutions.
    pub total: T,
    /// Up to the board's symmetries.
    pub fundamental: T,
    /// The orbits by size.
    pub orbits: Orbits<T>,
    /// Wall seconds.
    pub seconds: f64,
}

impl CountRecord {
    /// The record of `counts`, made in `seconds` (rounded to the millisecond).
    pub fn new(counts: &Counts, seconds: f64) -> CountRecord {
        CountRecord {
            n: counts.n,
            engine: None,
            total: counts.total,
            fundamental: counts.fundamental(),
            orbits: Orbits(counts.orbits()),
            seconds: (seconds * 1000.0).round() / 1000.0,
        }
    }

    /// The same, naming the engine that counted.
    pub fn by(self, engine: Engine) -> CountRecord {
        CountRecord {
            engine: Some(engine.name()),
            ..self
        }
    }

    /// The same with the numbers as decimal strings, as a page's doubles cannot hold them.
    pub fn in_strings(self) -> CountRecord<String> {
        let orbits = self.orbits.0.iter();
        CountRecord {
            n: self.n,
            engine: self.engine,
            total: self.total.to_string(),
            fundamental: self.fundamental.to_string(),
            orbits: Orbits(orbits.map(|&(size, k)| (size, k.to_string())).collect()),
            seconds: self.seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;

    #[test]
    fn a_count_reads_as_the_command_line_and_the_page_write_it() {
        let counts = crate::count::count(8, Engine::Auto, &Control::new()).unwrap();
        let record = CountRecord::new(&counts, 0.00149);
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"n":8,"total":92,"fundamental":12,"orbits":{"8":11,"4":1,"2":0},"seconds":0.001}"#
        );
        assert_eq!(
            serde_json::to_string(&record.by(Engine::Dihedral).in_strings()).unwrap(),
            concat!(
                r#"{"n":8,"engine":"dihedral","total":"92","fundamental":"12","#,
                r#""orbits":{"8":"11","4":"1","2":"0"},"seconds":0.001}"#
            )
        );
    }
}
