//! Twenty static operations of a tiled GEMM, each result printed and
//! evaluated: what `scripts/static_compile_time.sh` measures (the CPU time
//! of rebuilding this example above an empty one). A `(128, 128)` tile is
//! divided by `(8, 8)` four ways; a `(4, 8)` thread layout and a `(2, 4)`
//! value layout are multiplied six ways; then compositions, inverses,
//! complements and coalesces. Every result is computed by the compiler.
//!
//! `cargo run -p cute-static --example compile_time_gemm`

use cute_static::*;

/// Prints a result with two of its offsets.
fn show<S: layout::Eval<D>, D: htuple::HTuple>(name: &str, l: Layout<S, D>) {
    println!(
        "{name:>16}: {l}  L(1) = {}, L(5) = {}",
        l.eval(1),
        l.eval(5)
    );
}

fn main() {
    let a = layout!((128, 128) : (1, 128));
    let thr = layout!((4, 8) : (8, 1));
    let val = layout!((2, 4) : (1, 2));

    show("logical_divide", logical_divide(a, tile!(8, 8)));
    show("zipped_divide", zipped_divide(a, tile!(8, 8)));
    show("tiled_divide", tiled_divide(a, tile!(8, 8)));
    show("flat_divide", flat_divide(a, tile!(8, 8)));

    show("logical_product", logical_product(thr, val));
    show("blocked_product", blocked_product(thr, val));
    let tv = raked_product(thr, val);
    show("raked_product", tv);
    show(
        "zipped_product",
        zipped_product(thr, (layout!(2 : 1), layout!(4 : 1))),
    );
    show(
        "tiled_product",
        tiled_product(thr, (layout!(2 : 1), layout!(4 : 1))),
    );
    show(
        "flat_product",
        flat_product(thr, (layout!(2 : 1), layout!(4 : 1))),
    );

    show("composition", composition(a, tv));
    show("composition/mode", composition(a, tile!(8, 8)));
    show(
        "composition/tile",
        composition(layout!((8, 8) : (1, 128)), layout!((4, 2) : (2, 1))),
    );
    show(
        "logical_divide/l",
        logical_divide(layout!(128 : 1), layout!(8 : 2)),
    );

    show("right_inverse", right_inverse(tv));
    show("left_inverse", left_inverse(thr));
    show("complement", complement(thr));
    show(
        "complement_to",
        complement_to(layout!((4, 8) : (1, 16)), shape!(256)),
    );
    show("coalesce", coalesce(tv));
    show(
        "coalesce_by",
        coalesce_by(logical_divide(a, tile!(8, 8)), tile!(1, 1)),
    );
}
