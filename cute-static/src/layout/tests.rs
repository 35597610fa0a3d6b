use super::eval::{floor_div_fast, floor_divmod_const};
use super::*;
use crate::htuple::Congruent;
use cute_core::{FastDivmod, KnownInt};
use frunk_core::hlist::HNil;

#[test]
fn bridge_walk_reports_leaves_and_their_static_ness() {
    use cute_core::bridge::Node;
    use cute_core::LayoutLike;
    let n = 4_i64;
    let m = crate::layout!((3, (2, n)) : (2, (1, 6))).unwrap();
    let mut seen = Vec::new();
    LayoutLike::walk(&m, &mut |node| {
        seen.push(match node {
            Node::Open => "(".to_string(),
            Node::Close => ")".to_string(),
            Node::Leaf(l) => format!(
                "{}{}:{}{}",
                if l.extent.is_static { "_" } else { "" },
                l.extent.value,
                if l.stride.is_static { "_" } else { "" },
                l.stride.value
            ),
        })
    });
    assert_eq!(seen.concat(), "(_3:_2(_2:_14:_6))");
    assert_eq!(LayoutLike::leaf_count(&m), 3);
    assert!(!LayoutLike::is_static(&m));
    for i in 0..24 {
        let (a, b) = (i % 3, i / 3);
        assert_eq!(m.eval_modes(&[a, b]).unwrap(), m.eval(i));
        assert_eq!(m.eval_natural(&[a, b % 2, b / 2]).unwrap(), m.eval(i));
    }
    let s = crate::layout!(8 : 2);
    assert!(LayoutLike::is_static(&s));
    assert_eq!(s.eval_natural(&[3]).unwrap(), 6);
}
use crate::{coord, layout, shape, stride, Layout as LayoutT};
use cute_core::LayoutLike;
use proptest::prelude::*;

/// The run-time layout `shape:stride` of two flat-of-pairs trees.
fn dynamic_of(
    shape: cute_dynamic::IntTuple,
    stride: cute_dynamic::IntTuple,
) -> cute_dynamic::Layout {
    let stride = stride.map(&mut |&x| cute_dynamic::Scalar::Int(x));
    cute_dynamic::Layout::new(shape, stride).expect("congruent")
}

#[test]
fn test_static_is_zero_sized() {
    let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
    assert_eq!(core::mem::size_of_val(&a), 0);
    assert_eq!(
        core::mem::size_of::<LayoutT![((8, 4), (2, 16)) : ((1, 64), (8, 128))]>(),
        0
    );
    assert!(a.is_static());
    let n = 4;
    let m = layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap();
    assert!(!m.is_static());
    const { assert!(!<LayoutT![(4, {}) : (1, 4)]>::IS_STATIC) };
    const { assert!(<LayoutT![(4, 8)]>::IS_STATIC) };
}

#[test]
fn test_printing() {
    assert_eq!(
        layout!(((2, 2), 3) : ((24, 2), 8)).to_string(),
        "((_2,_2),_3):((_24,_2),_8)"
    );
    assert_eq!(
        format!("{:?}", layout!(((2, 2), 3) : ((24, 2), 8))),
        "((_2,_2),_3):((_24,_2),_8)"
    );
    let n = 3;
    assert_eq!(
        layout!(((2, 2), n) : ((24, 2), 8)).unwrap().to_string(),
        "((_2,_2),3):((_24,_2),_8)"
    );
    assert_eq!(layout!(8).to_string(), "_8:_1");
    assert_eq!(layout!(():()).to_string(), "():()");
    let d = -1;
    assert_eq!(
        layout!((4, 8) : (1, d)).unwrap().to_string(),
        "(_4,_8):(_1,-1)"
    );
}

#[test]
fn test_spec_layout_example() {
    let a = layout!((3, (2, 4)) : (2, (1, 6)));
    assert_eq!(a.eval(0), 0);
    assert_eq!(a.eval(7), 8);
    assert_eq!(a.eval(23), 23);
    assert_eq!(a.eval(100), 99);
    assert_eq!(a.call((1, 2)), 8);
    assert_eq!(a.call((0, 7)), 19);
    assert_eq!(a.call((1, (0, 1))), 8);
    assert_eq!(a.call(coord!(0, (1, 3))), 19);
    for i in 0..3 {
        for j in 0..8 {
            assert_eq!(a.eval(i + 3 * j), a.call((i, j)));
        }
    }
    assert_eq!(a.mode::<0>(), layout!(3 : 2));
    assert_eq!(a.mode::<1>(), layout!((2, 4) : (1, 6)));
    assert_eq!(a.mode::<1>().mode::<0>(), layout!(2 : 1));
    assert_eq!(
        a,
        make_layout((
            layout!(3 : 2),
            make_layout((layout!(2 : 1), layout!(4 : 6)))
        ))
    );
    assert_eq!(a.size().get(), 24);
    assert_eq!(a.rank(), 2);
    assert_eq!(a.depth(), 2);
}

#[test]
fn test_default_stride() {
    assert_eq!(layout!(8), layout!(8 : 1));
    assert_eq!(layout!((4, 8)), layout!((4, 8) : (1, 4)));
    assert_eq!(
        layout!((3, (2, 4))).to_string(),
        "(_3,(_2,_4)):(_1,(_3,_6))"
    );
}

#[test]
fn test_mixed_folding() {
    let n = 6;
    let m = layout!((4, n) : (1, 4)).unwrap();
    let s: i64 = m.size();
    assert_eq!(s, 24);
    assert_eq!(m.cosize(), 24);
    for i in 0..30 {
        assert_eq!(m.eval(i), i);
    }
    let k = 3;
    let w = layout!((4, 8) : (k, 1)).unwrap();
    let z: typenum::U32 = w.size();
    assert_eq!(z.get(), 32);
    assert_eq!(w.cosize(), 9 + 7 + 1);
    assert_eq!(w.mode::<0>().to_string(), "_4:3");
}

#[test]
fn test_checked_construction() {
    assert!(layout!((4, { 0 }) : (1, 4)).is_err());
    assert!(layout!((4, { -2 }) : (1, 4)).is_err());
    assert!(layout!((2, { i64::MAX / 2 + 1 }) : (1, 2)).is_err());
    assert!(layout!((2, 3) : (1, { i64::MAX })).is_err());
    assert!(layout!((2, 3) : (1, { i64::MAX / 2 })).is_ok());
    let e = layout!((4, { 0 }) : (1, 4)).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    assert_eq!(
        e.to_string(),
        "Layout: the extent 0 of the shape (_4,0) is not positive"
    );
}

#[test]
fn test_try_eval() {
    let a = layout!((3, (2, 4)) : (2, (1, 6)));
    for i in -50..100 {
        assert_eq!(a.try_eval(i), Ok(a.eval(i)));
    }
    assert!(a.try_eval(i64::MAX).is_err());
}

#[test]
fn test_negative_index_is_floor() {
    // idx2crd uses floor division: -1 in (3, 4) is (2, -1).
    let a = layout!((3, 4) : (1, 10));
    assert_eq!(a.eval(-1), 2 - 10);
    let n = 3;
    let b = layout!((n, 4) : (1, 10)).unwrap();
    assert_eq!(b.eval(-1), 2 - 10);
    let four = 4;
    let c = layout!((four, (2, four)) : (1, (10, 100))).unwrap();
    assert_eq!(c.eval(-1), 3 + 10 - 100);
    assert_eq!(c.eval(-9), 3 + 10 - 200);
    assert_eq!(c.call((-1, 3)), -1 + 10 + 100);
    for q in [
        -1_i64,
        -2,
        -7,
        -8,
        -9,
        -1000,
        i64::MIN,
        i64::MIN + 1,
        0,
        5,
        i64::MAX,
    ] {
        for e in [1_i64, 2, 3, 7, 8, 12, 1 << 20, i64::MAX] {
            assert_eq!(
                floor_divmod_const(q, e),
                (q.div_euclid(e), q.rem_euclid(e)),
                "{q} {e}"
            );
            let v = FastDivmod::from_i64(e).unwrap();
            assert_eq!(floor_div_fast(q, &v), q.div_euclid(e), "{q} {e}");
        }
    }
}

#[test]
fn test_agrees_with_dynamic() {
    let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
    let d = a.to_dynamic();
    assert_eq!(d.to_string(), "((8, 4), (2, 16)):((1, 64), (8, 128))");
    use cute_dynamic::HTuple as T;
    let pair = |a, b| T::from_leaves([a, b]);
    let want = dynamic_of(
        T::tuple(vec![pair(8, 4), pair(2, 16)]),
        T::tuple(vec![pair(1, 64), pair(8, 128)]),
    );
    assert_eq!(d, want);
    let n = 4;
    let m = layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap();
    assert_eq!(m.to_dynamic(), d);
    assert_eq!(LayoutLike::size(&a), 1024);
    assert_eq!(LayoutLike::cosize(&a), 7 + 3 * 64 + 8 + 15 * 128 + 1);
    assert_eq!(LayoutLike::rank(&m), 2);
    for i in 0..1024 {
        assert_eq!(a.eval(i), m.eval(i));
        assert_eq!(LayoutLike::eval(&m, i), a.eval(i));
    }
}

#[test]
fn test_flatten_and_make_layout() {
    let n = 2;
    let a = layout!((3, (n, 4)) : (2, (1, 6))).unwrap();
    let f = a.flatten();
    assert_eq!(f.to_string(), "(_3,2,_4):(_2,_1,_6)");
    for i in 0..24 {
        assert_eq!(f.eval(i), a.eval(i));
    }
    assert_eq!(
        make_layout(frunk_core::hlist![layout!(3 : 1), layout!(4 : 3)]).to_string(),
        "(_3,_4):(_1,_3)"
    );
    assert_eq!(make_layout(HNil).to_string(), "():()");
}

#[test]
fn test_static_values_of_mixed_shape() {
    let l = LayoutT::try_new(shape!(4, { 8 }), stride!(1, 4)).unwrap();
    assert_eq!(l.shape(), &shape!(4, { 8 }));
    assert_eq!(l.stride(), &stride!(1, 4));
}

/// Checks a static or mixed layout against cute-dynamic's answers for
/// its conversion: the printed form, size, cosize, and every `L(i)`
/// (and some beyond the size).
fn check_against_dynamic<S, D>(l: &LayoutT<S, D>, printed: &str)
where
    S: Eval<D> + Size + Cosize<D> + Congruent<D>,
    D: HTuple,
{
    use cute_dynamic::{shape, stride, HTuple as T, Scalar};
    let d = l.to_dynamic();
    assert_eq!(d.to_string(), printed);
    let size = shape::size(&d.shape()).unwrap();
    assert_eq!(LayoutLike::size(l), size, "size of {printed}");
    let coshape = stride::coshape(&d.shape(), &d.stride()).unwrap();
    assert_eq!(
        T::Leaf(LayoutLike::cosize(l)),
        coshape,
        "cosize of {printed}"
    );
    for i in 0..size + 7 {
        let want = cute_dynamic::layout::crd2offset(&T::Leaf(i), &d.shape(), &d.stride()).unwrap();
        assert_eq!(Scalar::Int(l.eval(i)), want, "{printed} at {i}");
        assert_eq!(l.try_eval(i), Ok(l.eval(i)));
    }
}

#[test]
fn test_values_agree_with_dynamic() {
    let n = 4;
    let k = 6;
    check_against_dynamic(
        &layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128))),
        "((8, 4), (2, 16)):((1, 64), (8, 128))",
    );
    check_against_dynamic(
        &layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap(),
        "((8, 4), (2, 16)):((1, 64), (8, 128))",
    );
    check_against_dynamic(
        &layout!((3, (2, 4)) : (2, (1, 6))),
        "(3, (2, 4)):(2, (1, 6))",
    );
    check_against_dynamic(
        &layout!((3, (2, n)) : (k, (1, 0))).unwrap(),
        "(3, (2, 4)):(6, (1, 0))",
    );
    check_against_dynamic(
        &layout!(((2, 2), 3) : ((24, 2), 8)),
        "((2, 2), 3):((24, 2), 8)",
    );
    check_against_dynamic(&layout!((4, 8) : (8, 1)), "(4, 8):(8, 1)");
    check_against_dynamic(&layout!((5, 7, 3) : (21, 3, 1)), "(5, 7, 3):(21, 3, 1)");
    check_against_dynamic(
        &layout!((5, {7}, 3) : ({-21}, 3, 1)).unwrap(),
        "(5, 7, 3):(-21, 3, 1)",
    );
    check_against_dynamic(&layout!(8), "8:1");
    check_against_dynamic(&layout!((8,)), "(8,):(1,)");
    check_against_dynamic(
        &layout!((3, (5, 1), 2) : (1, (7, 2), 42)),
        "(3, (5, 1), 2):(1, (7, 2), 42)",
    );
    check_against_dynamic(
        &layout!(((3, { n }), ({ k }, 5))).unwrap(),
        "((3, 4), (6, 5)):((1, 3), (12, 72))",
    );
}

/// Evaluation by the definition: idx2crd over the flattened shape (the
/// last leaf keeps the excess), then the inner product.
fn reference(shape: &[i64], stride: &[i64], i: i64) -> i64 {
    reference_with(shape, stride, i, 0, |off, c, d| off + c * d)
}

/// [`reference`] in 128 bits, for any index.
fn reference_exact(shape: &[i64], stride: &[i64], i: i64) -> i128 {
    reference_with(shape, stride, i, 0, |off, c, d| {
        off + i128::from(c) * i128::from(d)
    })
}

/// The coordinates of `i` in the flat `shape` (the last leaf keeping
/// the excess), each with its stride added to `zero` by `add`.
fn reference_with<T>(
    shape: &[i64],
    stride: &[i64],
    i: i64,
    zero: T,
    add: impl Fn(T, i64, i64) -> T,
) -> T {
    let mut rest = i;
    let mut off = zero;
    for (k, (&s, &d)) in shape.iter().zip(stride).enumerate() {
        let c = if k + 1 == shape.len() {
            rest
        } else {
            rest.rem_euclid(s)
        };
        rest = rest.div_euclid(s);
        off = add(off, c, d);
    }
    off
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "leaves the i64 range: Layout::eval wraps it")]
fn test_eval_out_of_range_is_a_debug_assertion() {
    let a = layout!((4, 8) : (1, 1152921504606846976));
    let _ = a.eval(i64::MAX / 2);
}

#[test]
fn test_try_from_dynamic() {
    let d: cute_dynamic::Layout = "(4, (2, 8)):(1, (4, 8))".parse().unwrap();
    let m = <LayoutT![(4, (2, {})) : (1, ({}, 8))]>::try_from(&d).unwrap();
    assert_eq!(m.to_string(), "(_4,(_2,8)):(_1,(4,_8))");
    let s = <LayoutT![(4, (2, 8)) : (1, (4, 8))]>::try_from(&d).unwrap();
    assert_eq!(s.to_dynamic(), d);
    let e = <LayoutT![(4, (2, 4)) : (1, ({}, 8))]>::try_from(&d).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
    assert_eq!(
        e.to_string(),
        "Layout: cannot convert (4, (2, 8)):(1, (4, 8)) to the layout type (_4,(_2,_4)):(_1,(?,_8)): the shape's profile or a static value differs"
    );
    let e = <LayoutT![(4, 16) : (1, {})]>::try_from(&d).unwrap_err();
    assert!(e.to_string().contains("profile"), "{e}");
    let e = <LayoutT![(4, (2, 8)) : (1, (4, 9))]>::try_from(&d).unwrap_err();
    assert!(e.to_string().contains("stride"), "{e}");
    let f: cute_dynamic::Layout = "(4, 2):(1, 2@0)".parse().unwrap();
    assert!(<LayoutT![(4, 2) : (1, {})]>::try_from(&f).is_err());
    // a dynamic value is checked as try_new checks it
    let z: cute_dynamic::Layout = "(4, 3):(1, 4611686018427387904)".parse().unwrap();
    assert!(<LayoutT![(4, {}) : (1, {})]>::try_from(&z).is_err());
    // round trips
    let n = 6;
    let mixed = layout!((4, (n, 2)) : (n, (1, 24))).unwrap();
    assert_eq!(
        <LayoutT![(4, ({}, 2)) : ({}, (1, 24))]>::try_from(&mixed.to_dynamic()).unwrap(),
        mixed
    );
}

#[test]
fn test_try_eval_checks_the_offset_not_the_terms() {
    let big = 1_i64 << 61;
    let l = layout!((2, 2) : ({big}, {-big})).unwrap();
    // (1, 4), beyond the domain: the term 4 * 2^61 does not fit in i64,
    // but the offset 2^61 - 4 * 2^61 = -3 * 2^61 does.
    assert_eq!(l.try_eval(1 + 2 * 4), Ok(-3 * big));
    assert_eq!(l.eval(1 + 2 * 4), -3 * big);
    // (1, 6): 2^61 - 6 * 2^61 < -2^63
    assert!(l.try_eval(1 + 2 * 6).is_err());
}

/// [`reference`] with wrapping arithmetic, for any index.
#[cfg_attr(debug_assertions, allow(dead_code))]
fn reference_wrapping(shape: &[i64], stride: &[i64], i: i64) -> i64 {
    reference_with(shape, stride, i, 0, |off: i64, c: i64, d| {
        off.wrapping_add(c.wrapping_mul(d))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_mixed_equals_definition(
        s in proptest::array::uniform4(1_i64..9),
        d in proptest::array::uniform4(-50_i64..50),
        i in -100_i64..5000,
    ) {
        let [s0, s1, s2, s3] = s;
        let [d0, d1, d2, d3] = d;
        let l = layout!(((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3))).unwrap();
        prop_assert_eq!(l.eval(i), reference(&s, &d, i));
        prop_assert_eq!(l.try_eval(i), Ok(reference(&s, &d, i)));
        let half = layout!(((s0, 3), (s2, 5)) : ((d0, 7), (1, d3))).unwrap();
        prop_assert_eq!(half.eval(i), reference(&[s0, 3, s2, 5], &[d0, 7, 1, d3], i));
    }

    #[test]
    fn prop_power_of_two_leaves_equal_definition(
        w in proptest::array::uniform4(0_u32..5),
        t in proptest::array::uniform4(0_u32..12),
        zero in proptest::array::uniform4(0_u8..6),
        i in prop_oneof![-3000_i64..3000, any::<i64>()],
    ) {
        let s = w.map(|x| 1_i64 << x);
        let mut d = [0_i64; 4];
        for k in 0..4 {
            d[k] = if zero[k] == 0 { 0 } else { 1_i64 << t[k] };
        }
        let [s0, s1, s2, s3] = s;
        let [d0, d1, d2, d3] = d;
        // In the domain's range `eval` is exact; beyond it the hot path
        // wraps (a debug build asserts instead) and `try_eval` reports it.
        fn check<S: Eval<D> + HTuple, D: HTuple>(l: &LayoutT<S, D>, s: &[i64], d: &[i64], i: i64) {
            let exact = reference_exact(s, d, i);
            match i64::try_from(exact) {
                Ok(v) => {
                    assert_eq!(l.eval(i), v);
                    assert_eq!(l.try_eval(i), Ok(v));
                }
                Err(_) => {
                    assert!(l.try_eval(i).is_err());
                    // release builds wrap (a debug build asserts)
                    #[cfg(not(debug_assertions))]
                    assert_eq!(l.eval(i), reference_wrapping(s, d, i));
                }
            }
        }
        let l = layout!(((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3))).unwrap();
        check(&l, &s, &d, i);
        let one = layout!(s0 : d0).unwrap();
        check(&one, &[s0], &[d0], i);
        let pair = layout!((s1, (s2,)) : (d1, (d3,))).unwrap();
        check(&pair, &[s1, s2], &[d1, d3], i);
    }

    #[test]
    fn prop_static_equals_dynamic_and_coordinate_forms(i in 0_i64..1024) {
        let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
        prop_assert_eq!(a.eval(i), reference(&[8, 4, 2, 16], &[1, 64, 8, 128], i));
        let (x, y) = (i % 32, i / 32);
        prop_assert_eq!(a.call((x, y)), a.eval(i));
        prop_assert_eq!(a.call(((x % 8, x / 8), (y % 2, y / 2))), a.eval(i));
    }

    #[test]
    fn prop_col_major_is_identity(n in 1_i64..20, k in 0_i64..1000) {
        let l = layout!((3, (n, 2))).unwrap();
        let i = k % l.size();
        prop_assert_eq!(l.eval(i), i);
    }
}
