#[test]
#[ignore]
fn timed() {
    let n: usize = std::env::var("N").unwrap().parse().unwrap();
    let budget: Option<usize> = std::env::var("B")
        .ok()
        .map(|s| s.parse::<usize>().unwrap() << 20);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(std::env::var("T").map(|s| s.parse().unwrap()).unwrap_or(1))
        .build()
        .unwrap();
    let t = std::time::Instant::now();
    let total = pool.install(|| {
        queens::count::quarters::count_total_within(n, budget, &queens::Control::new()).unwrap()
    });
    eprintln!(
        "N={n} budget={budget:?} total={total} {:.2}s",
        t.elapsed().as_secs_f64()
    );
}
