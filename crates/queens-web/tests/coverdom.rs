//! `/api/dominate` and `/api/cover`, exact or refused at once: what the library says will not
//! end within the server's time limit is refused before any search (400, never a 503 after the
//! whole limit), and the rest is answered.

mod common;
use common::{app, app_with, ok, refused};
use std::time::Duration;

/// Independent queens are served while their exact search ends within the time limit: past
/// it, refused at once, naming the range; within it, answered and checked.
#[tokio::test]
async fn independent_queens_past_the_time_limit_are_refused_at_once() {
    let app = app();
    for n in [18, 19, 25] {
        refused(
            &app,
            &format!("/api/dominate?n={n}&independent=true"),
            &format!("bad n '{n}': expected a whole number from 1 to 17"),
        )
        .await;
    }
    let v = ok(&app, "/api/dominate?n=13&independent=true").await;
    assert_eq!(v["minimum"], true, "{v}");
    // A server with a longer time limit serves more.
    let (longer, _) = app_with(|l| l.time_limit = Duration::from_secs(600));
    refused(&longer, "/api/dominate?n=19&independent=1", "from 1 to 18").await;
}

/// The cover's N refused at once are those the library does not know to end: the open 27 and
/// 30; the others to 32 are answered by the search the library chooses.
#[tokio::test]
async fn the_cover_of_each_n_is_the_library_choice() {
    let app = app();
    refused(&app, "/api/cover?n=27", "open question").await;
    refused(&app, "/api/cover?n=30", "time limit").await;
    for (n, method) in [(13, "modular"), (12, "mirror")] {
        let v = ok(&app, &format!("/api/cover?n={n}")).await;
        assert_eq!(v["method"], method, "{n}: {v}");
    }
}
