//! The static copy layer against the run-time one (`cute_dynamic::atom`),
//! whose atoms and tilings are checked against CuTe C++: upcast, downcast
//! and recast_layout on many layouts, every copy atom, and for several
//! tiled copies the thread-value layouts, the tilings and every thread's
//! partitions and retilings of static and mixed layouts.

use cute_core::LayoutLike;
use cute_dynamic::atom::{CopyAtom as DynCopyAtom, CopyOp as DynCopyOp, ValueType};
use proptest::prelude::*;
use typenum::{U1, U128, U16, U2, U3, U32, U4, U64, U8};

use super::*;
use crate::layout;

/// A run-time layout from its text.
fn dl(s: &str) -> cute_dynamic::Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `(offset, layout)` of two partitions give the same offsets: the same
/// rank and size, and `offset + layout(i)` for every index `i`.
fn same_partition(what: &str, got: (i64, &dyn LayoutLike), want: (i64, &cute_dynamic::Layout)) {
    let (go, gl) = got;
    let (wo, wl) = want;
    let shown = |l: &dyn LayoutLike| {
        struct S<'a>(&'a dyn LayoutLike);
        impl core::fmt::Display for S<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.0.fmt_layout(f)
            }
        }
        S(l).to_string()
    };
    assert_eq!(
        gl.rank(),
        wl.rank(),
        "{what}: rank of {} and {wl}",
        shown(gl)
    );
    assert_eq!(
        gl.size(),
        wl.size().unwrap(),
        "{what}: size of {} and {wl}",
        shown(gl)
    );
    for i in 0..wl.size().unwrap() {
        assert_eq!(
            go + gl.eval(i),
            wo + wl.call_int(i).unwrap(),
            "{what}: index {i} of {} (+{go}) and {wl} (+{wo})",
            shown(gl)
        );
    }
}

// ------------------------------------------------------------------ upcast, downcast, recast_layout

/// Checks `upcast`, `downcast` and `recast_layout` of static layouts
/// against the run-time ones: equal layouts where the run-time algebra
/// gives one (the static one compiles exactly where it does, which the
/// compile-fail cases check).
macro_rules! check_casts {
    ($($l:expr => up [$($n:ty),*] down [$($m:ty),*]);* $(;)?) => {$({
        let l = $l;
        let d = l.to_dynamic();
        $(
            let n = <$n as typenum::Unsigned>::I64;
            assert_eq!(upcast::<$n, _>(l).to_dynamic(), cute_dynamic::atom::upcast(&d, n).unwrap(),
                "upcast<{n}>({l})");
            assert_eq!(recast_layout::<U1, $n, _>(l).to_dynamic(),
                cute_dynamic::atom::recast_layout(&d, 1, n).unwrap(), "recast<1, {n}>({l})");
        )*
        $(
            let n = <$m as typenum::Unsigned>::I64;
            assert_eq!(downcast::<$m, _>(l).to_dynamic(), cute_dynamic::atom::downcast(&d, n).unwrap(),
                "downcast<{n}>({l})");
            assert_eq!(recast_layout::<$m, U1, _>(l).to_dynamic(),
                cute_dynamic::atom::recast_layout(&d, n, 1).unwrap(), "recast<{n}, 1>({l})");
        )*
    })*};
}

#[test]
fn casts_are_the_run_time_casts() {
    check_casts!(
        layout!((32, 128) : (128, 1)) => up [U1, U2, U4, U8, U16, U32, U64, U128] down [U1, U2, U4];
        layout!(((8, 4), 128) : ((128, 0), 1)) => up [U8, U16, U32, U64, U128] down [U2, U3];
        layout!((32, (32, 4)) : (32, (1, 1024))) => up [U2, U8, U16, U32] down [U2, U8];
        layout!(((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024))) => up [U4, U8, U16] down [U4];
        layout!((1, 128) : (0, 1)) => up [U8, U16, U32, U64, U128] down [U2];
        layout!((8, 8) : (1, 8)) => up [U2, U4, U8, U16] down [U2, U4];
        layout!((4, 6) : (6, 1)) => up [U2, U3] down [U2, U3];
        layout!((3, (5, 4)) : (1, (3, 30))) => up [U3] down [U2, U4];
        layout!((2, 3, 4) : (1, 0, 48)) => up [U2, U16] down [U3];
        layout!(7 : 1) => up [U2, U4, U8] down [U2, U3, U4];
        layout!((16, 16) : (16, 1)) => up [U2, U4, U8, U16, U32] down [U2, U16];
        layout!(((2, 2), (4, 4)) : ((1, 32), (2, 64))) => up [U2] down [U2, U4];
        layout!((64, 1) : (1, 0)) => up [U4, U16, U64, U128] down [U8];
    );
    // recast between two widths: the upcast and the downcast together
    let l = layout!((4, 6) : (6, 1));
    assert_eq!(
        recast_layout::<U32, typenum::U48, _>(l).to_dynamic(),
        cute_dynamic::atom::recast_layout(&l.to_dynamic(), 32, 48).unwrap()
    );
    let l = layout!((8, 8) : (8, 1));
    assert_eq!(
        recast_layout::<U32, U16, _>(l).to_dynamic(),
        cute_dynamic::atom::recast_layout(&l.to_dynamic(), 32, 16).unwrap()
    );
    assert_eq!(
        recast_layout::<U16, U32, _>(l).to_dynamic(),
        cute_dynamic::atom::recast_layout(&l.to_dynamic(), 16, 32).unwrap()
    );
}

/// A mixed layout cast: where the run-time cast and CuTe C++'s rule agree
/// (a dynamic stride the factor divides, or that is not ±1), the same
/// layout; otherwise an `Err`.
fn mixed_agrees(
    what: &str,
    got: cute_core::Result<cute_dynamic::Layout>,
    want: cute_core::Result<cute_dynamic::Layout>,
    refused: bool,
) {
    match (got, want) {
        (Ok(g), Ok(w)) => assert_eq!(g, w, "{what}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(w)) => assert!(
            refused,
            "{what}: refused ({e}) where the run-time cast is {w}"
        ),
        (Ok(g), Err(e)) => panic!("{what}: {g} where the run-time cast fails ({e})"),
    }
}

proptest! {
    #[test]
    fn mixed_casts_are_the_run_time_casts(s in 1_i64..40, d in -300_i64..300, e in 1_i64..9) {
        // a dynamic extent beside a static stride, a dynamic stride beside a
        // static extent
        let l = layout!((s, 4, 8) : (1, d, 16)).unwrap();
        let dd = l.to_dynamic();
        for n in [2_i64, 4, 8] {
            let got = match n {
                2 => upcast::<U2, _>(l).map(|x| x.to_dynamic()),
                4 => upcast::<U4, _>(l).map(|x| x.to_dynamic()),
                _ => upcast::<U8, _>(l).map(|x| x.to_dynamic()),
            };
            // CuTe C++ divides a dynamic stride by N, assuming N divides it
            mixed_agrees(&format!("upcast<{n}>({l})"), got, cute_dynamic::atom::upcast(&dd, n), d % n != 0);
            let got = match n {
                2 => downcast::<U2, _>(l).map(|x| x.to_dynamic()),
                4 => downcast::<U4, _>(l).map(|x| x.to_dynamic()),
                _ => downcast::<U8, _>(l).map(|x| x.to_dynamic()),
            };
            // CuTe C++ scales a dynamic stride ±1 as a stride
            mixed_agrees(&format!("downcast<{n}>({l})"), got, cute_dynamic::atom::downcast(&dd, n), d.abs() == 1);
        }
        let l = layout!((e, (2, s)) : (4, (1, 8))).unwrap();
        let got = upcast::<U4, _>(l).map(|x| x.to_dynamic());
        mixed_agrees(&format!("upcast<4>({l})"), got, cute_dynamic::atom::upcast(&l.to_dynamic(), 4), false);
        let got = recast_layout::<U16, U32, _>(l).map(|x| x.to_dynamic());
        mixed_agrees(&format!("recast<16, 32>({l})"), got,
            cute_dynamic::atom::recast_layout(&l.to_dynamic(), 16, 32), false);
    }
}

// ------------------------------------------------------------------ the atoms

#[test]
fn every_copy_atom_is_the_run_time_atom() {
    macro_rules! check {
        ($($op:ty => [$($t:ty),*]),* $(,)?) => {$($({
            let atom = make_copy_atom::<$t, _>(<$op>::default());
            let want = DynCopyAtom::new(<$op as CopyOp>::dynamic_op(), <$t as CopyValue>::DYNAMIC).unwrap();
            assert_eq!(atom.to_dynamic(), want, "{atom:?}");
            assert_eq!(atom.val_layout_src().to_dynamic(), want.val_layout_src().unwrap(), "{atom:?} src");
            assert_eq!(atom.val_layout_dst().to_dynamic(), want.val_layout_dst().unwrap(), "{atom:?} dst");
            assert_eq!(atom.val_layout_ref().to_dynamic(), want.val_layout_ref().unwrap(), "{atom:?} ref");
            assert_eq!(atom.num_val(), want.val_layout_ref().unwrap().size_mode(&[1]).unwrap());
            assert_eq!(core::mem::size_of_val(&atom), 0);
        })*)*};
    }
    check!(
        SM75_U32x1_LDSM_N => [Half, BFloat16, u16, f32, u32, i8, u8],
        SM75_U32x2_LDSM_N => [Half, BFloat16, u16, f32, u32, i8],
        SM75_U32x4_LDSM_N => [Half, BFloat16, u16, f32, TFloat32, i8],
        SM75_U16x2_LDSM_T => [Half, BFloat16, u16],
        SM75_U16x4_LDSM_T => [Half, BFloat16, u16],
        SM75_U16x8_LDSM_T => [Half, BFloat16, u16],
        SM90_U32x1_STSM_N => [Half, BFloat16, u16, f32, u32, i8, u8],
        SM90_U32x2_STSM_N => [Half, BFloat16, u16, f32, u32, i8],
        SM90_U32x4_STSM_N => [Half, BFloat16, u16, f32, TFloat32, i8],
        SM90_U16x2_STSM_T => [Half, BFloat16, u16],
        SM90_U16x4_STSM_T => [Half, BFloat16, u16],
        SM90_U16x8_STSM_T => [Half, BFloat16, u16],
        UniversalCopy<u128> => [Half, f32, f64, u128, u8, i32],
        UniversalCopy<u64> => [Half, f32, f64, u64],
        UniversalCopy<u32> => [Half, f32, u32, i8],
        UniversalCopy<u16> => [Half, u16, u8],
        UniversalCopy<u8> => [u8, i8],
        SM80_CP_ASYNC_CACHEALWAYS<u128> => [Half, BFloat16, f32, f64, u128, i8],
        SM80_CP_ASYNC_CACHEALWAYS<u64> => [Half, f32, f64],
        SM80_CP_ASYNC_CACHEALWAYS<u32> => [Half, f32, u32],
        SM80_CP_ASYNC_CACHEGLOBAL<u128> => [Half, f32, u128],
    );
    // the run-time names
    assert_eq!(
        <UniversalCopy<u128> as CopyOp>::dynamic_op(),
        DynCopyOp::universal(ValueType::U128)
    );
    assert_eq!(
        <SM80_CP_ASYNC_CACHEALWAYS<u128> as CopyOp>::dynamic_op(),
        DynCopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", ValueType::U128).unwrap()
    );
    assert_eq!(
        <SM75_U16x8_LDSM_T as CopyOp>::dynamic_op(),
        DynCopyOp::from_name("SM75_U16x8_LDSM_T").unwrap()
    );
    assert_eq!(
        <SM90_U16x4_STSM_T as CopyOp>::dynamic_op(),
        DynCopyOp::Stsm { x: 2, trans: true }
    );
    // stmatrix is ldmatrix reversed: its source is ldmatrix's destination
    // and its destination ldmatrix's source
    macro_rules! reversed {
        ($($st:ty => $ld:ty),*) => {$(
            assert_eq!(<$st>::src_layout().to_string(), <$ld>::dst_layout().to_string());
            assert_eq!(<$st>::dst_layout().to_string(), <$ld>::src_layout().to_string());
            assert_eq!(<$st>::ref_layout().to_string(), <$st>::src_layout().to_string());
        )*};
    }
    reversed!(
        SM90_U32x1_STSM_N => SM75_U32x1_LDSM_N,
        SM90_U32x2_STSM_N => SM75_U32x2_LDSM_N,
        SM90_U32x4_STSM_N => SM75_U32x4_LDSM_N,
        SM90_U16x2_STSM_T => SM75_U16x2_LDSM_T,
        SM90_U16x4_STSM_T => SM75_U16x4_LDSM_T,
        SM90_U16x8_STSM_T => SM75_U16x8_LDSM_T
    );
}

// ------------------------------------------------------------------ tiled copies

/// Checks a static tiled copy against the run-time one built by the
/// run-time functions from the same atom and layouts: the thread-value
/// layout, the tile, the source and destination thread-value layouts, the
/// tilings of the static layout `s` (equal, as layouts), every thread's
/// partitions of `s` (equal) and of its mixed form `m` (the same offsets),
/// and the retiling of the static fragment layout `frag` (equal) and of
/// the mixed one `mfrag` (the same function).
macro_rules! check_copy {
    ($copy:expr, $d:expr, s: $s:expr, m: $m:expr, frag: $frag:expr, mfrag: $mfrag:expr) => {{
        let copy = $copy;
        let d: cute_dynamic::atom::TiledCopy = $d;
        assert_eq!(copy.to_dynamic(), d, "the tiled copy");
        assert_eq!(
            copy.layout_tv().to_dynamic(),
            *d.layout_tv(),
            "TiledLayout_TV"
        );
        assert_eq!(copy.size(), d.num_threads().unwrap());
        assert_eq!(
            copy.get_layout_s_tv().to_dynamic(),
            d.get_layout_s_tv().unwrap(),
            "S_TV"
        );
        assert_eq!(
            copy.get_layout_d_tv().to_dynamic(),
            d.get_layout_d_tv().unwrap(),
            "D_TV"
        );
        let (s, m, frag, mfrag) = ($s, $m, $frag, $mfrag);
        assert_eq!(
            copy.tidfrg_s(s).to_dynamic(),
            d.tidfrg_s(&s.to_dynamic()).unwrap(),
            "tidfrg_S"
        );
        assert_eq!(
            copy.tidfrg_d(s).to_dynamic(),
            d.tidfrg_d(&s.to_dynamic()).unwrap(),
            "tidfrg_D"
        );
        same_partition(
            "tidfrg_S mixed",
            (0, &copy.tidfrg_s(m).unwrap()),
            (0, &d.tidfrg_s(&m.to_dynamic()).unwrap()),
        );
        assert_eq!(
            copy.retile(frag).to_dynamic(),
            d.retile(&frag.to_dynamic()).unwrap(),
            "retile {frag}"
        );
        same_partition(
            "retile mixed",
            (0, &copy.retile(mfrag).unwrap()),
            (0, &d.retile(&mfrag.to_dynamic()).unwrap()),
        );
        let int = |(o, l): (cute_dynamic::Scalar, cute_dynamic::Layout)| (o.as_int().unwrap(), l);
        for t in 0..copy.size() {
            let thr = copy.get_slice(t).unwrap();
            let dt = d.get_slice(t).unwrap();
            let (o, l) = thr.partition_s(s).unwrap();
            assert_eq!(
                (o, l.to_dynamic()),
                int(dt.partition_s(&s.to_dynamic()).unwrap()),
                "partition_S {t}"
            );
            let (o, l) = thr.partition_d(s).unwrap();
            assert_eq!(
                (o, l.to_dynamic()),
                int(dt.partition_d(&s.to_dynamic()).unwrap()),
                "partition_D {t}"
            );
            let (o, l) = thr.partition_s(m).unwrap();
            let (wo, wl) = int(dt.partition_s(&m.to_dynamic()).unwrap());
            same_partition("partition_S mixed", (o, &l), (wo, &wl));
            let (o, l) = thr.partition_d(m).unwrap();
            let (wo, wl) = int(dt.partition_d(&m.to_dynamic()).unwrap());
            same_partition("partition_D mixed", (o, &l), (wo, &wl));
            assert_eq!(
                thr.retile_d(frag).to_dynamic(),
                dt.retile_d(&frag.to_dynamic()).unwrap()
            );
        }
        assert!(copy.get_slice(copy.size()).is_err());
        assert!(copy.get_slice(-1).is_err());
    }};
}

fn dyn_copy_atom(op: DynCopyOp, t: ValueType) -> DynCopyAtom {
    DynCopyAtom::new(op, t).unwrap()
}

#[test]
fn universal_copy_row_major() {
    let ld = 200_i64;
    let atom = make_copy_atom::<Half, _>(UniversalCopy::<u128>::default());
    check_copy!(
        make_tiled_copy(atom, layout!((16, 8) : (8, 1)), layout!((1, 8))),
        cute_dynamic::atom::make_tiled_copy(
            dyn_copy_atom(DynCopyOp::universal(ValueType::U128), ValueType::F16),
            &dl("(16, 8):(8, 1)"),
            &dl("(1, 8):(0, 1)")
        )
        .unwrap(),
        s: layout!((128, 64) : (64, 1)),
        m: layout!((128, 64) : (ld, 1)).unwrap(),
        frag: layout!((8, 8, 1)),
        mfrag: layout!((8, 8, 1) : (1, ld, 0)).unwrap()
    );
}

#[test]
fn cp_async_k_major_and_m_major() {
    let ld = 4096_i64;
    let atom = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    // K-major: 4 threads along K, each 8 values of a row
    check_copy!(
        make_tiled_copy(atom, layout!((32, 4) : (4, 1)), layout!((1, 8))),
        cute_dynamic::atom::make_tiled_copy(
            dyn_copy_atom(DynCopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", ValueType::U128).unwrap(), ValueType::F16),
            &dl("(32, 4):(4, 1)"),
            &dl("(1, 8):(0, 1)")
        )
        .unwrap(),
        s: layout!((128, 32, 2) : (32, 1, 4096)),
        m: layout!((128, 32) : (ld, 1)).unwrap(),
        frag: layout!(((8, 1), 4, 1)),
        mfrag: layout!(((8, 1), 4, 1) : ((1, 0), ld, 0)).unwrap()
    );
    // M-major: 16 threads along M, each 8 values of a column
    let atom = make_copy_atom::<BFloat16, _>(SM80_CP_ASYNC_CACHEGLOBAL::<u128>::default());
    check_copy!(
        make_tiled_copy(atom, layout!((16, 8) : (1, 16)), layout!((8, 1))),
        cute_dynamic::atom::make_tiled_copy(
            dyn_copy_atom(DynCopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U128).unwrap(), ValueType::BF16),
            &dl("(16, 8):(1, 16)"),
            &dl("(8, 1):(1, 0)")
        )
        .unwrap(),
        s: layout!((128, 32) : (1, 128)),
        m: layout!((128, 32) : (1, ld)).unwrap(),
        frag: layout!((8, 1, 4)),
        mfrag: layout!((8, 1, 4) : (1, 0, ld)).unwrap()
    );
}

#[test]
fn make_tiled_copy_pads_the_shorter_layout() {
    // a value layout of one mode beside a thread layout of two (CuTe pads it with _1:_0)
    let ld = 96_i64;
    let atom = make_copy_atom::<f32, _>(UniversalCopy::<u64>::default());
    check_copy!(
        make_tiled_copy(atom, layout!((8, 4) : (1, 8)), layout!(2 : 1)),
        cute_dynamic::atom::make_tiled_copy(
            dyn_copy_atom(DynCopyOp::universal(ValueType::U64), ValueType::F32),
            &dl("(8, 4):(1, 8)"),
            &dl("2:1")
        )
        .unwrap(),
        s: layout!((32, 8)),
        m: layout!((32, 8) : (1, ld)).unwrap(),
        frag: layout!((2, 2, 2)),
        mfrag: layout!((2, 2, 2) : (1, 2, ld)).unwrap()
    );
    // two layouts of one mode
    let atom = make_copy_atom::<u8, _>(UniversalCopy::<u32>::default());
    let copy = make_tiled_copy(atom, layout!(32 : 1), layout!(4 : 1));
    let d = cute_dynamic::atom::make_tiled_copy(
        dyn_copy_atom(DynCopyOp::universal(ValueType::U32), ValueType::U8),
        &dl("32:1"),
        &dl("4:1"),
    )
    .unwrap();
    assert_eq!(copy.to_dynamic(), d);
    assert_eq!(
        copy.get_layout_s_tv().to_dynamic(),
        d.get_layout_s_tv().unwrap()
    );
    let (o, l) = copy
        .get_slice(3)
        .unwrap()
        .partition_s(layout!(256 : 1))
        .unwrap();
    let (wo, wl) = d.get_slice(3).unwrap().partition_s(&dl("256:1")).unwrap();
    assert_eq!((o, l.to_dynamic()), (wo.as_int().unwrap(), wl));
}

fn dyn_mma(name: &str, layout: &str) -> cute_dynamic::atom::TiledMma {
    let atom =
        cute_dynamic::atom::MmaAtom::new(cute_dynamic::atom::MmaOp::from_name(name).unwrap())
            .unwrap();
    cute_dynamic::atom::make_tiled_mma(atom, Some(&dl(layout)), &[]).unwrap()
}

#[test]
fn ldmatrix_copies_of_a_tiled_mma() {
    let ld = 1024_i64;
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let dmma = dyn_mma("SM80_16x8x16_F32F16F16F32_TN", "(2, 2, 1):(1, 2, 0)");
    let s_a = layout!((128, 32) : (32, 1)); // K-major shared memory
    let frag_a = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_a(&s_a)
        .layout();
    check_copy!(
        make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma),
        cute_dynamic::atom::make_tiled_copy_a(
            dyn_copy_atom(DynCopyOp::from_name("SM75_U32x4_LDSM_N").unwrap(), ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: s_a,
        m: layout!((128, 32) : (ld, 1)).unwrap(),
        frag: frag_a,
        mfrag: layout!(((2, 2, 2), 4, 2) : ((1, 2, 4), 16, ld)).unwrap()
    );
    let s_b = layout!((128, 32) : (32, 1));
    let frag_b = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_b(&s_b)
        .layout();
    check_copy!(
        make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma),
        cute_dynamic::atom::make_tiled_copy_b(
            dyn_copy_atom(DynCopyOp::from_name("SM75_U32x2_LDSM_N").unwrap(), ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: s_b,
        m: layout!((128, 32) : (ld, 1)).unwrap(),
        frag: frag_b,
        mfrag: layout!(((2, 2), 8, 2) : ((1, 2), 4, ld)).unwrap()
    );
    // M-major A: ldmatrix.trans
    let s_t = layout!((64, 32) : (1, 64));
    let frag_t = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_a(&s_t)
        .layout();
    check_copy!(
        make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U16x8_LDSM_T), &mma),
        cute_dynamic::atom::make_tiled_copy_a(
            dyn_copy_atom(DynCopyOp::from_name("SM75_U16x8_LDSM_T").unwrap(), ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: s_t,
        m: layout!((64, 32) : (1, ld)).unwrap(),
        frag: frag_t,
        mfrag: layout!(((2, 2, 2), 2, 2) : ((1, 2, 4), 8, ld)).unwrap()
    );
    // one warp: ldmatrix.x1 and .x2.trans over B's 8 x 16 tile
    let mma1 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1, 1, 1)));
    let dmma1 = dyn_mma("SM80_16x8x16_F32F16F16F32_TN", "(1, 1, 1):(0, 0, 0)");
    let s_b1 = layout!((32, 32) : (32, 1));
    let frag_b1 = mma1
        .get_slice(0)
        .unwrap()
        .partition_fragment_b(&s_b1)
        .layout();
    check_copy!(
        make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x1_LDSM_N), &mma1),
        cute_dynamic::atom::make_tiled_copy_b(
            dyn_copy_atom(DynCopyOp::from_name("SM75_U32x1_LDSM_N").unwrap(), ValueType::F16),
            &dmma1
        )
        .unwrap(),
        s: s_b1,
        m: layout!((32, 32) : (ld, 1)).unwrap(),
        frag: frag_b1,
        mfrag: layout!(((2, 2), 4, 2) : ((1, 2), 4, ld)).unwrap()
    );
    let s_bt = layout!((32, 32) : (1, 32));
    let frag_bt = mma1
        .get_slice(0)
        .unwrap()
        .partition_fragment_b(&s_bt)
        .layout();
    check_copy!(
        make_tiled_copy_b(make_copy_atom::<BFloat16, _>(SM75_U16x4_LDSM_T), &mma1),
        cute_dynamic::atom::make_tiled_copy_b(
            dyn_copy_atom(DynCopyOp::from_name("SM75_U16x4_LDSM_T").unwrap(), ValueType::BF16),
            &dmma1
        )
        .unwrap(),
        s: s_bt,
        m: layout!((32, 32) : (1, ld)).unwrap(),
        frag: frag_bt,
        mfrag: layout!(((2, 2), 4, 2) : ((1, 2), 4, ld)).unwrap()
    );
}

#[test]
fn copies_of_c_follow_the_accumulators() {
    let ld = 520_i64;
    let mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout!((2, 2, 1)));
    let dmma = dyn_mma("SM70_8x8x4_F32F16F16F32_TN", "(2, 2, 1):(1, 2, 0)");
    let c = layout!((32, 64));
    let frag = mma.get_slice(0).unwrap().partition_fragment_c(&c).layout();
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<f32, _>(UniversalCopy::<u32>::default()), &mma),
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::universal(ValueType::U32), ValueType::F32),
            &dmma
        )
        .unwrap(),
        s: c,
        m: layout!((32, 64) : (1, ld)).unwrap(),
        frag: frag,
        mfrag: layout!((8, 2, 4) : (1, 8, ld)).unwrap()
    );
    // the destination of a copy of C is the MMA's C layout (the same
    // function, coalesced)
    let copy = make_tiled_copy_c(
        make_copy_atom::<f32, _>(UniversalCopy::<u32>::default()),
        &mma,
    );
    let (dtv, ctv) = (copy.get_layout_d_tv(), mma.get_layout_c_tv());
    assert_eq!(LayoutLike::size(&dtv), LayoutLike::size(&ctv));
    for i in 0..LayoutLike::size(&ctv) {
        assert_eq!(dtv.eval(i), ctv.eval(i), "{i}");
    }
}

#[test]
fn partitions_cover_the_tile_once() {
    // every element of the block tile belongs to exactly one thread's
    // source partition (cp.async) and is received by the threads of the
    // MMA that hold it (ldmatrix)
    let atom = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    let copy = make_tiled_copy(atom, layout!((32, 4) : (4, 1)), layout!((1, 8)));
    let s = layout!((128, 32) : (32, 1));
    let mut seen = vec![0_u32; 128 * 32];
    for t in 0..copy.size() {
        let (o, l) = copy.get_slice(t).unwrap().partition_d(s).unwrap();
        for i in 0..LayoutLike::size(&l) {
            seen[(o + l.eval(i)) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
}

#[test]
fn a_run_time_extent_the_tile_does_not_divide_is_an_error() {
    let atom = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    let copy = make_tiled_copy(atom, layout!((32, 4) : (4, 1)), layout!((1, 8)));
    let m = 48;
    let e = copy
        .get_slice(0)
        .unwrap()
        .partition_s(layout!((m, 32) : (32, 1)).unwrap())
        .unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    assert!(
        e.to_string()
            .contains("tile extent 32 does not divide the size 48 of mode 0"),
        "{e}"
    );
}

// ------------------------------------------------------------------ make_fragment_like

#[test]
fn fragments_like_are_the_run_time_ones() {
    macro_rules! check {
        ($($l:expr),* $(,)?) => {$({
            let l = $l;
            let f = make_fragment_like::<f32, _>(&l);
            assert_eq!(f.layout().to_dynamic(), cute_dynamic::atom::make_fragment_like(&l.to_dynamic()).unwrap(), "{l}");
        })*};
    }
    check!(
        layout!(((2, 2), 4, 2) : ((1, 0), 64, 8)),
        layout!(((2, 2, 2), 4, 2) : ((32, 8, 16), 1024, 64)),
        layout!((8, 4, 2) : (1, 8, 8)), // equal strides: in their order
        layout!((8, 4, 2) : (1, 0, 8)), // a stride 0 first
        layout!((4, (2, 3), 5) : (1, (100, 2), 7)),
        layout!((4, 1, 3) : (1, 9, 2)), // an extent 1
        layout!(((2, 1), (4, 2), 3) : ((0, 4), (3, 60), 1)),
        layout!((4, 2)),
        layout!((2, 3, 4, 5) : (1, 60, 2, 12)),
        layout!(16 : 4),
        layout!((16) : (4)),
    );
    // a dynamic stride (larger than the static ones): ordered after them
    let ld = 4096_i64;
    check!(
        layout!(((2, 2), 4, 2) : ((1, ld), 64, 8)).unwrap(),
        layout!(((2, 2), 4, 2, 3) : ((1, 0), ld, 8, 16)).unwrap(),
        layout!((8, 4, 2) : (1, ld, ld)).unwrap(),
    );
    // the fragments of A and B of several tiled MMAs, every thread
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let d = dyn_mma("SM80_16x8x16_F32F16F16F32_TN", "(2, 2, 1):(1, 2, 0)");
    macro_rules! every_thread {
        ($a:expr, $b:expr) => {{
            let (a, b) = ($a, $b);
            for t in 0..mma.size() {
                let thr = mma.get_slice(t).unwrap();
                let dt = d.get_slice(t).unwrap();
                assert_eq!(
                    thr.partition_fragment_a(&a).layout().to_dynamic(),
                    dt.partition_fragment_a(&a.to_dynamic()).unwrap()
                );
                assert_eq!(
                    thr.partition_fragment_b(&b).layout().to_dynamic(),
                    dt.partition_fragment_b(&b.to_dynamic()).unwrap()
                );
            }
        }};
    }
    every_thread!(layout!((64, 32) : (32, 1)), layout!((64, 32) : (32, 1)));
    every_thread!(layout!((64, 32) : (1, 64)), layout!((64, 32) : (1, 64)));
    let g_a = layout!((64, 32) : (ld, 1)).unwrap();
    let thr = mma.get_slice(37).unwrap();
    let dt = d.get_slice(37).unwrap();
    assert_eq!(
        thr.partition_fragment_a(&g_a).layout().to_dynamic(),
        dt.partition_fragment_a(&g_a.to_dynamic()).unwrap()
    );
    let mma = make_tiled_mma(SM70_8x8x4_F16F16F16F16_NT, layout!((2, 2, 1)));
    let d = dyn_mma("SM70_8x8x4_F16F16F16F16_NT", "(2, 2, 1):(1, 2, 0)");
    let a = layout!((32, 8) : (1, 32));
    for t in [0_i64, 3, 17, 100, 127] {
        let Ok(thr) = mma.get_slice(t) else { continue };
        let dt = d.get_slice(t).unwrap();
        assert_eq!(
            thr.partition_fragment_a(&a).layout().to_dynamic(),
            dt.partition_fragment_a(&a.to_dynamic()).unwrap()
        );
        assert_eq!(
            thr.partition_fragment_b(&a).layout().to_dynamic(),
            dt.partition_fragment_b(&a.to_dynamic()).unwrap()
        );
    }
}

// ------------------------------------------------------------------ stmatrix

#[test]
fn stmatrix_copies_of_gmma_accumulators() {
    // an SM90 epilogue: the accumulators of a 64 x 64 GMMA, converted to
    // f16, stored to a row-major tile of shared memory by stmatrix
    let ld = 72_i64;
    let mma = make_tiled_mma(
        SM90_64xNx16_F32F16F16_SS::<U64, KMajor, KMajor>::new(),
        layout!((1, 1, 1)),
    );
    let dmma = mma.to_dynamic();
    let s_c = layout!((64, 64) : (64, 1));
    let frag = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_c(&s_c)
        .layout();
    // CuTe C++ (make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, mma))
    let st = make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U32x4_STSM_N), &mma);
    assert_eq!(
        st.get_layout_s_tv().to_string(),
        "((_4,_8,_4),((_2,_2,_2),_4)):((_128,_1,_16),((_64,_8,_512),_1024))"
    );
    assert_eq!(
        st.get_layout_d_tv().to_string(),
        "((_16,_2,_4),(_8,_4)):((_1,_512,_16),(_64,_1024))"
    );
    let thr = st.get_slice(3).unwrap();
    assert_eq!(
        thr.retile_s(frag).to_string(),
        "((_8,_4),_1,_1):((_1,_8),_0,_0)"
    );
    assert_eq!(
        thr.partition_d(s_c).unwrap().1.to_string(),
        "((_8,_4),_1,_1):((_1,_16),_0,_0)"
    );
    let m = layout!((64, 64) : (ld, 1)).unwrap();
    let mfrag = layout!(((2, 2, 8), 1, 1) : ((1, ld, 4), 0, 0)).unwrap();
    let dyn_st = |x: u8, trans: bool| {
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::Stsm { x, trans }, ValueType::F16),
            &dmma,
        )
        .unwrap()
    };
    check_copy!(st, dyn_st(4, false), s: s_c, m: m, frag: frag, mfrag: mfrag);
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U32x2_STSM_N), &mma),
        dyn_st(2, false),
        s: s_c, m: m, frag: frag, mfrag: mfrag
    );
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U16x8_STSM_T), &mma),
        dyn_st(4, true),
        s: s_c, m: m, frag: frag, mfrag: mfrag
    );
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<BFloat16, _>(SM90_U16x2_STSM_T), &mma),
        {
            let a = dyn_copy_atom(DynCopyOp::Stsm { x: 1, trans: true }, ValueType::BF16);
            cute_dynamic::atom::make_tiled_copy_c(a, &dmma).unwrap()
        },
        s: s_c, m: m, frag: frag, mfrag: mfrag
    );
}

#[test]
fn stmatrix_copies_of_sm80_accumulators() {
    // f16 accumulators of the SM80 16x8x16 atom over 2 x 2 warps, stored
    // by stmatrix.x2 and .x1.trans
    let ld = 40_i64;
    let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((2, 2, 1)));
    let dmma = dyn_mma("SM80_16x8x16_F16F16F16F16_TN", "(2, 2, 1):(1, 2, 0)");
    let s_c = layout!((32, 32) : (32, 1));
    let frag = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_c(&s_c)
        .layout();
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U32x2_STSM_N), &mma),
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::Stsm { x: 2, trans: false }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: s_c,
        m: layout!((32, 32) : (ld, 1)).unwrap(),
        frag: frag,
        mfrag: layout!(((2, 2), 1, 2) : ((ld, 2), 0, 4)).unwrap()
    );
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U32x1_STSM_N), &mma),
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::Stsm { x: 1, trans: false }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: s_c,
        m: layout!((32, 32) : (ld, 1)).unwrap(),
        frag: frag,
        mfrag: layout!(((2, 2), 1, 2) : ((1, ld), 0, 4)).unwrap()
    );
    check_copy!(
        make_tiled_copy_c(make_copy_atom::<Half, _>(SM90_U16x4_STSM_T), &mma),
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::Stsm { x: 2, trans: true }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        s: layout!((32, 32) : (1, 32)),
        m: layout!((32, 32) : (1, ld)).unwrap(),
        frag: frag,
        mfrag: layout!(((2, 2), 1, 2) : ((ld, 2), 0, 4)).unwrap()
    );
}

// ------------------------------------------------------------------ retile, run-time strides

/// Checks `retile` of a fragment whose first mode has run-time strides
/// against the run-time tiled copy's: the same function (the run-time
/// algebra, which sees only values, may merge run-time strides that happen
/// to be contiguous, where CuTe C++ and the static algebra keep the modes
/// of the fragment).
macro_rules! check_retile {
    ($copy:expr, $d:expr, $($frag:expr),+ $(,)?) => {{
        let copy = $copy;
        let d: cute_dynamic::atom::TiledCopy = $d;
        $({
            let frag = $frag;
            let want = d.retile(&frag.to_dynamic()).unwrap();
            same_partition("retile", (0, &copy.retile(frag).unwrap()), (0, &want));
            same_partition(
                "retile_D",
                (0, &copy.get_slice(1).unwrap().retile_d(frag).unwrap()),
                (0, &want),
            );
        })+
    }};
}

#[test]
fn retile_with_run_time_strides_in_the_first_mode() {
    let ld = 1000_i64;
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let dmma = dyn_mma("SM80_16x8x16_F32F16F16F32_TN", "(2, 2, 1):(1, 2, 0)");
    let ldsm_a = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    // CuTe C++'s retile of the same fragments
    let f = layout!(((2, 2, 2), 4, 2) : ((1, ld, 4), 16, {3 * ld})).unwrap();
    assert_eq!(
        ldsm_a.retile(f).unwrap().to_string(),
        "(((_2,_2,_2),_1),_4,_2):(((_1,1000,_4),_0),_16,3000)"
    );
    let f = layout!(((2, 2, 2), 4, 2) : ((ld, {2 * ld}, {4 * ld}), 1, 4)).unwrap();
    assert_eq!(
        ldsm_a.retile(f).unwrap().to_string(),
        "(((_2,_2,_2),_1),_4,_2):(((1000,2000,4000),_0),_1,_4)"
    );
    check_retile!(
        ldsm_a,
        cute_dynamic::atom::make_tiled_copy_a(
            dyn_copy_atom(DynCopyOp::Ldsm { x: 4, trans: false }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        layout!(((2, 2, 2), 4, 2) : ((1, ld, 4), 16, {3 * ld})).unwrap(),
        layout!(((2, 2, 2), 4, 2) : ((ld, {2 * ld}, {4 * ld}), 1, 4)).unwrap(),
        layout!((8, 4, 2) : (ld, 16, 64)).unwrap(),
        layout!(((2, 4), 4, 2) : ((ld, 2), 1, 4)).unwrap(),
    );
    check_retile!(
        make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma),
        cute_dynamic::atom::make_tiled_copy_b(
            dyn_copy_atom(DynCopyOp::Ldsm { x: 2, trans: false }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        layout!(((2, 2), 8, 2) : ((ld, 1), 8, 4)).unwrap(),
        layout!(((2, 2), 8, 2) : ((ld, 1), {8 * ld}, 4)).unwrap(),
        layout!((4, 8, 2) : (ld, 4, 32)).unwrap(),
    );
    check_retile!(
        make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U16x8_LDSM_T), &mma),
        cute_dynamic::atom::make_tiled_copy_a(
            dyn_copy_atom(DynCopyOp::Ldsm { x: 4, trans: true }, ValueType::F16),
            &dmma
        )
        .unwrap(),
        layout!(((2, 2, 2), 2, 2) : ((ld, {2 * ld}, 4), 8, 16)).unwrap(),
    );
    check_retile!(
        make_tiled_copy_c(
            make_copy_atom::<f32, _>(UniversalCopy::<u64>::default()),
            &mma
        ),
        cute_dynamic::atom::make_tiled_copy_c(
            dyn_copy_atom(DynCopyOp::universal(ValueType::U64), ValueType::F32),
            &dmma
        )
        .unwrap(),
        layout!(((2, 2), 4, 8) : ((ld, 2), 4, 16)).unwrap(),
        layout!(((2, 2), 4, 8) : ((1, ld), 4, 16)).unwrap(),
    );
    check_retile!(
        make_tiled_copy(
            make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
            layout!((32, 4) : (4, 1)),
            layout!((1, 8))
        ),
        cute_dynamic::atom::make_tiled_copy(
            dyn_copy_atom(DynCopyOp::universal(ValueType::U128), ValueType::F16),
            &dl("(32, 4):(4, 1)"),
            &dl("(1, 8):(0, 1)")
        )
        .unwrap(),
        layout!((8, 4, 2) : (ld, 8, 32)).unwrap(),
        layout!(((4, 2), 4, 2) : ((ld, 1), 8, 32)).unwrap(),
        layout!(((4, 2), 4, 2) : ((ld, {5 * ld}), {7 * ld}, 32)).unwrap(),
    );
}
