//! Parsing command-line values into domain values, with one-line messages that name the bad
//! value and what is accepted; [`placements`] reads placements from files and pipes.

pub mod lines;
pub mod placements;

use crate::exit::{bad, Failure};
use queens::Placement;
use std::path::Path;

/// Parses a board size from `min` to `max`.
pub fn size(text: &str, min: usize, max: usize) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) if n > max => Err(format!(
            "N = {n} is too large: this command accepts N from {min} to {max}"
        )),
        _ => Err(format!(
            "expected a whole number N from {min} to {max}, got '{text}'"
        )),
    }
}

/// A board size or an inclusive range `A..B` of sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub from: usize,
    pub to: usize,
}

impl Sizes {
    pub fn parse(text: &str, min: usize, max: usize) -> Result<Sizes, String> {
        if let Some((a, b)) = text.split_once("..") {
            let b = b.trim_start_matches('=');
            let (from, to) = (size(a, min, max)?, size(b, min, max)?);
            if from > to {
                return Err(format!("empty range '{text}': write A..B with A <= B"));
            }
            Ok(Sizes { from, to })
        } else {
            let n = size(text, min, max)?;
            Ok(Sizes { from: n, to: n })
        }
    }

    pub fn is_single(&self) -> bool {
        self.from == self.to
    }
}

/// A placement given as one or more command-line words (`1 5 8 6 3 7 2 4` or `a1 b5 ...`).
pub fn placement(words: &[String]) -> Result<Placement, Failure> {
    let text = words.join(" ");
    Placement::parse(&text).map_err(Failure::from)
}

/// Where the placements of `check`, `show` and `classify` come from: the words of the command
/// line, or a file or standard input with one placement per line.
#[derive(clap::Args)]
pub struct PlacementArgs {
    /// The placement: rows (`1 5 8 6 3 7 2 4`) or squares (`a1 b5 ...`, `1,1 2,5 ...`); `-`
    /// alone reads placements from standard input, one per line
    #[arg(value_name = "PLACEMENT", required_unless_present = "input", num_args = 1..)]
    pub words: Vec<String>,
    /// Read placements from FILE, one per line, in any form the tool prints (`-`: standard
    /// input)
    #[arg(long, short = 'i', value_name = "FILE", conflicts_with = "words")]
    pub input: Option<std::path::PathBuf>,
}

impl PlacementArgs {
    /// The file or stream to read, if the placements do not come as words.
    pub fn stream(&self) -> Option<&Path> {
        match (&self.input, self.words.as_slice()) {
            (Some(path), _) => Some(path),
            (None, [dash]) if dash == "-" => Some(Path::new("-")),
            _ => None,
        }
    }

    /// The placements given, one at a time: the words of the command line (line 1), or the
    /// lines of a file or standard input, streamed.
    pub fn source(&self) -> Result<Source, Failure> {
        Ok(match self.stream() {
            Some(path) => Source::Stream {
                placements: placements::Placements::open(path)?,
                given: 0,
            },
            None => Source::Words(Some(placements::Item {
                line: 1,
                placement: placement(&self.words)?,
            })),
        })
    }
}

/// Where placements come from, read one at a time.
pub enum Source {
    /// The words of the command line: one placement.
    Words(Option<placements::Item>),
    /// A file or standard input, and how many placements it has given.
    Stream {
        placements: placements::Placements,
        given: usize,
    },
}

impl Source {
    /// The next placement, `None` at the end; a stream with no placement at all is refused.
    pub fn next(&mut self) -> Result<Option<placements::Item>, Failure> {
        match self {
            Source::Words(item) => Ok(item.take()),
            Source::Stream { placements, given } => match placements.next()? {
                Some(item) => {
                    *given += 1;
                    Ok(Some(item))
                }
                None if *given == 0 => Err(bad(format!(
                    "no placement in {}: expected rows or squares, one placement per line",
                    placements.name()
                ))),
                None => Ok(None),
            },
        }
    }

    /// Whether the placements come from a file or a pipe (their verdicts name their lines).
    pub fn is_stream(&self) -> bool {
        matches!(self, Source::Stream { .. })
    }

    /// Whether the next placement has to wait for the input: the time to flush the output.
    pub fn is_drained(&self) -> bool {
        match self {
            Source::Words(_) => true,
            Source::Stream { placements, .. } => placements.is_drained(),
        }
    }
}

/// A file as messages name it.
pub fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        format!("'{}'", path.display())
    }
}

/// The shortest duration accepted: a millisecond.
pub const MIN_SECONDS: f64 = 0.001;
/// The longest duration accepted: a year of 365 days (8760h).
pub const MAX_SECONDS: f64 = 365.0 * 86_400.0;

/// The one parser of durations (`--time-limit`, `--checkpoint-every`, `--per-seed`): seconds,
/// optionally with a unit: `30`, `2.5`, `90s`, `5m`, `2h`; from [`MIN_SECONDS`] to
/// [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (number, scale) = match t.char_indices().last() {
        Some((i, 's')) => (&t[..i], 1.0),
        Some((i, 'm')) => (&t[..i], 60.0),
        Some((i, 'h')) => (&t[..i], 3600.0),
        _ => (t, 1.0),
    };
    match number.trim().parse::<f64>().map(|x| x * scale) {
        Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!(
            "bad duration '{text}': expected from 0.001 s to a year (8760h), as seconds (30, 2.5) or with a unit (90s, 5m, 2h)"
        )),
    }
}

/// The one parser of memory sizes (`--memory`): bytes, or a number with K, M, G or T (powers of
/// 1024): `536870912`, `512M`, `4G`, `2048K`, `1.5G`; from 1 byte to [`MAX_MEMORY`].
pub fn memory(text: &str) -> Result<u64, String> {
    let fail = || {
        format!(
            "bad memory size '{text}': expected bytes or a number with K, M, G or T (powers of 1024) from 1 to {MAX_MEMORY_NAME}, like 512M, 4G or 2048K"
        )
    };
    memory_bytes(text).ok_or_else(fail)
}

/// The largest memory size taken: 2^60 bytes (1024 PiB), far above any machine.
pub const MAX_MEMORY: u64 = 1 << 60;
/// [`MAX_MEMORY`] as it is written.
const MAX_MEMORY_NAME: &str = "1048576T";

/// The bytes of a memory size, if it is one from 1 byte to [`MAX_MEMORY`].
fn memory_bytes(text: &str) -> Option<u64> {
    let t = text.trim();
    let (number, power) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let power = match c.to_ascii_uppercase() {
                'K' => 1,
                'M' => 2,
                'G' => 3,
                'T' => 4,
                _ => return None,
            };
            (&t[..i], power)
        }
        _ => (t, 0),
    };
    if !number.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    match number.parse::<f64>().map(|x| x * 1024f64.powi(power)) {
        Ok(bytes) if (1.0..=MAX_MEMORY as f64).contains(&bytes) => Some(bytes as u64),
        _ => None,
    }
}

/// The least memory budget a count is promised to keep within (the README's promise).
pub const MIN_MEMORY_BUDGET: u64 = 256 << 20;

/// A memory budget of a count (`--memory`): a size ([`memory`]) from [`MIN_MEMORY_BUDGET`] to
/// [`MAX_MEMORY`].
pub fn memory_budget(text: &str) -> Result<u64, String> {
    match memory_bytes(text) {
        Some(bytes) if bytes >= MIN_MEMORY_BUDGET => Ok(bytes),
        Some(_) => Err(format!(
            "memory budget '{text}' is below 256M, the least a count keeps within: give 256M or more (up to {MAX_MEMORY_NAME})"
        )),
        None => Err(format!(
            "bad memory budget '{text}': expected a size from 256M to {MAX_MEMORY_NAME}, in bytes or with K, M, G or T (powers of 1024), like 512M, 4G or 2048K"
        )),
    }
}

/// A share of a split count: the `index`-th (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub index: usize,
    pub count: usize,
}

/// The most shares a count is split into.
pub const MAX_SHARES: usize = 1_000_000;

/// The one parser of `--shard I/K`: the 0-based share I of K (as Slurm's array task ids).
pub fn share(text: &str) -> Result<Share, String> {
    let fail = || {
        format!(
            "bad share '{text}': expected I/K, the share I (from 0 to K-1, as $SLURM_ARRAY_TASK_ID) of K shares (1 to {MAX_SHARES}), like 0/8"
        )
    };
    let (i, k) = text.trim().split_once('/').ok_or_else(fail)?;
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(i) || !digits(k) {
        return Err(fail());
    }
    match (i.parse::<usize>(), k.parse::<usize>()) {
        (Ok(index), Ok(count)) if index < count && count <= MAX_SHARES => {
            Ok(Share { index, count })
        }
        _ => Err(fail()),
    }
}

/// The one parser of `--seed`: a whole number from 0 to 2^64 - 1.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim().parse::<u64>().map_err(|_| {
        format!("bad seed '{text}': expected a whole number from 0 to 18446744073709551615")
    })
}

/// The one parser of `--limit K`: a whole number from 1 (a limit of 0 would show nothing).
pub fn limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!(
            "bad limit '{text}': expected a whole number from 1 to 18446744073709551615"
        )),
    }
}

/// The seed to use: the one given, or a fresh one, said on stderr so the run can be repeated.
pub fn seed_or_fresh(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| {
        let seed = rand::random();
        eprintln!("queens: seed {seed} (give --seed {seed} to repeat this run)");
        seed
    })
}

pub use crate::exit::io_reason;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_ranges() {
        assert_eq!(size("8", 1, 32), Ok(8));
        assert!(size("0", 1, 32).unwrap_err().contains("from 1 to 32"));
        assert!(size("-3", 1, 32).is_err());
        assert!(size("x", 1, 32).unwrap_err().contains("'x'"));
        assert!(size("40", 1, 32).unwrap_err().contains("too large"));
        assert_eq!(Sizes::parse("4..12", 1, 32), Ok(Sizes { from: 4, to: 12 }));
        assert_eq!(Sizes::parse("4..=12", 1, 32), Ok(Sizes { from: 4, to: 12 }));
        assert!(Sizes::parse("9..3", 1, 32).is_err());
    }

    #[test]
    fn one_parser_of_time_limits() {
        assert_eq!(seconds("30"), Ok(30.0));
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(seconds("90s"), Ok(90.0));
        assert_eq!(seconds("5m"), Ok(300.0));
        assert_eq!(seconds("2h"), Ok(7200.0));
        assert_eq!(seconds("0.001"), Ok(MIN_SECONDS));
        assert_eq!(seconds("8760h"), Ok(MAX_SECONDS));
        assert_eq!(seconds("31536000"), Ok(MAX_SECONDS));
        for bad in [
            "0",
            "-1",
            "x",
            "",
            "s",
            "1e400",
            "inf",
            "NaN",
            "5 min",
            "1e-300",
            "0.0009",
            "31536001",
            "8761h",
            "9999999999",
        ] {
            let e = seconds(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{bad}");
            assert!(e.contains("0.001 s") && e.contains("8760h"), "{e}");
        }
    }

    #[test]
    fn one_parser_of_limits() {
        assert_eq!(limit("1"), Ok(1));
        assert_eq!(limit("18446744073709551615"), Ok(u64::MAX));
        for bad in ["0", "-1", "1.5", "1e20", "18446744073709551616", "", "many"] {
            let e = limit(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{bad}");
            assert!(e.contains("from 1 to 18446744073709551615"), "{e}");
        }
    }

    #[test]
    fn one_parser_of_memory_sizes() {
        assert_eq!(memory("536870912"), Ok(512 << 20));
        assert_eq!(memory("512M"), Ok(512 << 20));
        assert_eq!(memory("4G"), Ok(4 << 30));
        assert_eq!(memory("4g"), Ok(4 << 30));
        assert_eq!(memory("2048K"), Ok(2 << 20));
        assert_eq!(memory("1.5G"), Ok(3 << 29));
        assert_eq!(memory("2T"), Ok(2 << 40));
        for bad in [
            "", "0", "M", "-1G", "4X", "4GB", "1e3", "inf", "NaN", "4 G", "0.5",
        ] {
            assert!(
                memory(bad).unwrap_err().contains(&format!("'{bad}'")),
                "{bad}"
            );
        }
        assert_eq!(memory("1048576T"), Ok(MAX_MEMORY));
        for high in ["16777215T", "1048577T", "2000000000000000000"] {
            let e = memory(high).unwrap_err();
            assert!(
                e.contains(&format!("'{high}'")) && e.contains("1048576T"),
                "{e}"
            );
            let e = memory_budget(high).unwrap_err();
            assert!(
                e.contains(&format!("'{high}'")) && e.contains("256M to 1048576T"),
                "{e}"
            );
        }
        assert_eq!(memory_budget("256M"), Ok(256 << 20));
        for low in ["1", "1K", "255M"] {
            let e = memory_budget(low).unwrap_err();
            assert!(e.contains(&format!("'{low}'")) && e.contains("256M"), "{e}");
        }
    }

    #[test]
    fn one_parser_of_shares() {
        assert_eq!(share("0/8"), Ok(Share { index: 0, count: 8 }));
        assert_eq!(share("7/8"), Ok(Share { index: 7, count: 8 }));
        assert_eq!(share("0/1"), Ok(Share { index: 0, count: 1 }));
        for bad in [
            "8/8",
            "1/0",
            "0/0",
            "-1/8",
            "1",
            "a/8",
            "1/8/2",
            "",
            "/",
            "1/",
            "+1/8",
            "0/2000000",
        ] {
            assert!(
                share(bad).unwrap_err().contains(&format!("'{bad}'")),
                "{bad}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn value_parsers_never_panic(text in "\\PC{0,12}") {
            let _ = size(&text, 1, 32);
            let _ = Sizes::parse(&text, 1, 32);
            let _ = seconds(&text);
            let _ = limit(&text);
            let _ = seed(&text);
            let _ = memory(&text);
            let _ = share(&text);
        }
    }
}
