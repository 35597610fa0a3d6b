//! Views of tensors in the language: a slice with `None`, a tile or a
//! partition (a slice of `zipped_divide`), a divide, a composition, and a
//! slice of a tile read and write the memory element the parent tensor
//! reads and writes at the corresponding coordinate, for integer and F2
//! (swizzled) strides alike, over `make_tensor`'s storage of the exact size
//! and over a larger `Array`.

use cute_expr::{eval, Env, Outcome};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};

type Check = Result<(), TestCaseError>;

/// One mode: its leaves `(extent, F2 stride, integer stride)`.
type Mode = Vec<(i64, u64, i64)>;

/// A layout of 1 to 3 top-level modes of 1 or 2 leaves each (extents 1 to
/// 4), with F2 strides (`F2(1)` to `F2(63)`) or integer strides (-6 to 6).
fn arb_layout() -> impl Strategy<Value = (Vec<Mode>, bool)> {
    let mode = prop::collection::vec((1i64..=4, 1u64..64, -6i64..=6), 1..=2);
    (prop::collection::vec(mode, 1..=3), any::<bool>())
}

/// `(a, b, ...)` with Python's one-element form.
fn tuple(items: &[String]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

fn ints(xs: &[i64]) -> String {
    tuple(&xs.iter().map(i64::to_string).collect::<Vec<_>>())
}

fn coord(c: &[Option<i64>]) -> String {
    tuple(
        &c.iter()
            .map(|x| x.map_or("None".to_string(), |v| v.to_string()))
            .collect::<Vec<_>>(),
    )
}

/// The layout's text, and the sizes of its modes.
fn layout_text(modes: &[Mode], f2: bool) -> (String, Vec<i64>) {
    let stride = |&(_, f, s): &(i64, u64, i64)| {
        if f2 {
            format!("F2({f})")
        } else {
            s.to_string()
        }
    };
    let part = |m: &Mode, leaf: &dyn Fn(&(i64, u64, i64)) -> String| match m.as_slice() {
        [one] => leaf(one),
        _ => tuple(&m.iter().map(leaf).collect::<Vec<_>>()),
    };
    let shape: Vec<String> = modes
        .iter()
        .map(|m| part(m, &|l| l.0.to_string()))
        .collect();
    let strides: Vec<String> = modes.iter().map(|m| part(m, &stride)).collect();
    let sizes = modes
        .iter()
        .map(|m| m.iter().map(|l| l.0).product())
        .collect();
    (
        format!("Layout({}, {})", tuple(&shape), tuple(&strides)),
        sizes,
    )
}

/// The least offset the layout reaches: 0 for F2 strides, the sum of the
/// negative reaches for integer strides.
fn least_offset(modes: &[Mode], f2: bool) -> i64 {
    if f2 {
        return 0;
    }
    modes
        .iter()
        .flatten()
        .map(|&(e, _, s)| ((e - 1) * s).min(0))
        .sum()
}

/// `j` split colexicographically over `sizes`.
fn split(mut j: i64, sizes: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    for (k, &n) in sizes.iter().enumerate() {
        if k + 1 == sizes.len() {
            out.push(j);
        } else {
            out.push(j % n);
            j /= n;
        }
    }
    out
}

fn join(flat: &[i64], sizes: &[i64]) -> i64 {
    flat.iter()
        .zip(sizes)
        .rev()
        .fold(0, |acc, (&c, &n)| acc * n + c)
}

fn divisor(n: i64, r: u32) -> i64 {
    let ds: Vec<i64> = (1..=n).filter(|d| n % d == 0).collect();
    ds[r as usize % ds.len()]
}

/// A view of `T`: the expression that makes it, the one the layout algebra
/// must accept for it to exist, the sizes of its top-level modes, and the
/// parent's integral index of each of its integral indices.
struct View {
    expr: String,
    algebra: Option<String>,
    sizes: Vec<i64>,
    parent: Vec<i64>,
}

fn views(layout: &str, sizes: &[i64], r: &[u32]) -> Vec<View> {
    let mut r = r.iter().copied().cycle();
    let mut next = move || r.next().unwrap_or(0);
    let rank = sizes.len();
    let size: i64 = sizes.iter().product();
    let mut out = Vec::new();
    let mut view =
        |expr: String, algebra: Option<String>, vs: Vec<i64>, f: &dyn Fn(&[i64]) -> Vec<i64>| {
            let n: i64 = vs.iter().product();
            let parent = (0..n).map(|j| join(&f(&split(j, &vs)), sizes)).collect();
            out.push(View {
                expr,
                algebra,
                sizes: vs,
                parent,
            });
        };
    // (at least one None: a coordinate naming every mode reads an element)
    let slice = |sz: &[i64], next: &mut dyn FnMut() -> u32| -> Vec<Option<i64>> {
        let mut c: Vec<Option<i64>> = sz
            .iter()
            .map(|&n| (next() % 2 == 0).then(|| i64::from(next()) % n))
            .collect();
        if c.iter().all(Option::is_some) {
            let k = next() as usize % c.len();
            c[k] = None;
        }
        c
    };
    let fill = |c: &[Option<i64>], v: &[i64]| -> Vec<i64> {
        let mut free = v.iter();
        c.iter()
            .map(|x| x.unwrap_or_else(|| *free.next().unwrap()))
            .collect()
    };
    let free_sizes = |c: &[Option<i64>], sz: &[i64]| -> Vec<i64> {
        c.iter()
            .zip(sz)
            .filter(|(x, _)| x.is_none())
            .map(|(_, &n)| n)
            .collect()
    };

    // T[c]: a slice with None
    let c = slice(sizes, &mut next);
    view(
        format!("T[{}]", coord(&c)),
        None,
        free_sizes(&c, sizes),
        &|v| fill(&c, v),
    );

    // a tile: zipped_divide(T, t)[(None, ...), k]
    let t: Vec<i64> = sizes.iter().map(|&n| divisor(n, next())).collect();
    let k: Vec<i64> = sizes
        .iter()
        .zip(&t)
        .map(|(&n, &x)| i64::from(next()) % (n / x))
        .collect();
    let all = vec![None; rank];
    let zd = format!("zipped_divide({layout}, {})", ints(&t));
    view(
        format!(
            "zipped_divide(T, {})[{}, {}]",
            ints(&t),
            coord(&all),
            ints(&k)
        ),
        Some(zd.clone()),
        t.clone(),
        &|v| {
            t.iter()
                .zip(&k)
                .zip(v)
                .map(|((t, k), i)| k * t + i)
                .collect()
        },
    );

    // a partition: zipped_divide(T, t)[c, (None, ...)], element c of every tile
    let t: Vec<i64> = sizes.iter().map(|&n| divisor(n, next())).collect();
    let c: Vec<i64> = t.iter().map(|&x| i64::from(next()) % x).collect();
    let rest: Vec<i64> = sizes.iter().zip(&t).map(|(n, t)| n / t).collect();
    view(
        format!(
            "zipped_divide(T, {})[{}, {}]",
            ints(&t),
            ints(&c),
            coord(&all)
        ),
        Some(format!("zipped_divide({layout}, {})", ints(&t))),
        rest,
        &|v| {
            t.iter()
                .zip(&c)
                .zip(v)
                .map(|((t, c), i)| c + t * i)
                .collect()
        },
    );

    // zipped_divide(T, t) whole: ((tile), (rest))
    let t: Vec<i64> = sizes.iter().map(|&n| divisor(n, next())).collect();
    let rest: Vec<i64> = sizes.iter().zip(&t).map(|(n, t)| n / t).collect();
    let (tt, rr) = (t.clone(), rest.clone());
    view(
        format!("zipped_divide(T, {})", ints(&t)),
        Some(format!("zipped_divide({layout}, {})", ints(&t))),
        vec![t.iter().product(), rest.iter().product()],
        &move |v| {
            let (i, q) = (split(v[0], &tt), split(v[1], &rr));
            tt.iter()
                .zip(i)
                .zip(q)
                .map(|((t, i), q)| i + t * q)
                .collect()
        },
    );

    // logical_divide(T, t): every mode's index is kept
    let t: Vec<i64> = sizes.iter().map(|&n| divisor(n, next())).collect();
    view(
        format!("logical_divide(T, {})", ints(&t)),
        Some(format!("logical_divide({layout}, {})", ints(&t))),
        sizes.to_vec(),
        &|v| v.to_vec(),
    );

    // composition(T, Layout(n, d)): element j is T's element j * d
    let d = 1 + i64::from(next()) % 3;
    let n = 1 + i64::from(next()) % ((size - 1) / d + 1);
    let b = format!("Layout({n}, {d})");
    view(
        format!("composition(T, {b})"),
        Some(format!("composition({layout}, {b})")),
        vec![n],
        &|v| split(v[0] * d, sizes),
    );

    // a slice of a tile
    let t: Vec<i64> = sizes.iter().map(|&n| divisor(n, next())).collect();
    let k: Vec<i64> = sizes
        .iter()
        .zip(&t)
        .map(|(&n, &x)| i64::from(next()) % (n / x))
        .collect();
    let c = slice(&t, &mut next);
    view(
        format!(
            "zipped_divide(T, {})[{}, {}][{}]",
            ints(&t),
            coord(&all),
            ints(&k),
            coord(&c)
        ),
        Some(format!("zipped_divide({layout}, {})", ints(&t))),
        free_sizes(&c, &t),
        &|v| {
            let inner = fill(&c, v);
            t.iter()
                .zip(&k)
                .zip(inner)
                .map(|((t, k), i)| k * t + i)
                .collect()
        },
    );
    out
}

/// The repr of the value of `src` in `env`, or its error.
fn run(env: &mut Env, src: &str) -> String {
    match eval(src, env) {
        Ok(Outcome::Value(v)) => v.to_string(),
        Ok(Outcome::Statement) => "ok".into(),
        Err(e) => format!("{}: {e}", e.class()),
    }
}

/// Every element of the view `V` reads and writes where `T` does.
fn check_view(env: &mut Env, v: &View, len: i64, marker: &mut i64) -> Check {
    let made = run(env, &format!("V = {}", v.expr));
    if made != "ok" {
        // only where the algebra refuses the layout too
        let refused = v
            .algebra
            .as_ref()
            .is_some_and(|a| run(env, a).contains("Error"));
        prop_assert!(refused, "{} failed: {}", v.expr, made);
        return Ok(());
    }
    prop_assert_eq!(
        run(env, "size(V)"),
        v.sizes.iter().product::<i64>().to_string(),
        "{}",
        v.expr
    );
    let storage = format!(
        "({})",
        (0..len)
            .map(|k| format!("a[{k}]"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (j, &pj) in v.parent.iter().enumerate() {
        let same = run(env, &format!("V[{j}] == T[{pj}]"));
        prop_assert_eq!(
            same,
            "True",
            "{} [{}] is {}, T[{}] is {}",
            v.expr,
            j,
            run(env, &format!("V[{j}]")),
            pj,
            run(env, &format!("T[{pj}]"))
        );
        *marker -= 1;
        let before = run(env, &storage);
        prop_assert_eq!(run(env, &format!("V[{j}] = {marker}")), "ok");
        prop_assert_eq!(
            run(env, &format!("T[{pj}]")),
            marker.to_string(),
            "{} [{}]",
            v.expr,
            j
        );
        let after = run(env, &storage);
        let changed = before
            .split(", ")
            .zip(after.split(", "))
            .filter(|(x, y)| x != y)
            .count();
        prop_assert_eq!(changed, 1, "{} [{}] wrote {} elements", v.expr, j, changed);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(0x1a_9ba9e),
        ..ProptestConfig::with_cases(128)
    })]

    #[test]
    fn prop_views_read_and_write_the_parents_elements(
        (modes, f2) in arb_layout(),
        r in prop::collection::vec(any::<u32>(), 40),
        pad in (0i64..4, 0i64..4),
    ) {
        let (layout, sizes) = layout_text(&modes, f2);
        let lo = least_offset(&modes, f2);
        let mut exact_len = 0;
        for exact in [true, false] {
            let mut env = Env::new();
            let len = if exact {
                let made = run(&mut env, &format!("T = make_tensor({layout}, dtype=c_long); a = T.accessor.base()"));
                prop_assert_eq!(made, "ok");
                // the storage make_tensor allocated: Array(len, dtype=...)
                let repr = run(&mut env, "a");
                exact_len = repr["Array(".len()..repr.find(',').unwrap()].parse().unwrap();
                exact_len
            } else {
                let len = pad.0 + exact_len + pad.1;
                let made = run(&mut env, &format!("a = Array({len}, dtype=c_long); T = Tensor(a + {}, {layout})", pad.0 - lo));
                prop_assert_eq!(made, "ok");
                len
            };
            prop_assert_eq!(run(&mut env, "size(T)"), sizes.iter().product::<i64>().to_string());
            let fill: Vec<String> = (0..len).map(|k| format!("a[{k}] = {k}")).collect();
            prop_assert_eq!(run(&mut env, &fill.join("; ")), "ok");
            let mut marker = 0;
            for v in views(&layout, &sizes, &r) {
                check_view(&mut env, &v, len, &mut marker)?;
            }
        }
    }
}

#[test]
fn the_reported_view() {
    let mut env = Env::new();
    let setup =
        "a = Array(64, dtype=c_int); T = Tensor(a, Layout((2, 8), (F2(3), F2(1)))); T[1, 5] = 77";
    assert_eq!(run(&mut env, setup), "ok");
    assert_eq!(run(&mut env, "T[1, None][5]"), "77");
    assert_eq!(run(&mut env, "T[1, None][5] = 11"), "ok");
    assert_eq!(run(&mut env, "(a[6], a[8], T[1, 5])"), "(11, 0, 11)");
}
