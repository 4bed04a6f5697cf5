//! One module per subcommand: its arguments (clap derive) and its `run`.

pub mod bench;
pub mod check;
pub mod classic;
pub mod classify;
pub mod complete;
pub mod completions;
pub mod count;
pub mod count_estimate;
pub mod count_plan;
pub mod count_rules;
pub mod counts;
pub mod cover;
pub mod cover_seeds;
pub mod dominate;
pub mod list;
pub mod list_rules;
pub mod merge;
pub mod recount;
pub mod rules;
pub mod serve;
pub mod show;
pub mod solve;
pub mod solve_backtrack;
pub mod tour;
pub mod tour_trace;
pub mod trace;
