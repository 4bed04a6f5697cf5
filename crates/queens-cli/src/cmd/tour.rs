//! `queens tour N|MxN --from SQUARE`: one knight's tour (grid, moves or JSON, and an SVG
//! picture), `--count` for exact counts and `--check` to verify a tour in any output format.

use crate::{out, progress, svg};
use queens::square::file_name;
use queens::tour::{
    self, count, divide, narrow, warnsdorff, wirth, Board, FindError, Method as Engine, Tour,
};
use queens::Square;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// How to find the tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Divide and conquer where both sides are at least 5, the column-by-column programme on
    /// boards with 3 or 4 rows or columns
    Auto,
    /// Wirth's backtracking (section 3.4) in his move order; exponential, small boards
    Wirth,
    /// Fewest onward moves, Roth's tie-break, backtracking when stuck
    Warnsdorff,
    /// Divide and conquer (Parberry 1997, Lin & Wei 2005): linear time, both sides at least 5
    Divide,
    /// Exact column-by-column programme: a tour or a proof that none exists, linear time,
    /// boards with 3 or 4 rows or columns
    Narrow,
}

/// How a tour is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Wirth's table: the move number on every square, rank M on the first line
    Grid,
    /// The squares in order: `a1 b3 c5 ...`
    Moves,
    /// `{"rows":M,"cols":N,"closed":false,"path":[[col,row],...]}` (1-based)
    Json,
}

/// A knight's tour of an N x N or M x N board, exact tour counts, or a check of a tour.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens tour 5 --from c3 --method wirth --stats\n  queens tour 8 --from a1 --closed --format moves\n  queens tour 6x9 --from 3,4 --format json --svg tour.svg\n  queens tour 1000 --from a1 --format moves > big.txt\n  queens tour 4x30 --from b1 --format moves\n  queens tour 5 --count\n  queens tour 6 --from a1 --count\n  queens tour 6 --closed --count\n  queens tour 8 --from a1 | queens tour --check"
)]
pub struct Args {
    /// The board: N (N x N) or MxN (M rows, N columns). With --check: the tour itself as
    /// words, or a file holding it ('-' or nothing: standard input)
    #[arg(value_name = "N|MxN", num_args = 0..)]
    words: Vec<String>,
    /// The start square: `c5`, or `col,row` (1-based)
    #[arg(long, value_name = "SQUARE")]
    from: Option<String>,
    /// A closed tour: the last square a knight's move from the first
    #[arg(long)]
    closed: bool,
    /// The method
    #[arg(long, short = 'm', value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// Count tours exactly (boards of at most 64 squares): from --from, from every square
    /// (no --from), or closed tours (--closed)
    #[arg(long)]
    count: bool,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Grid)]
    format: Format,
    /// Write an SVG picture of the tour to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print the work the search took on stderr
    #[arg(long)]
    stats: bool,
    /// Verify a tour given in any output format (exit 1 if it is not one)
    #[arg(long, conflicts_with_all = ["count", "from", "svg", "method"])]
    check: bool,
}

const MAX_SIDE: usize = 100_000;

/// Parses `N` or `MxN` (M rows, N columns).
pub fn parse_board(text: &str) -> Result<Board, String> {
    let bad = || {
        format!("bad board '{text}': expected N or MxN (M rows, N columns), sides from 1 to {MAX_SIDE}, at most {} squares", tour::MAX_SQUARES)
    };
    let side = |t: &str| match t.trim().parse::<usize>() {
        Ok(v) if (1..=MAX_SIDE).contains(&v) => Ok(v),
        _ => Err(bad()),
    };
    let lower = text.to_ascii_lowercase().replace('×', "x");
    let board = match lower.split_once('x') {
        Some((m, n)) => Board::new(side(m)?, side(n)?),
        None => {
            let n = side(&lower)?;
            Board::new(n, n)
        }
    };
    if board.is_supported() {
        Ok(board)
    } else {
        Err(bad())
    }
}

fn start_square(text: &str, board: Board) -> anyhow::Result<Square> {
    let s = Square::parse(text).map_err(|e| out::bad(e.to_string()))?;
    if !board.contains(s) {
        return Err(out::bad(format!(
            "square '{text}' is off the {board} board (files a..{}, ranks 1..{})",
            file_name(board.cols as u32 - 1),
            board.rows
        )));
    }
    Ok(s)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.check {
        return check(&args);
    }
    let board = match args.words.as_slice() {
        [one] => parse_board(one).map_err(out::bad)?,
        [] => {
            return Err(out::bad(
                "missing board: give N or MxN, e.g. 'queens tour 8 --from a1'",
            ))
        }
        [_, extra, ..] => {
            return Err(out::bad(format!(
                "unexpected argument '{extra}': give one board, N or MxN"
            )))
        }
    };
    let from = args
        .from
        .as_deref()
        .map(|t| start_square(t, board))
        .transpose()?;
    if args.count {
        return count_tours(&args, board, from);
    }
    let Some(from) = from else {
        return Err(out::bad(
            "missing --from SQUARE: where the knight starts, e.g. --from a1 or --from 3,5",
        ));
    };
    if let Err(no) = tour::existence(board, from, args.closed) {
        eprintln!("queens: {no}");
        return Ok(ExitCode::from(1));
    }
    let control = progress::interruptible();
    let started = Instant::now();
    let engine = match args.method {
        Method::Auto if divide::applies(board) => Method::Divide,
        Method::Auto if narrow::applies(board) => Method::Narrow,
        Method::Auto => Method::Warnsdorff,
        m => m,
    };
    if engine == Method::Narrow && !narrow::applies(board) {
        return Err(find_error(FindError::NotNarrow { board }, board));
    }
    // On boards with 3 or 4 rows no rule tells the squares with a tour: the searches, which
    // could run for ever where there is none, go only where the exact programme finds one.
    if matches!(engine, Method::Wirth | Method::Warnsdorff) && narrow::applies(board) {
        let decided = progress::watch(&control, "deciding", || {
            tour::decide(board, from, args.closed, &control)
        });
        match decided {
            Ok(()) => {}
            Err(FindError::NoTour(no)) => {
                eprintln!("queens: {no}");
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(find_error(e, board)),
        }
    }
    // The construction's tour can be written as it is walked, with no memory for the path.
    if engine == Method::Divide && args.format != Format::Grid && args.svg.is_none() {
        let c = divide::Construction::new(board, from, args.closed)
            .map_err(|e| find_error(e, board))?;
        let mut out = out::stdout();
        write_squares(
            &mut out,
            board,
            c.walk(),
            args.format,
            args.closed || board.square_count() % 2 == 0 && board.square_count() > 2,
        )?;
        out.flush()?;
        if args.stats {
            eprintln!(
                "method: divide; seconds: {:.3}",
                started.elapsed().as_secs_f64()
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let found = progress::watch(&control, "searching", || -> Result<_, FindError> {
        Ok(match engine {
            Method::Wirth => {
                let s = wirth::search(board, from, args.closed, &control)?;
                (
                    s.tour,
                    format!(
                        "method: wirth; squares placed: {}; moves tried: {}",
                        s.placed, s.tried
                    ),
                )
            }
            Method::Warnsdorff => {
                let s = warnsdorff::search(board, from, args.closed, &control)?;
                (
                    s.tour,
                    format!(
                        "method: warnsdorff; squares placed: {}; steps back: {}",
                        s.placed, s.backtracks
                    ),
                )
            }
            Method::Narrow => (
                Some(tour::find(board, from, args.closed, Engine::Narrow, &control)?.tour),
                "method: narrow".to_string(),
            ),
            _ => (
                Some(tour::find(board, from, args.closed, Engine::Divide, &control)?.tour),
                "method: divide".to_string(),
            ),
        })
    });
    let (found, stats) = match found {
        Ok(found) => found,
        Err(FindError::NoTour(no)) => {
            eprintln!("queens: {no}");
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(find_error(e, board)),
    };
    if args.stats {
        eprintln!("{stats}; seconds: {:.3}", started.elapsed().as_secs_f64());
    }
    let Some(t) = found else {
        eprintln!("queens: no tour from {from} on the {board} board: the exhaustive search ended without one");
        return Ok(ExitCode::from(1));
    };
    if let Some(path) = &args.svg {
        svg::write(path, &picture(&t))?;
    }
    let mut out = out::stdout();
    match args.format {
        Format::Grid => write_grid(&mut out, &t)?,
        f => write_squares(&mut out, board, t.squares(), f, t.is_closed())?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Library errors to exit codes: cancellation 130, an unusable method 2.
fn find_error(e: FindError, board: Board) -> anyhow::Error {
    match e {
        FindError::Stopped(inner) => anyhow::Error::new(inner),
        FindError::NoTour(no) => out::bad(no.to_string()),
        FindError::Unsupported { .. }
        | FindError::NotNarrow { .. }
        | FindError::TooLarge { .. } => out::bad(e.to_string()),
        other => anyhow::anyhow!("{other} (board {board})"),
    }
}

fn picture(t: &Tour) -> String {
    let b = t.board();
    let mut p = svg::Picture::new(b.cols, b.rows);
    let squares: Vec<Square> = t.squares().collect();
    p.path(&squares, t.is_closed());
    if b.square_count() <= 40 * 40 {
        for (k, &s) in squares.iter().enumerate() {
            p.label(s, &(k + 1).to_string());
        }
    }
    p.render()
}

/// Appends a number in decimal.
fn push_number(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

fn write_squares(
    out: &mut impl Write,
    board: Board,
    squares: impl Iterator<Item = Square>,
    format: Format,
    closed: bool,
) -> std::io::Result<()> {
    let names: Vec<String> = (0..board.cols as u32).map(file_name).collect();
    let mut buf = Vec::with_capacity(1 << 16);
    if format == Format::Json {
        buf.extend_from_slice(
            format!(
                "{{\"rows\":{},\"cols\":{},\"closed\":{closed},\"path\":[",
                board.rows, board.cols
            )
            .as_bytes(),
        );
    }
    for (k, s) in squares.enumerate() {
        if format == Format::Json {
            if k > 0 {
                buf.push(b',');
            }
            buf.push(b'[');
            push_number(&mut buf, s.col as u64 + 1);
            buf.push(b',');
            push_number(&mut buf, s.row as u64 + 1);
            buf.push(b']');
        } else {
            if k > 0 {
                buf.push(b' ');
            }
            buf.extend_from_slice(names[s.col as usize].as_bytes());
            push_number(&mut buf, s.row as u64 + 1);
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(if format == Format::Json {
        b"]}\n"
    } else {
        b"\n"
    });
    out.write_all(&buf)
}

fn write_grid(out: &mut impl Write, t: &Tour) -> std::io::Result<()> {
    let b = t.board();
    let h = t.numbers();
    let width = b.square_count().to_string().len();
    let mut buf = Vec::with_capacity(1 << 16);
    for row in (0..b.rows).rev() {
        for col in 0..b.cols {
            let v = h[row * b.cols + col] as u64;
            let len = v.to_string().len();
            if col > 0 {
                buf.push(b' ');
            }
            buf.resize(buf.len() + width - len, b' ');
            push_number(&mut buf, v);
        }
        buf.push(b'\n');
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

fn count_tours(args: &Args, board: Board, from: Option<Square>) -> anyhow::Result<ExitCode> {
    if board.square_count() > count::MAX_SQUARES {
        return Err(out::bad(format!(
            "cannot count tours on the {board} board: counting takes boards of at most {} squares",
            count::MAX_SQUARES
        )));
    }
    let control = progress::interruptible();
    let started = Instant::now();
    let mut out = out::stdout();
    let json = args.format == Format::Json;
    let stop = |e: queens::Error| anyhow::Error::new(e);
    if args.closed {
        let undirected = if tour::existence(board, Square::new(0, 0), true).is_err() {
            0
        } else {
            progress::watch(&control, "counting closed tours", || {
                count::closed(board, &control)
            })
            .map_err(stop)?
        };
        if json {
            writeln!(
                out,
                "{}",
                serde_json::json!({"rows": board.rows, "cols": board.cols, "closed_tours": undirected, "closed_tours_directed": 2 * undirected})
            )?;
        } else {
            writeln!(out, "closed tours on {board}: {undirected} (each in 2 directions: {} directed, from any square)", 2 * undirected)?;
        }
    } else if let Some(s) = from {
        let n = if tour::existence(board, s, false).is_err() {
            0
        } else {
            progress::watch(&control, "counting tours", || {
                count::open_from(board, s, &control)
            })
            .map_err(stop)?
        };
        if json {
            writeln!(
                out,
                "{}",
                serde_json::json!({"rows": board.rows, "cols": board.cols, "from": s.to_string(), "tours": n})
            )?;
        } else {
            writeln!(out, "tours from {s} on {board}: {n}")?;
        }
    } else {
        let counts = progress::watch(&control, "counting tours", || {
            count::open_from_every(board, &control)
        })
        .map_err(stop)?;
        let total: u64 = counts.iter().sum();
        if json {
            let rows: Vec<Vec<u64>> = (0..board.rows)
                .rev()
                .map(|r| counts[r * board.cols..(r + 1) * board.cols].to_vec())
                .collect();
            writeln!(
                out,
                "{}",
                serde_json::json!({"rows": board.rows, "cols": board.cols, "counts": rows, "total": total})
            )?;
        } else {
            let width = counts
                .iter()
                .map(|c| c.to_string().len())
                .max()
                .unwrap_or(1);
            for r in (0..board.rows).rev() {
                let line: Vec<String> = (0..board.cols)
                    .map(|c| format!("{:>width$}", counts[r * board.cols + c]))
                    .collect();
                writeln!(out, "{}", line.join(" "))?;
            }
            writeln!(out, "total: {total} directed open tours on {board}")?;
        }
    }
    if args.stats {
        eprintln!("seconds: {:.3}", started.elapsed().as_secs_f64());
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn check(args: &Args) -> anyhow::Result<ExitCode> {
    let text = match args.words.as_slice() {
        [] => read_stdin()?,
        [one] if one == "-" => read_stdin()?,
        [one] if std::path::Path::new(one).is_file() => std::fs::read_to_string(one)
            .map_err(|e| out::bad(format!("cannot read '{one}': {e}")))?,
        words => words.join(" "),
    };
    let mut out = out::stdout();
    let verdict = match Tour::parse(&text) {
        Ok(t) if args.closed && !t.is_closed() => Err(t.check_closed().unwrap_err().to_string()),
        Ok(t) => Ok(t),
        Err(tour::ParseTourError::Invalid(e)) => Err(e.to_string()),
        Err(e) => return Err(out::bad(e.to_string())),
    };
    match verdict {
        Ok(t) => {
            writeln!(
                out,
                "valid: a{} knight's tour of the {} board, from {} to {}",
                if t.is_closed() { " closed" } else { "n open" },
                t.board(),
                t.start(),
                t.end()
            )?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => {
            writeln!(out, "invalid: {why}")?;
            out.flush()?;
            Ok(ExitCode::from(1))
        }
    }
}

fn read_stdin() -> anyhow::Result<String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| out::bad(format!("cannot read the tour from standard input: {e}")))?;
    Ok(text)
}
