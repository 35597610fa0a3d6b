//! Property tests: random layouts, every form of coordinate, against the
//! exact reference.

use super::*;

/// A random layout: depth at most 3, up to 9 leaves, small extents and
/// strides of either sign.
fn arb_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
    let leaf = (1i64..=6, -40i64..=40).prop_map(|(e, s)| (L(e), L(s)));
    leaf.prop_recursive(3, 9, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            (T(s), T(d))
        })
    })
}

/// A random layout with strides of any size: small ones, powers of two
/// of either sign, any `i64`; small extents. Many have offsets beyond
/// the 64-bit range, and the evaluator rejects them.
fn arb_big_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
    let stride = prop_oneof![
        3 => -40i64..=40,
        3 => (0u32..63, any::<bool>()).prop_map(|(k, neg)| if neg { -(1i64 << k) } else { 1 << k }),
        1 => any::<i64>(),
        1 => Just(i64::MIN),
    ];
    let leaf = (1i64..=3, stride).prop_map(|(e, s)| (L(e), L(s)));
    leaf.prop_recursive(3, 6, 3, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            (T(s), T(d))
        })
    })
}

/// A random layout that mostly coalesces: the compact colexicographic
/// strides of a random shape times 1, 2, -1 or 0, perhaps with one
/// stride changed, and perhaps a trailing empty tuple or extent-1 leaf.
fn arb_compact_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
    (
        arb_layout(),
        prop_oneof![Just(1i64), Just(2), Just(-1), Just(0)],
        prop::option::of((0usize..9, -40i64..=40)),
        0u8..5,
        -40i64..=40,
    )
        .prop_map(|((shape, _), scale, change, tail, x)| {
            let (mut k, mut prefix) = (0, scale);
            let stride = shape.map(&mut |&e| {
                let s = match change {
                    Some((j, v)) if j == k => v,
                    _ => prefix,
                };
                k += 1;
                prefix *= e;
                s
            });
            match tail {
                // (S, ()):(D, ())
                0 => (T(vec![shape, T(vec![])]), T(vec![stride, T(vec![])])),
                // (S, 1):(D, x), and (S, 1):(D, size * scale), which continues
                1 => (T(vec![shape, L(1)]), T(vec![stride, L(x)])),
                2 => (T(vec![shape, L(1)]), T(vec![stride, L(prefix)])),
                _ => (shape, stride),
            }
        })
}

/// Probes: mostly small integers, some of any size.
fn probes(n: usize) -> impl Strategy<Value = Vec<i64>> {
    let one = prop_oneof![
        6 => -100i64..100,
        2 => any::<i64>(),
        1 => -(1i64 << 33)..(1 << 33),
    ];
    prop::collection::vec(one, n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_every_form_matches_the_exact_reference((s, d) in arb_layout(), ints in probes(8), raw in probes(12)) {
        check_layout(&s, &d, &ints, &raw)?;
    }

    #[test]
    fn prop_big_strides_overflow_exactly((s, d) in arb_big_layout(), ints in probes(8), raw in probes(12)) {
        check_layout(&s, &d, &ints, &raw)?;
    }

    #[test]
    fn prop_coalesced_plans_match_the_exact_reference((s, d) in arb_compact_layout(), ints in probes(8), raw in probes(12)) {
        check_layout(&s, &d, &ints, &raw)?;
    }

    #[test]
    fn prop_eval_matches_reference((s, d) in arb_layout(), probes in prop::collection::vec(any::<i64>(), 8)) {
        let l = layout(s.clone(), d.clone());
        for ev in all_ways(&l) {
        prop_assert_eq!(i128::from(ev.size()), size_of(&s));
        let size = ev.size();
        let mut hi = i128::MIN;
        for i in (0..size).step_by(((size / 500) as usize).max(1)) {
            let want = reference(&s, &d, i.into());
            prop_assert_eq!(i128::from(ev.eval(i)), want);
            hi = hi.max(want);
        }
        // The greatest offset is at the corner picking e - 1 where the
        // stride is positive; check the cosize against it by brute force
        // for small layouts.
        if size <= 4096 {
            let hi_all = (0..size).map(|i| reference(&s, &d, i.into())).max().unwrap();
            prop_assert_eq!(i128::from(ev.cosize()), hi_all + 1);
        } else {
            prop_assert!(i128::from(ev.cosize()) > hi);
        }
        // Arbitrary indices, in or out of bounds, negative or not.
        for &p in &probes {
            let i = p % (4 * size.max(1));
            let want = reference(&s, &d, i.into());
            prop_assert_eq!(ev.try_eval(i).map(i128::from).ok(), Some(want));
            let r = ev.try_eval(p);
            let want = reference(&s, &d, p.into());
            match i64::try_from(want) {
                Ok(w) => prop_assert_eq!(r.unwrap(), w),
                Err(_) => prop_assert!(r.is_err()),
            }
        }
        }
    }

    #[test]
    fn prop_for_each_and_sum_match_eval((s, d) in arb_layout(), a in -50i64..50, len in 0i64..200) {
        let l = layout(s, d);
        for ev in all_ways(&l) {
            let b = a + len;
            let mut seen = Vec::new();
            ev.for_each(a..b, |i, v| seen.push((i, v)));
            let want: Vec<(i64, i64)> = (a..b).map(|i| (i, ev.eval(i))).collect();
            let total = want.iter().try_fold(0i64, |acc, p| acc.checked_add(p.1));
            prop_assert_eq!(seen, want);
            prop_assert_eq!(ev.sum(a..b).ok(), total);
        }
    }

    #[test]
    fn prop_eval_flat_matches_reference((s, d) in arb_layout(), raw in prop::collection::vec(-100i64..100, 4)) {
        let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
        let crd: Vec<i64> = raw.into_iter().take(ev.rank()).collect();
        prop_assume!(crd.len() == ev.rank());
        prop_assert_eq!(i128::from(ev.eval_flat(&crd).unwrap()), reference_flat(&s, &d, &crd));
    }
}

/// A random layout with extents of any size: small ones, powers of two,
/// and extents near `2^62..2^63` (several of which overflow the size), in
/// modes of several leaves; strides small, powers of two, or any `i64`.
fn arb_huge_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
    let extent = prop_oneof![
        4 => 1i64..=5,
        2 => (1u32..=62).prop_map(|k| 1i64 << k),
        2 => (1i64 << 59)..(1i64 << 62),
        2 => (1i64 << 62)..=i64::MAX,
    ];
    let stride = prop_oneof![
        4 => -8i64..=8,
        1 => (0u32..63).prop_map(|k| 1i64 << k),
        1 => any::<i64>(),
    ];
    let leaf = (extent, stride).prop_map(|(e, s)| (L(e), L(s)));
    let any_tree = leaf.prop_recursive(2, 6, 3, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            (T(s), T(d))
        })
    });
    // A mode of several leaves whose size lies in [2^61, 2^63): small
    // extents, then the one that brings the product there; beside it
    // modes of size 1, or none.
    let near = (
        prop::collection::vec((2i64..=5, -4i64..=4), 1..4),
        (1i64 << 61)..=i64::MAX,
        -2i64..=2,
        0u8..3,
    )
        .prop_map(|(small, target, last, place)| {
            let p: i64 = small.iter().map(|&(e, _)| e).product();
            let mut s: Vec<IntTuple> = small.iter().map(|&(e, _)| L(e)).collect();
            let mut d: Vec<HTuple<i64>> = small.iter().map(|&(_, x)| L(x)).collect();
            s.push(L(target / p));
            d.push(L(last * p));
            let mode = (T(s), T(d));
            match place {
                0 => (T(vec![mode.0]), T(vec![mode.1])),
                1 => (T(vec![L(1), mode.0]), T(vec![L(7), mode.1])),
                _ => (
                    T(vec![mode.0, T(vec![L(1), L(1)])]),
                    T(vec![mode.1, T(vec![L(3), L(0)])]),
                ),
            }
        });
    prop_oneof![any_tree, near]
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: prop::test_runner::RngSeed::Fixed(0x5eed_e7a1),
        ..ProptestConfig::with_cases(512)
    })]

    /// Huge extents: the evaluator either refuses the layout or builds plans
    /// whose tables stay within their limits, and evaluates as the layout
    /// does wherever the layout's own evaluation succeeds.
    #[test]
    fn prop_huge_extents_build_bounded_plans((s, d) in arb_huge_layout(), picks in prop::collection::vec(any::<u64>(), 6)) {
        let l = layout(s, d);
        let built = [
            (l.evaluator(), DEFAULT_TABLE_LIMIT),
            (Evaluator::with_table_limit(&l, usize::MAX), MAX_TABLE_LIMIT),
        ];
        for (ev, limit) in built {
            // the size, and the least and greatest in-bounds offsets, exactly
            let size = l.shape().leaves().try_fold(1i128, |a, &e| a.checked_mul(e.into())).unwrap_or(i128::MAX);
            let (mut lo, mut hi) = (0i128, 0i128);
            for (&e, d) in l.shape().leaves().zip(l.stride().leaves()) {
                let reach = i128::from(e - 1) * i128::from(d.as_int().unwrap());
                if reach < 0 { lo += reach } else { hi += reach }
            }
            let fits = |x: i128| i64::try_from(x).is_ok();
            let Ok(ev) = ev else {
                // refused only if the size or an offset leaves the 64-bit range
                prop_assert!(!fits(size) || !fits(lo) || !fits(hi + 1), "{} refused", l);
                continue;
            };
            prop_assert!(fits(size) && fits(lo) && fits(hi + 1), "{} accepted", l);
            let (whole, modes) = ev.longest_tables();
            prop_assert!(whole <= limit, "{} entries for {}", whole, l);
            prop_assert!(modes <= DEFAULT_TABLE_LIMIT, "{} entries in a mode of {}", modes, l);
            let size = ev.size();
            prop_assert_eq!(Some(size), l.size().ok());
            if size == 0 {
                continue;
            }
            let mut idx: Vec<i64> = picks.iter().map(|&p| (p % size as u64) as i64).collect();
            idx.extend([0, size - 1]);
            for i in idx {
                if let Ok(Scalar::Int(want)) = l.call_index(i) {
                    prop_assert_eq!(ev.eval(i), want, "{} at {}", l, i);
                }
                // the same coordinate, one integer per top-level mode
                let shape = l.shape();
                let modes = shape.modes();
                let mut q = i;
                let mut flat = Vec::with_capacity(modes.len());
                for (k, m) in modes.iter().enumerate() {
                    let e = crate::htuple::product(m).unwrap();
                    if k + 1 == modes.len() {
                        flat.push(q);
                    } else {
                        flat.push(q % e);
                        q /= e;
                    }
                }
                let crd = HTuple::from_leaves(flat.iter().copied());
                if let Ok(Scalar::Int(want)) = l.call(&crd) {
                    prop_assert_eq!(ev.eval_flat(&flat).unwrap(), want, "{} at {:?}", l, flat);
                }
            }
        }
    }
}
