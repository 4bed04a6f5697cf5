//! What is known of how long the searches of domination take, for the command line to say
//! before a long run and for the page to refuse what it cannot answer within its time limit.
//!
//! The figures are CPU seconds on one core of a release build, as measured (BENCHMARKS.md,
//! "Domination", and the runs named beside each): the exact search from the bound up takes
//! under a second to N = 12; the proof over one queen fewer at most some 17 s to N = 16 (at 15);
//! the local search alone (past 16) up to some 45 s (26, whose tries at the bound all fail).
//! Independent queens are searched from the bound up at every N: 16 in 2.4 s, 18 in 52 s, and
//! 19 did not end within 90 s; the torus from 1 up: 13 in 0.1 s, 17 in minutes, 19 not within
//! 200 s. The counts: 15 to 18 in 100 to 260 s, 19 in 82 minutes.

use super::{method, Method, Options, EXACT_UP_TO, PROOF_REACH};
use crate::cover::plan::Cost;

/// The largest N whose independent minimum has been searched to its end here (52 CPU s).
pub const INDEPENDENT_MEASURED: usize = 18;

/// What is known of the time [`super::minimum`] takes on the `n` x `n` board with `opts`.
pub fn cost(n: usize, opts: &Options) -> Cost {
    match method(n, opts) {
        Method::FromBound if opts.independent => independent_cost(n),
        Method::FromBound if opts.torus => torus_cost(n),
        Method::FromBound => Cost::Seconds(1.0),
        Method::LocalThenProof if n <= PROOF_REACH => Cost::Seconds(20.0),
        Method::LocalThenProof => {
            Cost::Unbounded("the exact proof past N = 16 runs for hours to days")
        }
        Method::Local => Cost::Seconds(45.0),
    }
}

/// Independent queens, by the exact search from the bound up.
fn independent_cost(n: usize) -> Cost {
    match n {
        _ if n <= 17 => Cost::Seconds(3.0),
        INDEPENDENT_MEASURED => Cost::Seconds(60.0),
        _ => Cost::Unbounded(
            "the exact search for independent queens has not been run to its end past N = 18: \
             18 takes about a minute of CPU time, and 19 did not end within 90 s",
        ),
    }
}

/// The torus, by the exact search from 1 up: to 16 in under 2 s (13 in 0.1 s), 18 in 2 s, 17 in
/// a few minutes; 19 and 20 did not end within 200 s.
fn torus_cost(n: usize) -> Cost {
    match n {
        17 => Cost::Seconds(300.0),
        _ if n <= 18 => Cost::Seconds(5.0),
        _ => Cost::Unbounded(
            "the exact search on the torus has not been run to its end past N = 18: 17 takes \
             minutes, and 19 and 20 did not end within 200 s",
        ),
    }
}

/// What is known of the time [`super::count`] takes on the `n` x `n` board with `opts`.
pub fn count_cost(n: usize, opts: &Options) -> Cost {
    if opts.torus || opts.independent {
        return match cost(n, opts) {
            Cost::Seconds(s) if n <= EXACT_UP_TO => Cost::Seconds(s),
            Cost::Seconds(_) => Cost::Unmeasured,
            other => other,
        };
    }
    match n {
        _ if n <= 14 => Cost::Seconds(15.0),
        15 => Cost::Seconds(300.0),
        16..=18 => Cost::Seconds(260.0),
        19 => Cost::Seconds(5000.0),
        _ => Cost::Unbounded("the counts past N = 19 have not been run to their end here"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(torus: bool, independent: bool, prove: bool) -> Options {
        Options {
            torus,
            independent,
            prove,
            seed: 1,
        }
    }

    #[test]
    fn the_long_runs_are_known_as_such() {
        let independent = opts(false, true, true);
        assert!(matches!(cost(18, &independent), Cost::Seconds(s) if s >= 50.0));
        for n in 19..=25 {
            assert!(matches!(cost(n, &independent), Cost::Unbounded(_)), "{n}");
        }
        assert!(matches!(
            cost(20, &opts(false, false, true)),
            Cost::Unbounded(_)
        ));
        assert!(matches!(
            cost(20, &opts(false, false, false)),
            Cost::Seconds(_)
        ));
        assert!(matches!(cost(13, &opts(true, false, true)), Cost::Seconds(s) if s < 10.0));
        assert!(matches!(
            cost(19, &opts(true, false, false)),
            Cost::Unbounded(_)
        ));
        assert!(matches!(
            count_cost(20, &opts(false, false, true)),
            Cost::Unbounded(_)
        ));
        assert!(matches!(count_cost(20, &independent), Cost::Unbounded(_)));
    }
}
