//! cute-static: mixed layouts of a few profiles, every leaf dynamic,
//! converted from the same values.

use cute_core::LayoutLike;
use cute_dynamic::htuple::HTuple;
use cute_dynamic::{IntTuple, Layout, Scalar};

use super::spec::{partial_overflow, reference};
use super::{caught, class, flat_tree, py, unflatten, Found, Probes};

/// The leaves of `crd` in the profile of a static layout type: `call`
/// takes Rust tuples, so each profile spells its own.
macro_rules! static_profile {
    ($found:ident, $case:ident, $l:ident, $shape:ident, $stride:ident, $p:ident,
     $ty:ty, flat |$f:ident| $flat:expr, natural |$n:ident| $nat:expr) => {{
        match <$ty>::try_from(&$l) {
            Err(e) => {
                // the dynamic layout is one; the specification has no
                // objection to it either
                $found.check(
                    "cute_static TryFrom",
                    &format!("{} (construction)", $case),
                    Err(e.class().name()),
                    Ok(0),
                );
            }
            Ok(m) => {
                for &i in &$p.ints {
                    let want = reference(&$shape, &$stride, &HTuple::Leaf(i));
                    let at = format!("{} at {i}", $case);
                    $found.check(
                        "cute_static Layout::try_eval",
                        &at,
                        class(m.try_eval(i)),
                        want,
                    );
                    $found.check(
                        "cute_static LayoutLike::try_eval",
                        &at,
                        class(LayoutLike::try_eval(&m, i)),
                        want,
                    );
                    if let Ok(w) = want {
                        $found.check("cute_static Layout::eval", &at, caught(|| m.eval(i)), Ok(w));
                        $found.check(
                            "cute_static Layout::call(i)",
                            &at,
                            caught(|| m.call(i)),
                            Ok(w),
                        );
                    }
                }
                for $f in &$p.flats {
                    let c = flat_tree(&$shape, $f);
                    let want = reference(&$shape, &$stride, &c);
                    let at = format!("{} at {}", $case, py(&c));
                    $found.check(
                        "cute_static LayoutLike::eval_modes",
                        &at,
                        class(LayoutLike::eval_modes(&m, $f)),
                        want,
                    );
                    if let Ok(w) = want {
                        let got = caught(|| m.call($flat));
                        let name = if got == Err("panic") && partial_overflow(&$shape, &$stride, &c)
                        {
                            "cute_static Layout::call(flat) [a partial offset beyond i64]"
                        } else {
                            "cute_static Layout::call(flat)"
                        };
                        $found.check(name, &at, got, Ok(w));
                    }
                }
                for $n in &$p.naturals {
                    let c = unflatten(&$shape, &mut $n.iter().copied());
                    let want = reference(&$shape, &$stride, &c);
                    let at = format!("{} at {}", $case, py(&c));
                    $found.check(
                        "cute_static LayoutLike::eval_natural",
                        &at,
                        class(LayoutLike::eval_natural(&m, $n)),
                        want,
                    );
                    if let Ok(w) = want {
                        let got = caught(|| m.call($nat));
                        let name = if got == Err("panic") && partial_overflow(&$shape, &$stride, &c)
                        {
                            "cute_static Layout::call(natural) [a partial offset beyond i64]"
                        } else {
                            "cute_static Layout::call(natural)"
                        };
                        $found.check(name, &at, got, Ok(w));
                    }
                }
            }
        }
    }};
}

/// The profile of `shape` as text: `_` for a leaf.
fn profile(s: &IntTuple) -> String {
    match s {
        HTuple::Leaf(_) => "_".into(),
        HTuple::Tuple(ms) => {
            let parts: Vec<String> = ms.iter().map(profile).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// Runs cute-static on `s:d` when its profile is one of those spelled
/// here; false otherwise.
pub(crate) fn check_static(
    found: &mut Found,
    case: &str,
    shape: &IntTuple,
    stride: &[i64],
    p: &Probes,
) -> bool {
    let d = unflatten(shape, &mut stride.iter().copied()).map(&mut |&x| Scalar::Int(x));
    let l = Layout::new(shape.clone(), d).expect("a layout");
    match profile(shape).as_str() {
        "_" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![{} : {}],
            flat | f | f[0],
            natural | n | n[0]
        ),
        "(_,_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, {}) : ({}, {})],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], n[1])
        ),
        "(_,_,_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, {}, {}) : ({}, {}, {})],
            flat | f | (f[0], f[1], f[2]),
            natural | n | (n[0], n[1], n[2])
        ),
        "(_,(_,_))" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, ({}, {})) : ({}, ({}, {}))],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], (n[1], n[2]))
        ),
        "((_,_),_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![(({}, {}), {}) : (({}, {}), {})],
            flat | f | (f[0], f[1]),
            natural | n | ((n[0], n[1]), n[2])
        ),
        "((_,_),(_,(_,_)))" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![(({}, {}), ({}, ({}, {}))) : (({}, {}), ({}, ({}, {})))],
            flat | f | (f[0], f[1]),
            natural | n | ((n[0], n[1]), (n[2], (n[3], n[4])))
        ),
        "(_,())" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, ()) : ({}, ())],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], ())
        ),
        _ => return false,
    }
    true
}
