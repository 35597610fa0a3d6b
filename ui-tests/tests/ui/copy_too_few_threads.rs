// ldmatrix is a warp's instruction (32 threads): a thread layout of 4 x 4
// threads does not hold a whole atom, so the tiled copy does not compile
// (CuTe C++'s "TiledCopy uses too few thrs for selected CopyAtom").
use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM75_U32x4_LDSM_N};
use cute_static::layout;

fn main() {
    let atom = make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N);
    let _ = make_tiled_copy(atom, layout!((4, 4) : (4, 1)), layout!((1, 8)));
}
