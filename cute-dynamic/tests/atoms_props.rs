//! Properties of the atom layer: a tiled MMA's C layout is a bijection onto
//! its tile, every thread's partitions of A, B and C cover the tile exactly
//! once across the threads that own them, and a tiled copy's source and
//! destination layouts each cover its tile exactly once (or, where threads
//! repeat an operand, the same number of times).

use cute_dynamic::atom::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, make_tiled_mma,
    CopyAtom, CopyOp, MmaAtom, MmaOp, TiledMma, ValueType,
};
use cute_dynamic::layout::Tiler;
use cute_dynamic::{Layout, Scalar};
use proptest::prelude::*;

const ATOMS: &[&str] = &[
    "SM70_8x8x4_F32F16F16F32_TN",
    "SM75_16x8x8_F32F16F16F32_TN",
    "SM80_16x8x8_F32F16F16F32_TN",
    "SM80_16x8x16_F32F16F16F32_TN",
    "SM80_16x8x16_F32BF16BF16F32_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_16x8x32_S32S8S8S32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
];

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The atom of index `i`: one of `ATOMS`, or UniversalFMA.
fn atom(i: usize) -> MmaAtom {
    let op = match ATOMS.get(i) {
        Some(name) => MmaOp::from_name(name).unwrap(),
        None => MmaOp::UniversalFma(ValueType::F32),
    };
    MmaAtom::new(op).unwrap()
}

/// Counts how often each of `0..n` is an offset of `layout`, shifted by
/// `off`; panics on an offset outside.
fn count(hits: &mut [u32], off: &Scalar, layout: &Layout) {
    let Scalar::Int(off) = *off else {
        panic!("an integer offset")
    };
    for i in 0..layout.size().unwrap() {
        let x = off + layout.call_int(i).unwrap();
        hits[usize::try_from(x).unwrap()] += 1;
    }
}

/// Whether `tv` maps `(thread, value)` one to one onto `0..n`, for the
/// threads `threads` (all of them if `None`).
fn bijection_of(tv: &Layout, n: i64, threads: Option<&Layout>) -> bool {
    let mut hits = vec![0_u32; usize::try_from(n).unwrap()];
    let (t, v) = (tv.size_mode(&[0]).unwrap(), tv.size_mode(&[1]).unwrap());
    let thread_ids: Vec<i64> = match threads {
        // the threads of the first K slice (the threads of another K split
        // hold the same C)
        Some(l) => {
            let k = l.size_mode(&[3]).unwrap();
            (0..l.size().unwrap() / k)
                .map(|i| l.call_int(i).unwrap())
                .collect()
        }
        None => (0..t).collect(),
    };
    for &ti in &thread_ids {
        for vi in 0..v {
            let x = tv.call_int(ti + t * vi).unwrap();
            hits[usize::try_from(x).unwrap()] += 1;
        }
    }
    hits.iter().all(|&h| h == 1)
}

fn bijection(tv: &Layout, n: i64) -> bool {
    bijection_of(tv, n, None)
}

/// How many times `tv` reaches each of `0..n`, if every one the same
/// number of times.
fn uniform_cover(tv: &Layout, n: i64) -> Option<u32> {
    let mut hits = vec![0_u32; usize::try_from(n).unwrap()];
    count(&mut hits, &Scalar::Int(0), tv);
    hits.iter().all(|&h| h == hits[0]).then_some(hits[0])
}

fn tiled(i: usize, m: i64, n: i64, k: i64, row_major: bool, perm: bool) -> TiledMma {
    let strides = if row_major {
        format!("({}, 1, {})", n, m * n)
    } else {
        format!("(1, {m}, {})", m * n)
    };
    let layout = l(&format!("({m}, {n}, {k}):{strides}"));
    let a = atom(i);
    let [am, an, ak] = a.shape_mnk();
    let p = if perm {
        vec![
            Tiler::Int(am * m * 2),
            Tiler::Int(an * n),
            Tiler::Int(ak * k),
        ]
    } else {
        vec![]
    };
    make_tiled_mma(a, Some(&layout), &p).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn tiled_mma_partitions_cover_the_tile(
        i in 0..=ATOMS.len(), m in 1..3_i64, n in 1..3_i64, k in 1..3_i64,
        row_major in any::<bool>(), perm in any::<bool>(), reps in 1..3_i64,
    ) {
        let tm = tiled(i, m, n, k, row_major, perm);
        let [tm_, tn, tk] = tm.tile_shape().unwrap();
        // the C layout is a bijection onto the (M, N) tile
        let vmnk = tm.thr_layout_vmnk();
        prop_assert!(bijection_of(&tm.get_layout_c_tv().unwrap(), tm_ * tn, Some(vmnk)));
        let threads = tm.size().unwrap();
        // partitions of tiles several times the tiled MMA's
        let (big_m, big_n, big_k) = (tm_ * reps, tn * reps, tk * reps);
        let c = l(&format!("({big_m}, {big_n}):(1, {big_m})"));
        let a = l(&format!("({big_m}, {big_k}):(1, {big_m})"));
        let b = l(&format!("({big_n}, {big_k}):({big_k}, 1)"));
        let (mut hc, mut ha, mut hb) = (
            vec![0_u32; (big_m * big_n) as usize],
            vec![0_u32; (big_m * big_k) as usize],
            vec![0_u32; (big_n * big_k) as usize],
        );
        // the thread indices: the offsets of the thread layout
        for i in 0..threads {
            let s = tm.get_slice(vmnk.call_int(i).unwrap()).unwrap();
            let (off, p) = s.partition_c(&c).unwrap();
            count(&mut hc, &off, &p);
            let [_, tm_i, tn_i, _] = s.vmnk();
            // A is the same for every thread of the same M and K: count N's first
            if tn_i == 0 {
                let (off, p) = s.partition_a(&a).unwrap();
                count(&mut ha, &off, &p);
            }
            if tm_i == 0 {
                let (off, p) = s.partition_b(&b).unwrap();
                count(&mut hb, &off, &p);
            }
            // the fragment has the partition's shape, compact
            let f = s.partition_fragment_c(&c).unwrap();
            prop_assert_eq!(f.shape(), p_shape(&s.partition_c(&c).unwrap().1));
            prop_assert_eq!(f.cosize().unwrap(), f.size().unwrap());
        }
        // K of the tiled MMA's threads splits C: each element once per ThrK
        let kthreads = vmnk.size_mode(&[3]).unwrap() as u32;
        prop_assert!(hc.iter().all(|&h| h == kthreads), "C covered {:?}", hc);
        prop_assert!(ha.iter().all(|&h| h == 1), "A covered {:?}", ha);
        prop_assert!(hb.iter().all(|&h| h == 1), "B covered {:?}", hb);
    }

    #[test]
    fn tiled_copy_layouts_cover_the_tile(
        tm_ in 1..5_i64, tn in 1..5_i64, vm in 1..3_i64, vn in 1..5_i64, row_major in any::<bool>(),
    ) {
        let thr = if row_major { l(&format!("({tm_}, {tn}):({tn}, 1)")) } else { l(&format!("({tm_}, {tn}):(1, {tm_})")) };
        let val = l(&format!("({vm}, {vn}):(1, {vm})"));
        let ca = CopyAtom::new(CopyOp::universal(ValueType::F32), ValueType::F32).unwrap();
        let tc = make_tiled_copy(ca, &thr, &val).unwrap();
        let n = tm_ * tn * vm * vn;
        prop_assert!(bijection(&tc.get_layout_s_tv().unwrap(), n));
        prop_assert!(bijection(&tc.get_layout_d_tv().unwrap(), n));
        // every thread's partitions of twice the tile cover it once
        let tile = tc.tile_shape().unwrap();
        let (m, nn) = (tile[0] * 2, tile[1] * 2);
        let src = l(&format!("({m}, {nn}):({nn}, 1)"));
        let mut hits = vec![0_u32; (m * nn) as usize];
        for t in 0..tm_ * tn {
            let (off, p) = tc.get_slice(t).unwrap().partition_s(&src).unwrap();
            count(&mut hits, &off, &p);
            let (off_d, p_d) = tc.get_slice(t).unwrap().partition_d(&src).unwrap();
            // the same atom on both sides: the same elements
            prop_assert_eq!((off, p), (off_d, p_d));
        }
        prop_assert!(hits.iter().all(|&h| h == 1));
    }
}

fn p_shape(l: &Layout) -> cute_dynamic::IntTuple {
    l.shape()
}

/// The tiled copies of a tiled MMA's operands with ldmatrix: their source
/// and destination layouts are bijections onto the operand's tile.
#[test]
fn ldmatrix_copies_of_an_mma_cover_its_tiles() {
    let tm = tiled(3, 2, 2, 1, false, false);
    let [m, n, k] = tm.tile_shape().unwrap();
    for (name, make, size) in [
        (
            "SM75_U32x4_LDSM_N",
            make_tiled_copy_a as fn(_, &_) -> _,
            m * k,
        ),
        ("SM75_U16x4_LDSM_T", make_tiled_copy_b, n * k),
        ("SM75_U32x2_LDSM_N", make_tiled_copy_b, n * k),
        ("SM90_U32x2_STSM_N", make_tiled_copy_c, m * n),
    ] {
        let ca = CopyAtom::new(CopyOp::from_name(name).unwrap(), ValueType::F16).unwrap();
        let tc = make(ca, &tm).unwrap();
        // A is read alike by the threads of each N, B by those of each M;
        // ldmatrix's source rows come from some of an atom's threads, the
        // others repeat them (as CuTe C++ has it)
        let s = uniform_cover(&tc.get_layout_s_tv().unwrap(), size);
        let d = uniform_cover(&tc.get_layout_d_tv().unwrap(), size);
        assert!(s.is_some() && d.is_some(), "{name}: {s:?} {d:?}");
    }
}

/// A thread's partitions of a symbolic layout are the partitions of the
/// layout with the symbols' values, once they are substituted.
#[test]
fn symbolic_partitions_agree_with_integer_ones() {
    use cute_core::sym::Sym;
    let tm = tiled(3, 2, 2, 1, false, false);
    let atom = CopyAtom::new(
        CopyOp::from_name("SM75_U32x4_LDSM_N").unwrap(),
        ValueType::F16,
    )
    .unwrap();
    let tc = make_tiled_copy_a(atom, &tm).unwrap();
    let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
    let k = |x: i64| Sym::from(x);
    let c = Layout::from_modes([
        ((k(128) * m.clone()).unwrap(), Scalar::Int(k(1))),
        (
            (k(128) * n.clone()).unwrap(),
            Scalar::Int((k(128) * m.clone()).unwrap()),
        ),
    ])
    .unwrap();
    for (mv, nv) in [(1, 1), (2, 3), (5, 2)] {
        let values = |s: &str| match s {
            "M" => Some(mv),
            "N" => Some(nv),
            _ => None,
        };
        let at = c.subs(&values).unwrap();
        for t in [0, 5, 37, 127] {
            let s = tm.get_slice(t).unwrap();
            let (_, sym) = s.partition_c(&c).unwrap();
            assert_eq!(
                sym.subs(&values).unwrap(),
                s.partition_c(&at).unwrap().1,
                "C, thread {t}"
            );
            let (_, sym) = s.partition_a(&c).unwrap();
            assert_eq!(
                sym.subs(&values).unwrap(),
                s.partition_a(&at).unwrap().1,
                "A, thread {t}"
            );
            let cs = tc.get_slice(t).unwrap();
            let (_, sym) = cs.partition_s(&c).unwrap();
            assert_eq!(
                sym.subs(&values).unwrap(),
                cs.partition_s(&at).unwrap().1,
                "S, thread {t}"
            );
        }
    }
}

/// Where CuTe C++ lets a wrong partition through, the atom layer refuses:
/// a tile that does not divide the layout it partitions, and a thread index
/// that is not one of the tiled MMA's threads.
#[test]
fn unsound_partitions_are_errors() {
    let tm = tiled(3, 2, 2, 1, false, false); // SM80 16x8x16 over (2, 2, 1): a 32 x 32 x 16 tile
    let s = tm.get_slice(5).unwrap();
    assert!(s.partition_c(&l("(48, 32):(1, 48)")).is_err()); // 32 does not divide 48
    assert!(s.partition_a(&l("(32, 24):(1, 32)")).is_err()); // 16 does not divide 24
    assert!(s.partition_c(&l("(64, 32):(1, 64)")).is_ok());
    // an SM70 quad-pair's threads are 0-3 and 16-19
    let sm70 = make_tiled_mma(atom(0), None, &[]).unwrap();
    assert!(sm70.get_slice(17).is_ok());
    let e = sm70.get_slice(5).unwrap_err().to_string();
    assert!(e.contains("not a thread of the TiledMMA"), "{e}");
    assert!(sm70.get_slice(-1).is_err());
    let ca = CopyAtom::new(CopyOp::universal(ValueType::U128), ValueType::F16).unwrap();
    let tc = make_tiled_copy(ca, &l("(16, 8):(8, 1)"), &l("(1, 8):(1, 1)")).unwrap();
    assert!(tc
        .get_slice(7)
        .unwrap()
        .partition_s(&l("(128, 32):(1, 128)"))
        .is_err());
    assert!(tc.get_slice(128).is_err());
}
