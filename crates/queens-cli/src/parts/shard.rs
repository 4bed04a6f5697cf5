//! The result of one share of a split count (`queens count N --shard I/K --out FILE`), the
//! input of `queens merge`.
//!
//! One JSON object on one line: what it belongs to (format version, N, engine, fingerprint of
//! the list of parts, number of parts), which share (`shard` I of `shards` K), the parts it
//! covers (ranges of indices, the end excluded), the sum of their counts in the engine's unit
//! and the count of every part covered, in the order of `covered` (strings: they may pass
//! 2^64), the seconds it took, and `check`, the CRC-32 of all the rest written in the same
//! canonical form.
//!
//! ```text
//! {"format":"queens-shard","version":3,"n":9,"engine":"quarters","fingerprint":"...","parts":40,"shard":1,"shards":3,"covered":[[0,2],[5,6]],"sum":"20","counts":["4","0","16"],"seconds":0.25,"check":"1c2a9e0f"}
//! ```
//!
//! What guards against what: the CRC tells a file damaged by chance and is refused, as is a
//! sum that is not the sum of the counts; neither tells a count edited on purpose, since the
//! editor computes the sum and the CRC anew. Against that, `queens merge` recounts a random
//! sample of the parts of each shard ([`queens::count::plan::recount`]), which is why every
//! part's count is written. Files of format version 2 (the sum and its residues modulo two
//! primes, no counts of parts: [`super::residues`]) are still read and merged; their parts
//! cannot be recounted.

use super::{crc, FORMAT_VERSION as VERSION, READ_VERSIONS};
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
    /// The count of every part covered, in order (version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<String>>,
    /// The sum's residues (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    residues: Option<String>,
    /// Wall seconds of the run that finished the share.
    pub seconds: f64,
    check: String,
}

impl ShardFile {
    /// The result of `share` of `plan`: the count of every part it covers, as (index, count)
    /// in increasing order of index.
    pub fn new(plan: &Plan, share: Share, counted: &[(usize, u128)], seconds: f64) -> ShardFile {
        let covered: Vec<usize> = counted.iter().map(|&(i, _)| i).collect();
        let sum: u128 = counted.iter().map(|&(_, c)| c).sum();
        let mut file = ShardFile {
            format: FORMAT.into(),
            version: VERSION,
            n: plan.n(),
            engine: plan.engine().name().into(),
            fingerprint: plan.fingerprint().into(),
            parts: plan.len(),
            shard: share.index,
            shards: share.count,
            covered: ranges(&covered),
            sum: sum.to_string(),
            counts: Some(counted.iter().map(|&(_, c)| c.to_string()).collect()),
            residues: None,
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

    /// Reads the shard file at `path` (`-`: standard input), refusing one that is not a shard
    /// file, is damaged or is of a format version not read; the message names the file.
    pub fn read(path: &Path) -> Result<ShardFile> {
        let text = crate::input::lines::read_text(path, MAX_BYTES)?;
        parse(&text).map_err(|why| bad(format!("'{}' {why}", path.display())))
    }

    /// What the library's merge needs to know.
    pub fn summary(&self) -> ShardSummary {
        ShardSummary {
            n: self.n,
            // Checked by `parse`.
            engine: Engine::from_name(&self.engine).unwrap_or(Engine::Quarters),
            // The version of the plan: the same list of parts in both file formats (the
            // fingerprint tells lists apart).
            version: queens::count::plan::VERSION,
            fingerprint: self.fingerprint.clone(),
            parts: self.parts,
            index: self.shard,
            shares: self.shards,
            covered: self.indices(),
            sum: self.sum.parse().unwrap_or(0),
        }
    }

    /// The parts covered, as indices in increasing order.
    fn indices(&self) -> Vec<usize> {
        self.covered.iter().flat_map(|r| r[0]..r[1]).collect()
    }

    /// The count of every part covered, as (index, count) in increasing order of index, or
    /// none for a file of format version 2, which holds only their sum.
    pub fn counted(&self) -> Option<Vec<(usize, u128)>> {
        let counts = self.counts.as_ref()?;
        let counts = counts.iter().map(|c| c.parse().unwrap_or(0)); // checked by `parse`
        Some(self.indices().into_iter().zip(counts).collect())
    }

    /// The share's index I and count K.
    pub fn share(&self) -> Share {
        Share {
            index: self.shard,
            count: self.shards,
        }
    }

    /// The file's format version.
    pub fn version(&self) -> u32 {
        self.version
    }
}

/// The most parts a plan can have, far above the longest list (the dihedral engine's 4.9
/// million parts for N = 32): a file that says more is damaged (and is never expanded).
const MAX_PARTS: usize = 1 << 26;

/// The most bytes of a shard file read: the counts of every part of the longest list (the
/// dihedral engine's 4.9 million parts for N = 32) with up to 40 digits each.
const MAX_BYTES: usize = 1 << 28;

/// The shard in `text`, or what is wrong with it (to follow the file's name).
fn parse(text: &str) -> std::result::Result<ShardFile, String> {
    let not = "is not a shard file of queens (expected the JSON written by `queens count N --shard I/K --out FILE`)";
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| not.to_string())?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(not.into());
    }
    let version = value.get("version").and_then(|v| v.as_u64());
    if !version.is_some_and(|v| READ_VERSIONS.iter().any(|&r| u64::from(r) == v)) {
        let found = version.map_or("unknown".to_string(), |v| v.to_string());
        return Err(format!(
            "was written in shard format version {found}; this queens reads versions {} and {}",
            READ_VERSIONS[0], READ_VERSIONS[1]
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
    let ordered = file
        .covered
        .iter()
        .all(|r| r[0] < r[1] && r[1] <= file.parts)
        && file.parts <= MAX_PARTS
        && file.covered.windows(2).all(|w| w[0][1] < w[1][0]);
    if !ordered || file.shard >= file.shards {
        return Err(damaged(
            "its parts or share are out of order or out of range",
        ));
    }
    let sum = sum.unwrap_or(0);
    match (file.version, &file.counts, &file.residues) {
        // Version 2: the sum and its residues.
        (2, None, Some(residues)) if *residues == super::residues(sum) => {}
        (2, None, Some(_)) => return Err(damaged("its sum disagrees with its residues")),
        // Version 3: the sum and the count of every part.
        (VERSION, Some(counts), None) => {
            let covered: usize = file.covered.iter().map(|r| r[1] - r[0]).sum();
            let parsed: Option<Vec<u128>> = counts.iter().map(|c| whole(c)).collect();
            let Some(parsed) = parsed.filter(|p| p.len() == covered) else {
                return Err(damaged(
                    "its counts of parts are not one whole number for each part covered",
                ));
            };
            if parsed.iter().try_fold(0u128, |a, &c| a.checked_add(c)) != Some(sum) {
                return Err(damaged("its sum is not the sum of its counts of parts"));
            }
        }
        _ => return Err(damaged("its fields are not those of its format version")),
    }
    Ok(file)
}

/// A count as written: decimal digits, no sign, no leading zero.
fn whole(text: &str) -> Option<u128> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
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
        let counted = [(0, 4), (1, 0), (2, 12000), (5, 300), (7, 0), (8, 41)];
        ShardFile::new(&plan, share, &counted, 0.25)
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
        assert_eq!(f.counted().unwrap()[3], (5, 300));
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

    /// `f` with its check value made anew, as an editor of the file would.
    fn signed(mut f: ShardFile) -> String {
        f.check = f.check_value();
        f.text()
    }

    #[test]
    fn a_sum_edited_alone_is_refused_and_one_edited_with_its_part_is_read() {
        // Edited alone, the sum is not the sum of the counts.
        let mut f = example();
        f.sum = "12353".into();
        assert!(parse(&signed(f.clone()))
            .unwrap_err()
            .contains("not the sum"));
        // Edited with a part's count and the CRC, the file reads: only a recount tells.
        f.counts.as_mut().unwrap()[3] = "308".into();
        let forged = parse(&signed(f)).unwrap();
        assert_eq!(forged.summary().sum, 12353);
        // Counts that are not one whole number per part are damage.
        for counts in [
            vec!["1"; 5],
            vec!["1"; 7],
            vec!["1", "2", "3", "4", "5", "x"],
        ] {
            let mut f = example();
            f.counts = Some(counts.iter().map(|c| c.to_string()).collect());
            assert!(parse(&signed(f)).unwrap_err().contains("counts of parts"));
        }
    }

    #[test]
    fn a_file_of_format_version_2_is_still_read() {
        // As version 2 wrote it: the sum and its residues, no counts of parts.
        let mut f = example();
        f.version = 2;
        f.counts = None;
        f.residues = Some(crate::parts::residues(12345));
        let text = signed(f.clone());
        assert!(text.contains(r#""sum":"12345","residues":"12345:12345","seconds""#));
        let read = parse(&text).unwrap();
        assert_eq!((read.summary().sum, read.counted()), (12345, None));
        f.sum = "12346".into();
        assert!(parse(&signed(f.clone())).unwrap_err().contains("residues"));
        // The fields of one version under the number of the other are damage.
        f.version = 3;
        assert!(parse(&signed(f)).unwrap_err().contains("format version"));
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,200}") {
            let _ = parse(&text);
            let _ = parse(&format!("{{\"format\":\"queens-shard\",\"version\":2,{text}"));
            let _ = parse(&format!("{{\"format\":\"queens-shard\",\"version\":3,{text}"));
        }
    }

    #[test]
    fn other_files_say_what_they_are() {
        assert!(parse("hello").unwrap_err().contains("not a shard file"));
        assert!(parse("{\"n\":16}")
            .unwrap_err()
            .contains("not a shard file"));
        let v1 = example().text().replace("\"version\":3,", "\"version\":1,");
        assert!(parse(&v1).unwrap_err().contains("version 1"));
    }
}
