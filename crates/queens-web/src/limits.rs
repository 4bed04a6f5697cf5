//! Every bound the server puts on a request, in one place (listed in docs/api.md).
//!
//! The caps on N keep each answer small and each computation short; the heavy endpoints share
//! a small number of permits (a request beyond them gets 429) and a time limit (then 503).
//!
//! What the server refuses before any handler runs: a request head that has not fully come
//! within [`HEADER_TIMEOUT`] (the connection is closed: slow or silent clients hold nothing),
//! a request line over [`REQUEST_LINE_BYTES`] (414), a head over [`HEAD_BYTES`] or with more
//! than [`HEADER_FIELDS`] fields (431), a head that is not HTTP/1.1 (400), a
//! declared body over [`BODY_BYTES`] (413), a `Host` it does not serve (421; see
//! [`crate::guard`]). Each connection carries one request, so every request passes these.
//!
//! Fairness of the heavy permits ([`crate::heavy`]): a streamed answer whose client has taken
//! nothing for [`STALL`] is stopped and its permit freed; and "one client" being one peer
//! address, when one client holds every permit (and there are at least two) and another client
//! asks, the first client's newest heavy request is stopped for it (its answer says
//! `"preempted": true`). On 127.0.0.1 every local program is the same client: the machine's
//! user, whom the time limit, the stall rule and the `Host` check (no web page from elsewhere)
//! bound.

use std::time::Duration;

/// The bounds of one server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Heavy requests (completion, counts, tours, big solutions, traces) running at once.
    pub heavy_at_once: usize,
    /// How long one heavy request may compute.
    pub time_limit: Duration,
    /// The largest N each endpoint accepts.
    pub max_n: MaxN,
    /// How fast the engines run here against the native build whose measured costs the
    /// forecasts use (1 for the server; below 1 for the engines compiled to WebAssembly): a
    /// forecast of `s` seconds is `s / speed` here.
    pub speed: f64,
}

impl Limits {
    /// The seconds a forecast in the native build's seconds may come to: the time limit at
    /// this speed.
    pub fn forecast_budget(&self) -> f64 {
        self.time_limit.as_secs_f64() * self.speed
    }

    /// The limits of the engines compiled to WebAssembly, run by the page without a server
    /// (one request at a time, in a Web Worker on one thread): the caps that keep the page's
    /// lessons within reach, and the time limit the page enforces by stopping the worker.
    pub fn browser() -> Limits {
        Limits {
            heavy_at_once: 1,
            time_limit: Duration::from_secs(60),
            max_n: MaxN {
                check: 64,
                complete: 64,
                completions: 16,
                solutions: 16,
                count: 20,
                solve: 20_000,
                trace: 12,
                tour_squares: 40_000,
                tour_search_squares: 64,
                dominate: 20,
            },
            speed: BROWSER_SPEED,
        }
    }
}

/// The engines' speed in the browser against the native build, as measured (BENCHMARKS.md,
/// the page without a server): a count of N = 18 by the quarters engine (the choice from
/// N = 14, and the slowest there against its native one-thread time: without its vector paths,
/// 0.26 at N = 18, 0.43 at 17, 0.60 at 16), so that no forecast of a long run promises what
/// the browser cannot do.
pub const BROWSER_SPEED: f64 = 0.25;

/// The largest N (or board) of each endpoint.
#[derive(Clone, Debug)]
pub struct MaxN {
    /// `/api/check` and `/api/classify`.
    pub check: usize,
    /// `/api/complete`.
    pub complete: usize,
    /// `/api/completions`.
    pub completions: usize,
    /// `/api/solutions`.
    pub solutions: usize,
    /// `/api/count` (the SSE count).
    pub count: usize,
    /// `/api/solve`.
    pub solve: usize,
    /// `/api/trace` (brute and permutations have their own, lower caps).
    pub trace: usize,
    /// `/api/tour`: squares of the board for the constructions (1000x1000).
    pub tour_squares: usize,
    /// `/api/tour` and `/api/tour/trace`: squares of the board for the backtracking methods
    /// (wirth, warnsdorff).
    pub tour_search_squares: usize,
    /// `/api/dominate`.
    pub dominate: usize,
}

/// The largest `limit` of `/api/solutions`.
pub const SOLUTIONS_PAGE: u64 = 1000;
/// `offset` of `/api/solutions` must be below this.
pub const SOLUTIONS_OFFSET: u64 = 1_000_000;
/// The largest `limit` (steps) of `/api/trace` and `/api/tour/trace`.
pub const TRACE_STEPS: u64 = 1_000_000;
/// The largest N of `/api/trace` with brute force and with permutations.
pub const TRACE_BRUTE: usize = 8;
/// See [`TRACE_BRUTE`].
pub const TRACE_PERMUTATIONS: usize = 10;
/// The largest `cap` of `/api/completions`.
pub const COMPLETIONS_CAP: u64 = 10_000_000;
/// `/api/counts` lists N = 1 up to this; N up to [`COUNTS_COMPUTED`] are computed.
pub const COUNTS_UP_TO: usize = 27;
/// See [`COUNTS_UP_TO`].
pub const COUNTS_COMPUTED: usize = 13;
/// The most memory the frontier programme's states may take in `/api/tour/count/stream`: a
/// board whose typical peak needs more is refused before it starts (the command line, with
/// its `--memory`, counts it).
pub const TOUR_COUNT_BYTES: u64 = 2 << 30;
/// Progress events of the streamed counts (`/api/count`, `/api/completions`,
/// `/api/tour/count/stream`) come at most this often.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(200);
/// `/api/check` lists at most this many attacking pairs (and counts them all).
pub const CHECK_CONFLICTS: usize = 10_000;
/// `/api/dominate` proves minimality by exact search up to this N: the proof that 8 queens
/// cannot watch 15x15, the longest, takes about 6 CPU s in release, 16 about 4.5 s, 14 a
/// fifth of one (BENCHMARKS.md). Beyond, a set above Weakley's bound is answered as not
/// proved, or by the published domination number where the set found has that size.
pub const DOMINATE_PROOF: usize = 16;

/// Whether `/api/dominate` proves minimality for `n` by search.
pub fn dominate_proves(n: usize) -> bool {
    n <= DOMINATE_PROOF
}

/// The largest N of `/api/dominate` with `independent`, up to `max`: the last N whose exact
/// search from the bound up is measured to take less CPU time than `budget` seconds (the library's
/// [`queens::dominate::plan::cost`]: 17 for a minute; 18 takes about one, and 19 did not end
/// in 90 s). Past it the answer would be a 503 after the whole time limit, so it is refused at
/// once.
pub fn dominate_independent_max(max: usize, budget: f64) -> usize {
    let fits = |n: &usize| {
        let opts = queens::dominate::Options {
            independent: true,
            prove: dominate_proves(*n),
            ..queens::dominate::Options::default()
        };
        matches!(queens::dominate::plan::cost(*n, &opts),
            queens::cover::plan::Cost::Seconds(s) if s < budget)
    };
    (1..=max).take_while(fits).last().unwrap_or(1)
}

/// The longest query string read.
pub const QUERY_BYTES: usize = 4096;
/// At shutdown, requests still running get this long to end.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);
/// A request's head (request line and headers) must have come whole within this, from the
/// moment the connection is accepted; else the connection is closed without an answer.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest request line (method, path, query, version) read: beyond it, 414.
pub const REQUEST_LINE_BYTES: usize = 8 * 1024;
/// The longest request head read: beyond it, 431.
pub const HEAD_BYTES: usize = 16 * 1024;
/// The most header fields a request head may have: beyond them, 431.
pub const HEADER_FIELDS: usize = 100;
/// The largest request body declared (`Content-Length`): beyond it, 413. No endpoint reads
/// a body.
pub const BODY_BYTES: u64 = 1024;
/// A streamed answer (`/api/count`, `/api/completions`, `/api/trace`, `/api/tour/trace`) whose client has taken nothing for this
/// long while more was waiting is stopped, and its permit freed.
pub const STALL: Duration = Duration::from_secs(5);
/// How long a request that preempted another client's heavy request waits for the permit
/// to come back (the stopped engine returns it at its next look).
pub const PREEMPT_WAIT: Duration = Duration::from_secs(2);

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            heavy_at_once: 2,
            time_limit: Duration::from_secs(60),
            max_n: MaxN {
                check: 64,
                complete: 64,
                completions: 20,
                solutions: 20,
                count: 20,
                solve: 100_000,
                trace: 12,
                tour_squares: 1_000_000,
                tour_search_squares: 64,
                dominate: 25,
            },
            speed: 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn independent_queens_are_served_while_they_end_within_the_time_limit() {
        assert_eq!(dominate_independent_max(25, 60.0), 17);
        assert_eq!(dominate_independent_max(12, 60.0), 12);
        assert_eq!(dominate_independent_max(25, 600.0), 18);
    }

    #[test]
    fn the_page_proves_up_to_16() {
        assert!((1..=16).all(dominate_proves));
        assert!((17..=32).all(|n| !dominate_proves(n)));
    }
}
