//! The result of one share of a split count (`queens count N --shard I/K --out FILE`), the
//! input of `queens merge`.
//!
//! One JSON object on one line: what it belongs to (format version, N, engine, fingerprint of
//! the list of parts, number of parts), which share (`shard` I of `shards` K), the parts it
//! covers (ranges of indices, the end excluded), the sum of their counts in the engine's unit
//! (a string: it may pass 2^64) and its residues modulo two primes ([`super::residues`]), the
//! seconds it took, and `check`, the CRC-32 of all the rest written in the same canonical form,
//! so that a damaged file is refused, not added up.
//!
//! ```text
//! {"format":"queens-shard","version":2,"n":16,"engine":"quarters","fingerprint":"823aa15260771ac2","parts":223,"shard":0,"shards":2,"covered":[[0,28],[56,84]],"sum":"7386256","residues":"7386256:7386256","seconds":0.07,"check":"1c2a9e0f"}
//! ```

use super::crc;
use super::FORMAT_VERSION as VERSION;
use crate::exit::{bad, Result};
use crate::input::Share;
use queens::count::plan::{Plan, ShardSummary};
use queens::count::Engine;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The first field of every shard file.
const FORMAT: &str = "queens-shard";

/// A shard file, field by field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardFile {
    format: String,
    version: u32,
    n: usize,
    engine: String,
    fingerprint: String,
    parts: usize,
    shard: usize,
    shards: usize,
    covered: Vec<[usize; 2]>,
    sum: String,
    residues: String,
    /// Wall seconds of the run that finished the share.
    pub seconds: f64,
    check: String,
}

impl ShardFile {
    /// The result of `share` of `plan`: the parts `covered` (increasing) and their sum.
    pub fn new(plan: &Plan, share: Share, covered: &[usize], sum: u128, seconds: f64) -> ShardFile {
        let mut file = ShardFile {
            format: FORMAT.into(),
            version: VERSION,
            n: plan.n(),
            engine: plan.engine().name().into(),
            fingerprint: plan.fingerprint().into(),
            parts: plan.len(),
            shard: share.index,
            shards: share.count,
            covered: ranges(covered),
            sum: sum.to_string(),
            residues: super::residues(sum),
            seconds: (seconds * 1000.0).round() / 1000.0,
            check: String::new(),
        };
        file.check = file.check_value();
        file
    }

    /// The CRC-32 of every field but `check`, in the canonical form.
    fn check_value(&self) -> String {
        let bare = ShardFile {
            check: String::new(),
            ..self.clone()
        };
        crc(&serde_json::to_string(&bare).unwrap_or_default())
    }

    /// The file's text: one JSON line.
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }

    /// Writes the file at once (a temporary file renamed over it).
    pub fn write(&self, path: &Path) -> Result<()> {
        super::write_atomic(path, self.text().as_bytes())
    }

    /// Reads the shard file at `path`, refusing one that is not a shard file, is damaged or
    /// is of another format version; the message names the file.
    pub fn read(path: &Path) -> Result<ShardFile> {
        let text = crate::input::lines::read_text(path, crate::input::lines::MAX_RECORD_LINE)?;
        parse(&text).map_err(|why| bad(format!("'{}' {why}", path.display())))
    }

    /// What the library's merge needs to know.
    pub fn summary(&self) -> ShardSummary {
        ShardSummary {
            n: self.n,
            // Checked by `parse`.
            engine: Engine::from_name(&self.engine).unwrap_or(Engine::Quarters),
            version: self.version,
            fingerprint: self.fingerprint.clone(),
            parts: self.parts,
            index: self.shard,
            shares: self.shards,
            covered: self.covered.iter().flat_map(|r| r[0]..r[1]).collect(),
            sum: self.sum.parse().unwrap_or(0),
        }
    }
}

/// The shard in `text`, or what is wrong with it (to follow the file's name).
fn parse(text: &str) -> std::result::Result<ShardFile, String> {
    let not = "is not a shard file of queens (expected the JSON written by `queens count N --shard I/K --out FILE`)";
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| not.to_string())?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(not.into());
    }
    let version = value.get("version").and_then(|v| v.as_u64());
    if version != Some(VERSION as u64) {
        let found = version.map_or("unknown".to_string(), |v| v.to_string());
        return Err(format!(
            "was written in shard format version {found}; this queens reads version {VERSION}"
        ));
    }
    let damaged = |why: &str| format!("is damaged ({why}): refused");
    let file: ShardFile = serde_json::from_value(value).map_err(|e| damaged(&e.to_string()))?;
    if file.check_value() != file.check {
        return Err(damaged("its check value does not match its contents"));
    }
    let sum = file.sum.parse::<u128>();
    if Engine::from_name(&file.engine).is_none() || sum.is_err() {
        return Err(damaged(
            "an unknown engine or a sum that is not a whole number",
        ));
    }
    if sum.map(super::residues).as_ref() != Ok(&file.residues) {
        return Err(damaged("its sum disagrees with its residues"));
    }
    let ordered = file
        .covered
        .iter()
        .all(|r| r[0] < r[1] && r[1] <= file.parts)
        && file.covered.windows(2).all(|w| w[0][1] < w[1][0]);
    if !ordered || file.shard >= file.shards {
        return Err(damaged(
            "its parts or share are out of order or out of range",
        ));
    }
    Ok(file)
}

/// Increasing indices as ranges `[from, to)`, neighbours joined.
fn ranges(indices: &[usize]) -> Vec<[usize; 2]> {
    let mut out: Vec<[usize; 2]> = Vec::new();
    for &i in indices {
        match out.last_mut() {
            Some(r) if r[1] == i => r[1] = i + 1,
            _ => out.push([i, i + 1]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::count::Engine;

    fn example() -> ShardFile {
        let plan = Plan::new(9, Engine::Quarters).unwrap();
        let share = Share { index: 1, count: 3 };
        ShardFile::new(&plan, share, &[0, 1, 2, 5, 7, 8], 12345, 0.25)
    }

    #[test]
    fn a_shard_file_reads_back_as_written() {
        let f = example();
        assert_eq!(parse(&f.text()), Ok(f.clone()));
        assert_eq!(f.covered, vec![[0, 3], [5, 6], [7, 9]]);
        let s = f.summary();
        assert_eq!(
            (s.covered, s.sum, s.index, s.shares),
            (vec![0, 1, 2, 5, 7, 8], 12345, 1, 3)
        );
    }

    #[test]
    fn any_changed_byte_is_refused_or_the_same_file() {
        let f = example();
        let text = f.text();
        for at in 0..text.len() {
            for replacement in [b'0', b'9', b'x', b' ', b'"'] {
                let mut bytes = text.clone().into_bytes();
                if bytes[at] == replacement {
                    continue;
                }
                bytes[at] = replacement;
                let Ok(changed) = String::from_utf8(bytes) else {
                    continue;
                };
                if let Ok(read) = parse(&changed) {
                    // Only changes that do not change a value pass: spaces between tokens.
                    assert_eq!(read, f, "byte {at} to {}", replacement as char);
                }
            }
        }
    }

    #[test]
    fn a_sum_edited_with_its_check_made_anew_is_refused() {
        let mut f = example();
        f.sum = "12346".into();
        f.check = f.check_value();
        assert!(parse(&f.text()).unwrap_err().contains("residues"));
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,200}") {
            let _ = parse(&text);
            let _ = parse(&format!("{{\"format\":\"queens-shard\",\"version\":2,{text}"));
        }
    }

    #[test]
    fn other_files_say_what_they_are() {
        assert!(parse("hello").unwrap_err().contains("not a shard file"));
        assert!(parse("{\"n\":16}")
            .unwrap_err()
            .contains("not a shard file"));
        let v1 = example().text().replace("\"version\":2,", "\"version\":1,");
        assert!(parse(&v1).unwrap_err().contains("version 1"));
    }
}
