//! `GET /api/next?n=8&rows=1,5`: the next solution from a board whose files a, b, ... hold
//! one queen each (1-based rows; none for the empty board), in the lexicographic order of the
//! rows, the order in which backtracking meets the solutions (Wirth, Algorithms + Data
//! Structures = Programs, 1976, section 3.5). The search is resumed as backtracking would
//! resume it: first the solutions that keep every queen on the board, then, file by file from
//! the last, the queen moved up its file, the files after it cleared. Each step asks the
//! library's search ([`queens::rules::search::RulesBoard::each_from`]) for its first solution.

use super::Job;
use crate::error::{bad, ApiResult, Code};
use crate::limits::Limits;
use crate::query::Query;
use queens::rules::search::RulesBoard;
use queens::{Control, Error};
use serde_json::json;
use std::ops::ControlFlow;

/// The largest N asked here (the page's Place board).
pub const MAX_N: usize = 32;

/// `{"n","rows":[...],"kept"}` (`kept`: how many of the given files keep their queen) or
/// `{"n","rows":null}` when no solution comes after the board.
pub fn ask(_: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let mut names = vec!["n", "rows"];
    names.extend(super::rules::NAMES);
    let q = Query::parse(raw, &names)?;
    let n = q.n(MAX_N)?;
    let rules = super::rules::read(&q)?;
    let prefix = prefix(&q, n)?;
    Ok(Job::heavy(move |control| {
        let board = RulesBoard::new(n, rules)?;
        Ok(match next(&board, n, &prefix, control)? {
            Some((rows, kept)) => {
                let rows: Vec<u32> = rows.iter().map(|r| r + 1).collect();
                json!({"n": n, "rows": rows, "kept": kept})
            }
            None => json!({"n": n, "rows": null}),
        })
    }))
}

/// The rows of the first files, 0-based, each from 1 to `n` as given.
fn prefix(q: &Query, n: usize) -> ApiResult<Vec<u32>> {
    let text = q.get("rows").unwrap_or("");
    let words: Vec<&str> = text.split([',', ' ']).filter(|w| !w.is_empty()).collect();
    if words.len() > n {
        let shown = crate::query::shorten(text);
        return Err(bad(
            Code::TooManyRows,
            json!({"text": shown, "max": n}),
            format!(
                "bad rows '{shown}': expected at most {n} rows, one for each of the first files"
            ),
        ));
    }
    words
        .iter()
        .map(|w| match w.parse::<u32>() {
            Ok(r) if (1..=n as u32).contains(&r) => Ok(r - 1),
            _ => Err(crate::query::not_a_row("rows", w, n)),
        })
        .collect()
}

/// The next solution from `prefix` and how many of its files it keeps.
fn next(
    board: &RulesBoard,
    n: usize,
    prefix: &[u32],
    control: &Control,
) -> Result<Option<(Vec<u32>, usize)>, Error> {
    if prefix.len() < n {
        if let Some(rows) = first(board, prefix, control)? {
            return Ok(Some((rows, prefix.len())));
        }
    }
    for j in (0..prefix.len()).rev() {
        for row in prefix[j] + 1..n as u32 {
            let mut start = prefix[..j].to_vec();
            start.push(row);
            if let Some(rows) = first(board, &start, control)? {
                return Ok(Some((rows, j)));
            }
        }
    }
    Ok(None)
}

/// The first solution whose first files hold `start`.
fn first(board: &RulesBoard, start: &[u32], control: &Control) -> Result<Option<Vec<u32>>, Error> {
    let mut found = None;
    board.each_from(start, control, |rows| {
        found = Some(rows.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::rules::Rules;

    /// Every solution of N = 6 (4 of them) is met in turn from the empty board.
    #[test]
    fn next_walks_the_solutions_in_order() {
        let board = RulesBoard::new(6, Rules::QUEENS).unwrap();
        let control = Control::new();
        let mut all = Vec::new();
        board
            .each(&control, |rows| {
                all.push(rows.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        let mut at: Vec<u32> = Vec::new();
        for want in &all {
            let (rows, _) = next(&board, 6, &at, &control).unwrap().unwrap();
            assert_eq!(&rows, want);
            at = rows;
        }
        assert_eq!(next(&board, 6, &at, &control).unwrap(), None);
        // a prefix with no completion moves on: a1 b2 has none, the next starts a1 b3...
        let (rows, kept) = next(&board, 6, &[0, 1], &control).unwrap().unwrap();
        assert_eq!((rows[0], kept), (1, 0), "{rows:?}");
    }
}
