//! The `queens` command: a thin layer over the `queens` library that parses arguments, prints
//! results and maps outcomes to exit codes (0 yes, 1 a legitimate no, 2 bad input).

mod cmd;
mod input;
mod out;
mod progress;
mod svg;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The N-queens family and the knight's tour: solutions, exact counts, symmetry, pictures.
#[derive(Parser)]
#[command(name = "queens", version, about, long_about = None, arg_required_else_help = true)]
#[command(
    after_help = "Examples:\n  queens list 8\n  queens count 12\n  queens check 1 5 8 6 3 7 2 4\n  queens show a1 b5 c8 d6 e3 f7 g2 h4 --svg board.svg"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Count(cmd::count::Args),
    List(cmd::list::Args),
    Check(cmd::check::Args),
    Classify(cmd::classify::Args),
    Show(cmd::show::Args),
    Solve(cmd::solve::Args),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Count(args) => cmd::count::run(args),
        Command::List(args) => cmd::list::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Classify(args) => cmd::classify::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Solve(args) => cmd::solve::run(args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or("bad usage");
            eprintln!("queens: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => out::report(e),
    }
}
