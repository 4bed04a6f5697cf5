//! The rules a board keeps, read from `piece` (queen or superqueen: a queen that also moves
//! as a knight) and `torus` (the board's edges glued, so the diagonals wrap around), as the
//! library's [`queens::rules::Rules`] defines them; the classic problem when both are absent.

use crate::error::ApiResult;
use crate::query::Query;
use queens::rules::{Piece, Rules};

/// The parameters of the rules, for an endpoint's list of known names.
pub const NAMES: [&str; 2] = ["piece", "torus"];

/// The rules asked for.
pub fn read(q: &Query) -> ApiResult<Rules> {
    let piece = match q.choice("piece", &["queen", "superqueen"])? {
        0 => Piece::Queen,
        _ => Piece::Superqueen,
    };
    let torus = q.flag("torus", false)?;
    Ok(Rules { piece, torus })
}
