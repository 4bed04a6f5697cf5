//! Prints the formula of the covers of the N x N board fixed by a turn, in DIMACS CNF, for any
//! SAT solver: `cargo run --release -p queens --example cover_formula -- 20 both > c20.cnf`.

use queens::cover::formula::Formula;
use queens::cover::symmetric::Turn;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let turn = match args.get(1).map(String::as_str) {
        Some("both") | None => Turn::Both,
        Some("quarter") => Turn::Quarter,
        Some("half") => Turn::Half,
        Some("mirror") => Turn::Mirror,
        _ => Turn::None,
    };
    print!("{}", Formula::new(n, turn).dimacs());
}
