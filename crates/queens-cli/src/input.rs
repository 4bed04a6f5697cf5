//! Parsing command-line values into domain values, with one-line messages that name the bad
//! value and what is accepted.

use queens::Placement;

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
pub fn placement(words: &[String]) -> anyhow::Result<Placement> {
    let text = words.join(" ");
    Placement::parse(&text).map_err(|e| crate::out::bad(e.to_string()))
}

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
}
