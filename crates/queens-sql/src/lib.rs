//! The seeds' SQL program: the eight queens as one recursive SQL statement (seed 001, written
//! for Oracle: "seconds for 8x8, up to a minute for 9x9"), translated faithfully into SQLite's
//! dialect and run in an embedded SQLite (the bundled library: no system dependency). Its rows,
//! the squares' names such as `a1 e2 h3 f4 c5 g6 b7 d8`, are parsed back into placements.
//!
//! The statement ([`STATEMENT`], in `queens.sql` with its comments) builds every set of
//! non-attacking queens square by square in increasing order, so it also builds the sets that
//! skip a file and can never grow to N queens: the price of its brevity, and the reason it is
//! slow beside the backtrackers.
//!
//! ```
//! use queens::Control;
//! assert_eq!(queens_sql::count(6, &Control::new()).unwrap(), 4);
//! assert!(queens_sql::STATEMENT.contains("with recursive"));
//! ```

use queens::{Control, Placement};
use rusqlite::{named_params, Connection};
use std::ops::ControlFlow;
use thiserror::Error;

/// The statement, with its comments; the board size is the parameter `:d`.
pub const STATEMENT: &str = include_str!("queens.sql");

/// The largest N taken: beyond it the statement runs for hours.
pub const MAX_N: usize = 10;

/// Why a run gave no answer.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SqlError {
    /// The control was cancelled.
    #[error("interrupted before the end: no result")]
    Cancelled,
    /// N out of range.
    #[error("N = {0} is out of range for the SQL statement (1 to {MAX_N})")]
    Size(usize),
    /// The database failed.
    #[error("the database failed: {0}")]
    Database(String),
    /// A row that is not a placement.
    #[error("the statement returned '{0}', which is not a placement")]
    Row(String),
}

/// Runs the statement for the `n` x `n` board and calls `on_solution` with each placement as
/// SQLite returns it, until it breaks; returns the number of placements read.
pub fn solve(
    n: usize,
    control: &Control,
    on_solution: impl FnMut(Placement) -> ControlFlow<()>,
) -> Result<u64, SqlError> {
    if !(1..=MAX_N).contains(&n) {
        return Err(SqlError::Size(n));
    }
    let db = Connection::open_in_memory().map_err(database)?;
    // The child control's watcher interrupts the statement when the control is cancelled
    // (SQLite checks for an interrupt between its steps).
    let handle = db.get_interrupt_handle();
    let (result, _) = control.child(
        None,
        || handle.interrupt(),
        |_| run(&db, n, control, on_solution),
    );
    result
}

/// Runs the statement on `db`, row by row.
fn run(
    db: &Connection,
    n: usize,
    control: &Control,
    mut on_solution: impl FnMut(Placement) -> ControlFlow<()>,
) -> Result<u64, SqlError> {
    // Every error of the statement, its preparation included, is read through `interrupted`:
    // the watcher may interrupt before the first step when the control is already cancelled.
    let mut statement = db.prepare(STATEMENT).map_err(|e| interrupted(e, control))?;
    let mut rows = statement
        .query(named_params! { ":d": n as i64 })
        .map_err(|e| interrupted(e, control))?;
    let mut read = 0;
    while let Some(row) = rows.next().map_err(|e| interrupted(e, control))? {
        if control.is_cancelled() {
            return Err(SqlError::Cancelled);
        }
        let names: String = row.get(0).map_err(|e| interrupted(e, control))?;
        let placement = Placement::parse(&names).map_err(|_| SqlError::Row(names.clone()))?;
        read += 1;
        if on_solution(placement).is_break() {
            break;
        }
    }
    if control.is_cancelled() {
        return Err(SqlError::Cancelled);
    }
    Ok(read)
}

/// Counts the rows of the statement for the `n` x `n` board.
pub fn count(n: usize, control: &Control) -> Result<u64, SqlError> {
    solve(n, control, |_| ControlFlow::Continue(()))
}

fn database(e: rusqlite::Error) -> SqlError {
    SqlError::Database(e.to_string())
}

/// An error of a running statement: cancelled when the control says so.
fn interrupted(e: rusqlite::Error, control: &Control) -> SqlError {
    if control.is_cancelled() {
        SqlError::Cancelled
    } else {
        database(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::Solutions;
    use std::time::Duration;

    #[test]
    fn the_same_92_solutions_as_the_library() {
        let mut from_sql = Vec::new();
        solve(8, &Control::new(), |p| {
            from_sql.push(p);
            ControlFlow::Continue(())
        })
        .unwrap();
        from_sql.sort();
        let library: Vec<Placement> = Solutions::new(8).unwrap().collect();
        assert_eq!(from_sql, library);
    }

    #[test]
    fn the_same_counts_for_1_to_9() {
        for n in 1..=9 {
            let expected = Solutions::new(n).unwrap().count() as u64;
            assert_eq!(count(n, &Control::new()).unwrap(), expected, "n = {n}");
        }
    }

    #[test]
    fn a_break_stops_the_rows() {
        let mut seen = 0;
        let read = solve(8, &Control::new(), |_| {
            seen += 1;
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!((seen, read), (1, 1));
    }

    #[test]
    fn a_cancelled_control_interrupts_the_statement() {
        let control = Control::new();
        control.cancel();
        assert_eq!(count(9, &control), Err(SqlError::Cancelled));
    }

    #[test]
    fn a_cancel_while_running_stops_the_statement() {
        let control = Control::new();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(200));
                control.cancel();
            });
            assert_eq!(count(10, &control), Err(SqlError::Cancelled));
        });
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert_eq!(count(0, &Control::new()), Err(SqlError::Size(0)));
        assert_eq!(count(11, &Control::new()), Err(SqlError::Size(11)));
    }
}
