//! A kernel generator's view of the layout algebra: a matrix whose sizes
//! and leading dimension are known only at launch is tiled once, at
//! generation time, and each tile's index arithmetic comes out as code.
//!
//! Run with `cargo run -p cute-dynamic --example kernel_codegen`.

use cute_core::sym::{Assumptions, Lang, Sym};
use cute_core::Result;
use cute_dynamic::codegen::Coords;
use cute_dynamic::layout::Tiler;
use cute_dynamic::{algebra, Layout, Scalar};

fn main() -> Result<()> {
    // The run-time parameters: M and K are positive multiples of the tile,
    // the leading dimension ld is positive.
    let m = Sym::symbol_with("M", Assumptions::positive().multiple_of(128)?)?;
    let k = Sym::symbol_with("K", Assumptions::positive().multiple_of(64)?)?;
    let ld = Sym::symbol_with("ld", Assumptions::positive())?;

    // The global matrix, column-major with leading dimension ld.
    let g_a = Layout::from_modes([(m, Scalar::Int(Sym::from(1))), (k, Scalar::Int(ld))])?;
    println!("gA             = {g_a}");

    // Its 128x64 tiles: ((tile), (tiles)).
    let tile = Tiler::Tuple(vec![Tiler::Int(Sym::from(128)), Tiler::Int(Sym::from(64))]);
    let tiles = algebra::zipped_divide(&g_a, &tile)?;
    println!("zipped_divide  = {tiles}");

    // The offset of element e of tile b, as CUDA.
    let code = tiles.index_code(Coords::Modes(&["e", "b"]), Lang::Cuda)?;
    println!("offset(e, b)   = {code}");

    // 256 threads over one tile, 32x8 of them, each starting 4 rows apart:
    // the tile composed with the thread layout maps a thread index to the
    // offset of its first element.
    let one_tile = tiles.modes().next().expect("a tile mode");
    let threads: Layout = "(32, 8):(4, 1024)".parse()?;
    let per_thread = algebra::composition(&one_tile, threads.to_symbolic())?;
    println!("tile o threads = {per_thread}");
    println!(
        "offset(t)      = {}",
        per_thread.index_code(Coords::Index("t"), Lang::Cuda)?
    );
    println!(
        "offset(t) Rust = {}",
        per_thread.index_code(Coords::Index("t"), Lang::Rust)?
    );

    // At launch the symbols get values, and the layout is an ordinary one.
    let at = tiles.subs(&|s| match s {
        "M" => Some(256),
        "K" => Some(128),
        "ld" => Some(300),
        _ => None,
    })?;
    println!("M=256, K=128, ld=300: {at}");
    Ok(())
}
