//! Evaluating a layout: the offset of an integral or a hierarchical
//! coordinate, computed as the hand-written index arithmetic.

use cute_core::kernel::eval::offset;
use cute_core::{Error, FastDivmod, KnownInt, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned};

use crate::htuple::{leaves64, HTuple, Leaf, Tuple};

/// `L(i)` computed exactly by the evaluation kernel
/// ([`cute_core::kernel::eval::offset`]): an error only when the offset
/// itself leaves the `i64` range, not an intermediate product (a negative
/// stride may bring a large term back). The leaves of congruent parts are
/// paired in order (at most 64).
pub(super) fn exact_offset<S: HTuple, D: HTuple>(shape: &S, stride: &D, i: i64) -> Result<i64> {
    const OP: &str = "Layout.__call__";
    let too_many = || Error::value(OP, "an exact offset is computed for at most 64 leaves");
    let (ds, n) = leaves64(stride).ok_or_else(too_many)?;
    let (es, _) = leaves64(shape).ok_or_else(too_many)?;
    offset(
        OP,
        i,
        es[..n].iter().zip(ds[..n].iter().copied()),
        S::KEEPS_QUOTIENT,
    )
}

/// The running state of an evaluation: the offset so far, the quotient left
/// for the next leaves, and a coefficient still owed by that quotient.
///
/// A dynamic leaf `e:d` owes `c * d` with `c = q mod e = q - e * (q div e)`;
/// it adds `q * d` now and leaves `-(e * d)` pending on the next quotient, so
/// that a following dynamic leaf pays both with one product,
/// `q' * (d' - e * d)` (the coefficient is loop-invariant). A static leaf
/// leaves nothing pending and uses `%` and `/` by its constant. `P` is true
/// when every dynamic extent is a power of two, so that each divides by a
/// shift: the layout decides it once, and an evaluation loop is compiled
/// twice rather than testing each extent.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct EvalState<const P: bool> {
    acc: i64,
    q: i64,
    pend: i64,
    /// The offset so far, exactly (a debug build checks the result fits).
    #[cfg(debug_assertions)]
    exact: i128,
}

/// A debug build's check of the hot path: the wrapped offset is the exact
/// one. The comparison is inlined; the panic, with its formatting, is one
/// function out of line, so that each evaluation a debug build generates
/// costs a compare and a branch.
#[cfg(debug_assertions)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
#[track_caller]
pub(super) fn check_exact(wrapped: i64, exact: i128) {
    if i128::from(wrapped) != exact {
        offset_out_of_range(exact)
    }
}

#[cfg(debug_assertions)]
#[cold]
#[inline(never)]
#[track_caller]
fn offset_out_of_range(exact: i128) -> ! {
    panic!(
        "CuTe: the offset {exact} leaves the i64 range: Layout::eval wraps it (unchecked in release builds); use try_eval for indices beyond the domain"
    )
}

/// `exact + c * d` for a debug build's exact offset, in 128-bit arithmetic
/// that wraps rather than checks (a product of two `i64` always fits; the
/// sum could leave the 128-bit range only with three terms near `2^126`,
/// that is strides and coordinates near `i64::MAX`), so that a debug build
/// generates no overflow branch for it.
#[cfg(debug_assertions)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn exact_term(exact: i128, c: i128, d: i64) -> i128 {
    exact.wrapping_add(c.wrapping_mul(i128::from(d)))
}

impl<const P: bool> EvalState<P> {
    /// The state before the first leaf: the whole index left.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) fn start(i: i64) -> Self {
        EvalState {
            acc: 0,
            q: i,
            pend: 0,
            #[cfg(debug_assertions)]
            exact: 0,
        }
    }

    /// The offset, the last leaf (of stride `d`) taking all that is left:
    /// `acc + q * (pend + d)`, for a static or a dynamic extent alike.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn last(self, d: i64) -> i64 {
        let r = self
            .acc
            .wrapping_add(self.q.wrapping_mul(self.pend.wrapping_add(d)));
        #[cfg(debug_assertions)]
        check_exact(r, exact_term(self.exact, i128::from(self.q), d));
        r
    }
}

/// The running state of an evaluation by rotations, for a layout whose
/// extents and strides are all powers of two (or zero strides).
///
/// The leaf `k` of extent `2^w_k` and stride `2^t_k`, after leaves whose
/// extents multiply to `2^s_k`, contributes `((i >> s_k) & (2^w_k - 1)) << t_k`,
/// which is the field of bits `s_k .. s_k + w_k` of `i` moved to `t_k`:
/// `i.rotate_right(s_k - t_k) & ((2^w_k - 1) << t_k)`. The last leaf keeps
/// the excess, `(i >> s_k) << t_k`, which is `i.rotate_right(s_k - t_k) &
/// (!0 << t_k)` when `t_k >= s_k` (the bits rotated around land below
/// `t_k`). Every leaf is then two operations on `i`, independent of the
/// others, and the rotations and masks are loop-invariant. `ok` records
/// whether the layout qualifies.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct RotState {
    /// The index.
    i: i64,
    /// `s_k`: the base-2 logarithm of the extents seen so far.
    shift: u32,
    /// The leaves seen so far.
    seen: usize,
    /// The offset so far.
    pub(super) acc: i64,
    /// True while every leaf seen qualifies.
    pub(super) ok: bool,
    /// The offset so far, exactly (a debug build checks the result fits).
    #[cfg(debug_assertions)]
    pub(super) exact: i128,
}

impl RotState {
    /// The state before the first leaf.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(super) fn start(i: i64) -> Self {
        RotState {
            i,
            shift: 0,
            seen: 0,
            acc: 0,
            ok: true,
            #[cfg(debug_assertions)]
            exact: 0,
        }
    }

    /// Adds the leaf `e:d`, the last one of `leaves` if `seen + 1 == leaves`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn leaf(self, e: i64, d: i64, leaves: usize) -> Self {
        let last = self.seen + 1 == leaves;
        let w = (e as u64).trailing_zeros();
        let t = if d == 0 {
            0
        } else {
            (d as u64).trailing_zeros()
        };
        // `&` rather than `&&`: a branch-free test the compiler hoists.
        let ok = self.ok
            & (e > 0)
            & ((e as u64).count_ones() == 1)
            & (d >= 0)
            & ((d as u64).count_ones() <= 1)
            & (self.shift + w < 64)
            & (!last | (d == 0) | (t >= self.shift));
        let mask = if d == 0 {
            0
        } else if last {
            (-1_i64).wrapping_shl(t)
        } else {
            (e - 1).wrapping_shl(t)
        };
        let r = self.shift.wrapping_sub(t) & 63;
        RotState {
            i: self.i,
            shift: (self.shift + w) & 63,
            seen: self.seen + 1,
            acc: self.acc.wrapping_add(self.i.rotate_right(r) & mask),
            ok,
            #[cfg(debug_assertions)]
            exact: {
                let c = i128::from(self.i) >> self.shift.min(127);
                let c = if last { c } else { c & i128::from(e - 1) };
                exact_term(self.exact, c, d)
            },
        }
    }
}

/// Evaluation of an integral coordinate in the layout `Self:D` (the shape is
/// `Self`, the stride a parameter, `Self::Div` the precomputed divisors).
///
/// ```text
/// inner(leaf e:d, q)      = c = q % e,  offset += c * d,  q = q / e
/// inner((h, t...):(g, u...), q) = inner(h:g, q) then inner((t...):(u...), q)
/// last(leaf e:d, q)       = offset += q * d
/// last((h,):(g,), q)      = last(h:g, q)
/// last((h, t...):(g, u...), q) = inner(h:g, q) then last((t...):(u...), q)
/// ```
///
/// `%` and `/` are floor division (the specification's `//`), so a negative
/// index splits as in Python.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` : `{D}` is not a layout (the shape and stride are not congruent, or an extent is zero)"
)]
pub trait Eval<D>: HTuple {
    /// Every leaf takes `q % e`.
    #[doc(hidden)]
    fn eval_inner<const P: bool>(&self, d: &D, v: &Self::Div, st: EvalState<P>) -> EvalState<P>;
    /// The last leaf takes all that is left.
    #[doc(hidden)]
    fn eval_last<const P: bool>(&self, d: &D, v: &Self::Div, st: EvalState<P>) -> i64;
    /// `last((h, Self...):(g, D...))` for a tuple `Self` following `h`:
    /// `h` takes its part, `Self` the rest (the empty tuple overrides it:
    /// then `h` is the last).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_after<const P: bool, H: Eval<G>, G>(
        &self,
        d: &D,
        v: &Self::Div,
        h: &H,
        g: &G,
        vh: &H::Div,
        st: EvalState<P>,
    ) -> i64 {
        self.eval_last(d, v, h.eval_inner(g, vh, st))
    }
    /// Every leaf in turn through [`RotState::leaf`]; `leaves` is the
    /// number of leaves of the whole layout.
    #[doc(hidden)]
    fn eval_rot_in(&self, d: &D, st: RotState, leaves: usize) -> RotState;
    /// The evaluation by rotations of the whole layout `Self:D`.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot(&self, d: &D, st: RotState) -> RotState {
        self.eval_rot_in(d, st, Self::LEAVES)
    }
}

/// Floor division and remainder `(q div e, q mod e)` by a positive extent
/// `e` known to the compiler: a shift and a mask for a power of two, an
/// unsigned multiply-and-shift otherwise. A negative `q` goes through its
/// complement, `q div e = !(!q div e)`, without a branch.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(super) fn floor_divmod_const(q: i64, e: i64) -> (i64, i64) {
    let eu = e as u64;
    if eu.is_power_of_two() {
        (q >> eu.trailing_zeros(), q & (e - 1))
    } else {
        let m = q >> 63;
        let quo = m ^ ((((q ^ m) as u64) / eu) as i64);
        (quo, q.wrapping_sub(quo.wrapping_mul(e)))
    }
}

/// Floor division `q div e` by a dynamic extent through its precomputed
/// divisor: one multiply-high, where a negative `q` goes through its
/// complement, `q div e = !(!q div e)`, without a branch.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(super) fn floor_div_fast(q: i64, v: &FastDivmod) -> i64 {
    let m = q >> 63;
    m ^ (v.div((q ^ m) as u64) as i64)
}

/// A static extent: `%` and `/` by a constant.
impl<U: Unsigned, B: Bit, L: Leaf> Eval<L> for UInt<U, B> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, d: &L, _: &(), st: EvalState<P>) -> EvalState<P> {
        let (q, c) = floor_divmod_const(st.q, <Self as Unsigned>::I64);
        let owed = st.q.wrapping_mul(st.pend);
        EvalState {
            acc: st
                .acc
                .wrapping_add(owed)
                .wrapping_add(c.wrapping_mul(d.get())),
            q,
            pend: 0,
            #[cfg(debug_assertions)]
            exact: exact_term(st.exact, i128::from(c), d.get()),
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &L, _: &(), st: EvalState<P>) -> i64 {
        st.last(d.get())
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &L, st: RotState, leaves: usize) -> RotState {
        st.leaf(<Self as Unsigned>::I64, d.get(), leaves)
    }
}
/// A dynamic extent: `/` by its precomputed divisor; the remainder's term is
/// folded into the coefficients (see [`EvalState`]).
impl<L: Leaf> Eval<L> for i64 {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, d: &L, v: &FastDivmod, st: EvalState<P>) -> EvalState<P> {
        let q = if P {
            st.q >> v.log2().unwrap_or(0)
        } else {
            floor_div_fast(st.q, v)
        };
        EvalState {
            acc: st
                .acc
                .wrapping_add(st.q.wrapping_mul(st.pend.wrapping_add(d.get()))),
            q,
            pend: self.wrapping_mul(d.get()).wrapping_neg(),
            #[cfg(debug_assertions)]
            exact: exact_term(
                st.exact,
                i128::from(st.q).wrapping_sub(i128::from(*self).wrapping_mul(i128::from(q))),
                d.get(),
            ),
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &L, _: &FastDivmod, st: EvalState<P>) -> i64 {
        st.last(d.get())
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &L, st: RotState, leaves: usize) -> RotState {
        st.leaf(*self, d.get(), leaves)
    }
}
/// The empty layout: no leaf, nothing added.
impl Eval<HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, _: &HNil, _: &HNil, st: EvalState<P>) -> EvalState<P> {
        st
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, _: &HNil, _: &HNil, st: EvalState<P>) -> i64 {
        st.acc.wrapping_add(st.q.wrapping_mul(st.pend))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_after<const P: bool, H: Eval<G>, G>(
        &self,
        _: &HNil,
        _: &HNil,
        h: &H,
        g: &G,
        vh: &H::Div,
        st: EvalState<P>,
    ) -> i64 {
        h.eval_last(g, vh, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, _: &HNil, st: RotState, _: usize) -> RotState {
        st
    }
}
/// A tuple: the modes in turn, the last one keeping the excess.
impl<H: Eval<G>, T: Tuple + Eval<V>, G, V> Eval<HCons<G, V>> for HCons<H, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(
        &self,
        d: &HCons<G, V>,
        v: &Self::Div,
        st: EvalState<P>,
    ) -> EvalState<P> {
        let st = self.head.eval_inner(&d.head, &v.head, st);
        self.tail.eval_inner(&d.tail, &v.tail, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &HCons<G, V>, v: &Self::Div, st: EvalState<P>) -> i64 {
        self.tail
            .eval_after(&d.tail, &v.tail, &self.head, &d.head, &v.head, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &HCons<G, V>, st: RotState, leaves: usize) -> RotState {
        let st = self.head.eval_rot_in(&d.head, st, leaves);
        self.tail.eval_rot_in(&d.tail, st, leaves)
    }
}

/// Evaluation of a coordinate `C` weakly congruent with the shape `Self`, in
/// the layout `Self:D`:
///
/// ```text
/// L(i)                 = last(S:D, i)                 for an integer i
/// (S:D)((c, cs...))    = (h:g)(c) + ((t...):(u...))((cs...))
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the coordinate does not fit the layout's shape (not weakly congruent)",
    label = "this coordinate is not weakly congruent with the shape",
    note = "a coordinate is an integer (integral), one integer per mode (flat), or the shape's own profile (natural)",
    note = "at the mismatch, the coordinate is `{C}` and the shape `{Self}`"
)]
pub trait EvalCrd<C, D>: HTuple {
    /// The offset.
    fn eval_crd<const P: bool>(&self, c: &C, d: &D, v: &Self::Div) -> i64;
}
macro_rules! eval_crd_leaf {
    ([$($g:tt)*] $c:ty) => {
        /// An integral coordinate of the whole (sub-)layout.
        impl<$($g)* S: Eval<D>, D> EvalCrd<$c, D> for S {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn eval_crd<const P: bool>(&self, c: &$c, d: &D, v: &S::Div) -> i64 {
                self.eval_last(d, v, EvalState::<P>::start(c.get()))
            }
        }
    };
}
eval_crd_leaf!([] UTerm);
eval_crd_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
eval_crd_leaf!([] i64);
/// The empty coordinate of the empty layout.
impl EvalCrd<HNil, HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_crd<const P: bool>(&self, _: &HNil, _: &HNil, _: &HNil) -> i64 {
        0
    }
}
/// One coordinate per mode.
impl<H, T, CH, CT, G, V> EvalCrd<HCons<CH, CT>, HCons<G, V>> for HCons<H, T>
where
    H: EvalCrd<CH, G>,
    T: Tuple + EvalCrd<CT, V>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_crd<const P: bool>(&self, c: &HCons<CH, CT>, d: &HCons<G, V>, v: &Self::Div) -> i64 {
        self.head
            .eval_crd::<P>(&c.head, &d.head, &v.head)
            .wrapping_add(self.tail.eval_crd::<P>(&c.tail, &d.tail, &v.tail))
    }
}
