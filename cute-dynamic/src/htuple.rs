//! Hierarchical tuples.
//!
//! An HTuple is the container at the base of CuTe: a leaf, or a tuple of
//! HTuples. Shape, Stride, Coord and Tiler are all HTuples that differ only in
//! what they admit at a leaf, so [`HTuple`] is generic over its leaf and the
//! combinators here serve all of them.
//!
//! Two ideas recur. A *profile* is an HTuple read for its tree alone, with the
//! leaves ignored; [`congruent`] and [`weakly_congruent`] compare profiles. A
//! *mode* is a path of indices into that tree: where the specification writes
//! `get[0, 2](x)`, this crate takes `mode: &[usize]` (`get(&x, &[0, 2])`).

use core::fmt;

use smallvec::SmallVec;

/// A hierarchical tuple: a leaf of type `T`, or a tuple of hierarchical
/// tuples.
///
/// `Display` prints it as Python prints the nested tuple: `(3, (2, 4))`,
/// a one-tuple as `(8,)`, the empty tuple as `()`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::HTuple;
/// let s = HTuple::tuple(vec![HTuple::Leaf(3), HTuple::tuple(vec![HTuple::Leaf(2), HTuple::Leaf(4)])]);
/// assert_eq!(s.to_string(), "(3, (2, 4))");
/// assert_eq!(HTuple::tuple(vec![HTuple::Leaf(8)]).to_string(), "(8,)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum HTuple<T> {
    /// A leaf.
    Leaf(T),
    /// An internal node: a tuple of hierarchical tuples.
    Tuple(Vec<HTuple<T>>),
}

/// An HTuple of integers: the carrier of shapes and coordinates.
pub type IntTuple = HTuple<i64>;

impl<T> HTuple<T> {
    /// A tuple node with the given children.
    #[inline]
    pub fn tuple(children: Vec<HTuple<T>>) -> Self {
        HTuple::Tuple(children)
    }

    /// A tuple of leaves.
    pub fn from_leaves(leaves: impl IntoIterator<Item = T>) -> Self {
        HTuple::Tuple(leaves.into_iter().map(HTuple::Leaf).collect())
    }

    /// The empty tuple `()`.
    #[inline]
    pub fn empty() -> Self {
        HTuple::Tuple(Vec::new())
    }

    /// True iff this is an internal node (the specification's `is_tuple`).
    #[inline]
    pub fn is_tuple(&self) -> bool {
        matches!(self, HTuple::Tuple(_))
    }

    /// The leaf value, if this is a leaf.
    #[inline]
    pub fn as_leaf(&self) -> Option<&T> {
        match self {
            HTuple::Leaf(x) => Some(x),
            HTuple::Tuple(_) => None,
        }
    }

    /// The children, if this is a tuple.
    #[inline]
    pub fn as_tuple(&self) -> Option<&[HTuple<T>]> {
        match self {
            HTuple::Leaf(_) => None,
            HTuple::Tuple(c) => Some(c),
        }
    }

    /// Number of top-level modes: the tuple's length, 1 for a leaf.
    #[inline]
    pub fn rank(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(c) => c.len(),
        }
    }

    /// The top-level modes as a slice: the children of a tuple, the value
    /// itself for a leaf (a leaf behaves as the 1-tuple it denotes).
    #[inline]
    pub fn modes(&self) -> &[HTuple<T>] {
        match self {
            HTuple::Leaf(_) => core::slice::from_ref(self),
            HTuple::Tuple(c) => c,
        }
    }

    /// Nesting depth: 0 for a leaf, 1 + the deepest child for a tuple.
    pub fn depth(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 0,
            HTuple::Tuple(c) => 1 + c.iter().map(HTuple::depth).max().unwrap_or(0),
        }
    }

    /// The leaves, left to right.
    pub fn leaves(&self) -> Leaves<'_, T> {
        let mut stack = SmallVec::new();
        stack.push(core::slice::from_ref(self));
        Leaves { stack }
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(c) => c.iter().map(HTuple::leaf_count).sum(),
        }
    }

    /// Rebuilds the tree with `f` applied at every leaf.
    pub fn map<U>(&self, f: &mut impl FnMut(&T) -> U) -> HTuple<U> {
        match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)),
            HTuple::Tuple(c) => HTuple::Tuple(c.iter().map(|h| h.map(f)).collect()),
        }
    }

    /// Rebuilds the tree with a fallible `f` applied at every leaf.
    pub fn try_map<U, E>(&self, f: &mut impl FnMut(&T) -> Result<U, E>) -> Result<HTuple<U>, E> {
        Ok(match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)?),
            HTuple::Tuple(c) => {
                HTuple::Tuple(c.iter().map(|h| h.try_map(f)).collect::<Result<_, _>>()?)
            }
        })
    }

    /// True iff `self` and `other` have the same profile.
    pub fn congruent_with<U>(&self, other: &HTuple<U>) -> bool {
        match (self, other) {
            (HTuple::Leaf(_), HTuple::Leaf(_)) => true,
            (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent_with(y))
            }
            _ => false,
        }
    }
}

/// Iterator over the leaves of an [`HTuple`], left to right. (It allocates
/// nothing for trees up to 8 levels deep.)
pub struct Leaves<'a, T> {
    stack: SmallVec<[&'a [HTuple<T>]; 8]>,
}

impl<'a, T> Iterator for Leaves<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        loop {
            let top = self.stack.last_mut()?;
            match top.split_first() {
                None => {
                    self.stack.pop();
                }
                Some((first, rest)) => {
                    *top = rest;
                    match first {
                        HTuple::Leaf(x) => return Some(x),
                        HTuple::Tuple(c) => self.stack.push(c),
                    }
                }
            }
        }
    }
}

impl<T> From<T> for HTuple<T> {
    fn from(x: T) -> Self {
        HTuple::Leaf(x)
    }
}

impl<T: fmt::Display> fmt::Display for HTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HTuple::Leaf(x) => x.fmt(f),
            HTuple::Tuple(c) => {
                f.write_str("(")?;
                for (i, x) in c.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    x.fmt(f)?;
                }
                if c.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// True iff `a` and `b` have the same hierarchical profile (Whitepaper,
/// §2.1): matching tuple/leaf structure at every level, whatever the
/// leaves hold. An equivalence relation.
///
/// # Post-conditions
/// `congruent(a, b)` implies `weakly_congruent(a, b)`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{congruent, HTuple::{Leaf, Tuple}};
/// assert!(congruent(&Tuple(vec![Leaf(4), Leaf(8)]), &Tuple(vec![Leaf(5), Leaf(7)])));
/// assert!(!congruent(&Leaf(31), &Tuple(vec![Leaf(4), Leaf(8)])));
/// ```
pub fn congruent<A, B>(a: &HTuple<A>, b: &HTuple<B>) -> bool {
    a.congruent_with(b)
}

/// True iff `a` coarsens the profile of `b` (Whitepaper, §2.1): a leaf of
/// `a` may stand for a whole sub-tree of `b`. A partial order on profiles.
///
/// # Post-conditions
/// A leaf is weakly congruent to anything; a tuple never to a leaf.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{weakly_congruent, HTuple::{Leaf, Tuple}};
/// assert!(weakly_congruent(&Leaf(30), &Tuple(vec![Leaf(3), Leaf(4)])));
/// assert!(!weakly_congruent(&Tuple(vec![Leaf(3), Leaf(4)]), &Leaf(30)));
/// ```
pub fn weakly_congruent<A, B>(a: &HTuple<A>, b: &HTuple<B>) -> bool {
    match (a, b) {
        (HTuple::Leaf(_), _) => true,
        (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| weakly_congruent(p, q))
        }
    }
}

// ---------------------------------------------------------------------------
// The specification's htuple functions
// ---------------------------------------------------------------------------

use cute_core::{Error, Result};

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

/// The product of every leaf of `s`, checked (1 for the empty tuple).
///
/// # Post-conditions
/// `result == s.leaves().product()`.
///
/// # Errors
/// `ValueError` if the product leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product(&p("((2, 3), 4)")).unwrap(), 24);
/// assert_eq!(product(&p("()")).unwrap(), 1);
/// assert!(product(&p("(1099511627776, 1099511627776)")).is_err());
/// ```
#[inline]
pub fn product(s: &IntTuple) -> Result<i64> {
    fn go(s: &IntTuple, acc: i64) -> Option<i64> {
        match s {
            HTuple::Leaf(x) => acc.checked_mul(*x),
            HTuple::Tuple(c) => c.iter().try_fold(acc, |a, h| go(h, a)),
        }
    }
    go(s, 1).ok_or_else(|| product_overflow(s))
}

#[cold]
fn product_overflow(s: &IntTuple) -> Error {
    Error::overflow(
        "product",
        format!("the product of {s} leaves the 64-bit range"),
    )
}

/// The product of each top-level mode of `s`, as a flat tuple (a leaf is
/// its own 1-tuple).
///
/// # Post-conditions
/// `rank(result) == rank(s)`; `product(result) == product(s)`.
///
/// # Errors
/// `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product_each, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product_each(&p("((2, 3), 4, (5, 6))")).unwrap(), p("(6, 4, 30)"));
/// assert_eq!(product_each(&p("()")).unwrap(), p("()"));
/// assert!(product_each(&p("((4294967296, 4294967296),)")).is_err());
/// ```
pub fn product_each(s: &IntTuple) -> Result<IntTuple> {
    s.modes()
        .iter()
        .map(|m| product(m).map(HTuple::Leaf))
        .collect::<Result<Vec<_>>>()
        .map(HTuple::Tuple)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testdata::{arb_chain, arb_shape};
    use proptest::prelude::*;

    fn p(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn test_wrap_unwrap() {
        assert_eq!(wrap(p("7")), p("(7,)"));
        assert_eq!(wrap(p("()")), p("()"));
        assert_eq!(unwrap(p("(7,)")), p("7"));
        assert_eq!(unwrap(wrap(p("(3,)"))), p("3"));
        assert_eq!(unwrap(p("(((1, 2),),)")), p("(1, 2)"));
    }

    #[test]
    fn test_get_lift_replace() {
        let x = p("((0, 0, (0, 0, 0, 42)),)");
        assert_eq!(get(&x, &[0, 2, 3]).unwrap(), &p("42"));
        assert_eq!(get(&x, &[]).unwrap(), &x);
        assert_eq!(get(&p("(1, (2, 3))"), &[1, 0]).unwrap(), &p("2"));
        assert_eq!(
            get(&p("7"), &[0]).unwrap_err().class(),
            cute_core::ErrorClass::IndexError
        );
        assert_eq!(lift(p("42"), &p("0"), &[0, 2, 3]), x);
        assert_eq!(lift(p("42"), &p("0"), &[]), p("42"));
        assert_eq!(
            replace(&p("(1, 2, 3)"), p("42"), &[1]).unwrap(),
            p("(1, 42, 3)")
        );
        assert_eq!(replace(&p("(1, 2, 3)"), p("42"), &[]).unwrap(), p("42"));
        let nones: HTuple<Option<i64>> = repeat_like(&None, &p("(3, 4)"));
        assert_eq!(
            replace(&nones, HTuple::Leaf(Some(42)), &[1]).unwrap(),
            HTuple::from_leaves([None, Some(42)])
        );
        assert_eq!(
            replace(&p("(1, 2, 3)"), p("42"), &[3]).unwrap_err().class(),
            cute_core::ErrorClass::ValueError
        );
        assert!(replace(&p("7"), p("42"), &[0]).is_err());
    }

    #[test]
    fn test_select_and_products() {
        assert_eq!(
            select(&p("(2, (3, 4), 5)"), &[0, 1]).unwrap(),
            p("(2, (3, 4))")
        );
        assert_eq!(select(&p("(2, 3)"), &[]).unwrap(), p("()"));
        assert_eq!(product(&p("42")).unwrap(), 42);
        assert_eq!(product_each(&p("(2, 3)")).unwrap(), p("(2, 3)"));
        assert_eq!(product_each(&p("7")).unwrap(), p("(7,)"));
    }

    #[test]
    fn test_transforms_and_folds() {
        let x = p("(1, (2, 3))");
        assert_eq!(transform_leaf(&x, |v| v * 2), p("(2, (4, 6))"));
        let rebuilt =
            transform_apply_leaf(&x, &mut |c: Vec<IntTuple>| HTuple::Tuple(c), &mut |&v| {
                HTuple::Leaf(v * 2)
            });
        assert_eq!(rebuilt, p("(2, (4, 6))"));
        assert_eq!(fold_leaf(&x, 0, |a, &v| a + v), 6);
        let (za, zb) = (p("(1, (2, 3))"), p("(4, (5, 6))"));
        let z = zip_leaves(&za, &zb).unwrap();
        assert_eq!(
            z.iter()
                .map(|(a, b)| (**a, b.to_string()))
                .collect::<Vec<_>>(),
            [(1, "4".into()), (2, "5".into()), (3, "6".into())]
        );
        assert!(zip_leaves(&p("(1, (2, 3))"), &p("(4, 5)")).is_err());
        assert!(transform_leaf2(&p("(1, 2, 3)"), &p("(1, 2)"), |&a, _| Ok(a)).is_err());
        assert_eq!(leaves(&p("()")).count(), 0);
        assert_eq!(flatten(&p("()")), p("()"));
        assert_eq!(
            unflatten(&mut [2, 3].into_iter(), &p("(0, 0)")).unwrap(),
            p("(2, 3)")
        );
        assert_eq!(repeat_like(&0, &p("42")), p("0"));
    }

    #[test]
    fn test_slice_dice() {
        let c: HTuple<Option<i64>> = "(None, 1)".parse().unwrap();
        let b = p("((2, 3), (5, 7, 9))");
        assert_eq!(slice_(&c, &b).unwrap(), p("((2, 3),)"));
        assert_eq!(dice_(&c, &b).unwrap(), p("((5, 7, 9),)"));
        let all: HTuple<Option<i64>> = "(None, None)".parse().unwrap();
        assert_eq!(slice_(&all, &p("(2, 3)")).unwrap(), p("(2, 3)"));
        assert_eq!(dice_(&all, &p("(2, 3)")).unwrap(), p("()"));
        let fixed: HTuple<Option<i64>> = "(1, 2)".parse().unwrap();
        assert_eq!(slice_(&fixed, &p("(5, 7)")).unwrap(), p("()"));
        assert_eq!(dice_(&fixed, &p("(5, 7)")).unwrap(), p("(5, 7)"));
        let nested: HTuple<Option<i64>> = "((None, 0), None)".parse().unwrap();
        assert_eq!(
            slice_(&nested, &p("((2, 3), (5, 7))")).unwrap(),
            p("(2, (5, 7))")
        );
        assert_eq!(dice_(&nested, &p("((2, 3), (5, 7))")).unwrap(), p("(3,)"));
    }

    /// A random coordinate-like tuple: `s` with some leaves `None`.
    fn with_nones(s: &IntTuple, mask: &[bool]) -> HTuple<Option<i64>> {
        let mut it = mask.iter().cycle();
        s.map(&mut |&v| (!*it.next().unwrap()).then_some(v))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn congruence_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
            // congruent: reflexive and symmetric; implies weak congruence
            prop_assert!(congruent(&s, &s));
            prop_assert_eq!(congruent(&s, &t), congruent(&t, &s));
            if congruent(&s, &t) { prop_assert!(weakly_congruent(&s, &t)); }
            // weak congruence: reflexive, transitive along the chain,
            // antisymmetric up to congruence
            prop_assert!(weakly_congruent(&s, &s));
            prop_assert!(weakly_congruent(&c1, &s));
            prop_assert!(weakly_congruent(&c2, &c1));
            prop_assert!(weakly_congruent(&c2, &s));
            if weakly_congruent(&s, &t) && weakly_congruent(&t, &s) { prop_assert!(congruent(&s, &t)); }
        }

        #[test]
        fn flatten_unflatten_round_trip(s in arb_shape()) {
            let f = flatten(&s);
            prop_assert!(f.depth() <= 1);
            prop_assert_eq!(unflatten(&mut f.leaves().copied(), &s).unwrap(), s.clone());
            prop_assert_eq!(product(&s).unwrap(), product(&product_each(&s).unwrap()).unwrap());
        }

        #[test]
        fn slice_and_dice_partition(s in arb_shape(), mask in prop::collection::vec(any::<bool>(), 1..8)) {
            let c = with_nones(&s, &mask);
            let sl = slice_(&c, &s).unwrap();
            let di = dice_(&c, &s).unwrap();
            prop_assert_eq!(sl.leaf_count() + di.leaf_count(), s.leaf_count());
            prop_assert_eq!(product(&sl).unwrap() * product(&di).unwrap(), product(&s).unwrap());
        }

        #[test]
        fn lift_then_get(s in arb_shape(), mode in prop::collection::vec(0usize..4, 0..4)) {
            let x = lift(s.clone(), &HTuple::Leaf(0), &mode);
            prop_assert_eq!(get(&x, &mode).unwrap(), &s);
            prop_assert_eq!(replace(&x, HTuple::Leaf(7), &mode).unwrap().leaves().filter(|&&v| v == 7).count() >= 1, true);
        }
    }
}
