// A 128-bit cp.async moves 8 f16 values per thread: a value layout of 4
// values per thread is half an atom, so the tiled copy does not compile
// (CuTe C++'s "TiledCopy uses too few vals for selected CopyAtom").
use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
use cute_static::layout;

fn main() {
    let atom = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    let _ = make_tiled_copy(atom, layout!((32, 4) : (4, 1)), layout!((1, 4)));
}
