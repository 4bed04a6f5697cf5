//! `queens serve [--port P] [--host H] [--open]`: the local web page and its JSON API.
//!
//! This command only reads its options and starts the server of the `queens-web` crate; the
//! page, the API and all their limits live there. The URL goes to stdout as the first line
//! (scripts and tests read it), the log to stderr; Ctrl-C stops the server cleanly (exit 0).

use crate::exit::{bad, Exit, Result};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Serve the interactive page and its JSON API on this machine
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens serve                      # 127.0.0.1 on a free port; the URL is printed
  queens serve --port 8080 --open   # a fixed port, and open the default browser
  queens serve --host 0.0.0.0       # also reachable from other machines, by IP address
  curl 'http://127.0.0.1:8080/api/check?n=8&queens=a1,c5'

Everything is embedded in the binary: no internet, no files read. Ctrl-C stops the server.
Requests must name the server as localhost, 127.0.0.1, [::1] or the address it listens on
(with any address when it listens on 0.0.0.0 or ::); other host names get 421, so that no
web page elsewhere can reach it by making its own name point here (DNS rebinding).
The API is described in the README (section \"The web page and its API\").")]
pub struct Args {
    /// Port to listen on (0: a free port chosen by the system)
    #[arg(long, value_name = "P", default_value = "0")]
    port: String,
    /// Address to listen on: 127.0.0.1 (this machine only) unless given
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the default browser
    #[arg(long)]
    open: bool,
}

pub fn run(args: Args) -> Result<Exit> {
    let address = SocketAddr::new(host(&args.host)?, port(&args.port)?);
    // The page's counts run the same engine: a forced build of the join is checked as
    // `queens count` checks it.
    queens::count::quarters::Path::forced()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(crate::exit::Failure::System)?;
    let served = runtime.block_on(start(address, args.open));
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    served.map(|()| Exit::Success)
}

/// Binds, says the URL, serves until Ctrl-C.
async fn start(address: SocketAddr, open: bool) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(address).await.map_err(|e| {
        bad(format!(
            "cannot listen on {address}: {}",
            crate::input::io_reason(&e)
        ))
    })?;
    let bound = listener
        .local_addr()
        .map_err(crate::exit::Failure::System)?;
    let url = format!("http://{bound}/");
    let mut stdout = std::io::stdout();
    writeln!(stdout, "{url}").and_then(|()| stdout.flush())?;
    eprintln!("queens: serving the page and its API on {url} (Ctrl-C stops)");
    if open {
        open_browser(&url);
    }
    queens_web::serve(listener, async {
        let _ = tokio::signal::ctrl_c().await;
        eprintln!("queens: stopping");
    })
    .await
    .map_err(crate::exit::Failure::System)
}

/// `--host`: an IP address, or `localhost`.
fn host(text: &str) -> Result<IpAddr> {
    match text {
        "localhost" => Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        _ => text.parse().map_err(|_| {
            bad(format!(
                "bad host '{text}': expected an IP address like 127.0.0.1, ::1 or 0.0.0.0, or localhost"
            ))
        }),
    }
}

/// `--port`: 0 to 65535.
fn port(text: &str) -> Result<u16> {
    text.parse().map_err(|_| {
        bad(format!(
            "bad port '{text}': expected a whole number from 0 to 65535"
        ))
    })
}

/// Starts the system's way of opening a URL; says so on stderr when there is none.
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let started = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let note = format!("queens: no browser could be opened: open {url} by hand");
    match started {
        // The opener may find no browser and say so by its exit status, later.
        Ok(mut child) => {
            std::thread::spawn(move || {
                if !child.wait().is_ok_and(|s| s.success()) {
                    eprintln!("{note}");
                }
            });
        }
        Err(_) => eprintln!("{note} ({} not found)", opener[0]),
    }
}
