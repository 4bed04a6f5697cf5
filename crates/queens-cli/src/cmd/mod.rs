//! One module per subcommand: its arguments (clap derive) and its `run`.

pub mod algorithm;
pub mod bench;
pub mod check;
pub mod classify;
pub mod complete;
pub mod count;
pub mod list;
pub mod show;
pub mod solve;
pub mod solve_backtrack;
pub mod tour;
pub mod trace;
