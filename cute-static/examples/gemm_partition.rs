//! The partitions of a GEMM kernel on a problem of run-time extents, as
//! CuTe's tutorial writes them: each thread block takes its `(128, 128, 8)`
//! tiles of A, B and C (`local_tile` through the projections `Step<_1, X,
//! _1>`, `Step<X, _1, _1>`, `Step<_1, _1, X>`), and each thread of a static
//! `(16, 16)` thread layout its elements of them (`local_partition`).
//!
//! Printed in CuTe's notation, a static leaf as `_N` and a run-time one as a
//! plain number: the lines are CuTe C++'s (`gemm_partition.cpp` beside this
//! file, its output at its end) but for `tAgA`, where CuTe gives the stride
//! of an extent-1 mode as `_0` and the specification's algebra as `4096`.
//! `tAgA` partitions A's `(128, 8)` tile by the `(16, 16)` threads, whose 16
//! columns overrun the tile's 8: `local_partition` refuses that at compile
//! time, so it is taken with `local_partition_unchecked`, CuTe C++'s
//! unchecked partition, to show what CuTe gives.
//! The tile's extents stay static; the matrices' leading dimensions and the
//! number of k-tiles are run-time values, and so are the offsets.
//!
//! `cargo run -p cute-static --example gemm_partition`

use cute_static::local_partition_unchecked;
use cute_static::{layout, local_partition, local_partition_proj, local_tile_proj, tile};
use cute_static::{offset_and_slice, slice, Keep, X};

fn main() -> Result<(), cute_core::Error> {
    let args = std::env::args().count() as i64; // 1: the extents are run-time values
    let (m, n, k) = (255 + args, 383 + args, 127 + args);
    let ma = layout!((m, k) : (1, m))?;
    let mb = layout!((n, k) : (1, n))?;
    let mc = layout!((m, n) : (1, m))?;
    let cta_tiler = tile!(128, 128, 8);
    let cta_coord = (1, 2, Keep);
    let (oa, g_a) = local_tile_proj(ma, cta_tiler, cta_coord, (1, X, 1))?;
    let (ob, g_b) = local_tile_proj(mb, cta_tiler, cta_coord, (X, 1, 1))?;
    let (oc, g_c) = local_tile_proj(mc, cta_tiler, cta_coord, (1, 1, X))?;
    println!("gA {g_a} off {oa}");
    println!("gB {g_b} off {ob}");
    println!("gC {g_c} off {oc}");
    let (o3, g_a3) = local_tile_proj(ma, cta_tiler, (1, 2, 3), (1, X, 1))?;
    println!("gA(k=3) {g_a3} off {o3}");
    let t_c = layout!((16, 16)); // static (16, 16) threads
    for tid in [0, 17, 200] {
        println!("thread {tid}");
        let (o, l) = local_partition(g_c, t_c, tid)?;
        println!("  tCgC {l} off {}", oc + o);
        let (o, l) = local_partition_proj(g_a, t_c, tid, (1, X))?;
        println!("  tCgA {l} off {}", oa + o);
        let (o, l) = local_partition_proj(g_b, t_c, tid, (X, 1))?;
        println!("  tCgB {l} off {}", ob + o);
        let (o, l) = local_partition_unchecked(g_a, t_c, tid)?;
        println!("  tAgA {l} off {}", oa + o);
    }
    let l = layout!((4, (2, m)) : (m, (1, 2)))?;
    println!(
        "{} off {}",
        slice(l, (2, Keep)),
        offset_and_slice(l, (2, Keep)).0
    );
    let (o, s) = offset_and_slice(l, (Keep, (1, Keep)));
    println!("{s} off {o}");
    Ok(())
}
