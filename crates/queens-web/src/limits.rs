//! Every bound the server puts on a request, in one place (listed in the README's API section).
//!
//! The caps on N keep each answer small and each computation short; the heavy endpoints share
//! a small number of permits (a request beyond them gets 429) and a time limit (then 503).

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
}

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
    /// `/api/tour`: squares of the board for the backtracking methods (wirth, warnsdorff).
    pub tour_search_squares: usize,
}

/// The largest `limit` of `/api/solutions`.
pub const SOLUTIONS_PAGE: u64 = 1000;
/// `offset` of `/api/solutions` must be below this.
pub const SOLUTIONS_OFFSET: u64 = 1_000_000;
/// The largest `limit` (steps) of `/api/trace`.
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
/// Progress events of `/api/count` come at most this often.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(200);
/// `/api/check` lists at most this many attacking pairs (and counts them all).
pub const CHECK_CONFLICTS: usize = 10_000;
/// The longest query string read.
pub const QUERY_BYTES: usize = 4096;
/// At shutdown, requests still running get this long to end.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

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
            },
        }
    }
}
