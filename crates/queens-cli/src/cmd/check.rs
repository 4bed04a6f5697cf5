//! `queens check`: is a placement a solution, and if not, which two queens attack.
//!
//! The placement comes from the command line, or from a file or standard input with one
//! placement per line in any form the tool prints (`queens list 8 | queens check -`): every
//! verdict, then a summary. With `--n N`, a partly filled N x N board: any number of queens,
//! no two attacking. Reading, parsing and the check are all linear in N.

use crate::exit::{bad, Exit, Result};
use crate::input::lines::{Lines, MAX_PLACEMENT_LINE};
use crate::input::{PlacementArgs, Source};
use crate::output::format::Report;
use crate::output::{plural, Out};
use queens::record::{Tally, Verdict};
use queens::rules::{Piece, Rules};
use queens::Line;
use queens::{Conflict, Placement, Square};
use std::io::Write;

/// Check placements; exit code 1 if any is not a solution
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens check 1 5 8 6 3 7 2 4
  queens check a1 b5 c8 d6 e3 f7 g2 h4
  queens check 1,1 2,5 3,8 4,6 5,3 6,7 7,2 8,4 --json
  queens list 8 | queens check -
  queens solve 1000 --format json | queens check -
  queens check --input big.txt
  queens check --n 8 a1 b3 c5          # a partly filled 8x8 board")]
pub struct Args {
    #[command(flatten)]
    placements: PlacementArgs,
    /// A partly filled N x N board: any number of queens (squares, or the rows of the first
    /// columns), no two attacking
    #[arg(long, value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, queens::square::MAX_SIDE))]
    n: Option<usize>,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "`valid: ...` or `invalid: ...`, a line per placement",
        "One JSON object per placement: `{\"n\":8,\"valid\":true}`",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

/// A board to check: its size, its queens and the first two that attack.
struct Board {
    line: usize,
    n: usize,
    queens: usize,
    partial: bool,
    conflict: Option<Conflict>,
}

pub fn run(args: Args) -> Result<Exit> {
    let json = args.format.is_json(args.json);
    let rules = args.rules.rules();
    let mut boards = Boards::open(&args.placements, args.n)?;
    let mut out = Out::stdout();
    let (mut checked, mut valid) = (0usize, 0usize);
    while let Some(b) = boards.next(rules)? {
        let named = boards.is_stream();
        if json {
            out.json_line(&verdict(&b, named))?;
        } else {
            let prefix = if named {
                format!("line {}: ", b.line)
            } else {
                String::new()
            };
            writeln!(out, "{prefix}{}", text(&b, rules))?;
            out.record()?;
        }
        checked += 1;
        valid += usize::from(b.conflict.is_none());
        if boards.is_drained() {
            out.flush()?;
        }
    }
    if checked > 1 {
        let invalid = checked - valid;
        if json {
            out.json_line(&Tally {
                checked,
                valid,
                invalid,
            })?;
        } else {
            writeln!(
                out,
                "checked {}: {valid} valid, {invalid} invalid",
                plural(checked as u64, "placement", "placements")
            )?;
        }
    }
    out.flush()?;
    Ok(Exit::yes_or_no(valid == checked))
}

/// The boards to check, read one at a time: whole placements, or with `--n N` partly filled
/// boards.
enum Boards {
    Whole(Source),
    Partial {
        n: usize,
        lines: Option<Lines>,
        words: Option<String>,
    },
}

impl Boards {
    fn open(placements: &PlacementArgs, n: Option<usize>) -> Result<Boards> {
        Ok(match n {
            None => Boards::Whole(placements.source()?),
            Some(n) => Boards::Partial {
                n,
                lines: match placements.stream() {
                    Some(path) => Some(Lines::open(path, MAX_PLACEMENT_LINE)?),
                    None => None,
                },
                words: Some(placements.words.join(" ")),
            },
        })
    }

    /// Whether the boards come from a file or a pipe (their verdicts name their lines).
    fn is_stream(&self) -> bool {
        match self {
            Boards::Whole(source) => source.is_stream(),
            Boards::Partial { lines, .. } => lines.is_some(),
        }
    }

    /// Whether the next board has to wait for the input.
    fn is_drained(&self) -> bool {
        match self {
            Boards::Whole(source) => source.is_drained(),
            Boards::Partial { lines, .. } => lines.as_ref().is_none_or(Lines::is_drained),
        }
    }

    /// The next board and the first two of its queens that attack.
    fn next(&mut self, rules: Rules) -> Result<Option<Board>> {
        match self {
            Boards::Whole(source) => Ok(source
                .next()?
                .map(|item| whole_board(item.line, &item.placement, rules))),
            Boards::Partial {
                n,
                lines: None,
                words,
            } => match words.take() {
                Some(text) => partial_board(1, &text, *n, rules).map(Some).map_err(bad),
                None => Ok(None),
            },
            Boards::Partial {
                n,
                lines: Some(lines),
                ..
            } => {
                while let Some((line, text)) = lines.next_line()? {
                    let t = text.trim();
                    if t.is_empty() || t.starts_with('#') {
                        continue;
                    }
                    return partial_board(line, t, *n, rules)
                        .map(Some)
                        .map_err(|e| bad(format!("line {line}: {e}")));
                }
                Ok(None)
            }
        }
    }
}

fn whole_board(line: usize, p: &Placement, rules: Rules) -> Board {
    Board {
        line,
        n: p.n(),
        queens: p.n(),
        partial: false,
        conflict: rules.first_conflict(p),
    }
}

/// A partly filled `n` x `n` board written as `text`, on line `line` of its input.
fn partial_board(
    line: usize,
    text: &str,
    n: usize,
    rules: Rules,
) -> std::result::Result<Board, String> {
    let squares = partial_squares(text, n)?;
    Ok(Board {
        line,
        n,
        queens: squares.len(),
        partial: true,
        conflict: rules.first_attack(n, &squares),
    })
}

/// The queens of a partial placement on an `n` x `n` board.
fn partial_squares(text: &str, n: usize) -> std::result::Result<Vec<Square>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let squares =
        if !words.is_empty() && words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
            if words.len() > n {
                return Err(format!(
                    "{} rows for an {n}x{n} board: give at most {n}, one per column from a",
                    words.len()
                ));
            }
            words
                .iter()
                .enumerate()
                .map(|(c, w)| match w.parse::<u64>() {
                    Ok(r @ 1..) if r <= n as u64 => Ok(Square::new(c as u32, r as u32 - 1)),
                    _ => Err(format!(
                        "bad row '{w}': expected a whole number from 1 to {n}"
                    )),
                })
                .collect::<std::result::Result<Vec<Square>, String>>()?
        } else {
            Square::parse_list(text).map_err(|e| e.to_string())?
        };
    if let Some(s) = squares.iter().find(|s| !s.on_board(n, n)) {
        return Err(format!("square '{s}' is off the {n}x{n} board"));
    }
    let mut seen = std::collections::HashSet::with_capacity(squares.len());
    if let Some(s) = squares.iter().find(|s| !seen.insert(**s)) {
        return Err(format!(
            "square '{s}' is given twice: give each queen's square once"
        ));
    }
    Ok(squares)
}

fn verdict(b: &Board, named: bool) -> Verdict {
    Verdict {
        line: named.then_some(b.line),
        n: b.n,
        queens: b.partial.then_some(b.queens),
        valid: b.conflict.is_none(),
        conflict: b.conflict,
    }
}

fn text(b: &Board, rules: Rules) -> String {
    let pieces = |k: usize| match rules.piece {
        Piece::Queen => plural(k as u64, "queen", "queens"),
        Piece::Superqueen => plural(k as u64, "superqueen", "superqueens"),
    };
    let board = if rules.torus { " on the torus" } else { "" };
    match b.conflict {
        Some(c) if c.line == Line::Knight => format!(
            "invalid: the {} on {} and {} attack each other by a knight's move{board}",
            rules.piece.name().to_string() + "s",
            c.a,
            c.b
        ),
        Some(c) => format!(
            "invalid: the {} on {} and {} attack each other on the same {}{}",
            rules.piece.name().to_string() + "s",
            c.a,
            c.b,
            c.line,
            if rules.torus { " of the torus" } else { "" }
        ),
        None if b.partial => format!(
            "valid: {} on the {n}x{n} board{board}, no two attack each other",
            pieces(b.queens),
            n = b.n
        ),
        None if b.queens == 1 => format!("valid: {}{board}, nothing to attack", pieces(1)),
        None => format!(
            "valid: {}{board}, no two attack each other",
            pieces(b.queens)
        ),
    }
}
