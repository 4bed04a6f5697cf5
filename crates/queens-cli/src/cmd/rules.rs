//! `--torus` and `--piece`: the relatives of the problem on the commands that take them
//! (`list`, `count`, `check`, `show`, `complete`, `classify`). The classic rules keep their
//! own engines; other rules go through the library's search for any rules
//! ([`queens::rules::search`]) and its torus counter ([`queens::rules::torus`]).

use crate::exit::{bad, Result};
use queens::rules::{Piece, Rules};

/// The piece, as the command line names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PieceName {
    /// The chess queen
    #[default]
    Queen,
    /// A queen that also moves as a knight (an amazon)
    Superqueen,
}

/// The options that choose the rules.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct RulesArgs {
    /// Play on the torus: the board's edges are glued, so the diagonals wrap around
    #[arg(long)]
    pub torus: bool,
    /// The piece: queen, or superqueen (a queen that also moves as a knight)
    #[arg(long, value_enum, value_name = "PIECE", default_value_t = PieceName::Queen)]
    pub piece: PieceName,
}

impl RulesArgs {
    /// The rules these options choose.
    pub fn rules(&self) -> Rules {
        let piece = match self.piece {
            PieceName::Queen => Piece::Queen,
            PieceName::Superqueen => Piece::Superqueen,
        };
        Rules {
            piece,
            torus: self.torus,
        }
    }

    /// The options as typed, for messages: `--torus`, `--piece superqueen`, or both.
    pub fn flags(&self) -> String {
        let mut flags = Vec::new();
        if self.torus {
            flags.push("--torus".to_string());
        }
        if self.piece == PieceName::Superqueen {
            flags.push("--piece superqueen".to_string());
        }
        flags.join(" ")
    }

    /// Refuses an option that only the classic rules take (`what` says which, and why).
    pub fn refuse_with(&self, given: bool, what: &str) -> Result<()> {
        if given && !self.rules().is_classic() {
            return Err(bad(format!("{} does not go with {what}", self.flags())));
        }
        Ok(())
    }
}
