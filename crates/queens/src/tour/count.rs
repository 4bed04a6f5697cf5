//! Exact counts (to come).
