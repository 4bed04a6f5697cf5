//! Criterion benchmark of the counting engines, one thread each, on boards small enough to
//! repeat: `cargo bench -p queens --bench count`. The command-line timings for N = 12..18
//! are made by `bench/compare.sh`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use queens::count::{self, Engine};
use queens::Control;

fn engines(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in [10, 12, 13] {
        for engine in Engine::ALL {
            group.bench_with_input(BenchmarkId::new(engine.name(), n), &n, |b, &n| {
                b.iter(|| pool.install(|| count::count(n, engine, &Control::new()).unwrap()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
