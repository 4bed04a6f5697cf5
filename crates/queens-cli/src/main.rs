//! The `queens` command: a thin layer over the `queens` library that parses arguments, prints
//! results and maps outcomes to exit codes (see `exit.rs`: 0 yes, 1 a legitimate no, 2 bad
//! input, 74 a failed write, 130 Ctrl-C).

mod cmd;
mod exit;
mod input;
mod job;
mod output;
mod parts;

use clap::{CommandFactory, Parser, Subcommand};
use exit::Exit;
use std::io::Write;
use std::process::ExitCode;

/// The N-queens family and the knight's tour: solutions, exact counts, symmetry, pictures.
#[derive(Parser)]
#[command(name = "queens", version, about, long_about = None, arg_required_else_help = true)]
#[command(after_help = "Examples:
  queens list 8
  queens count 12
  queens list 8 | queens check -
  queens show a1 b5 c8 d6 e3 f7 g2 h4 --svg board.svg
  queens tour 8 --from a1
  queens serve --open

Exit codes: 0 success, 1 a legitimate no (invalid, no solution, impossible, no tour, time limit
reached), 2 bad input, 74 the output could not be written, 130 interrupted (Ctrl-C).")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Count(cmd::count::Args),
    Merge(cmd::merge::Args),
    List(cmd::list::Args),
    Check(cmd::check::Args),
    Classify(cmd::classify::Args),
    Show(cmd::show::Args),
    Solve(cmd::solve::Args),
    Trace(cmd::trace::Args),
    Bench(cmd::bench::Args),
    Tour(cmd::tour::Args),
    Complete(cmd::complete::Args),
    Cover(cmd::cover::Args),
    Dominate(cmd::dominate::Args),
    Serve(cmd::serve::Args),
    Completions(cmd::completions::Args),
    Man(cmd::completions::ManArgs),
}

fn run(command: Command) -> exit::Result<Exit> {
    match command {
        Command::Count(args) => cmd::count::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::List(args) => cmd::list::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Classify(args) => cmd::classify::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Trace(args) => cmd::trace::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Tour(args) => cmd::tour::run(args),
        Command::Complete(args) => cmd::complete::run(args),
        Command::Cover(args) => cmd::cover::run(args),
        Command::Dominate(args) => cmd::dominate::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
        Command::Man(args) => cmd::completions::man(args, Cli::command()),
    }
}

/// Blocks of a megabyte or more straight from the system, and back to it when freed. glibc
/// otherwise raises its threshold for that as large blocks are freed, and then keeps the
/// gigabytes a frontier count frees chunk by chunk in its heap: the 8x8 count of closed tours
/// held 18.6 GB resident where its own blocks came to about 12. The smaller blocks stay in the
/// heap, up to 64 MB of them free, instead of going back to the system each time its top is
/// free: the 80 small frontier counts of the tour benchmark otherwise spend 28,000 page faults
/// and a twelfth of their time fetching the same pages again.
fn large_blocks_from_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets parameters of the allocator, before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

fn main() -> ExitCode {
    large_blocks_from_the_system();
    match Cli::try_parse() {
        Ok(cli) => exit::report(run(cli.command)),
        Err(e) => usage(&e),
    }
}

/// What clap answers itself: --help and --version go to stdout with 0 (74 when they cannot be
/// written, as any output); usage errors show clap's whole message (the missing argument, the
/// accepted values, "did you mean") with 2.
fn usage(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match (e.use_stderr(), printed) {
        (true, _) => ExitCode::from(Exit::BadInput.code()),
        (false, Ok(())) => ExitCode::SUCCESS,
        (false, Err(failed)) => exit::report(Err(exit::Failure::from(failed))),
    }
}
