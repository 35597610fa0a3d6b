//! Unit and property tests of the inverses: conformance cases, F2 chains
//! against an enumeration, skipped modes, overflow, coordinate codomains.

use smallvec::SmallVec;

use super::right_f2::eval_f2_modes;
use super::*;
use crate::algebra::flat::prefix_products;
use crate::algebra::testkit::{
    at, check, eval, int_layout, sample, shape_tree, size, with_strides,
};
#[allow(unused_imports)]
use crate::htuple::{HTuple, IntTuple};
#[allow(unused_imports)]
use crate::layout::{tiler_to_layout, Tiler};
use crate::swizzle::F2;
#[allow(unused_imports)]
use crate::typedefs::Scalar;
#[allow(unused_imports)]
use crate::{ArithTuple, Coord};

#[test]
fn conformance_right_inverse() {
    check(&["right_inverse"], |c| right_inverse(&c.layout(0)));
}

#[test]
fn conformance_coord_right_inverse() {
    check(&["coord_right_inverse"], |c| right_inverse(&c.layout(0)));
}

#[test]
fn conformance_f2_right_inverse() {
    check(&["f2_right_inverse"], |c| right_inverse(&c.layout(0)));
}

#[test]
fn conformance_left_inverse() {
    check(&["left_inverse"], |c| left_inverse(&c.layout(0)));
}

#[test]
fn conformance_nullspace() {
    check(&["nullspace"], |c| super::super::nullspace(&c.layout(0)));
}

#[test]
fn conformance_layout_add() {
    check(&["layout_add"], |c| {
        super::super::layout_add(&c.layout(0), &c.layout(1))
    });
}

#[test]
fn conformance_gcd() {
    check(&["greatest_common_domain"], |c| {
        super::super::greatest_common_domain(&c.int_tuple(0).unwrap(), &c.int_tuple(1).unwrap())
    });
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn right_inverse_is_a_right_inverse(a in int_layout()) {
        let r = right_inverse(&a).unwrap();
        for i in sample(size(&r)) {
            let ri = at(&r, i);
            prop_assert_eq!(at(&a, ri), i, "A(R({})) for R = {:?}", i, r);
            prop_assert_eq!(at(&r, at(&a, ri)), ri);
        }
    }

    #[test]
    fn left_inverse_is_a_left_inverse(a in int_layout()) {
        if let Ok(l) = left_inverse(&a) {
            for i in sample(size(&a)) {
                let ai = at(&a, i);
                prop_assert_eq!(at(&a, at(&l, ai)), ai, "L = {:?}", l);
            }
        }
    }

    #[test]
    fn left_inverse_exists_for_compact_chains(
        shape in shape_tree(),
        seed in any::<u64>(),
    ) {
        // a compact layout with its modes in a scrambled order
        let ext: Vec<i64> = shape.leaves().copied().collect();
        let mut order: Vec<usize> = (0..ext.len()).collect();
        let mut x = seed;
        for k in (1..order.len()).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            order.swap(k, (x >> 33) as usize % (k + 1));
        }
        let mut d = vec![Scalar::Int(0); ext.len()];
        let mut acc = 1;
        for &k in &order {
            d[k] = Scalar::Int(acc);
            acc *= ext[k];
        }
        let a = with_strides(&shape, &d);
        let l = left_inverse(&a).unwrap();
        for i in sample(size(&a)) {
            prop_assert_eq!(at(&l, at(&a, i)), i);
        }
    }

    #[test]
    fn f2_right_inverse_is_a_right_inverse(
        bits in proptest::collection::vec(0u32..=3, 1..=4),
        strides in proptest::collection::vec(0u64..64, 4),
        pure in any::<bool>(),
    ) {
        // power-of-two extents; either a permuted pure chain with carries
        // or random strides
        let ext: Vec<i64> = bits.iter().map(|&b| 1i64 << b).collect();
        let mut d: Vec<Scalar> = Vec::new();
        let mut cur = 1u64;
        for (k, &b) in bits.iter().enumerate() {
            let v = if pure { cur ^ (strides[k] % cur.max(1)) } else { strides[k] };
            d.push(Scalar::F2(F2(v)));
            cur <<= b;
        }
        let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
        let a = with_strides(&shape, &d);
        let r = right_inverse(&a).unwrap();
        for i in sample(size(&r)) {
            let ri = at(&r, i);
            prop_assert_eq!(at(&r, at(&a, ri)), ri, "R = {:?}", r);
        }
    }
}

/// The carry-less product of two small values.
fn clmul(a: u64, b: u64) -> u64 {
    (0..64)
        .filter(|j| b >> j & 1 == 1)
        .fold(0, |acc, j| acc ^ (a << j))
}

/// The sizes of the right inverses the specification's F2 chain allows
/// for the flat F2 `modes` (with their prefix products), computed by
/// enumeration: the modes of nonzero stride and extent other than 1,
/// sorted by stride, taken in turn while the covered range `[0, cur)` is
/// closed under XOR (`cur` a power of two). A mode continues the chain if
/// its stride is `cur ^ carry` with `carry < cur` and `v * carry < cur`
/// for every coordinate `v` of the mode; a stride below `cur` overlaps
/// and is skipped, and so is a mode whose prefix product is not a power
/// of two (no F2 stride reaches it). Returns the chain's sizes, `1`
/// first, and the links `(extent, stride)` taken.
fn spec_f2_chain(modes: &[(i64, u64, i64)]) -> (Vec<i64>, Vec<(i64, u64)>) {
    let mut links: Vec<(i64, u64, i64)> = modes
        .iter()
        .copied()
        .filter(|&(s, d, _)| d != 0 && s != 1)
        .collect();
    links.sort_by_key(|&(_, d, _)| d);
    let (mut sizes, mut taken) = (vec![1], Vec::new());
    let mut cur: u64 = 1;
    for (s, d, p) in links {
        if !cur.is_power_of_two() {
            break;
        }
        if d < cur || !(p > 0 && (p as u64).is_power_of_two()) {
            continue;
        }
        let carry = d ^ cur;
        if carry >= cur || (0..s as u64).any(|v| clmul(v, carry) >= cur) {
            break;
        }
        cur *= s as u64;
        sizes.push(cur as i64);
        taken.push((s, d));
    }
    (sizes, taken)
}

/// True iff some F2 stride `r` extends the right inverse `r0` of `a` by
/// a mode of extent `s`, onto the range `[0, size(r0) * s)`, within A's
/// domain: `A(r0(x) ^ v * r) == x + size(r0) * v` with every index
/// `r0(x) ^ v * r` below `size(A)`. Every `r` below `size(A)` is tried
/// (a larger one is itself past the domain: the index of `x = 0, v = 1`).
fn f2_extension_exists(a: &Layout, r0: &Layout, s: i64) -> bool {
    let (n, domain) = (size(r0), size(a));
    let base: Vec<u64> = (0..n).map(|x| at(r0, x) as u64).collect();
    (0..domain as u64).any(|r| {
        (1..s).all(|v| {
            let hi = clmul(v as u64, r);
            base.iter().enumerate().all(|(x, &b)| {
                let idx = (b ^ hi) as i64;
                idx < domain && at(a, idx) == x as i64 + n * v
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Over random small F2 layouts, extents of any size: `R` is a right
    /// inverse (`A(R(i)) == i` for every `i`), its size is one of the
    /// sizes the specification's chain goes through, and where it stops
    /// short of the chain's end, no F2 stride extends it by the chain's
    /// next mode within A's domain (searched exhaustively): it is the
    /// largest.
    #[test]
    fn f2_right_inverse_is_the_chain_the_specification_allows(
        ext in proptest::collection::vec(prop::sample::select(vec![1i64, 2, 2, 4, 4, 8, 3, 5, 6, 7]), 1..=5),
        picks in proptest::collection::vec((0u64..64, 0u64..128, 0u8..6, 0usize..5, 0usize..5), 5),
        order in Just(()).prop_perturb(|_, mut rng| {
            let mut o: Vec<usize> = (0..5).collect();
            for k in (1..5).rev() {
                o.swap(k, (rng.next_u32() as usize) % (k + 1));
            }
            o
        }),
    ) {
        // at most 1024 indices (extents past that are 1)
        let mut ext = ext;
        let mut total = 1;
        for e in ext.iter_mut() {
            if total * *e > 1024 {
                *e = 1;
            }
            total *= *e;
        }
        // strides: the chain in a scrambled order, `cur` or `cur ^ carry`
        // with a small carry, random values, and the XOR of two strides
        // given before (a non-injective A, with many candidate strides)
        let n = ext.len();
        let mut d = vec![0u64; n];
        let mut given: Vec<u64> = Vec::new();
        let mut cur = 1u64;
        for &k in order.iter().filter(|&&k| k < n) {
            let (carry, random, kind, x, y) = picks[k];
            d[k] = match kind {
                0 => random,
                1 => cur,
                2 => cur ^ (carry % (cur >> 2).max(1)),
                3 => cur ^ (carry % cur.next_power_of_two()),
                _ if given.is_empty() => cur,
                _ => given[x % given.len()] ^ given[y % given.len()] ^ (carry & 1),
            };
            given.push(d[k]);
            cur = cur.saturating_mul(ext[k] as u64);
        }
        let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
        let a = with_strides(&shape, &d.iter().map(|&x| Scalar::F2(F2(x))).collect::<Vec<_>>());
        let mut modes = Vec::new();
        let mut p = 1;
        for (&s, &x) in ext.iter().zip(&d) {
            modes.push((s, x, p));
            p *= s;
        }
        let (sizes, links) = spec_f2_chain(&modes);
        let r = right_inverse(&a).unwrap();
        let n_r = size(&r);
        for i in 0..n_r {
            let ri = at(&r, i);
            prop_assert!((0..size(&a)).contains(&ri), "R({}) = {} for A = {:?}, R = {:?}", i, ri, a, r);
            prop_assert_eq!(at(&a, ri), i, "A(R({})) for A = {:?}, R = {:?}", i, a, r);
        }
        let k = sizes.iter().position(|&x| x == n_r);
        prop_assert!(k.is_some(), "size of R = {:?} for A = {:?} is none of {:?}", r, a, sizes);
        let k = k.unwrap();
        if let Some(&(s, _)) = links.get(k) {
            prop_assert!(
                !f2_extension_exists(&a, &r, s),
                "R = {:?} for A = {:?} stops before the mode of extent {} the chain {:?} allows",
                r, a, s, links
            );
        }
    }
}

#[test]
fn f2_right_inverse_of_extents_that_are_not_powers_of_two() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let ri = |s: &str| format!("{:?}", right_inverse(&l(s)).unwrap());
    // the mode 3:F16 extends the chain (F1, F5) and ends it
    assert_eq!(
        ri("(4, (4, 3)):(F1, (F5, F16))"),
        "Layout((4, 4, 3), (F1, F5, F16))"
    );
    // a mode whose prefix product is not a power of two is skipped
    assert_eq!(ri("(3, 4):(F2, F1)"), "Layout(1, 0)");
    // nothing follows it, whatever its stride
    assert_eq!(ri("(2, 3, 2):(F1, F2, F6)"), "Layout(6, F1)");
    // an extent that is not a power of two, first in the chain
    assert_eq!(ri("5:F1"), "Layout(5, F1)");
    // a carry over such an extent: v * carry < cur for v < 3
    assert_eq!(ri("(4, 3):(F1, F5)"), "Layout((4, 3), (F1, F5))");
    // ... and one that leaves the covered range (2 * 3 = 6 >= 4)
    assert_eq!(ri("(4, 3):(F1, F7)"), "Layout(4, F1)");
    // the carry of 3:F5 comes back through the index 2, and 2 << 1
    // reaches the mode 3:F5 of A, past which A is not linear: the mode
    // is checked index by index, and kept where A maps them all back
    assert_eq!(
        ri("(2, 2, 3, 2):(F2, F1, F5, F8)"),
        "Layout((2, 2, 3), (F2, F1, F6))"
    );
    assert_eq!(
        ri("(2, 2, 3, 2):(F2, F1, F5, F9)"),
        "Layout((2, 2), (F2, F1))"
    );
}

#[test]
fn f2_right_inverse_finds_a_stride_where_the_first_candidate_fails() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let check = |a: &Layout, want: &str| {
        let r = right_inverse(a).unwrap();
        assert_eq!(format!("{r:?}"), want);
        for i in 0..size(&r) {
            let ri = at(&r, i);
            assert!((0..size(a)).contains(&ri), "R({i}) = {ri}");
            assert_eq!(at(a, ri), i, "A(R({i}))");
        }
    };
    // F36 = F32 ^ F4: the carry 4 comes back through F128, whose shift
    // 256 is no index of value 8; A is not injective (F12 = F8 ^ F4), and
    // the stride F41 does map 1 and 2 to 32 and 64
    check(
        &l("(8, 4, 4, 8):(F12, F8, F36, F1)"),
        "Layout((8, 4, 4), (F128, F8, F41))",
    );
    // the one stride of value 16 is 33, and 66 lies past the domain: the
    // chain stops, A(66) is only reached in the extended domain
    check(
        &l("(4, 1, 2, 8):(F20, F0, F8, F1)"),
        "Layout((8, 2), (F8, F4))",
    );
    // every power-of-two chain of a compact swizzle is found whole
    check(&l("(8, 8):(F9, F1)"), "Layout((8, 8), (F8, F9))");
}

#[test]
fn right_inverse_skips_modes_that_do_not_extend_the_chain() {
    let flat = |s: &[i64], d: Vec<Scalar>| {
        with_strides(
            &HTuple::Tuple(s.iter().map(|&x| HTuple::Leaf(x)).collect()),
            &d,
        )
    };
    let z = |d: &[i64]| d.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>();
    let f = |d: &[u64]| d.iter().map(|&x| Scalar::F2(F2(x))).collect::<Vec<_>>();
    let e = |k: i64, i: usize| ArithTuple::e(&[i]).scale(k).unwrap();
    // Z: 3:1 overlaps 2:1; the chain goes on with 4:2
    let r = right_inverse(&flat(&[2, 3, 4], z(&[1, 1, 2]))).unwrap();
    assert_eq!(format!("{r:?}"), "Layout((2, 4), (1, 6))");
    // several overlapping modes in a row, in any order
    let r = right_inverse(&flat(&[3, 2, 2, 5], z(&[6, 1, 1, 2]))).unwrap();
    assert_eq!(format!("{r:?}"), "Layout((2, 5), (3, 12))");
    // Z^S: per axis
    let r = right_inverse(&flat(
        &[2, 3, 4, 5],
        vec![e(1, 0), e(1, 1), e(2, 0), e(1, 1)],
    ))
    .unwrap();
    assert_eq!(format!("{r:?}"), "Layout(((2, 4), 3), ((1, 6), 2))");
    // F2: F1 of the second mode lies inside what the first covers
    let r = right_inverse(&flat(&[2, 2, 4], f(&[1, 1, 2]))).unwrap();
    assert_eq!(format!("{r:?}"), "Layout((2, 4), (F1, F4))");
    // F2: the overlapping mode 3:F1 sorts between the modes of the chain
    let r = right_inverse(&flat(&[2, 2, 3], f(&[1, 2, 1]))).unwrap();
    assert_eq!(format!("{r:?}"), "Layout(4, F1)");
    // F2, as the specification says: a carry that leaves the covered
    // range stops the chain (F7 = F4 ^ F3 over extent 2: 3 * 1 has
    // degree 1 < 2, fine; F6 over extent 4 carries 2 * 3 = 6 past 4)
    let r = right_inverse(&flat(&[4, 4, 2], f(&[1, 6, 16]))).unwrap();
    assert_eq!(format!("{r:?}"), "Layout(4, F1)");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn coordinate_right_inverse_is_a_right_inverse(
        shape in shape_tree(),
        picks in proptest::collection::vec((0usize..3, 0i64..5), 16),
    ) {
        // strides k@0 or k@1 (some zero): R(A(R(i))) == R(i), reading the
        // coordinate A(R(i)) axis by axis on R's modes
        let d: Vec<Scalar> = picks.iter().take(shape.leaf_count())
            .map(|&(p, k)| match p {
                2 => Scalar::Int(0),
                p => ArithTuple::e(&[p]).scale(k).unwrap(),
            })
            .collect();
        let a = with_strides(&shape, &d);
        let r = right_inverse(&a).unwrap();
        let axes = super::super::testkit::modes_of(&r);
        for i in sample(size(&r)) {
            let ri = at(&r, i);
            let Scalar::Arith(c) = eval(&a, ri) else {
                // every stride zero: R is 1:0
                prop_assert_eq!(size(&r), 1);
                continue;
            };
            let c = c.as_tuple();
            let back: i64 = axes.iter().enumerate().map(|(k, m)| {
                let ck = c.modes().get(k).and_then(|x| x.as_leaf()).and_then(Scalar::as_int).unwrap_or(0);
                at(m, ck)
            }).sum();
            prop_assert_eq!(back, ri, "R = {:?}", r);
        }
    }
}

#[test]
fn inverses_of_many_leaves() {
    // 40 leaves: a compact chain of extent-2 modes in reversed order,
    // with every fifth stride zeroed, nested in pairs.
    let n = 40;
    let d: Vec<Scalar> = (0..n)
        .map(|k| Scalar::Int(if k % 5 == 0 { 0 } else { 1i64 << (n - 1 - k) }))
        .collect();
    let shape = HTuple::Tuple(
        (0..n / 2)
            .map(|_| HTuple::Tuple(vec![HTuple::Leaf(2), HTuple::Leaf(2)]))
            .collect(),
    );
    // extent-2 modes cover 2^40 at most: no overflow
    let a = with_strides(&shape, &d);
    assert_eq!(a.leaves().len(), 40);
    let r = right_inverse(&a).unwrap();
    let l = left_inverse(&a).unwrap();
    for i in sample(size(&a)) {
        assert_eq!(at(&a, at(&l, at(&a, i))), at(&a, i));
    }
    for i in sample(size(&r)) {
        assert_eq!(at(&a, at(&r, i)), i);
    }
}

#[test]
fn prefix_products_that_overflow_are_errors() {
    let shape = HTuple::Tuple(vec![
        HTuple::Leaf(1 << 62),
        HTuple::Leaf(4),
        HTuple::Leaf(2),
    ]);
    let a = with_strides(&shape, &[Scalar::Int(1), Scalar::Int(0), Scalar::Int(0)]);
    assert_eq!(right_inverse(&a).unwrap_err().op(), "right_inverse");
    assert_eq!(left_inverse(&a).unwrap_err().op(), "left_inverse");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The premise of the F2 right inverse's shortcut: a mode of
    /// power-of-two extent `s`, prefix product `p` and F2 stride `d`
    /// maps the domain index `p << j` to `d << j` for `2^j < s`, whatever
    /// the other modes are (extents positive).
    #[test]
    fn f2_modes_map_their_prefix_bits_linearly(
        ext in proptest::collection::vec(1i64..=8, 1..=5),
        strides in proptest::collection::vec((any::<bool>(), 0u64..64), 5),
    ) {
        let d: Vec<Scalar> = ext
            .iter()
            .zip(&strides)
            .map(|(_, &(f2, x))| if f2 { Scalar::F2(F2(x)) } else { Scalar::Int(x as i64) })
            .collect();
        let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
        let a = with_strides(&shape, &d);
        let modes = a.leaves();
        let mut prefix = SmallVec::new();
        prefix_products(RIGHT, modes, &mut prefix).unwrap();
        for (&(s, ref d), &p) in modes.iter().zip(prefix.iter()) {
            let Scalar::F2(F2(d)) = d else { continue };
            if s & (s - 1) != 0 || p & (p - 1) != 0 {
                continue;
            }
            for j in 0..s.trailing_zeros() {
                prop_assert_eq!(eval_f2_modes(modes, p << j).unwrap(), Some(d << j));
            }
        }
    }
}

#[test]
fn coordinate_codomains_invert_per_axis() {
    let e = |k: i64, i: usize| ArithTuple::e(&[i]).scale(k).unwrap();
    let shape = HTuple::Tuple(vec![HTuple::Leaf(4), HTuple::Leaf(4)]);
    let a = with_strides(&shape, &[e(1, 0), e(1, 1)]);
    let r = right_inverse(&a).unwrap();
    assert_eq!(format!("{r:?}"), "Layout((4, 4), (1, 4))");
    // each axis's inverse maps that axis back to the domain
    for i in 0..4 {
        assert_eq!(eval(&r, i), Scalar::Int(i));
    }
    let l = left_inverse(&with_strides(&shape, &[e(2, 0), e(1, 1)])).unwrap();
    assert_eq!(format!("{l:?}"), "Layout(((2, 4), 4), ((0, 1), 4))");
}

#[test]
fn errors_name_the_operation_and_values() {
    let shape = HTuple::Tuple(vec![HTuple::Leaf(4), HTuple::Leaf(8)]);
    let a = with_strides(&shape, &[Scalar::Int(2), Scalar::Int(3)]);
    let e = left_inverse(&a).unwrap_err();
    assert_eq!(e.op(), "left_inverse");
    assert!(e.to_string().contains("Layout((4, 8), (2, 3))"), "{e}");
    let f = with_strides(&shape, &[Scalar::F2(F2(1)), Scalar::F2(F2(4))]);
    // an F2 layout's left inverse maps back to the domain: integer strides
    assert_eq!(format!("{:?}", left_inverse(&f).unwrap()), "Layout(32, 1)");
    let g = with_strides(&shape, &[Scalar::F2(F2(1)), Scalar::F2(F2(8))]);
    assert_eq!(
        left_inverse(&g).unwrap_err().class(),
        cute_core::ErrorClass::ValueError
    );
}

/// A layout of size 0 (an extent 0) maps every coordinate past the zero
/// extent to its index 0, so no mode after it in the domain's order
/// inverts anything: its right inverse is `1:0`, not a mode whose
/// coordinates all return 0.
#[test]
fn right_inverse_of_a_layout_of_size_0() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    for a in [
        "(0, 6, 4):(0, 13, 1)",
        "(6, 0, 4):(4, 24, 1)",
        "(0, 4):(1, 2)",
    ] {
        assert_eq!(right_inverse(&l(a)).unwrap(), l("1:0"), "{a}");
    }
    // a mode of extent 0 ends the chain, after the modes before it (whose
    // prefixes are not 0)
    assert_eq!(right_inverse(&l("(4, 0):(1, 4)")).unwrap(), l("4:1"));
}
