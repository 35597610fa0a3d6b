//! The run-time evaluators: cute-dynamic's layouts and `Evaluator`,
//! cute-core's bridge, the drawings, and cute-expr.

use cute_core::{DynInt, IntLeaf, LayoutLike, Sym};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::viz::{print_tensor, Cells};
use cute_dynamic::{Evaluator, IntTuple, Layout, Scalar};

use super::spec::{reference, reference_crd2idx, size, sub_index_overflow};
use super::{caught, class, flat_tree, py, scalar_int, unflatten, Answer, Found, Probes, VALUE};

/// Runs every dynamic evaluator on `s:d` and records what disagrees.
pub(crate) fn check_dynamic(
    found: &mut Found,
    case: &str,
    shape: &IntTuple,
    stride: &[i64],
    p: &Probes,
) {
    let d = unflatten(shape, &mut stride.iter().copied()).map(&mut |&x| Scalar::Int(x));
    let l = Layout::new(shape.clone(), d).expect("a layout");
    let sym = l.to_symbolic();
    let evs: Vec<(&str, cute_core::Result<Evaluator>)> = vec![
        ("Evaluator", l.evaluator()),
        ("Evaluator(no tables)", Evaluator::with_table_limit(&l, 0)),
    ];
    let rank = l.rank();

    for &i in &p.ints {
        let c = HTuple::Leaf(i);
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {i}");
        found.check("Layout::call_index", &at, scalar_int(l.call_index(i)), want);
        found.check("Layout::call_int", &at, class(l.call_int(i)), want);
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::try_eval(Layout)",
            &at,
            class(LayoutLike::try_eval(&l, i)),
            want,
        );
        let s = scalar_int(sym.call_index(Sym::from_i64(i)).map(|x| match x {
            Scalar::Int(v) => Scalar::Int(v.try_const().expect("a constant")),
            _ => panic!("an integer"),
        }));
        found.check("Layout<Sym>::call_index", &at, s, want);
        for (name, ev) in &evs {
            let Ok(ev) = ev else {
                found.check(name, &format!("{case} (construction)"), Err(VALUE), want);
                continue;
            };
            found.check(
                &format!("{name}::try_eval"),
                &at,
                class(ev.try_eval(i)),
                want,
            );
            if let Ok(w) = want {
                found.check(&format!("{name}::eval"), &at, caught(|| ev.eval(i)), Ok(w));
            }
        }
    }
    // for_each and sum over the probed range, where every offset exists
    for (name, ev) in &evs {
        let Ok(ev) = ev else { continue };
        let (lo, hi) = (-5i64, size(shape).clamp(0, 200) as i64 + 5);
        let wants: Vec<Answer> = (lo..hi)
            .map(|i| reference(shape, stride, &HTuple::Leaf(i)))
            .collect();
        if wants.iter().all(Result::is_ok) {
            let mut got = Vec::new();
            ev.for_each(lo..hi, |_, v| got.push(Ok(v)));
            for (k, (g, w)) in got.iter().zip(&wants).enumerate() {
                found.check(
                    &format!("{name}::for_each"),
                    &format!("{case} at {}", lo + k as i64),
                    *g,
                    *w,
                );
            }
            let total: i128 = wants.iter().map(|w| i128::from(w.unwrap())).sum();
            let want = i64::try_from(total).map_err(|_| VALUE);
            found.check(
                &format!("{name}::sum"),
                &format!("{case} over {lo}..{hi}"),
                class(ev.sum(lo..hi)),
                want,
            );
        } else {
            found.check(
                &format!("{name}::sum"),
                &format!("{case} over {lo}..{hi}"),
                class(ev.sum(lo..hi)).map(|_| 0),
                Err(VALUE),
            );
        }
    }

    for f in &p.flats {
        let c = flat_tree(shape, f);
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {}", py(&c));
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::eval_modes(Layout)",
            &at,
            class(LayoutLike::eval_modes(&l, f)),
            want,
        );
        found.check("viz::Cells::label", &at, label(&l, f), want);
        for (name, ev) in &evs {
            let Ok(ev) = ev else { continue };
            found.check(
                &format!("{name}::eval_flat"),
                &at,
                class(ev.eval_flat(f)),
                want,
            );
            found.check(
                &format!("{name}::eval_modes"),
                &at,
                class(LayoutLike::eval_modes(ev, f)),
                want,
            );
            if let Ok(w) = want {
                match *f.as_slice() {
                    [i, j] if rank == 2 => found.check(
                        &format!("{name}::eval2"),
                        &at,
                        caught(|| ev.eval2(i, j)),
                        Ok(w),
                    ),
                    [i, j, k] if rank == 3 => found.check(
                        &format!("{name}::eval3"),
                        &at,
                        caught(|| ev.eval3(i, j, k)),
                        Ok(w),
                    ),
                    _ => {}
                }
            }
        }
    }

    for n in &p.naturals {
        let c = unflatten(shape, &mut n.iter().copied());
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {}", py(&c));
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::eval_natural(Layout)",
            &at,
            class(LayoutLike::eval_natural(&l, n)),
            want,
        );
        for (name, ev) in &evs {
            let Ok(ev) = ev else { continue };
            found.check(
                &format!("{name}::eval_natural"),
                &at,
                class(LayoutLike::eval_natural(ev, n)),
                want,
            );
        }
    }

    // print_tensor shows L at every in-bounds flat coordinate
    if (1..=4).contains(&rank) && size(shape) <= 4096 {
        check_print_tensor(found, case, &l, shape, stride);
    }
}

/// The drawings' value at a flat coordinate.
fn label(l: &Layout, f: &[i64]) -> Answer {
    class(Cells::label(l, f)).map(|s| s.parse::<i64>().expect("an integer label"))
}

/// `print_tensor` of `l`: its cells, in its order, against the reference.
fn check_print_tensor(found: &mut Found, case: &str, l: &Layout, shape: &IntTuple, stride: &[i64]) {
    let text = match print_tensor(l, false) {
        Ok(t) => t,
        Err(e) => {
            found.check("viz::print_tensor", case, Err(e.class().name()), Ok(0));
            return;
        }
    };
    let got: Vec<i64> = text
        .split(|c: char| c.is_whitespace())
        .filter_map(|w| w.parse().ok())
        .collect();
    // the order print_tensor visits: rows of mode 0, columns of mode 1,
    // then slices of modes 2 and 3
    let sizes: Vec<i64> = shape.modes().iter().map(|m| size(m) as i64).collect();
    let mut want = Vec::new();
    let mut push = |c: &[i64]| want.push(reference(shape, stride, &flat_tree(shape, c)));
    match *sizes.as_slice() {
        [a] => (0..a).for_each(|i| push(&[i])),
        [a, b] => (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j]))),
        [a, b, c] => {
            (0..c).for_each(|k| (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j, k]))))
        }
        [a, b, c, d] => (0..d).for_each(|q| {
            (0..c).for_each(|k| (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j, k, q]))))
        }),
        _ => unreachable!("rank 1 to 4"),
    }
    let got: Vec<Answer> = got.into_iter().map(Ok).collect();
    if got != want {
        found.check("viz::print_tensor", case, Err("other cells"), Ok(0));
    }
}

/// cute-expr: a layout call and `crd2idx`, as the specification's language.
pub(crate) fn check_expr(
    found: &mut Found,
    case: &str,
    shape: &IntTuple,
    stride: &[i64],
    p: &Probes,
) {
    let d = unflatten(shape, &mut stride.iter().copied());
    let layout = format!("Layout({}, {})", py(shape), py(&d));
    let run = |src: &str| -> Answer {
        match cute_expr::eval_expr(src) {
            Ok(v) => Ok(v
                .to_string()
                .parse::<i64>()
                .unwrap_or_else(|_| panic!("{src} gives {v}"))),
            Err(e) => Err(e.class().name()),
        }
    };
    let mut crds: Vec<HTuple<i64>> = p.ints.iter().map(|&i| HTuple::Leaf(i)).collect();
    crds.extend(p.flats.iter().map(|f| flat_tree(shape, f)));
    crds.extend(
        p.naturals
            .iter()
            .map(|n| unflatten(shape, &mut n.iter().copied())),
    );
    for c in &crds {
        let at = format!("{case} at {}", py(c));
        let want = reference(shape, stride, c);
        found.check(
            "cute_expr Layout(S, D)(c)",
            &at,
            run(&format!("{layout}({})", py(c))),
            want,
        );
        let want = reference_crd2idx(c, shape);
        let got = run(&format!("crd2idx({}, {})", py(c), py(shape)));
        let name = if got.is_err() && want.is_ok() && sub_index_overflow(c, shape) {
            "cute_expr crd2idx(c, S) [a sub-index beyond i64]"
        } else {
            "cute_expr crd2idx(c, S)"
        };
        found.check(name, &at, got, want);
    }
}
