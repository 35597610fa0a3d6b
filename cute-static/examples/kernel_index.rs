//! The index arithmetic a kernel generator emits for one thread's tile,
//! written once over `cute_core::LayoutLike` and run on a static, a mixed and
//! a dynamic layout of the same tile.
//!
//! A 16 x 16 matrix with leading stride 16 is divided by a 4 x 4 tile
//! (`zipped_divide`); the tile's layout (mode 0) is what one thread walks.
//! Statically, every leaf is a constant; with the matrix's extents and
//! leading stride known only at run time, the tile's extents stay constants
//! and its stride `ld` becomes a parameter; through the run-time algebra
//! (`cute_dynamic` and its `Evaluator`), every leaf is a parameter. The
//! offsets are the same.
//!
//! `cargo run -p cute-static --example kernel_index`

use cute_core::bridge::{LayoutLike, Node};
use cute_core::sym::{Assumptions, Lang, Sym};
use cute_dynamic::codegen::Coords;
use cute_static::{layout, tile, zipped_divide};

/// The offset expression of `l` for the index `i`, colexicographic: each
/// static leaf is a constant, each dynamic one a parameter `p0, p1, ...`;
/// then the offsets of the whole tile.
fn emit(name: &str, l: &impl LayoutLike) -> String {
    let mut leaves = Vec::new();
    l.walk(&mut |n| {
        if let Node::Leaf(m) = n {
            leaves.push(m);
        }
    });
    let mut params = Vec::new();
    let mut term = |v: i64, is_static: bool| {
        if is_static {
            v.to_string()
        } else {
            params.push(v);
            format!("p{}", params.len() - 1)
        }
    };
    let mut expr = Vec::new();
    let mut div = String::from("i");
    for (k, m) in leaves.iter().enumerate() {
        // the last leaf takes what is left of i: its extent is not needed
        let c = if k + 1 == leaves.len() {
            div.clone()
        } else {
            let e = term(m.extent.value, m.extent.is_static);
            let c = format!("({div} % {e})");
            div = format!("({div} / {e})");
            c
        };
        let d = term(m.stride.value, m.stride.is_static);
        expr.push(format!("{c} * {d}"));
    }
    let offsets: Vec<i64> = (0..l.size()).map(|i| l.eval(i)).collect();
    let args: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(k, v)| format!("p{k} = {v}"))
        .collect();
    println!("{name:8} {}", cute_core::bridge::Display(l));
    println!("         offset(i) = {}", expr.join(" + "));
    if !args.is_empty() {
        println!("         with {}", args.join(", "));
    }
    println!("         offsets {offsets:?}");
    format!("{offsets:?}")
}

fn main() {
    // static: every leaf a constant; the tile is a zero-sized layout
    let a = layout!((16, 16) : (1, 16));
    let tile_s = zipped_divide(a, tile!(4, 4)).mode::<0>();
    let s = emit("static", &tile_s);

    // mixed: extents and leading stride known at run time
    let (m, n, ld) = (
        std::hint::black_box(16),
        std::hint::black_box(16),
        std::hint::black_box(16),
    );
    let b = layout!((m, n) : (1, ld)).expect("a valid layout");
    let tile_m = zipped_divide(b, tile!(4, 4))
        .expect("the tile divides the matrix")
        .mode::<0>();
    let x = emit("mixed", &tile_m);

    // dynamic: the run-time algebra and its evaluator
    let c: cute_dynamic::Layout = format!("({m}, {n}):(1, {ld})").parse().expect("a layout");
    let z = cute_dynamic::algebra::zipped_divide(&c, (4, 4)).expect("divides");
    let tile_d = z.get(&[0]).expect("a mode 0");
    let e = cute_dynamic::Evaluator::new(&tile_d).expect("an evaluable layout");
    let d = emit("dynamic", &e);

    assert_eq!(s, x);
    assert_eq!(s, d);
    println!("the three tiles give the same offsets");

    // the mixed tile's run-time leaf (the leading dimension) named as a
    // symbol: the index code the generated kernel computes
    let ld_sym = Sym::symbol_with("ld", Assumptions::positive()).expect("a symbol");
    let sym = tile_m.to_symbolic(&[ld_sym]).expect("one run-time leaf");
    let code = sym
        .index_code(Coords::Modes(&["i", "j"]), Lang::Cuda)
        .expect("integer strides");
    println!("mixed tile {sym}: offset(i, j) = {code}");
}
