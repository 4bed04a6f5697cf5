//! `queens completions SHELL` and `queens man`: shell completions (clap_complete) and a man
//! page (clap_mangen), both made from the command's own definition.

use crate::exit::{Exit, Result};
use crate::output::Out;
use std::io::Write;

/// Print a completion script for a shell
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens completions bash > ~/.local/share/bash-completion/completions/queens
  queens completions zsh > ~/.zfunc/_queens
  queens completions fish > ~/.config/fish/completions/queens.fish")]
pub struct Args {
    /// The shell
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Print the man page (roff)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens man > queens.1 && man ./queens.1")]
pub struct ManArgs {}

pub fn run(args: Args, mut command: clap::Command) -> Result<Exit> {
    let mut out = Out::stdout();
    clap_complete::generate(args.shell, &mut command, "queens", &mut out);
    out.flush()?;
    Ok(Exit::Success)
}

pub fn man(_: ManArgs, command: clap::Command) -> Result<Exit> {
    let mut out = Out::stdout();
    clap_mangen::Man::new(command).render(&mut out)?;
    out.flush()?;
    Ok(Exit::Success)
}
