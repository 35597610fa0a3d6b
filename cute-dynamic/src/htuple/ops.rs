//! The specification's htuple functions that restructure: reading a mode
//! (`get`, `select`), building one (`wrap`, `lift`, `replace`), walking the
//! leaves of one or two HTuples (`transform_leaf`, `zip_leaves`, `fold_leaf`,
//! `flatten`, ...) and splitting by a partial coordinate (`slice_`, `dice_`).

use core::fmt;

use cute_core::{Error, Result};

use super::{HTuple, Leaves};

/// True iff `x` is an HTuple internal node rather than a leaf.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{is_tuple, HTuple::{Leaf, Tuple}};
/// assert!(is_tuple(&Tuple(vec![Leaf(1), Leaf(2)])));
/// assert!(!is_tuple(&Leaf(7)));
/// ```
#[inline]
pub fn is_tuple<T>(x: &HTuple<T>) -> bool {
    x.is_tuple()
}

/// An object's profile: its tree with the leaves left as they are. Every
/// HTuple is already its own profile (a layout's profile is its shape, see
/// [`crate::layout::Layout::shape`]).
///
/// # Post-conditions
/// `profile(x) == x`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{profile, IntTuple};
/// let s: IntTuple = "(2, (3, 4))".parse().unwrap();
/// assert_eq!(profile(&s), &s);
/// ```
#[inline]
pub fn profile<T>(x: &HTuple<T>) -> &HTuple<T> {
    x
}

/// Wraps `x` in a 1-tuple unless it is already a tuple.
///
/// # Post-conditions
/// `is_tuple(result)`; `result == x` if `x` is a tuple.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{wrap, HTuple::{Leaf, Tuple}};
/// assert_eq!(wrap(Leaf(7)), Tuple(vec![Leaf(7)]));
/// assert_eq!(wrap(Tuple(vec![Leaf(7)])), Tuple(vec![Leaf(7)]));
/// assert_eq!(wrap(Tuple::<i64>(vec![])), Tuple(vec![]));
/// ```
#[inline]
pub fn wrap<T>(x: HTuple<T>) -> HTuple<T> {
    match x {
        HTuple::Leaf(_) => HTuple::Tuple(vec![x]),
        t => t,
    }
}

/// Strips enclosing 1-tuples from `x`, recursively.
///
/// # Post-conditions
/// `unwrap(wrap(x)) == x` for a leaf `x`; the result is a leaf or a tuple
/// whose rank is not 1.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{unwrap, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(unwrap(p("((((42,)),),)")), p("42"));
/// assert_eq!(unwrap(p("(1, 2)")), p("(1, 2)"));
/// ```
pub fn unwrap<T>(mut x: HTuple<T>) -> HTuple<T> {
    loop {
        match x {
            HTuple::Tuple(mut c) if c.len() == 1 => x = c.pop().expect("length checked"),
            other => return other,
        }
    }
}

#[cold]
fn bad_mode<T: fmt::Debug>(op: &'static str, x: &HTuple<T>, mode: &[usize], at: usize) -> Error {
    // the tuple the failing index indexes (a leaf has no elements)
    let mut cur = x;
    for &i in &mode[..at] {
        cur = &cur.modes()[i];
    }
    let len = match cur {
        HTuple::Tuple(c) => c.len(),
        HTuple::Leaf(_) => 0,
    };
    Error::out_of_range(
        op,
        mode[at],
        Some(len.into()),
        format!(
            "mode {mode:?} names no element (index {} at depth {at})",
            mode[at]
        ),
    )
}

/// The `mode[0]`th mode, then its `mode[1]`th mode, and so on.
///
/// # Pre-conditions
/// Each index names a child of a tuple.
///
/// # Post-conditions
/// `get(x, &[]) == x`; `get(lift(x, pad, mode), mode) == x`.
///
/// # Errors
/// `IndexError` if an index is out of range or indexes into a leaf.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{get, IntTuple};
/// let x: IntTuple = "((0, 0, (0, 0, 0, 42)),)".parse().unwrap();
/// assert_eq!(get(&x, &[0, 2, 3]).unwrap(), &"42".parse::<IntTuple>().unwrap());
/// assert!(get(&x, &[1]).is_err());
/// ```
pub fn get<'a, T: fmt::Debug>(x: &'a HTuple<T>, mode: &[usize]) -> Result<&'a HTuple<T>> {
    let mut cur = x;
    for (d, &i) in mode.iter().enumerate() {
        match cur {
            HTuple::Tuple(c) if i < c.len() => cur = &c[i],
            _ => return Err(bad_mode("get", x, mode, d)),
        }
    }
    Ok(cur)
}

/// Creates an object with `x` as its `mode`-th element: each index `i` of
/// `mode` creates a tuple of `i` copies of `pad`, then the inner object.
///
/// # Post-conditions
/// `get(lift(x, pad, mode), mode) == x`; `lift(x, pad, &[]) == x`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{lift, HTuple, IntTuple};
/// let r = lift(HTuple::Leaf(42), &HTuple::Leaf(0), &[0, 2, 3]);
/// assert_eq!(r, "((0, 0, (0, 0, 0, 42)),)".parse::<IntTuple>().unwrap());
/// let n = lift(HTuple::Leaf(Some(42)), &HTuple::Leaf(None), &[1]);
/// assert_eq!(n, HTuple::from_leaves([None, Some(42)]));
/// ```
pub fn lift<T: Clone>(x: HTuple<T>, pad: &HTuple<T>, mode: &[usize]) -> HTuple<T> {
    let mut node = x;
    for &i in mode.iter().rev() {
        let mut c = Vec::with_capacity(i + 1);
        c.extend(core::iter::repeat_n(pad, i).cloned());
        c.push(node);
        node = HTuple::Tuple(c);
    }
    node
}

/// A copy of `obj` with its `mode`-th element replaced by `x`.
///
/// # Pre-conditions
/// `mode` names an existing element of `obj`.
///
/// # Post-conditions
/// `get(replace(obj, x, mode), mode) == x`; `replace(obj, x, &[]) == x`.
///
/// # Errors
/// `ValueError` if `mode` names no element.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{replace, HTuple, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(replace(&p("(1, 2, 3)"), HTuple::Leaf(42), &[1]).unwrap(), p("(1, 42, 3)"));
/// assert_eq!(replace(&p("((1, 2, 3), 4)"), HTuple::Leaf(42), &[0, 2]).unwrap(), p("((1, 2, 42), 4)"));
/// assert!(replace(&p("(1, 2, 3)"), HTuple::Leaf(42), &[3]).is_err());
/// ```
pub fn replace<T: Clone + fmt::Debug>(
    obj: &HTuple<T>,
    x: HTuple<T>,
    mode: &[usize],
) -> Result<HTuple<T>> {
    fn go<T: Clone>(obj: &HTuple<T>, x: HTuple<T>, mode: &[usize]) -> Option<HTuple<T>> {
        let Some((&i, rest)) = mode.split_first() else {
            return Some(x);
        };
        match obj {
            HTuple::Tuple(c) if i < c.len() => {
                let mut out = c.clone();
                out[i] = go(&c[i], x, rest)?;
                Some(HTuple::Tuple(out))
            }
            _ => None,
        }
    }
    go(obj, x, mode).ok_or_else(|| {
        Error::value(
            "replace",
            format!("mode {mode:?} names no element of {obj:?}"),
        )
    })
}

/// The top-level modes of `obj` named by `mode`, in the order given, as a
/// tuple. A leaf behaves as the 1-tuple it denotes.
///
/// # Post-conditions
/// `rank(result) == mode.len()`; `result[i] == obj.modes()[mode[i]]`.
///
/// # Errors
/// `IndexError` if an index is out of range.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{select, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(select(&p("(2, (3, 4), 5)"), &[0, 1]).unwrap(), p("(2, (3, 4))"));
/// assert_eq!(select(&p("(2, (3, 4), 5)"), &[2, 0]).unwrap(), p("(5, 2)"));
/// assert!(select(&p("(2, 3)"), &[2]).is_err());
/// ```
pub fn select<T: Clone + fmt::Debug>(obj: &HTuple<T>, mode: &[usize]) -> Result<HTuple<T>> {
    let m = obj.modes();
    mode.iter()
        .map(|&i| {
            m.get(i).cloned().ok_or_else(|| {
                Error::out_of_range(
                    "select",
                    i,
                    Some(m.len().into()),
                    format!("mode {i} of {obj:?}, whose rank is {}", m.len()),
                )
            })
        })
        .collect::<Result<Vec<_>>>()
        .map(HTuple::Tuple)
}

#[cold]
fn not_weakly_congruent<A: fmt::Debug, B: fmt::Debug>(
    op: &'static str,
    a: &HTuple<A>,
    b: &HTuple<B>,
) -> Error {
    Error::NotCongruent {
        op,
        msg: format!("{a:?} is not weakly congruent to {b:?}"),
    }
}

/// Rebuilds `x` with `f` applied at every leaf and `make` at every node:
/// `transform_apply_leaf(make, f, (a, (b, c))) == make([f(a), make([f(b), f(c)])])`.
///
/// # Post-conditions
/// `f` is called once per leaf, left to right, and `make` once per node.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{transform_apply_leaf, IntTuple};
/// let x: IntTuple = "(1, (2, 3))".parse().unwrap();
/// let sum = transform_apply_leaf(&x, &mut |c: Vec<i64>| c.iter().sum(), &mut |&v| v);
/// assert_eq!(sum, 6);
/// ```
pub fn transform_apply_leaf<T, U>(
    x: &HTuple<T>,
    make: &mut impl FnMut(Vec<U>) -> U,
    f: &mut impl FnMut(&T) -> U,
) -> U {
    match x {
        HTuple::Leaf(v) => f(v),
        HTuple::Tuple(c) => {
            let v = c.iter().map(|h| transform_apply_leaf(h, make, f)).collect();
            make(v)
        }
    }
}

/// [`transform_apply_leaf`] over two HTuples walked together: `a` drives the
/// walk, and where it has a leaf the matching sub-tree of `b` is passed
/// whole.
///
/// # Pre-conditions
/// `weakly_congruent(a, b)`.
///
/// # Errors
/// `ValueError` if `a` is not weakly congruent to `b`; any error of `f` or
/// `make`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{transform_apply_leaf2, IntTuple};
/// use cute_dynamic::layout::{make_layout, Layout};
/// let s: IntTuple = "(2, 3)".parse().unwrap();
/// let d: IntTuple = "(1, 4)".parse().unwrap();
/// let l = transform_apply_leaf2(&s, &d, &mut |c| Ok(make_layout(&c)),
///     &mut |&s, d| Layout::from_ints(&s.into(), d)).unwrap();
/// assert_eq!(l, "(2, 3):(1, 4)".parse::<Layout>().unwrap());
/// assert!(transform_apply_leaf2(&d, &"7".parse::<IntTuple>().unwrap(),
///     &mut |c: Vec<i64>| Ok(c[0]), &mut |&a, _| Ok(a)).is_err());
/// ```
pub fn transform_apply_leaf2<A: fmt::Debug, B: fmt::Debug, U>(
    a: &HTuple<A>,
    b: &HTuple<B>,
    make: &mut impl FnMut(Vec<U>) -> Result<U>,
    f: &mut impl FnMut(&A, &HTuple<B>) -> Result<U>,
) -> Result<U> {
    match (a, b) {
        (HTuple::Leaf(x), y) => f(x, y),
        (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
            let v = x
                .iter()
                .zip(y)
                .map(|(p, q)| transform_apply_leaf2(p, q, make, f))
                .collect::<Result<Vec<_>>>()?;
            make(v)
        }
        _ => Err(not_weakly_congruent("transform_apply_leaf", a, b)),
    }
}

/// Applies `f` at every leaf, rebuilding the tree (the specification's
/// `transform_leaf` of one HTuple).
///
/// # Post-conditions
/// `congruent(result, x)`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{transform_leaf, IntTuple};
/// let x: IntTuple = "(1, (2, 3))".parse().unwrap();
/// assert_eq!(transform_leaf(&x, |v| v + 1), "(2, (3, 4))".parse::<IntTuple>().unwrap());
/// ```
pub fn transform_leaf<T, U>(x: &HTuple<T>, mut f: impl FnMut(&T) -> U) -> HTuple<U> {
    x.map(&mut f)
}

/// Applies `f` at the corresponding leaves of two HTuples, rebuilding the
/// tree of `a` (the specification's `transform_leaf` of two HTuples). Where
/// `a` has a leaf, the matching sub-tree of `b` is passed whole.
///
/// # Pre-conditions
/// `weakly_congruent(a, b)`.
///
/// # Post-conditions
/// `congruent(result, a)`.
///
/// # Errors
/// `ValueError` if `a` is not weakly congruent to `b`; any error of `f`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{transform_leaf2, HTuple, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let r = transform_leaf2(&p("(2, 3)"), &p("(5, 7)"), |&x, y| Ok(x * y.as_leaf().unwrap()));
/// assert_eq!(r.unwrap(), p("(10, 21)"));
/// assert!(transform_leaf2(&p("(2, 3)"), &p("5"), |&x, _| Ok(x)).is_err());
/// ```
pub fn transform_leaf2<A: fmt::Debug, B: fmt::Debug, U>(
    a: &HTuple<A>,
    b: &HTuple<B>,
    mut f: impl FnMut(&A, &HTuple<B>) -> Result<U>,
) -> Result<HTuple<U>> {
    transform_apply_leaf2(a, b, &mut |c| Ok(HTuple::Tuple(c)), &mut |x, y| {
        f(x, y).map(HTuple::Leaf)
    })
}

/// The leaves of `x`, left to right.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{leaves, IntTuple};
/// let x: IntTuple = "((2, 3), 4)".parse().unwrap();
/// assert_eq!(leaves(&x).copied().collect::<Vec<_>>(), [2, 3, 4]);
/// ```
#[inline]
pub fn leaves<T>(x: &HTuple<T>) -> Leaves<'_, T> {
    x.leaves()
}

/// The corresponding leaves of two HTuples, as pairs. `a` drives the walk,
/// so where it has a leaf the matching sub-tree of `b` is yielded whole.
///
/// # Pre-conditions
/// `weakly_congruent(a, b)`.
///
/// # Errors
/// `ValueError` if `a` is not weakly congruent to `b`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{zip_leaves, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let (a, b) = (p("1"), p("(2, 3)"));
/// assert_eq!(zip_leaves(&a, &b).unwrap(), vec![(&1, &b)]);
/// assert_eq!(zip_leaves(&p("(1, 2)"), &p("(3, 4)")).unwrap().len(), 2);
/// assert!(zip_leaves(&p("(1, 2)"), &p("3")).is_err());
/// ```
pub fn zip_leaves<'a, 'b, A: fmt::Debug, B: fmt::Debug>(
    a: &'a HTuple<A>,
    b: &'b HTuple<B>,
) -> Result<Vec<(&'a A, &'b HTuple<B>)>> {
    fn go<'a, 'b, A, B>(
        a: &'a HTuple<A>,
        b: &'b HTuple<B>,
        out: &mut Vec<(&'a A, &'b HTuple<B>)>,
    ) -> bool {
        match (a, b) {
            (HTuple::Leaf(x), y) => {
                out.push((x, y));
                true
            }
            (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
                x.iter().zip(y).all(|(p, q)| go(p, q, out))
            }
            _ => false,
        }
    }
    let mut out = Vec::new();
    if go(a, b, &mut out) {
        Ok(out)
    } else {
        Err(not_weakly_congruent("zip_leaves", a, b))
    }
}

/// Left-folds `f` over the leaves of `x`, starting from `init`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{fold_leaf, IntTuple};
/// let x: IntTuple = "(1, (2, 3))".parse().unwrap();
/// assert_eq!(fold_leaf(&x, 0, |acc, &v| acc + v), 6);
/// ```
pub fn fold_leaf<T, U>(x: &HTuple<T>, init: U, f: impl FnMut(U, &T) -> U) -> U {
    x.leaves().fold(init, f)
}

/// Left-folds `f` over the corresponding leaves of two HTuples (`a` drives
/// the walk, as in [`zip_leaves`]), starting from `init`.
///
/// # Pre-conditions
/// `weakly_congruent(a, b)`.
///
/// # Errors
/// `ValueError` if `a` is not weakly congruent to `b`; any error of `f`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{fold_leaf2, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let r = fold_leaf2(&p("(2, 3)"), &p("(5, 7)"), 0, |acc, &x, y| Ok(acc + x * y.as_leaf().unwrap()));
/// assert_eq!(r.unwrap(), 31);
/// assert!(fold_leaf2(&p("(2, 3)"), &p("(5, 7, 9)"), 0, |acc, _, _| Ok(acc)).is_err());
/// ```
pub fn fold_leaf2<A: fmt::Debug, B: fmt::Debug, U>(
    a: &HTuple<A>,
    b: &HTuple<B>,
    init: U,
    mut f: impl FnMut(U, &A, &HTuple<B>) -> Result<U>,
) -> Result<U> {
    zip_leaves(a, b)?
        .into_iter()
        .try_fold(init, |acc, (x, y)| f(acc, x, y))
}

/// The leaves of `x` as one flat tuple, discarding the tree.
///
/// # Post-conditions
/// `depth(result) <= 1`; `unflatten(flatten(x).leaves(), x) == x`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{flatten, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(flatten(&p("((2, 3), 4)")), p("(2, 3, 4)"));
/// assert_eq!(flatten(&p("42")), p("(42,)"));
/// ```
pub fn flatten<T: Clone>(x: &HTuple<T>) -> HTuple<T> {
    HTuple::from_leaves(x.leaves().cloned())
}

/// Rebuilds `profile`'s tree from a flat sequence of leaves; the inverse of
/// [`flatten`]. Extra values are left in the iterator.
///
/// # Pre-conditions
/// `values` yields at least as many items as `profile` has leaves.
///
/// # Post-conditions
/// `congruent(result, profile)`.
///
/// # Errors
/// `ValueError` if `values` runs out.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{unflatten, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(unflatten(&mut [2, 3, 4].into_iter(), &p("((0, 0), 0)")).unwrap(), p("((2, 3), 4)"));
/// assert_eq!(unflatten(&mut [1, 2, 3].into_iter(), &p("0")).unwrap(), p("1"));
/// assert!(unflatten(&mut [1].into_iter(), &p("(0, 0)")).is_err());
/// ```
pub fn unflatten<T, P: fmt::Debug>(
    values: &mut impl Iterator<Item = T>,
    profile: &HTuple<P>,
) -> Result<HTuple<T>> {
    fn go<T, P>(values: &mut impl Iterator<Item = T>, profile: &HTuple<P>) -> Option<HTuple<T>> {
        match profile {
            HTuple::Leaf(_) => values.next().map(HTuple::Leaf),
            HTuple::Tuple(c) => c
                .iter()
                .map(|h| go(values, h))
                .collect::<Option<Vec<_>>>()
                .map(HTuple::Tuple),
        }
    }
    go(values, profile).ok_or_else(|| {
        Error::value(
            "unflatten",
            format!(
                "too few values for the {} leaves of {profile:?}",
                profile.leaf_count()
            ),
        )
    })
}

/// `x` replicated at every leaf of `profile`'s tree.
///
/// # Post-conditions
/// `congruent(result, profile)`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{repeat_like, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(repeat_like(&0, &p("((1, (2, 3)), 4)")), p("((0, (0, 0)), 0)"));
/// ```
pub fn repeat_like<T: Clone, P>(x: &T, profile: &HTuple<P>) -> HTuple<T> {
    profile.map(&mut |_| x.clone())
}

fn slice_dice<C: fmt::Debug, T: Clone + fmt::Debug>(
    op: &'static str,
    crd: &HTuple<Option<C>>,
    b: &HTuple<T>,
    keep_none: bool,
    out: &mut Vec<HTuple<T>>,
) -> Result<()> {
    match (crd, b) {
        (HTuple::Leaf(c), _) => {
            if c.is_none() == keep_none {
                out.push(b.clone());
            }
            Ok(())
        }
        (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
            for (p, q) in x.iter().zip(y) {
                slice_dice(op, p, q, keep_none, out)?;
            }
            Ok(())
        }
        _ => Err(not_weakly_congruent(op, crd, b)),
    }
}

/// The sub-trees of `b` whose counterpart in `crd` is `None`, collected into
/// one tuple: the part of a layout a partial coordinate leaves free.
///
/// # Pre-conditions
/// `weakly_congruent(crd, b)`.
///
/// # Post-conditions
/// `depth(result) >= 1`; its elements are the sub-trees of `b` marked `None`,
/// left to right.
///
/// # Errors
/// `ValueError` if `crd` is not weakly congruent to `b`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{slice_, HTuple, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let crd = HTuple::from_leaves([None, Some(1)]);
/// assert_eq!(slice_(&crd, &p("((2, 3), (5, 7, 9))")).unwrap(), p("((2, 3),)"));
/// assert_eq!(slice_(&HTuple::from_leaves([Some(1), Some(2)]), &p("(5, 7)")).unwrap(), p("()"));
/// assert!(slice_(&crd, &p("5")).is_err());
/// ```
pub fn slice_<C: fmt::Debug, T: Clone + fmt::Debug>(
    crd: &HTuple<Option<C>>,
    b: &HTuple<T>,
) -> Result<HTuple<T>> {
    let mut out = Vec::new();
    slice_dice("slice_", crd, b, true, &mut out)?;
    Ok(HTuple::Tuple(out))
}

/// The sub-trees of `b` whose counterpart in `crd` is not `None`, collected
/// into one tuple: the part of a layout a partial coordinate fixes.
///
/// # Pre-conditions
/// `weakly_congruent(crd, b)`.
///
/// # Post-conditions
/// `depth(result) >= 1`; its elements are the sub-trees of `b` not marked
/// `None`, left to right.
///
/// # Errors
/// `ValueError` if `crd` is not weakly congruent to `b`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{dice_, HTuple, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let crd = HTuple::from_leaves([None, Some(1)]);
/// assert_eq!(dice_(&crd, &p("((2, 3), (5, 7, 9))")).unwrap(), p("((5, 7, 9),)"));
/// assert_eq!(dice_(&HTuple::<Option<i64>>::from_leaves([None, None]), &p("(2, 3)")).unwrap(), p("()"));
/// assert!(dice_(&crd, &p("(1, 2, 3)")).is_err());
/// ```
pub fn dice_<C: fmt::Debug, T: Clone + fmt::Debug>(
    crd: &HTuple<Option<C>>,
    b: &HTuple<T>,
) -> Result<HTuple<T>> {
    let mut out = Vec::new();
    slice_dice("dice_", crd, b, false, &mut out)?;
    Ok(HTuple::Tuple(out))
}
