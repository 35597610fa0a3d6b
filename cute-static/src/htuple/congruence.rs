//! Congruence: two HTuples of the same profile (a shape and its stride), or
//! of a profile that coarsens the other (a coordinate and its shape).

use cute_core::bridge::{LeafMode, LeafValue, Node};
use cute_core::KnownInt;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned};

use super::{HTuple, Leaf, Tuple};

/// `a + b` in `i64`, `None` on overflow or if either is `None`.
const fn checked_add(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => x.checked_add(y),
        _ => None,
    }
}

/// The largest distance `(s - 1) * |d|` a leaf `s:d` spans, `None` if it
/// leaves the `i64` range.
const fn leaf_span(s: i64, d: i64) -> Option<i64> {
    if s < 1 {
        return Some(0);
    }
    match d.checked_abs() {
        Some(a) => (s - 1).checked_mul(a),
        None => None,
    }
}

// ------------------------------------------------------------------ congruence

/// `congruent(Self, B)`: `Self` and `B` have the same profile (same tree,
/// any leaves). A layout's shape and stride must be congruent.
///
/// # Examples
/// ```
/// use cute_static::htuple::Congruent;
/// use cute_static::{shape, stride};
/// assert!(shape!(4, 8).congruent(&stride!(5, {7})));
/// ```
/// ```compile_fail
/// use cute_static::htuple::Congruent;
/// use cute_static::{shape, stride};
/// shape!(4, 8).congruent(&stride!(4, (2, 4))); // different profile
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the shape and the stride are not congruent (not the same hierarchical profile)",
    label = "the shape and the stride must have the same profile",
    note = "a layout's shape and stride must be congruent: same nesting and same rank at every level"
)]
pub trait Congruent<B>: HTuple {
    /// `sum (s - 1) * |d|` over the static leaves (dynamic ones count as 0),
    /// or `None` if it leaves the `i64` range: every offset of a static
    /// layout is at most this in absolute value.
    #[doc(hidden)]
    const STATIC_SPAN: Option<i64>;
    /// Visits pairs of corresponding leaves: `(self leaf, b leaf)`.
    fn zip_visit<F: FnMut(i64, i64)>(&self, b: &B, f: &mut F);
    /// Walks the pair as a layout `self:b` in preorder (see
    /// [`cute_core::bridge::Node`]); the tuple around `self` itself is the
    /// caller's to open and close.
    #[doc(hidden)]
    fn zip_walk(&self, b: &B, f: &mut dyn FnMut(Node));
    /// True (the check is the trait bound).
    fn congruent(&self, _: &B) -> bool {
        true
    }
}

/// A tuple facing a tuple: splits a non-empty tuple into head and tail.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: a tuple faces a leaf or a shorter tuple (the shape and stride must have the same profile)",
    note = "the other side is `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait NonEmpty: Tuple {
    /// The first mode.
    type Head: HTuple;
    /// The other modes.
    type Tail: Tuple;
    /// The first mode.
    fn head(&self) -> &Self::Head;
    /// The other modes.
    fn tail(&self) -> &Self::Tail;
}
impl<H: HTuple, T: Tuple> NonEmpty for HCons<H, T> {
    type Head = H;
    type Tail = T;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn head(&self) -> &H {
        &self.head
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tail(&self) -> &T {
        &self.tail
    }
}

/// The end of a tuple facing the end of a tuple.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: the ranks differ (the shape and stride must have the same profile)",
    note = "one tuple ends where the other goes on with `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait Empty: Tuple {}
impl Empty for HNil {}

/// A leaf facing a leaf.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: a leaf faces a tuple (the shape and stride must have the same profile)",
    note = "the tuple is `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait LeafLike: HTuple {}
impl<L: Leaf> LeafLike for L {}

macro_rules! leaf_congruent {
    ([$($g:tt)*] $t:ty) => {
        /// `congruent(leaf, leaf)`.
        impl<$($g)* L: LeafLike + Leaf> Congruent<L> for $t {
            const STATIC_SPAN: Option<i64> = leaf_span(<$t as Leaf>::CONST, L::CONST);
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn zip_visit<F: FnMut(i64, i64)>(&self, b: &L, f: &mut F) {
                let mut other = 0;
                b.visit(&mut |x, _| other = x);
                f(self.get(), other)
            }
            fn zip_walk(&self, b: &L, f: &mut dyn FnMut(Node)) {
                f(Node::Leaf(LeafMode {
                    extent: LeafValue { value: self.get(), is_static: <$t as HTuple>::IS_STATIC },
                    stride: LeafValue { value: b.get(), is_static: <L as HTuple>::IS_STATIC },
                }))
            }
        }
        /// `weakly_congruent(leaf, anything)`.
        impl<$($g)* X: HTuple> WeaklyCongruent<X> for $t {}
    };
}
leaf_congruent!([] UTerm);
leaf_congruent!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_congruent!([] i64);
/// `congruent((), ())`.
impl<X: Empty> Congruent<X> for HNil {
    const STATIC_SPAN: Option<i64> = Some(0);
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_visit<F: FnMut(i64, i64)>(&self, _: &X, _: &mut F) {}
    fn zip_walk(&self, _: &X, _: &mut dyn FnMut(Node)) {}
}
/// `congruent((h, t...), (g, u...)) = congruent(h, g) && congruent((t...), (u...))`.
impl<H, T, X> Congruent<X> for HCons<H, T>
where
    X: NonEmpty,
    H: Congruent<X::Head>,
    T: Tuple + Congruent<X::Tail>,
{
    const STATIC_SPAN: Option<i64> = checked_add(H::STATIC_SPAN, T::STATIC_SPAN);
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_visit<F: FnMut(i64, i64)>(&self, b: &X, f: &mut F) {
        self.head.zip_visit(b.head(), f);
        self.tail.zip_visit(b.tail(), f);
    }
    fn zip_walk(&self, b: &X, f: &mut dyn FnMut(Node)) {
        if H::IS_LEAF {
            self.head.zip_walk(b.head(), f);
        } else {
            f(Node::Open);
            self.head.zip_walk(b.head(), f);
            f(Node::Close);
        }
        self.tail.zip_walk(b.tail(), f);
    }
}

/// `weakly_congruent(Self, B)`: `Self`'s profile coarsens `B`'s (a leaf of
/// `Self` may stand for a whole subtree of `B`). A coordinate must be weakly
/// congruent with the shape it indexes.
///
/// # Examples
/// ```
/// use cute_static::htuple::WeaklyCongruent;
/// use cute_static::Shape;
/// fn check<A: WeaklyCongruent<B>, B>() {}
/// check::<Shape![30], Shape![(3, 4), 5]>();
/// check::<Shape![3, 4], Shape![5, (6, 7)]>();
/// ```
/// ```compile_fail
/// use cute_static::htuple::WeaklyCongruent;
/// use cute_static::Shape;
/// fn check<A: WeaklyCongruent<B>, B>() {}
/// check::<Shape![3, 4], Shape![30]>(); // a tuple does not coarsen a leaf
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the profile `{Self}` is not weakly congruent with the profile `{B}`",
    label = "this profile does not coarsen the other",
    note = "a coordinate must have the shape's profile, or coarsen it: a leaf may stand for any subtree"
)]
pub trait WeaklyCongruent<B>: HTuple {}
/// `weakly_congruent((), ())`.
impl WeaklyCongruent<HNil> for HNil {}
/// `weakly_congruent((h, t...), (g, u...)) = weakly_congruent(h, g) && weakly_congruent((t...), (u...))`.
impl<H: WeaklyCongruent<G>, T: Tuple + WeaklyCongruent<U>, G, U> WeaklyCongruent<HCons<G, U>>
    for HCons<H, T>
{
}
