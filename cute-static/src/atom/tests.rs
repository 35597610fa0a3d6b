//! The static atom layer against the run-time one (`cute_dynamic::atom`),
//! whose atoms and tilings are checked against CuTe C++: every atom's
//! layouts, and for a few tiled MMAs the thread layout, the tile, the
//! tilings of static and mixed layouts, the thread-value layouts and every
//! thread's partitions.

use cute_core::LayoutLike;
use cute_dynamic::atom::{make_tiled_mma as dyn_tiled_mma, MmaAtom as DynAtom};
use cute_dynamic::layout::Tiler as DynTiler;

use super::*;
use crate::{layout, tile, Keep};

/// A run-time layout from its text.
fn dl(s: &str) -> cute_dynamic::Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// `(offset, layout)` of two partitions give the same offsets: the same
/// rank and size, and `offset + layout(i)` for every index `i`.
fn same_partition(what: &str, got: (i64, &dyn LayoutLike), want: (i64, &cute_dynamic::Layout)) {
    let (go, gl) = got;
    let (wo, wl) = want;
    assert_eq!(
        gl.rank(),
        wl.rank(),
        "{what}: rank of {} and {wl}",
        Shown(gl)
    );
    assert_eq!(
        gl.size(),
        wl.size().unwrap(),
        "{what}: size of {} and {wl}",
        Shown(gl)
    );
    for i in 0..wl.size().unwrap() {
        let w = wo + wl.call_int(i).unwrap();
        assert_eq!(
            go + gl.eval(i),
            w,
            "{what}: index {i} of {} (+{go}) and {wl} (+{wo})",
            Shown(gl)
        );
    }
}

struct Shown<'a>(&'a dyn LayoutLike);
impl core::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt_layout(f)
    }
}

#[test]
fn every_atom_is_the_run_time_atom() {
    macro_rules! check {
        ($($a:ty),* $(,)?) => {$({
            let want = DynAtom::new(<$a as MmaAtom>::dynamic_op()).unwrap();
            assert_eq!(<$a as MmaAtom>::to_dynamic(), want, "{}", stringify!($a));
            assert_eq!(core::mem::size_of::<$a>(), 0);
        })*};
    }
    check!(
        SM80_16x8x8_F16F16F16F16_TN,
        SM80_16x8x8_F32F16F16F32_TN,
        SM80_16x8x8_F32BF16BF16F32_TN,
        SM80_16x8x16_F16F16F16F16_TN,
        SM80_16x8x16_F32F16F16F32_TN,
        SM80_16x8x16_F32BF16BF16F32_TN,
        SM80_16x8x4_F32TF32TF32F32_TN,
        SM80_16x8x8_F32TF32TF32F32_TN,
        SM80_8x8x16_S32S8S8S32_TN,
        SM80_16x8x16_S32S8S8S32_TN,
        SM80_16x8x32_S32S8S8S32_TN,
        SM80_8x8x4_F64F64F64F64_TN,
        SM75_16x8x8_F32F16F16F32_TN,
        SM75_8x8x16_S32S8S8S32_TN,
        SM70_8x8x4_F16F16F16F16_TN,
        SM70_8x8x4_F16F16F16F16_NT,
        SM70_8x8x4_F16F16F16F16_NN,
        SM70_8x8x4_F16F16F16F16_TT,
        SM70_8x8x4_F32F16F16F32_TN,
        SM70_8x8x4_F32F16F16F32_NT,
        SM70_8x8x4_F32F16F16F32_NN,
        SM70_8x8x4_F32F16F16F32_TT,
        UniversalFMA<f32>,
        UniversalFMA<f64>,
        UniversalFMA<Half>,
    );
}

/// Checks a static tiled MMA against the run-time one built from the same
/// atom, atom layout and permutation: the thread layout, the tile, the
/// thread-value layouts and the tilings of the static layouts `c`, `a`,
/// `b` (equal, as layouts), and every thread's partitions of them and of
/// their mixed forms `cm`, `am`, `bm` (the same offsets).
macro_rules! check_tiled {
    ($mma:expr, $d:expr, c: $c:expr, a: $a:expr, b: $b:expr, cm: $cm:expr, am: $am:expr, bm: $bm:expr) => {{
        let mma = $mma;
        let d = $d;
        assert_eq!(
            mma.thr_layout_vmnk().to_dynamic(),
            *d.thr_layout_vmnk(),
            "ThrLayoutVMNK"
        );
        assert_eq!(mma.to_dynamic().thr_layout_vmnk(), d.thr_layout_vmnk());
        assert_eq!(mma.tile_shape(), d.tile_shape().unwrap(), "tile_shape");
        assert_eq!(mma.size(), d.size().unwrap());
        assert_eq!(
            mma.get_layout_c_tv().to_dynamic(),
            d.get_layout_c_tv().unwrap(),
            "C_TV"
        );
        assert_eq!(
            mma.get_layout_a_tv().to_dynamic(),
            d.get_layout_a_tv().unwrap(),
            "A_TV"
        );
        assert_eq!(
            mma.get_layout_b_tv().to_dynamic(),
            d.get_layout_b_tv().unwrap(),
            "B_TV"
        );
        let (c, a, b) = ($c, $a, $b);
        assert_eq!(
            mma.thrfrg_c(c).to_dynamic(),
            d.thrfrg_c(&c.to_dynamic()).unwrap(),
            "thrfrg_C"
        );
        assert_eq!(
            mma.thrfrg_a(a).to_dynamic(),
            d.thrfrg_a(&a.to_dynamic()).unwrap(),
            "thrfrg_A"
        );
        assert_eq!(
            mma.thrfrg_b(b).to_dynamic(),
            d.thrfrg_b(&b.to_dynamic()).unwrap(),
            "thrfrg_B"
        );
        let (cm, am, bm) = ($cm, $am, $bm);
        let tc = mma.thrfrg_c(cm).unwrap();
        same_partition(
            "thrfrg_C mixed",
            (0, &tc),
            (0, &d.thrfrg_c(&cm.to_dynamic()).unwrap()),
        );
        for t in 0..mma.size() {
            let thr = mma.get_slice(t).unwrap();
            let dt = d.get_slice(t).unwrap();
            assert_eq!(thr.vmnk(), dt.vmnk(), "thread {t}");
            let int =
                |(o, l): (cute_dynamic::Scalar, cute_dynamic::Layout)| (o.as_int().unwrap(), l);
            let (o, l) = thr.partition_c(c).unwrap();
            assert_eq!(
                (o, l.to_dynamic()),
                int(dt.partition_c(&c.to_dynamic()).unwrap()),
                "partition_C {t}"
            );
            let (o, l) = thr.partition_a(a).unwrap();
            assert_eq!(
                (o, l.to_dynamic()),
                int(dt.partition_a(&a.to_dynamic()).unwrap()),
                "partition_A {t}"
            );
            let (o, l) = thr.partition_b(b).unwrap();
            assert_eq!(
                (o, l.to_dynamic()),
                int(dt.partition_b(&b.to_dynamic()).unwrap()),
                "partition_B {t}"
            );
            let f = thr.partition_fragment_c(&c);
            assert_eq!(
                f.layout().to_dynamic(),
                dt.partition_fragment_c(&c.to_dynamic()).unwrap()
            );
            let (o, l) = thr.partition_c(cm).unwrap();
            let (wo, wl) = int(dt.partition_c(&cm.to_dynamic()).unwrap());
            same_partition("partition_C mixed", (o, &l), (wo, &wl));
            let (o, l) = thr.partition_a(am).unwrap();
            let (wo, wl) = int(dt.partition_a(&am.to_dynamic()).unwrap());
            same_partition("partition_A mixed", (o, &l), (wo, &wl));
            let (o, l) = thr.partition_b(bm).unwrap();
            let (wo, wl) = int(dt.partition_b(&bm.to_dynamic()).unwrap());
            same_partition("partition_B mixed", (o, &l), (wo, &wl));
        }
        assert!(mma.get_slice(mma.size()).is_err());
        assert!(mma.get_slice(-1).is_err());
    }};
}

fn dyn_atom(name: &str) -> DynAtom {
    DynAtom::new(cute_dynamic::atom::MmaOp::from_name(name).unwrap()).unwrap()
}

#[test]
fn sm80_16x8x16_over_2x2() {
    let (m, n, k) = (1000_i64, 520_i64, 300_i64);
    check_tiled!(
        make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1))),
        dyn_tiled_mma(dyn_atom("SM80_16x8x16_F32F16F16F32_TN"), Some(&dl("(2, 2, 1):(1, 2, 0)")), &[]).unwrap(),
        c: layout!((64, 32)),
        a: layout!((64, 32) : (32, 1)),
        b: layout!((32, 32)),
        cm: layout!((64, 32) : (1, m)).unwrap(),
        am: layout!((64, 32) : (k, 1)).unwrap(),
        bm: layout!((32, 32) : (1, n)).unwrap()
    );
}

#[test]
fn sm80_16x8x16_permuted() {
    // CuTe's permutation of N: (8, 2, 2):(1, 16, 8) interleaves the atoms'
    // columns, as the SM80 GEMMs do for their 128-bit copies
    let ld = 96_i64;
    check_tiled!(
        make_tiled_mma_permuted(
            SM80_16x8x16_F32F16F16F32_TN,
            layout!((2, 2, 1)),
            (tile!(32), layout!((8, 2, 2) : (1, 16, 8)), tile!(16))
        ),
        dyn_tiled_mma(
            dyn_atom("SM80_16x8x16_F32F16F16F32_TN"),
            Some(&dl("(2, 2, 1):(1, 2, 0)")),
            &[DynTiler::Int(32), DynTiler::Layout(dl("(8, 2, 2):(1, 16, 8)")), DynTiler::Int(16)]
        )
        .unwrap(),
        c: layout!((32, 64)),
        a: layout!((32, 32)),
        b: layout!((64, 16)),
        cm: layout!((32, 64) : (1, ld)).unwrap(),
        am: layout!((32, 32) : (ld, 1)).unwrap(),
        bm: layout!((64, 16) : (1, ld)).unwrap()
    );
}

#[test]
fn sm70_quad_pairs() {
    let ld = 40_i64;
    check_tiled!(
        make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout!((2, 2) : (2, 1))),
        dyn_tiled_mma(dyn_atom("SM70_8x8x4_F32F16F16F32_TN"), Some(&dl("(2, 2, 1):(2, 1, 0)")), &[]).unwrap(),
        c: layout!((32, 16)),
        a: layout!((32, 8)),
        b: layout!((16, 8)),
        cm: layout!((32, 16) : (1, ld)).unwrap(),
        am: layout!((32, 8) : (1, ld)).unwrap(),
        bm: layout!((16, 8) : (ld, 1)).unwrap()
    );
}

#[test]
fn tf32_and_f64_atoms() {
    let ld = 72_i64;
    check_tiled!(
        make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((1, 2, 2))),
        dyn_tiled_mma(dyn_atom("SM80_16x8x8_F32TF32TF32F32_TN"), Some(&dl("(1, 2, 2):(0, 1, 2)")), &[]).unwrap(),
        c: layout!((16, 32)),
        a: layout!((16, 32)),
        b: layout!((32, 32)),
        cm: layout!((16, 32) : (1, ld)).unwrap(),
        am: layout!((16, 32) : (1, ld)).unwrap(),
        bm: layout!((32, 32) : (1, ld)).unwrap()
    );
    check_tiled!(
        make_tiled_mma_permuted(SM80_8x8x4_F64F64F64F64_TN, layout!((2, 1, 1)), (Keep, tile!(16))),
        dyn_tiled_mma(dyn_atom("SM80_8x8x4_F64F64F64F64_TN"), Some(&dl("(2, 1, 1):(1, 0, 0)")), &[DynTiler::None, DynTiler::Int(16)]).unwrap(),
        c: layout!((16, 32)),
        a: layout!((16, 8)),
        b: layout!((32, 8)),
        cm: layout!((16, 32) : (1, ld)).unwrap(),
        am: layout!((16, 8) : (1, ld)).unwrap(),
        bm: layout!((32, 8) : (1, ld)).unwrap()
    );
}

#[test]
fn universal_fma_over_16x16() {
    let ld = 40_i64;
    check_tiled!(
        make_tiled_mma(UniversalFMA::<f32>::default(), layout!((16, 16, 1))),
        dyn_tiled_mma(
            DynAtom::new(cute_dynamic::atom::MmaOp::UniversalFma(cute_dynamic::atom::ValueType::F32)).unwrap(),
            Some(&dl("(16, 16, 1):(1, 16, 0)")),
            &[]
        )
        .unwrap(),
        c: layout!((32, 32)),
        a: layout!((32, 8)),
        b: layout!((32, 8)),
        cm: layout!((32, 32) : (1, ld)).unwrap(),
        am: layout!((32, 8) : (1, ld)).unwrap(),
        bm: layout!((32, 8) : (1, ld)).unwrap()
    );
}

#[test]
fn a_third_mode_goes_to_the_rest() {
    // a batch of C tiles, (M, N, L): the extra mode is kept by every thread
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let d = dyn_tiled_mma(
        dyn_atom("SM80_16x8x16_F32F16F16F32_TN"),
        Some(&dl("(2, 2, 1):(1, 2, 0)")),
        &[],
    )
    .unwrap();
    let c = layout!((32, 32, 3));
    assert_eq!(
        mma.thrfrg_c(c).to_dynamic(),
        d.thrfrg_c(&c.to_dynamic()).unwrap()
    );
    let (o, l) = mma.get_slice(70).unwrap().partition_c(c).unwrap();
    let (wo, wl) = d
        .get_slice(70)
        .unwrap()
        .partition_c(&c.to_dynamic())
        .unwrap();
    assert_eq!((o, l.to_dynamic()), (wo.as_int().unwrap(), wl));
    assert_eq!(l.to_string(), "((_2,_2),_1,_2,_3):((_32,_8),_0,_512,_1024)");
}

#[test]
fn a_run_time_extent_the_tile_does_not_divide_is_an_error() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let m = 48;
    let e = mma.thrfrg_c(layout!((m, 64)).unwrap()).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    assert!(
        e.to_string()
            .contains("tile extent 32 does not divide the size 48 of mode 0"),
        "{e}"
    );
    let k = 40;
    let e = mma
        .get_slice(0)
        .unwrap()
        .partition_b(layout!((64, k)).unwrap())
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("tile extent 16 does not divide the size 40 of mode 1"),
        "{e}"
    );
    // a run-time extent that the tile divides
    let n = 64;
    assert!(mma
        .get_slice(3)
        .unwrap()
        .partition_c(layout!((n, 64)).unwrap())
        .is_ok());
}

#[test]
fn fragments_are_stack_arrays_of_the_cosize() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let thr = mma.get_slice(5).unwrap();
    let acc = thr.partition_fragment_c(&layout!((128, 128)));
    type Acc = crate::Layout![((2, 2), 4, 8) : ((1, 2), 4, 16)];
    let _: Fragment<f32, Acc> = acc;
    assert_eq!(
        core::mem::size_of_val(&acc),
        128 * core::mem::size_of::<f32>()
    );
    assert_eq!(acc.len(), 128);
    assert!(acc.as_slice().iter().all(|&x| x == 0.0));
    // f64 accumulators of the 8x8x4 atom, 2 x 2 of them over a 64 x 64
    // tile: 2 values of each of the 4 x 4 tiles of 16 x 16, per thread
    let mma = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, layout!((2, 2, 1)));
    let acc = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_c(&layout!((64, 64)));
    assert_eq!(acc.layout().to_string(), "(_2,_4,_4):(_1,_2,_8)");
    assert_eq!(
        core::mem::size_of_val(&acc),
        32 * core::mem::size_of::<f64>()
    );
    // a layout with holes stores its cosize
    type Holes = crate::Layout![(2, 3) : (1, 4)];
    let mut f: Fragment<u16, Holes> = Fragment::new(7);
    assert_eq!((f.len(), core::mem::size_of_val(&f)), (10, 20));
    f[(1, 2)] = 3;
    assert_eq!((f.offset((1, 2)), f.as_slice()[9], f[5]), (9, 3, 3)); // 5 is (1, 2)
    let g = f;
    assert_eq!(g, f);
}

#[test]
fn partitions_cover_the_tile_once() {
    // every element of a C tile belongs to exactly one thread's partition
    let mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout!((2, 2, 1)));
    let c = layout!((32, 64));
    let mut seen = vec![0_u32; 32 * 64];
    for t in 0..mma.size() {
        let (o, l) = mma.get_slice(t).unwrap().partition_c(c).unwrap();
        for i in 0..LayoutLike::size(&l) {
            seen[(o + l.eval(i)) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1));
}

// ------------------------------------------------------------------ GMMA

/// Checks a GMMA atom against the run-time atom of its instruction and
/// majors: the same atom (name, types, shape, layouts), the instruction
/// its name and majors give, a zero-sized type.
fn check_gmma<G: MmaAtom, A: GmmaMajor, B: GmmaMajor>() -> usize {
    let op = G::dynamic_op();
    let want = DynAtom::new(op).unwrap();
    assert_eq!(G::to_dynamic(), want, "{:?}", G::default());
    assert_eq!(
        cute_dynamic::atom::MmaOp::gmma(G::NAME, A::DYNAMIC, B::DYNAMIC).unwrap(),
        op,
        "{}",
        G::NAME
    );
    assert_eq!(
        format!("{:?}", G::default()),
        format!("{}<{}, {}>", G::NAME, A::NAME, B::NAME)
    );
    assert_eq!(core::mem::size_of::<G>(), 0);
    1
}

#[test]
fn every_gmma_atom_is_the_run_time_atom() {
    use typenum::{
        U104, U112, U120, U128, U136, U144, U152, U16, U160, U168, U176, U184, U192, U200, U208,
        U216, U224, U232, U24, U240, U248, U256, U32, U40, U48, U56, U64, U72, U8, U80, U88, U96,
    };
    // every N, every major of A and B (K-major A only from registers),
    // f16 and bf16
    macro_rules! check_n {
        ($($n:ty),*) => {{
            let mut count = 0;
            $(
                count += check_gmma::<SM90_64xNx16_F32F16F16_SS<$n, KMajor, KMajor>, KMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32F16F16_SS<$n, KMajor, MNMajor>, KMajor, MNMajor>();
                count += check_gmma::<SM90_64xNx16_F32F16F16_SS<$n, MNMajor, KMajor>, MNMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32F16F16_SS<$n, MNMajor, MNMajor>, MNMajor, MNMajor>();
                count += check_gmma::<SM90_64xNx16_F32F16F16_RS<$n, KMajor, KMajor>, KMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32F16F16_RS<$n, KMajor, MNMajor>, KMajor, MNMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_SS<$n, KMajor, KMajor>, KMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_SS<$n, KMajor, MNMajor>, KMajor, MNMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_SS<$n, MNMajor, KMajor>, MNMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_SS<$n, MNMajor, MNMajor>, MNMajor, MNMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_RS<$n, KMajor, KMajor>, KMajor, KMajor>();
                count += check_gmma::<SM90_64xNx16_F32BF16BF16_RS<$n, KMajor, MNMajor>, KMajor, MNMajor>();
            )*
            count
        }};
    }
    let count = check_n!(
        U8, U16, U24, U32, U40, U48, U56, U64, U72, U80, U88, U96, U104, U112, U120, U128, U136,
        U144, U152, U160, U168, U176, U184, U192, U200, U208, U216, U224, U232, U240, U248, U256
    );
    assert_eq!(count, 32 * 12);
}

#[test]
fn gmma_over_two_warpgroups() {
    // CuTe C++ (make_tiled_mma(SM90_64x64x16_F32F16F16_SS<K, MN>{},
    // Layout<Shape<_2, _1, _1>>{})) prints these
    let mma = make_tiled_mma(
        SM90_64xNx16_F32F16F16_SS::<typenum::U64, KMajor, MNMajor>::new(),
        layout!((2, 1, 1)),
    );
    assert_eq!(
        mma.get_layout_c_tv().to_string(),
        "((_4,_8,_8),((_2,_2,_8),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))"
    );
    assert_eq!(
        mma.get_layout_a_tv().to_string(),
        "((_128,_2),((_64,_16),(_1,_1))):((_0,_64),((_1,_128),(_0,_0)))"
    );
    assert_eq!(
        mma.get_layout_b_tv().to_string(),
        "(_256,((_64,_16),(_1,_1))):(_0,((_1,_64),(_0,_0)))"
    );
    let c = layout!((128, 128));
    let acc = mma.get_slice(5).unwrap().partition_fragment_c(&c);
    assert_eq!(
        acc.layout().to_string(),
        "((_2,_2,_8),_1,_2):((_1,_2,_4),_0,_32)"
    );
    assert_eq!(acc.len(), 64);
    let (_, t_c) = mma.get_slice(5).unwrap().partition_c(c).unwrap();
    assert_eq!(
        t_c.to_string(),
        "((_2,_2,_8),_1,_2):((_128,_8,_1024),_0,_8192)"
    );
    // and everything against the run-time tiled MMA
    let (m, n, k) = (1000_i64, 520_i64, 300_i64);
    let op = cute_dynamic::atom::MmaOp::gmma(
        "SM90_64x64x16_F32F16F16_SS",
        cute_dynamic::atom::Major::K,
        cute_dynamic::atom::Major::MN,
    )
    .unwrap();
    check_tiled!(
        mma,
        dyn_tiled_mma(DynAtom::new(op).unwrap(), Some(&dl("(2, 1, 1):(1, 0, 0)")), &[]).unwrap(),
        c: layout!((128, 128)),
        a: layout!((128, 32) : (32, 1)),
        b: layout!((64, 32) : (1, 64)),
        cm: layout!((128, 128) : (1, m)).unwrap(),
        am: layout!((128, 32) : (k, 1)).unwrap(),
        bm: layout!((64, 32) : (1, n)).unwrap()
    );
}

#[test]
fn gmma_from_registers_of_the_widest_n() {
    // A from registers, N = 256: 128 f32 accumulators a thread
    type G = SM90_64xNx16_F32BF16BF16_RS<typenum::U256, KMajor, KMajor>;
    let mma = make_tiled_mma(G::new(), layout!((1, 1, 1)));
    let acc = mma
        .get_slice(127)
        .unwrap()
        .partition_fragment_c(&layout!((64, 256)));
    type Acc = crate::Layout![((2, 2, 32), 1, 1) : ((1, 2, 4), 0, 0)];
    let _: Fragment<f32, Acc> = acc;
    assert_eq!(core::mem::size_of_val(&acc), 128 * 4);
    let ld = 264_i64;
    let op = cute_dynamic::atom::MmaOp::gmma(
        "SM90_64x256x16_F32BF16BF16_RS",
        cute_dynamic::atom::Major::K,
        cute_dynamic::atom::Major::K,
    )
    .unwrap();
    check_tiled!(
        mma,
        dyn_tiled_mma(DynAtom::new(op).unwrap(), Some(&dl("(1, 1, 1):(0, 0, 0)")), &[]).unwrap(),
        c: layout!((64, 256)),
        a: layout!((64, 32) : (32, 1)),
        b: layout!((256, 16) : (16, 1)),
        cm: layout!((64, 256) : (ld, 1)).unwrap(),
        am: layout!((64, 32) : (ld, 1)).unwrap(),
        bm: layout!((256, 16) : (ld, 1)).unwrap()
    );
    // the register fragment of A: 8 values of each 64 x 16 block a thread
    let s_a = layout!((64, 32) : (32, 1));
    let frag_a = mma.get_slice(9).unwrap().partition_fragment_a(&s_a);
    let d = mma.to_dynamic();
    assert_eq!(
        frag_a.layout().to_dynamic(),
        d.get_slice(9)
            .unwrap()
            .partition_fragment_a(&s_a.to_dynamic())
            .unwrap()
    );
    assert_eq!(frag_a.len(), 16);
}
