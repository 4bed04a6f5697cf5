//! `GET /api/cover?n=`: N solutions that together fill every square of the N x N board, found
//! as `queens cover N` finds them: the library's [`queens::cover::find`] (Pólya's modular
//! construction when N is prime to 6, else the exact search, N up to 16), and beyond it the
//! search by quads of [`queens::cover::quads`] (20 to 32 and 21 in seconds; 15 by pairs under
//! the half-turn) and the mirror-pair search of [`queens::cover::pairs`] for N = 2 mod 4 (18 to
//! 22 in seconds, 26 in half a minute), both from seed 1, under the heavy requests' permits
//! and time limit. N = 27 is open and 30 is not found in a minute: both refused at once.

use crate::error::{bad, ApiError, ApiResult};
use crate::heavy::Client;
use crate::query::Query;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::Json;
use queens::cover;
use serde_json::{json, Value};
use std::sync::Arc;

/// The largest N asked here: past it the solutions would not be readable on the page (and the
/// exact search stops at 16 anyway; N prime to 6 is answered at once).
pub const MAX_N: usize = 32;

/// The one N to [`MAX_N`] whose search (mirror pairs, seed 1) finds nothing in a minute: the
/// page is told so at once rather than after the time limit.
const SLOW: usize = 30;

/// `{"n","exists":true,"method","solutions":[[rows 1-based],...],"symmetries":[names]}` (the
/// symmetries of the board but the identity that map the cover onto itself, named as
/// [`queens::Symmetry::name`] names them) or `{"n","exists":false}` (the exact search proved
/// that none exists).
pub async fn get(
    client: Client,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = Query::parse(raw.as_deref(), &["n"])?;
    let n = q.n(MAX_N)?;
    // 15 is beyond the exact search in practice (it has no cover made of mirror pairs).
    let solver = !cover::modular::applies(n) && (n > cover::exact::MAX_N || n == 15);
    if solver && n % 4 == 3 && n > 15 {
        return Err(ApiError::OpenQuestion(format!(
            "bad n '{n}': whether the {n} x {n} board has a cover is an open question; every \
             N from 1 to {MAX_N} but 27 and 30 is answered"
        )));
    }
    if n == SLOW {
        return Err(bad(format!(
            "bad n '{n}': no cover of the {n} x {n} board is found within the server's time \
             limit (the command queens cover {n} searches longer); every N from 1 to {MAX_N} \
             but 27 and 30 is answered"
        )));
    }
    let found = state
        .heavy
        .run(client, move |control| {
            if !solver {
                return Ok(cover::find(n, control)?);
            }
            let found = cover::by_symmetry(n, 1, control)?;
            if let Some(fault) = found
                .as_ref()
                .and_then(|c| cover::check(n, &c.solutions).err())
            {
                return Err(ApiError::Internal(format!(
                    "the search's answer for {n} is no cover: {fault}"
                )));
            }
            Ok(found)
        })
        .await?;
    Ok(Json(match found {
        Some(c) => json!({
            "n": n,
            "exists": true,
            "method": c.method.name(),
            "solutions": c.solutions.iter().map(|p| p.rows_1based()).collect::<Vec<_>>(),
            "symmetries": cover::symmetries(&c.solutions).iter().map(|g| g.name()).collect::<Vec<_>>(),
        }),
        None => json!({"n": n, "exists": false}),
    }))
}
