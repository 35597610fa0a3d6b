//! Small `#[inline(never)]` functions whose assembly shows what a static
//! layout's evaluation compiles to:
//! `cargo rustc -p cute-static --release --example asm -- --emit asm`
//! writes it to `target/release/examples/asm-*.s`.

use cute_static::{layout, Layout};

type L = Layout![((8, 4), (2, 16)) : ((1, 64), (8, 128))];
type Odd = Layout![(3, 5) : (5, 1)];
type Mixed = Layout![((8, {}), (2, 16)) : ((1, 64), (8, 128))];
type Dynamic = Layout![(({}, {}), ({}, {})) : (({}, {}), ({}, {}))];

/// `L(i)` of a static layout.
#[inline(never)]
pub fn static_eval(l: &L, i: i64) -> i64 {
    l.eval(i)
}

/// `L(i, j)` of a static layout.
#[inline(never)]
pub fn static_eval2(l: &L, i: i64, j: i64) -> i64 {
    l.call((i, j))
}

/// The same map written by hand.
#[inline(never)]
pub fn hand_eval(i: i64) -> i64 {
    (i & 7) + ((i >> 3) & 3) * 64 + ((i >> 5) & 1) * 8 + (i >> 6) * 128
}

/// `L(i)` of `(3, 5):(5, 1)`, whose extents are not powers of two.
#[inline(never)]
pub fn static_eval_odd(l: &Odd, i: i64) -> i64 {
    l.eval(i)
}

/// `L(i)` with the extent 4 dynamic.
#[inline(never)]
pub fn mixed_eval(l: &Mixed, i: i64) -> i64 {
    l.eval(i)
}

/// The sum of `L(i)` over `0..n` with every leaf dynamic.
#[inline(never)]
pub fn dynamic_sum(l: &Dynamic, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i)))
}

fn main() {
    let l = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
    let n = std::hint::black_box(4);
    let m = layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).expect("a valid layout");
    let odd = layout!((3, 5) : (5, 1));
    let v = |x: i64| std::hint::black_box(x);
    let d: Dynamic =
        layout!((({v(8)}, {v(4)}), ({v(2)}, {v(16)})) : (({v(1)}, {v(64)}), ({v(8)}, {v(128)})))
            .expect("a valid layout");
    assert_eq!(dynamic_sum(&d, 1024), (0..1024).map(hand_eval).sum::<i64>());
    for i in 0..1024 {
        assert_eq!(static_eval(&l, i), hand_eval(i));
        assert_eq!(static_eval2(&l, i % 32, i / 32), hand_eval(i));
        assert_eq!(mixed_eval(&m, i), hand_eval(i));
    }
    assert_eq!(static_eval_odd(&odd, std::hint::black_box(7)), 11);
    println!("{l} evaluates as the hand-written map");
}
