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

/// Print the man page (roff): every command with its options, on one page
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
    out.write_all(page(command)?.as_bytes())?;
    out.flush()?;
    Ok(Exit::Success)
}

/// The one page: clap_mangen's sections of `queens` itself, where its list of subcommands (which
/// names a page `queens-COMMAND(1)` for each, pages that are not made) becomes a COMMANDS
/// section holding every command's synopsis, description, options and examples.
fn page(command: clap::Command) -> std::io::Result<String> {
    let mut command = command
        .disable_help_subcommand(true)
        .subcommand_value_name("COMMAND");
    command.build();
    let mut page = String::new();
    for section in sections(&command)? {
        if section.heading == "SUBCOMMANDS" {
            page += &control("SH", "COMMANDS");
            for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
                page += &command_part(sub)?;
            }
        } else {
            page += &section.text;
        }
    }
    Ok(page)
}

/// One command in the COMMANDS section: a subsection with its synopsis and description, then
/// its options and its examples, each a paragraph.
fn command_part(sub: &clap::Command) -> std::io::Result<String> {
    let name = sub.get_bin_name().unwrap_or_else(|| sub.get_name());
    let mut part = control("SS", name);
    for section in sections(sub)? {
        match section.heading.as_str() {
            "" | "NAME" | "VERSION" | "AUTHORS" => {}
            "SYNOPSIS" => part += &section.body,
            "DESCRIPTION" | "EXTRA" => part += &format!(".PP\n{}", section.body),
            heading => part += &format!(".PP\n.B {}\n{}", title_case(heading), section.body),
        }
    }
    Ok(part)
}

/// A section of a page as clap_mangen renders it: its heading (empty before the first one),
/// its whole text and the text after the heading's line.
struct Section {
    heading: String,
    text: String,
    body: String,
}

/// The sections of the page clap_mangen makes of `command`.
fn sections(command: &clap::Command) -> std::io::Result<Vec<Section>> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut roff)?;
    let roff = String::from_utf8_lossy(&roff);
    let mut sections = vec![Section {
        heading: String::new(),
        text: String::new(),
        body: String::new(),
    }];
    for line in roff.split_inclusive('\n') {
        if let Some(heading) = line.strip_prefix(".SH ") {
            sections.push(Section {
                heading: heading.trim().trim_matches('"').to_string(),
                text: line.to_string(),
                body: String::new(),
            });
        } else if let Some(last) = sections.last_mut() {
            last.text += line;
            last.body += line;
        }
    }
    Ok(sections)
}

/// A roff request line, its argument quoted.
fn control(request: &str, argument: &str) -> String {
    clap_mangen::roff::Roff::new()
        .control(request, [argument])
        .to_roff()
}

/// `OPTIONS` as `Options`.
fn title_case(heading: &str) -> String {
    let lower = heading.to_lowercase();
    let mut chars = lower.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
