//! Criterion benchmarks: Chaturanga perft(6) from the start position (19,864,709 nodes),
//! loading and compiling the rule file, and move generation at the start position.

use ashtapada::{Assignment, Position, load_variant, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    let mut g = c.benchmark_group("chaturanga");
    g.sample_size(10);
    g.throughput(Throughput::Elements(19_864_709));
    g.bench_function("perft 6 from the start", |b| {
        let mut pos = Position::start(v.clone());
        b.iter(|| assert_eq!(perft(black_box(&mut pos), 6), 19_864_709));
    });
    g.finish();
    c.bench_function("load and compile chaturanga", |b| {
        b.iter(|| load_variant(black_box("chaturanga"), &Assignment::default()).unwrap());
    });
    c.bench_function("legal moves at the start", |b| {
        let mut pos = Position::start(v.clone());
        let mut buf = Vec::with_capacity(64);
        b.iter(|| {
            pos.legal_moves(&mut buf);
            black_box(buf.len())
        });
    });
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
