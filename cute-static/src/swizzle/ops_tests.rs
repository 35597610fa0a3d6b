//! The operations on swizzled layouts against the run-time algebra: the
//! layout CuTe C++ prints for `tile_to_shape` to static, mixed and run-time
//! shapes (`tests/data/swizzle_tile_to_shape.tsv`), and composition, the
//! divides, slices and partitions of swizzled layouts at every point,
//! against cute-dynamic's operation on the layout under the swizzle
//! followed by the swizzle of `offset + L'(i)`.

use cute_core::KnownInt;
use cute_dynamic::layout::Tiler as DynTiler;
use cute_dynamic::tensor::partition as dynp;
use cute_dynamic::{HTuple as DynTuple, Layout as DynLayout, Scalar};
use typenum::{U128, U3, U64};

use super::*;
use crate::algebra::{IntoTiler, Tiler};
use crate::atom::{
    make_copy_atom, make_tiled_copy, make_tiled_copy_a, make_tiled_mma, Half, SM75_U32x4_LDSM_N,
    SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEALWAYS,
};
use crate::htuple::{Cute, HTuple, Leaf};
use crate::layout::Eval;
use crate::shape::Size;
use crate::{
    composition, flat_divide, inner_partition, layout, local_partition, local_partition_proj,
    local_tile, local_tile_proj, logical_divide, offset_and_slice, outer_partition, shape, slice,
    tile, tiled_divide, try_offset_and_slice, zipped_divide, Keep, Layout, X,
};

// ------------------------------------------------------------------ helpers

/// `ours(i) == Sw(off + plain(i))` at every index of `plain`, whose size is
/// ours.
fn same_points<Sw, S, D, O>(
    ours: &Swizzled<Sw, Layout<S, D>, O>,
    off: i64,
    plain: &DynLayout,
    what: &str,
) where
    Sw: SwizzleFn,
    S: Eval<D> + Size,
    D: HTuple,
    O: Leaf,
{
    let sw = Sw::default().to_dynamic();
    let n = plain.size().unwrap();
    assert_eq!(ours.size().get(), n, "{what}: {ours} against {plain}");
    for i in 0..n {
        let want = sw.apply(off + plain.call_int(i).unwrap());
        assert_eq!(
            ours.eval(i),
            want,
            "{what} at {i}: {ours} against {off} + {plain}"
        );
    }
}

/// The value of an operation that may return a `Result` (a mixed operand).
fn ok<T, R: crate::algebra::IntoResult<T>>(r: R) -> T {
    r.into_result().unwrap()
}

/// A run-time offset, as an `i64`.
fn int(s: Scalar) -> i64 {
    match s {
        Scalar::Int(x) => x,
        other => panic!("not an integer offset: {other:?}"),
    }
}

/// A coordinate `(a, b)` of the run-time algebra.
fn crd2(a: i64, b: i64) -> cute_dynamic::Coord {
    DynTuple::Tuple(vec![DynTuple::Leaf(Some(a)), DynTuple::Leaf(Some(b))])
}

/// The run-time tiler of a static one.
fn dyn_tiler<T: IntoTiler>(t: T) -> DynTiler {
    t.into_tiler().to_dynamic()
}

/// True iff `offsets` hit each of `0..n` exactly `times` times.
fn covers(offsets: impl Iterator<Item = i64>, n: i64, times: u32) -> bool {
    let mut hit = vec![0_u32; n as usize];
    for o in offsets {
        if !(0..n).contains(&o) {
            return false;
        }
        hit[o as usize] += 1;
    }
    hit.iter().all(|&h| h == times)
}

/// True iff `offsets` are a permutation of `0..n`.
fn is_permutation(offsets: impl Iterator<Item = i64>, n: i64) -> bool {
    covers(offsets, n, 1)
}

// ------------------------------------------------------------------ tile_to_shape

/// The rows of `tests/data/swizzle_tile_to_shape.tsv`: block, shape, and
/// what CuTe C++ 4.x printed for `tile_to_shape(block, shape)`.
fn cute_cpp_rows() -> Vec<(String, String, String)> {
    include_str!("../../tests/data/swizzle_tile_to_shape.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "{l}");
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

/// `tile_to_shape($block, $shape)` prints as CuTe C++ printed it, and is
/// at every point cute-dynamic's `tile_to_shape` of the same values; the
/// row is counted.
macro_rules! tile_case {
    ($rows:expr, $seen:expr, $block:expr, $shape:expr) => {{
        let (block, shape) = ($block, $shape);
        let key = (
            block.to_string(),
            Cute(crate::IntoCoord::into_coord(shape)).to_string(),
        );
        let t = tile_to_shape(block, shape);
        let t = crate::algebra::IntoResult::into_result(t).unwrap();
        let want = $rows
            .iter()
            .find(|r| (&r.0, &r.1) == (&key.0, &key.1))
            .unwrap_or_else(|| panic!("no CuTe C++ row for {key:?}"));
        assert_eq!(t.to_string(), want.2, "tile_to_shape{key:?}");
        let d = cute_dynamic::atom::tile_to_shape(
            &block.layout().to_dynamic(),
            &Cute(crate::IntoCoord::into_coord(shape))
                .to_string()
                .replace('_', "")
                .parse()
                .unwrap(),
        )
        .unwrap();
        same_points(&t, 0, &d, "tile_to_shape");
        $seen += 1;
    }};
}

/// Every shape of the data for one block.
macro_rules! tile_cases {
    ($rows:expr, $seen:expr, $block:expr) => {{
        let (m, k, s) = (128_i64, 64_i64, 3_i64);
        tile_case!($rows, $seen, $block, shape!(128, 64));
        tile_case!($rows, $seen, $block, (U128::new(), k));
        tile_case!($rows, $seen, $block, (m, k));
        tile_case!($rows, $seen, $block, (m, U64::new()));
        tile_case!($rows, $seen, $block, (U128::new(), U64::new(), s));
        tile_case!($rows, $seen, $block, (64, 2 * k, 2));
    }};
}

#[test]
fn tile_to_shape_keeps_static_what_cute_cpp_keeps() {
    let rows = cute_cpp_rows();
    assert_eq!(rows.len(), 60);
    let mut seen = 0;
    tile_cases!(rows, seen, GmmaLayoutKInterAtom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutKSw32Atom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutKSw64Atom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutKSw128Atom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutKSw128Atom::<f32>::new());
    tile_cases!(rows, seen, GmmaLayoutKSw64Atom::<i8>::new());
    tile_cases!(rows, seen, GmmaLayoutMNSw32Atom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutMNSw64Atom::<Half>::new());
    tile_cases!(rows, seen, GmmaLayoutMNSw128Atom::<Half>::new());
    // a plain layout: the same rules
    let plain = layout!((8, 64) : (64, 1));
    let p = compose_swizzle(Swizzle::<typenum::U0, U3, U3>::new(), plain);
    tile_cases!(rows, seen, p);
    assert_eq!(seen, rows.len());
    // and the plain layout itself, without a swizzle
    let k = 64;
    let t = tile_to_shape(plain, (U128::new(), k)).unwrap();
    assert_eq!(t.to_string(), "((_8,_16),(_64,1)):((_64,_512),(_1,_8192))");
    let _: Layout![((8, 16), (64, {})) : ((64, 512), (1, 8192))] = t;
}

#[test]
fn tile_to_shape_types() {
    let atom = GmmaLayoutKSw128Atom::<Half>::new();
    let k = 128;
    type Sw = Swizzle<U3, U3, U3>;
    type StaticM = Layout![((8, 16), (64, {})) : ((64, 512), (1, 8192))];
    type RunTime = Layout![((8, {}), (64, {})) : ((64, 512), (1, {}))];
    type Static = Layout![((8, 16), (64, 2)) : ((64, 512), (1, 8192))];
    // static where CuTe C++ is static, as types
    let t: Swizzled<Sw, StaticM> = tile_to_shape(atom, (U128::new(), k)).unwrap();
    assert_eq!(
        t.to_string(),
        "Sw<3,3,3> o _0 o ((_8,_16),(_64,2)):((_64,_512),(_1,_8192))"
    );
    let m = 256;
    let u: Swizzled<Sw, RunTime> = tile_to_shape(atom, (m, k)).unwrap();
    assert_eq!(
        u.to_string(),
        "Sw<3,3,3> o _0 o ((_8,32),(_64,2)):((_64,_512),(_1,16384))"
    );
    // the shape! macro's run-time leaves
    let v = tile_to_shape(atom, shape!(128, { k })).unwrap();
    assert!(v == t);
    // a static shape: the layout itself
    let s: Swizzled<Sw, Static> = tile_to_shape(atom, shape!(128, 128));
    assert!((0..128 * 128).all(|i| s.eval(i) == t.eval(i)));
    // a swizzled layout at an offset keeps it
    let o = compose_swizzle_offset(
        Swizzle::<U3, U3, U3>::new(),
        512_i64,
        layout!((8, 64) : (64, 1)),
    );
    let w = tile_to_shape(o, (16, 64)).unwrap();
    assert_eq!(
        w.to_string(),
        "Sw<3,3,3> o 512 o ((_8,2),(_64,1)):((_64,_512),(_1,1024))"
    );
}

#[test]
fn tile_to_shape_checks_run_time_extents() {
    let atom = GmmaLayoutKSw128Atom::<Half>::new();
    for (m, k) in [(128, 100), (100, 64), (0, 64), (128, -64), (7, 7)] {
        let e = tile_to_shape(atom, (m, k)).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError, "{e}");
        assert_eq!(e.op(), "tile_to_shape");
        let bad_mode = if m <= 0 || m % 8 != 0 { 0 } else { 1 };
        assert!(e.to_string().contains(&format!("mode {bad_mode} ")), "{e}");
    }
    let e = tile_to_shape(atom, (U128::new(), 96)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tile_to_shape: divisibility condition violated: mode 1 of the block has size 64, \
         which does not divide the target's run-time size 96 (the block is repeated a whole \
         number of times; CuTe C++ checks static shapes only)"
    );
    let e = tile_to_shape(atom, (U128::new(), 64, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tile_to_shape: mode 2 of the target shape has the size 0: a size is positive"
    );
    // a run-time mode past the block's rank: any positive size
    let t = tile_to_shape(atom, (U128::new(), U64::new(), 5)).unwrap();
    assert_eq!(t.size(), 128 * 64 * 5);
}

// ------------------------------------------------------------------ the swizzled layouts

/// Every operation on one swizzled layout `$s` of at least 8 x 64
/// elements, against the run-time algebra on the layout under its swizzle;
/// returns the number of partitions checked.
macro_rules! check_ops {
    ($s:expr) => {{
        let s = $s;
        let plain = s.layout().to_dynamic();
        let what = s.to_string();
        let (rows, cols) = (
            s.layout().mode::<0>().size().get(),
            s.layout().mode::<1>().size().get(),
        );
        let n = rows * cols;
        let mut parts = 0;
        // the swizzle permutes the tile's offsets
        assert!(is_permutation((0..n).map(|i| s.eval(i)), n), "{what}");

        // composition, a static and a mixed B; the inner composition's error
        let b = layout!((4, 8) : (8, 1));
        let c = ok(composition(s, b));
        let want = cute_dynamic::algebra::composition(&plain, &b.to_dynamic()).unwrap();
        if c.layout().is_static() {
            assert_eq!(c.layout().to_dynamic(), want, "{what}");
        }
        same_points(&c, 0, &want, "composition");
        let step = 2;
        let bm = layout!((8, 4) : ({step}, 16)).unwrap();
        let cm = composition(s, bm).unwrap();
        let want = cute_dynamic::algebra::composition(&plain, &bm.to_dynamic()).unwrap();
        same_points(&cm, 0, &want, "composition (mixed)");
        // a B whose run-time stride may not divide: the inner composition decides
        let three = 3;
        let b3 = layout!(16 : {three}).unwrap();
        match (composition(s, b3), cute_dynamic::algebra::composition(&plain, &b3.to_dynamic())) {
            (Ok(c3), Ok(want)) => same_points(&c3, 0, &want, "composition (16:3)"),
            (Err(e), Err(want)) => assert_eq!((e.class(), e.op()), (want.class(), want.op())),
            (ours, theirs) => panic!("{what} o 16:3: {:?} against {theirs:?}", ours.map(|c| c.to_string())),
        }
        let ct = ok(composition(s, tile!(8, 16)));
        same_points(&ct, 0, &cute_dynamic::algebra::composition(&plain, &dyn_tiler(tile!(8, 16))).unwrap(), "composition (tile)");

        // the divides
        let t = tile!(8, 16);
        let dt = dyn_tiler(t);
        let ld = ok(logical_divide(s, t));
        same_points(&ld, 0, &cute_dynamic::algebra::logical_divide(&plain, &dt).unwrap(), "logical_divide");
        let zd = ok(zipped_divide(s, t));
        same_points(&zd, 0, &cute_dynamic::algebra::zipped_divide(&plain, &dt).unwrap(), "zipped_divide");
        let td = ok(tiled_divide(s, t));
        same_points(&td, 0, &cute_dynamic::algebra::tiled_divide(&plain, &dt).unwrap(), "tiled_divide");
        let fd = ok(flat_divide(s, t));
        same_points(&fd, 0, &cute_dynamic::algebra::flat_divide(&plain, &dt).unwrap(), "flat_divide");
        let l2 = ok(logical_divide(s, (layout!(4 : 2), Keep)));
        same_points(&l2, 0, &cute_dynamic::algebra::logical_divide(&plain, &dyn_tiler((layout!(4 : 2), Keep))).unwrap(), "logical_divide (layout)");

        // local_tile at every tile coordinate; the tiles cover the offsets once
        let mut offsets = Vec::new();
        for i in 0..rows / 8 {
            for j in 0..cols / 16 {
                let (z, p) = local_tile(s, t, (i, j)).unwrap();
                let (o, q) = dynp::local_tile(&plain, &dt, &crd2(i, j)).unwrap();
                let o = int(o);
                assert_eq!((z, p.offset()), (0, o));
                same_points(&p, o, &q, "local_tile");
                let (z, pi) = inner_partition(s, t, (i, j)).unwrap();
                assert!(z == 0 && pi == p);
                offsets.extend((0..128).map(|e| p.eval(e)));
                parts += 1;
            }
        }
        assert!(is_permutation(offsets.into_iter(), n), "{what}");
        assert!(local_tile(s, t, (rows / 8, 0)).is_err());
        // outer_partition at every tile coordinate
        for i in 0..8 {
            for j in 0..16 {
                let (z, p) = outer_partition(s, t, (i, j)).unwrap();
                let (o, q) = dynp::outer_partition(&plain, &dt, &crd2(i, j)).unwrap();
                assert_eq!(z, 0);
                same_points(&p, int(o), &q, "outer_partition");
                parts += 1;
            }
        }
        // every thread of two thread layouts; the threads cover the offsets once
        macro_rules! every_thread {
            ($threads:expr) => {{
                let threads = $threads;
                let mut offsets = Vec::new();
                for thr in 0..64 {
                    let (z, p) = local_partition(s, threads, thr).unwrap();
                    let (o, q) = dynp::local_partition(&plain, &threads.to_dynamic(), thr).unwrap();
                    let o = int(o);
                    assert_eq!((z, p.offset()), (0, o));
                    same_points(&p, o, &q, "local_partition");
                    offsets.extend((0..p.size().get()).map(|e| p.eval(e)));
                    parts += 1;
                }
                assert!(is_permutation(offsets.into_iter(), n), "{what}");
            }};
        }
        every_thread!(layout!((8, 8) : (8, 1)));
        every_thread!(layout!((8, 8) : (1, 8)));
        // the projection forms
        let (z, p) = local_tile_proj(s, tile!(8, 32, 16), (0, 7, 1), (1, X, 1)).unwrap();
        let (o, q) = dynp::local_tile(&plain, &dt, &crd2(0, 1)).unwrap();
        assert_eq!(z, 0);
        same_points(&p, int(o), &q, "local_tile_proj");
        let threads = layout!((8, 8, 2) : (1, 16, 8));
        let (z, p) = local_partition_proj(s, threads, 77, (1, 1, X)).unwrap();
        let (o, q) = dynp::local_partition(&plain, &layout!((8, 8) : (1, 16)).to_dynamic(), 77).unwrap();
        assert_eq!(z, 0);
        same_points(&p, int(o), &q, "local_partition_proj");

        // slices: a row, a column, a point; the partitions of a partition
        for r in [0, 1, 5, rows - 1] {
            let row = slice(s, (r, Keep));
            let (o, q) = plain.offset_and_slice(&DynTuple::Tuple(vec![DynTuple::Leaf(Some(r)), DynTuple::Leaf(None)])).unwrap();
            same_points(&row, int(o), &q, "slice (row)");
            let (z, row2) = offset_and_slice(s, (r, Keep));
            assert!(z == 0 && row2 == row);
            assert!((0..cols).all(|j| row.call(j) == s.call((r, j))));
        }
        let (z, col) = try_offset_and_slice(s, (Keep, 9)).unwrap();
        assert_eq!(z, 0);
        assert!((0..rows).all(|i| col.call(i) == s.call((i, 9))));
        assert!(try_offset_and_slice(s, (Keep, cols)).is_err());
        let (_, tile3) = local_tile(s, t, (0, 3)).unwrap();
        let (_, sub) = local_partition(tile3, layout!((2, 4) : (4, 1)), 5).unwrap();
        assert_eq!(sub.call((1, 2)), s.call((1 + 2, 48 + 1 + 4 * 2)));
        parts
    }};
}

#[test]
fn operations_agree_with_the_run_time_algebra() {
    let mut parts = 0;
    parts += check_ops!(compose_swizzle(
        Swizzle::<U3, U3, U3>::new(),
        layout!((8, 64) : (64, 1))
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw32Atom::<Half>::new(),
        shape!(64, 64)
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw32Atom::<Half>::new(),
        shape!(128, 64)
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw64Atom::<Half>::new(),
        shape!(64, 64)
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw64Atom::<Half>::new(),
        shape!(128, 64)
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw128Atom::<Half>::new(),
        shape!(64, 64)
    ));
    parts += check_ops!(tile_to_shape(
        GmmaLayoutKSw128Atom::<Half>::new(),
        shape!(128, 64)
    ));
    // mixed: a run-time K, and a run-time leading dimension
    let k = 64;
    parts +=
        check_ops!(tile_to_shape(GmmaLayoutKSw128Atom::<Half>::new(), (U128::new(), k)).unwrap());
    let ld = 64;
    parts += check_ops!(composition(
        Swizzle::<U3, U3, U3>::new(),
        layout!((8, 64) : ({ld}, 1)).unwrap()
    )
    .unwrap());
    // tiles: 4 of 8 x 64, 32 of 64 x 64 (3 layouts), 64 of 128 x 64 (4
    // layouts); 128 outer partitions and 128 threads each
    assert_eq!(parts, 2 * 4 + 3 * 32 + 4 * 64 + 9 * (128 + 128));
}

/// What each operation's result keeps static: the operation's on the
/// layout under the swizzle, the offset `_0` kept or an `i64`.
#[test]
fn result_types() {
    type Atom = GmmaLayoutKSw128Atom<Half>;
    type Sw = Swizzle<U3, U3, U3>;
    let a = Atom::new();
    // the static algebra is the specification's: an extent-1 mode keeps the
    // stride of its place (CuTe C++ writes _0 there)
    type Zipped = Layout![((8, 8), (1, 8)) : ((64, 1), (512, 8))];
    type Tile = Layout![(8, 16) : (64, 1)];
    type Thread = Layout![(1, 8) : (512, 8)];
    let _: Swizzled<Sw, Zipped> = zipped_divide(a, tile!(8, 8));
    let _: Swizzled<Sw, Tile> = composition(a, tile!(8, 16));
    let (_, t): (i64, Swizzled<Sw, Tile, i64>) = local_tile(a, tile!(8, 16), (0, 1)).unwrap();
    assert_eq!(t.offset(), 16);
    let (_, p): (i64, Swizzled<Sw, Thread, i64>) =
        local_partition(a, layout!((8, 8) : (8, 1)), 9).unwrap();
    assert_eq!(p.to_string(), "Sw<3,3,3> o 65 o (_1,_8):(_512,_8)");
    const { assert!(!Swizzled::<Sw, Tile, i64>::IS_STATIC) };
    const { assert!(Atom::IS_STATIC) };
    assert_eq!(core::mem::size_of_val(&t), 8); // the offset alone
                                               // a partition of a partition adds the offsets inside the swizzle
    let (_, q) = local_partition(t, layout!((4, 4) : (4, 1)), 6).unwrap();
    assert_eq!(q.offset(), 16 + 64 + 2);
    assert_eq!(q.call((1, 1)), a.call((1 + 4, 16 + 2 + 4)));
}

// ------------------------------------------------------------------ the atom layer

#[test]
fn copy_and_mma_partitions_of_a_swizzled_tile() {
    let atom = compose_swizzle(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    let s_a = tile_to_shape(atom, shape!(128, 64));
    let sw = Swizzle::<U3, U3, U3>::new();
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let cp = make_tiled_copy(
        make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
        layout!((16, 8) : (8, 1)),
        layout!((1, 8)),
    );
    let ldsm = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    let (mut d_offsets, mut s_offsets) = (Vec::new(), Vec::new());
    for t in 0..128 {
        // cp.async's destinations: the plain partition, swizzled
        let thr = cp.get_slice(t).unwrap();
        let (z, d) = thr.partition_d(s_a).unwrap();
        let (o, plain) = thr.partition_d(*s_a.layout()).unwrap();
        assert_eq!((z, d.offset()), (0, o));
        assert!((0..plain.size().get()).all(|i| d.eval(i) == sw.apply(o + plain.eval(i))));
        d_offsets.extend((0..d.size().get()).map(|i| d.eval(i)));
        // ldmatrix's sources
        let thr = ldsm.get_slice(t).unwrap();
        let (z, src) = thr.partition_s(s_a).unwrap();
        let (o, plain) = thr.partition_s(*s_a.layout()).unwrap();
        assert_eq!((z, src.offset()), (0, o));
        assert!((0..plain.size().get()).all(|i| src.eval(i) == sw.apply(o + plain.eval(i))));
        s_offsets.extend((0..src.size().get()).map(|i| src.eval(i)));
        // the MMA's A partition and fragment
        let thr = mma.get_slice(t).unwrap();
        let (z, a) = thr.partition_a(s_a).unwrap();
        let (o, plain) = thr.partition_a(*s_a.layout()).unwrap();
        assert_eq!((z, a.offset(), a.layout()), (0, o, &plain));
    }
    // cp.async writes each element of the swizzled tile once; ldmatrix
    // reads each twice (A is shared by the MMA's two columns of warps)
    assert!(is_permutation(d_offsets.into_iter(), 128 * 64));
    assert!(covers(s_offsets.into_iter(), 128 * 64, 2));
}
