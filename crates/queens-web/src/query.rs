//! Query parameters, read strictly: each name at most once, no name the endpoint does not
//! know, and every value checked, with a 400 naming the bad value and what is accepted.
//!
//! Squares and placements are read by the library's own parsers ([`queens::Square`],
//! [`queens::Placement`]); this module only splits the query and checks ranges.

use crate::error::{bad, ApiError, ApiResult, Code};
use crate::limits::QUERY_BYTES;
use queens::Square;
use serde_json::json;

/// The parameters of one request.
#[derive(Debug)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// Splits a raw query string; refuses a long one, a repeated name and a name not in
    /// `known`.
    pub fn parse(raw: Option<&str>, known: &[&str]) -> ApiResult<Query> {
        let raw = raw.unwrap_or("");
        if raw.len() > QUERY_BYTES {
            return Err(bad(
                Code::QueryTooLong,
                json!({"bytes": raw.len(), "most": QUERY_BYTES}),
                format!(
                    "query of {} bytes: at most {QUERY_BYTES} are read",
                    raw.len()
                ),
            ));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            if name.is_empty() && value.is_empty() {
                continue;
            }
            if !known.contains(&name.as_ref()) {
                return Err(unknown(&name, known));
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(twice(&name));
            }
            pairs.push((name.into_owned(), value.into_owned()));
        }
        Ok(Query { pairs })
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A whole number from `lo` to `hi`; `default` when absent (or required when `None`).
    pub fn number(&self, name: &str, lo: u64, hi: u64, default: Option<u64>) -> ApiResult<u64> {
        let what = format!("a whole number from {lo} to {hi}");
        let text = match (self.get(name), default) {
            (Some(t), _) => t,
            (None, Some(d)) => return Ok(d),
            (None, None) => {
                return Err(bad(
                    Code::MissingNumber,
                    json!({"name": name, "min": lo, "max": hi}),
                    format!("missing parameter '{name}': expected {what}"),
                ))
            }
        };
        match text.trim().parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(bad(
                Code::BadNumber,
                json!({"name": name, "text": shorten(text), "min": lo, "max": hi}),
                format!("bad {name} '{}': expected {what}", shorten(text)),
            )),
        }
    }

    /// N, a board size from 1 to `max` (required).
    pub fn n(&self, max: usize) -> ApiResult<usize> {
        Ok(self.number("n", 1, max as u64, None)? as usize)
    }

    /// `true` or `false` (also `1`/`0`); `default` when absent.
    pub fn flag(&self, name: &str, default: bool) -> ApiResult<bool> {
        match self.get(name) {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(t) => Err(bad(
                Code::BadFlag,
                json!({"name": name, "text": shorten(t)}),
                format!("bad {name} '{}': expected true or false", shorten(t)),
            )),
        }
    }

    /// One of `choices` (its index); the first when absent.
    pub fn choice(&self, name: &str, choices: &[&str]) -> ApiResult<usize> {
        let Some(text) = self.get(name) else {
            return Ok(0);
        };
        choices.iter().position(|c| *c == text).ok_or_else(|| {
            bad(
                Code::BadChoice,
                json!({"name": name, "text": shorten(text), "choices": choices}),
                format!(
                    "bad {name} '{}': expected one of {}",
                    shorten(text),
                    choices.join(", ")
                ),
            )
        })
    }

    /// One of `choices` by its name (`name_of`), the first when the parameter is absent: the
    /// way a library enum is chosen by name.
    pub fn named<T: Copy>(
        &self,
        name: &str,
        choices: &[T],
        name_of: impl Fn(T) -> &'static str,
    ) -> ApiResult<T> {
        let names: Vec<&str> = choices.iter().map(|&c| name_of(c)).collect();
        Ok(choices[self.choice(name, &names)?])
    }

    /// A list of squares written with letters (`a1,c5` or `a1 c5`), each on the `n`x`n` board,
    /// no square twice. `col,row` squares are refused here: in a list they are ambiguous.
    pub fn squares(&self, name: &str, n: usize) -> ApiResult<Vec<Square>> {
        let text = self.get(name).unwrap_or("");
        let mut squares: Vec<Square> = Vec::new();
        for word in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let square = letters_square(name, word)?;
            if !square.on_board(n, n) {
                let last_file = queens::square::file_name(n as u32 - 1);
                return Err(bad(
                    Code::SquareOffBoard,
                    json!({"name": name, "square": shorten(word), "n": n, "last_file": last_file}),
                    format!(
                        "bad {name}: square '{}' is off the {n}x{n} board (files a..{last_file}, ranks 1..{n})",
                        shorten(word),
                    ),
                ));
            }
            if squares.contains(&square) {
                return Err(bad(
                    Code::RepeatedSquare,
                    json!({"name": name, "square": square.to_string()}),
                    format!("bad {name}: square '{square}' is given twice: one queen per square"),
                ));
            }
            squares.push(square);
        }
        Ok(squares)
    }

    /// A list of 1-based rows separated by commas or spaces (`1,5,8,6,3,7,2,4`): the rows of
    /// a placement, read by the library's parser.
    pub fn rows(&self, name: &str, max: usize) -> ApiResult<queens::Placement> {
        let text = self.get(name).ok_or_else(|| {
            bad(
                Code::MissingRows,
                json!({"name": name}),
                format!("missing parameter '{name}': expected rows like 1,5,8,6,3,7,2,4"),
            )
        })?;
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() || words.len() > max {
            return Err(bad(
                Code::BadRows,
                json!({"name": name, "text": shorten(text), "max": max}),
                format!(
                    "bad {name} '{}': expected 1 to {max} rows like 1,5,8,6,3,7,2,4",
                    shorten(text)
                ),
            ));
        }
        if let Some(w) = words
            .iter()
            .find(|w| !w.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(not_a_row(name, w, words.len()));
        }
        queens::Placement::parse(&words.join(" ")).map_err(|e| {
            let said = crate::error::parse_said(&e);
            let values = crate::error::with(said.values, json!({"name": name}));
            bad(said.code, values, format!("bad {name}: {e}"))
        })
    }
}

/// A square written with letters, like `c5`.
fn letters_square(name: &str, word: &str) -> ApiResult<Square> {
    let lettered = word.starts_with(|c: char| c.is_ascii_alphabetic());
    match Square::parse(word) {
        Ok(s) if lettered => Ok(s),
        _ => Err(bad(
            Code::NotASquare,
            json!({"name": name, "text": shorten(word)}),
            format!(
                "bad {name}: '{}' is not a square: expected squares like a1,c5 (file letters a.., rank numbers 1..)",
                shorten(word)
            ),
        )),
    }
}

/// `'{word}' is not a row` of a list of rows from 1 to `max`.
pub fn not_a_row(name: &str, word: &str, max: usize) -> ApiError {
    bad(
        Code::NotARow,
        json!({"name": name, "text": shorten(word), "max": max}),
        format!(
            "bad {name}: '{}' is not a row: expected whole numbers from 1 to {max}",
            shorten(word)
        ),
    )
}

/// A parameter given twice.
pub fn twice(name: &str) -> ApiError {
    bad(
        Code::DuplicateParameter,
        json!({"name": shorten(name)}),
        format!("parameter '{}' given twice", shorten(name)),
    )
}

fn unknown(name: &str, known: &[&str]) -> ApiError {
    let accepted = match known.len() {
        0 => "this endpoint takes no parameters".to_string(),
        _ => format!("expected {}", known.join(", ")),
    };
    bad(
        Code::UnknownParameter,
        json!({"name": shorten(name), "accepted": known}),
        format!("unknown parameter '{}': {accepted}", shorten(name)),
    )
}

/// A value as shown in a message: at most 40 characters.
pub fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(raw: &str, known: &[&str]) -> Query {
        Query::parse(Some(raw), known).unwrap()
    }

    #[test]
    fn names_are_checked() {
        assert!(Query::parse(Some("n=8&x=1"), &["n"]).is_err());
        assert!(Query::parse(Some("n=8&n=9"), &["n"]).is_err());
        assert_eq!(q("n=8&", &["n"]).get("n"), Some("8"));
    }

    #[test]
    fn numbers_name_the_bad_value() {
        let err = q("n=x", &["n"]).n(32).unwrap_err();
        let said = err.said();
        assert_eq!(said.text, "bad n 'x': expected a whole number from 1 to 32");
        assert_eq!(said.code, Code::BadNumber);
        assert_eq!(
            said.values,
            json!({"name": "n", "text": "x", "min": 1, "max": 32})
        );
        assert!(q("n=33", &["n"]).n(32).is_err());
        assert_eq!(q("n=%2032", &["n"]).n(32), Ok(32));
    }

    #[test]
    fn squares_take_letters_only() {
        let s = q("queens=a1,c5", &["queens"]).squares("queens", 8).unwrap();
        assert_eq!(s, vec![Square::new(0, 0), Square::new(2, 4)]);
        assert!(q("queens=3,5", &["queens"]).squares("queens", 8).is_err());
        assert!(q("queens=a1,a1", &["queens"]).squares("queens", 8).is_err());
        assert!(q("queens=i1", &["queens"]).squares("queens", 8).is_err());
        assert!(q("queens=a1+c5", &["queens"]).squares("queens", 8).is_ok());
    }

    #[test]
    fn rows_take_commas() {
        let p = q("rows=2,4,1,3", &["rows"]).rows("rows", 64).unwrap();
        assert_eq!(p.perm(), "2 4 1 3");
        assert!(q("rows=2,4,1,5", &["rows"]).rows("rows", 64).is_err());
        assert!(q("rows=a1", &["rows"]).rows("rows", 64).is_err());
    }
}
