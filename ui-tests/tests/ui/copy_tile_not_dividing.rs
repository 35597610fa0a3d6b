// The tiled copy's tile is 32 x 32 (32 x 4 threads of 8 values along K): a
// static tile of 48 rows is not a whole number of tiles, so a thread's
// partition of it does not compile.
use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
use cute_static::layout;

fn main() {
    let atom = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    let copy = make_tiled_copy(atom, layout!((32, 4) : (4, 1)), layout!((1, 8)));
    let thr = copy.get_slice(5).unwrap();
    let _ = thr.partition_s(layout!((48, 32) : (32, 1)));
}
