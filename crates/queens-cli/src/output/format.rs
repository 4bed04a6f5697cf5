//! The output formats of every command, in one place (as hyperfine's `export` module keeps its
//! export types): one enum per family of commands whose set of formats differs, and the `--json`
//! flag that every family shares.
//!
//! - [`Report`], words or JSON lines: `check`, `classify`, `complete`, `count`, `merge` and
//!   `trace`, each saying in its own help what its text and its JSON hold;
//! - [`Placements`], solutions one per line or as diagrams: `list`, `solve`, `cover`;
//! - [`Diagram`], one board drawn or as JSON: `show`;
//! - [`QueenSet`], a set of queens: `dominate`;
//! - [`TourFormat`], a knight's tour: `tour`;
//! - [`Runs`], timed runs: `bench`.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// Words (labelled lines, a table, a line per item) or one JSON object per item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Words.
    Text,
    /// JSON lines.
    Json,
}

impl Report {
    /// The parser of `--format text|json` for a command, with the help of each value: what
    /// its text and its JSON hold.
    pub fn parser(text: &'static str, json: &'static str) -> impl TypedValueParser<Value = Report> {
        PossibleValuesParser::new([
            PossibleValue::new("text").help(text),
            PossibleValue::new("json").help(json),
        ])
        .map(|name| match name.as_str() {
            "json" => Report::Json,
            _ => Report::Text,
        })
    }

    /// Whether the answer goes out as JSON: `--format json`, or `--json`.
    pub fn is_json(self, json_flag: bool) -> bool {
        json_flag || self == Report::Json
    }
}

/// How a placement is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Placements {
    /// Rows of columns a, b, c, ...: `1 5 8 6 3 7 2 4`
    Perm,
    /// Squares: `a1 b5 c8 d6 e3 f7 g2 h4`
    Algebraic,
    /// A diagram per solution, numbered `Result #n`
    Board,
    /// One JSON object per line: `{"n":8,"rows":[1,5,8,6,3,7,2,4]}`
    Json,
}

/// How a placement is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Diagram {
    /// A diagram: rank N on top, the files below
    Board,
    /// One JSON object per placement: `{"n":8,"rows":[...]}`
    Json,
}

/// How a set of queens is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum QueenSet {
    /// The squares of the queens: `c4 e4 d5 ...`
    Squares,
    /// A diagram: `Q` for a queen, `.` for a watched square
    Board,
    /// One JSON object: `{"n":8,"queens":["a1",...],"size":5,"minimum":true,"why":"..."}`
    Json,
}

/// How a tour is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TourFormat {
    /// Wirth's table: the move number on every square, rank M on the first line
    Grid,
    /// The squares in order: `a1 b3 c5 ...`
    Moves,
    /// `{"rows":M,"cols":N,"closed":false,"path":[[col,row],...]}` (1-based)
    Json,
}

/// How timed runs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Runs {
    /// One table per algorithm, in the shape of seed 001's
    Table,
    /// One JSON object per run
    Json,
    /// Comma-separated values, one line per run
    Csv,
}
