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
