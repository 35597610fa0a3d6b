//! Layouts: functions from coordinates to offsets, `Shape:Stride`.
//!
//! A [`Layout`] is a shape (an HTuple of non-negative integers) and a
//! congruent stride (an HTuple of stride scalars). It evaluates as
//! `L(c) == inner_product(idx2crd(c, shape), stride)`, so every coordinate
//! form (integral, flat, natural) reaches the same value (Whitepaper, §2.4).
//!
//! # Representation
//!
//! A layout is kept flat: its *leaves*, the `(extent, stride)` pairs of its
//! shape and stride left to right, and its *profile*, the tree they hang
//! in, as a preorder sequence of tokens (a tuple opens, a leaf, a tuple
//! closes): `(3, (2, 4)):(2, (1, 6))` is the leaves `3:2, 2:1, 4:6` and the
//! profile `( L ( L L ) )`. Up to [`KEPT`] (4) leaves and 15 tokens are
//! stored inline, so that a layout is a 120-byte value that moves as a few
//! register copies (a 2-D tile and its tiling, `((8, 8), (16, 16))`, are
//! such layouts), and a larger layout keeps them on the heap. The algebra
//! builds its intermediate layouts with 16 leaves inline, so that an
//! operation on layouts of up to 8 leaves makes no heap allocation but its
//! result's own storage ([`Layout::is_inline`] says whether it has any).
//! A layout of machine integers whose strides are integers or F2 values
//! owns nothing but that storage: inline, it clones as a copy of its bytes
//! and drops after a test of each stride's kind, freeing nothing (a
//! coordinate stride, which owns its terms, or a symbolic integer makes the
//! leaves clone and drop one by one).
//! The algebra, which works on a layout's leaves, reads them as they are
//! stored. The trees are
//! views: [`Layout::shape`] and [`Layout::stride`] build the
//! [`HTuple`]s the specification's htuple functions take, and printing walks
//! the profile.
//!
//! # The integer type
//!
//! `Layout` is generic over its integers: `Layout` is `Layout<i64>`, and
//! `Layout<Sym>` (with [`cute_core::Sym`]) is a layout over symbolic sizes,
//! `(M, N):(1, M)`. Both go through the same code: size, cosize, evaluation
//! (whose results are then symbolic, `M*floor(i/M) + Mod(i, M)`) and the
//! whole algebra, which decides its conditions through the integer's
//! operations ([`cute_core::IntCmp`], [`cute_core::IntDivides`]), so that a
//! condition the symbols do not settle is an [`Error::Undecidable`] naming
//! it. Coordinate and F2 strides hold machine integers in either case (see
//! [`crate::typedefs`]).

use core::any::Any;
use core::fmt;
use std::borrow::Cow;

use cute_core::{DynInt, Error, Result};

use crate::htuple::HTuple;
use crate::shape::CoordLeaf;
use crate::stride::{coshape, Acc};
use crate::typedefs::{Scalar, Stride};

mod build;
mod codomain;
mod eval;
mod leaves;
mod modes;
mod parse;
mod symbolic;
#[cfg(test)]
pub(crate) mod testdata;
mod tiler;
mod tokens;
mod view;

pub(crate) use build::{identity_of_tiler, promote_tiler};
pub use build::{
    make_layout, make_layout_like, make_layout_owned, make_layout_tree, make_ordered_layout,
    recast, tiler_to_layout,
};
pub use eval::crd2offset;
use eval::{eval_coord, eval_index};
#[cfg(test)]
pub(crate) use modes::at_mode;
pub(crate) use modes::{by_mode, by_tiler, framed, mode_path, view_at};
pub(crate) use tiler::TilerRef;
pub use tiler::{Tiler, TilerArg};
use view::write_tree;
pub(crate) use view::{size_of_leaves, View};

/// True iff the extent `s` is negative. A symbolic extent must be decided
/// either 0 or positive: one that may be 0 or not (a non-negative symbol,
/// `M - 1`) would be a divisor of every coordinate past it that the algebra
/// could not decide, so it is refused here, where the layout is made.
///
/// # Errors
/// `Undecidable` (of `Layout`) if the order of `s` and 0 is not decided.
pub(crate) fn is_negative<I: DynInt>(s: &I) -> Result<bool> {
    // (a known extent, the common case, is read without the comparison's
    // `Result`)
    if let Some(v) = s.try_const() {
        return Ok(v < 0);
    }
    s.int_cmp(&I::from_i64(0))
        .map(core::cmp::Ordering::is_lt)
        .map_err(|e| e.in_op("Layout"))
}

/// One leaf of a layout: an extent and its stride.
pub type Mode<I = i64> = (I, Scalar<I>);

/// How many leaves the algebra's operands may have for its shortcuts, and
/// how many its working lists keep inline before [`SCRATCH`] is needed.
pub(crate) const INLINE: usize = 8;

/// How many leaves a layout value keeps inline: 4, so that a layout is 120
/// bytes and moves as a few register copies (a larger value is copied by a
/// call to `memcpy`, which costs more than most of the algebra).
pub const KEPT: usize = 4;

/// How many leaves the algebra's intermediate layouts and flat-mode lists
/// keep inline: operands of up to [`INLINE`] leaves never need the heap.
pub(crate) const SCRATCH: usize = 2 * INLINE;

pub(crate) use leaves::Leaves;

/// An intermediate layout of the algebra: [`SCRATCH`] leaves inline.
pub(crate) type Scratch<I> = Layout<I, SCRATCH>;

/// A profile token: a leaf.
pub(crate) const LEAF: u8 = 0;
/// A profile token: a tuple opens.
pub(crate) const OPEN: u8 = 1;
/// A profile token: the innermost open tuple closes.
pub(crate) const CLOSE: u8 = 2;

pub(crate) use tokens::Tokens;

/// A CuTe layout: a shape and a congruent stride.
///
/// `Display` prints `Shape:Stride`, `(3, (2, 4)):(2, (1, 6))`; `Debug` prints
/// the constructor form, `Layout((3, (2, 4)), (2, (1, 6)))`. Equality is
/// structural: same shape and same stride, not merely the same function.
///
/// See the [module documentation](self) for how it is stored and for the
/// integer type `I`. `N`, the number of leaves kept inline, is the
/// library's: every function takes and returns `Layout<I>`, with `N` the
/// default [`KEPT`]; the algebra builds its intermediates with more.
#[derive(Clone)]
// (`repr(C)`: the profile first, the leaves 16 bytes in; see below)
#[repr(C)]
pub struct Layout<I: DynInt = i64, const N: usize = KEPT> {
    tok: Tokens,
    leaves: Leaves<I, N>,
}

// A layout is 120 bytes: a 16-byte profile, then the leaves. Moved whole,
// it is copied in 16-byte pieces from its start; cloned or built, its
// leaves are copied in 16-byte pieces from theirs. With the leaves 16
// bytes in, the two kinds of piece coincide, and the processor forwards
// each write to the read of the same piece that follows it. (With the
// profile 24 bytes, every piece of the leaves read back straddled two
// writes, and the read waited for them to reach the cache: a clone of a
// 2-D layout returned as a `Result` and unwrapped took a fifth longer.)
const _: () = assert!(core::mem::size_of::<Layout>() == 120);
const _: () = assert!(core::mem::offset_of!(Layout, leaves) == 16);

/// Appends copies of `src` to `dst`. (A loop of pushes: the leaves are few,
/// and `SmallVec`'s general `extend` costs more than the copies.)
#[inline]
pub(crate) fn extend_leaves<I: DynInt, const N: usize>(dst: &mut Leaves<I, N>, src: &[Mode<I>]) {
    dst.reserve(src.len());
    for m in src {
        dst.push(m.clone());
    }
}

/// Appends profile tokens.
#[inline]
pub(crate) fn push_tokens(tok: &mut Tokens, src: &[u8]) {
    tok.extend_from_slice(src);
}

// ---------------------------------------------------------------------------
// The type: construction from trees, the trees, equality, printing
// ---------------------------------------------------------------------------

impl<I: DynInt> Layout<I> {
    /// A layout with the given shape and stride.
    ///
    /// # Errors
    /// `ValueError` if the shape and stride are not congruent or a shape leaf
    /// is negative (for a symbolic extent: `Undecidable` if its sign is not
    /// decided).
    ///
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]),
    ///                     Tuple(vec![Leaf(Scalar::Int(8)), Leaf(Scalar::Int(1))])).unwrap();
    /// assert_eq!(l.to_string(), "(4, 8):(8, 1)");
    /// assert!(Layout::new(Leaf(4), Tuple(vec![Leaf(Scalar::Int(1))])).is_err());
    /// ```
    pub fn new(shape: HTuple<I>, stride: Stride<I>) -> Result<Self> {
        if !shape.congruent_with(&stride) {
            return Err(Error::NotCongruent {
                op: "Layout",
                msg: format!("shape {shape} and stride {stride}"),
            });
        }
        for s in shape.leaves() {
            if is_negative(s)? {
                return Err(Error::value(
                    "Layout",
                    format!("shape {shape} has a negative extent"),
                ));
            }
        }
        Ok(Self::from_parts(shape, stride))
    }

    /// A layout from a shape and stride the caller knows to be congruent
    /// with non-negative extents (the specification's `Layout._set`).
    pub(crate) fn from_parts(shape: HTuple<I>, stride: Stride<I>) -> Self {
        fn go<I: DynInt>(s: HTuple<I>, d: Stride<I>, out: &mut Layout<I>) {
            match (s, d) {
                (HTuple::Leaf(s), HTuple::Leaf(d)) => out.push_leaf(s, d),
                (HTuple::Tuple(ss), HTuple::Tuple(ds)) => {
                    out.open();
                    for (s, d) in ss.into_iter().zip(ds) {
                        go(s, d, out);
                    }
                    out.close();
                }
                _ => unreachable!("shape and stride checked congruent"),
            }
        }
        assert!(
            shape.congruent_with(&stride),
            "Layout::from_parts: shape and stride are not congruent"
        );
        let mut out = Self::building();
        go(shape, stride, &mut out);
        out
    }

    /// The layout `s:d`, a single leaf.
    #[inline]
    pub fn leaf(s: I, d: Scalar<I>) -> Self {
        let mut out = Self::building();
        out.push_leaf(s, d);
        out
    }

    /// The layout of a flat list of leaves: `s:d` for one, the depth-1
    /// tuple `(s0, s1, ...):(d0, d1, ...)` otherwise.
    ///
    /// # Errors
    /// `ValueError` for a negative extent.
    ///
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let l = Layout::from_modes([(4, Scalar::Int(8)), (8, Scalar::Int(1))]).unwrap();
    /// assert_eq!(l.to_string(), "(4, 8):(8, 1)");
    /// assert_eq!(Layout::from_modes([(4, Scalar::Int(2))]).unwrap().to_string(), "4:2");
    /// assert!(Layout::from_modes([(-4, Scalar::Int(2))]).is_err());
    /// ```
    #[inline]
    pub fn from_modes(modes: impl IntoIterator<Item = Mode<I>>) -> Result<Self> {
        // (pushed one by one onto the inline storage: collecting through
        // the small vector's general `extend`, then testing the extents in a
        // second pass, cost as much as a whole complement)
        let mut leaves = Leaves::new();
        for (s, d) in modes {
            if is_negative(&s)? {
                return Err(Error::value("Layout", format!("negative extent {s}")));
            }
            leaves.push((s, d));
        }
        Ok(Self::flat(leaves))
    }

    /// The layout of flat leaves, as [`Layout::from_modes`], unchecked.
    #[inline]
    pub(crate) fn flat(leaves: Leaves<I>) -> Self {
        Layout {
            tok: Tokens::flat(leaves.len()),
            leaves,
        }
    }

    /// The shape, as a tree.
    ///
    /// ```
    /// use cute_dynamic::{IntTuple, Layout};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.shape(), "(3, (2, 4))".parse::<IntTuple>().unwrap());
    /// ```
    pub fn shape(&self) -> HTuple<I> {
        tree(&self.tok, &mut self.leaves.iter().map(|(s, _)| s.clone()))
    }

    /// The stride, as a tree.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.stride().to_string(), "(2, (1, 6))");
    /// ```
    pub fn stride(&self) -> Stride<I> {
        tree(&self.tok, &mut self.leaves.iter().map(|(_, d)| d.clone()))
    }

    /// Shape and stride, as trees.
    pub fn into_parts(self) -> (HTuple<I>, Stride<I>) {
        let shape = self.shape();
        let stride = tree(&self.tok, &mut self.leaves.into_iter().map(|(_, d)| d));
        (shape, stride)
    }

    /// The layout with each leaf `s:d` replaced by `f(s, d)`, its nesting
    /// kept (a leaf-wise transformation: `upcast`, `recast`).
    pub(crate) fn try_map_leaves(
        &self,
        mut f: impl FnMut(&I, &Scalar<I>) -> Result<Mode<I>>,
    ) -> Result<Self> {
        let leaves = self
            .leaves
            .iter()
            .map(|(s, d)| f(s, d))
            .collect::<Result<Leaves<I>>>()?;
        Ok(Layout {
            tok: self.tok.clone(),
            leaves,
        })
    }

    /// The leaves, the `(extent, stride)` pairs of the shape and stride
    /// left to right (the layout's flat modes).
    ///
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.leaves()[1], (2, Scalar::Int(1)));
    /// assert_eq!(a.leaves().len(), 3);
    /// ```
    #[inline]
    pub fn leaves(&self) -> &[Mode<I>] {
        &self.leaves
    }

    /// True iff the layout is stored inline, without a heap allocation:
    /// up to [`KEPT`] leaves and 15 profile tokens (a token for each
    /// leaf, and one for each tuple's opening and closing). A layout moves
    /// as a 120-byte value either way; the algebra builds its intermediate
    /// results inline for operands of up to 8 leaves, so a result stored
    /// inline means the operation made no heap allocation at all.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((4, 8), (2, 4)):((16, 1), (4, 64))".parse().unwrap();
    /// assert!(a.is_inline());
    /// let b: Layout = "(2, 2, 2, 2, 2):(1, 2, 4, 8, 16)".parse().unwrap();
    /// assert!(!b.is_inline());
    /// ```
    #[inline]
    pub fn is_inline(&self) -> bool {
        !self.tok.spilled() && !self.leaves.spilled()
    }

    /// The extents, left to right.
    #[inline]
    pub fn extents(&self) -> impl ExactSizeIterator<Item = &I> + '_ {
        self.leaves.iter().map(|(s, _)| s)
    }

    /// The strides, left to right.
    #[inline]
    pub fn strides(&self) -> impl ExactSizeIterator<Item = &Scalar<I>> + '_ {
        self.leaves.iter().map(|(_, d)| d)
    }

    /// True iff the shape is a tuple (the specification's `is_tuple` of the
    /// shape), false for a single leaf `s:d`.
    #[inline]
    pub fn is_tuple(&self) -> bool {
        self.tok[0] != LEAF
    }

    /// The number of top-level modes (1 for a scalar shape).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("((2, 3), 4):((4, 8), 1)".parse::<Layout>().unwrap().rank(), 2);
    /// assert_eq!("8:1".parse::<Layout>().unwrap().rank(), 1);
    /// ```
    #[inline]
    pub fn rank(&self) -> usize {
        self.view().rank()
    }

    /// The depth of the shape: 0 for a scalar shape.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("((2, 3), 4):((4, 8), 1)".parse::<Layout>().unwrap().depth(), 2);
    /// ```
    #[inline]
    pub fn depth(&self) -> usize {
        self.view().depth()
    }

    /// The size of the domain: the product of the shape.
    ///
    /// # Errors
    /// `ValueError` if it overflows.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.size().unwrap(), 24);
    /// let big = Layout::compact("(1099511627776, 1099511627776)".parse::<cute_dynamic::IntTuple>().unwrap()).unwrap();
    /// assert!(big.size().is_err());
    /// ```
    #[inline]
    pub fn size(&self) -> Result<I> {
        size_of_leaves(&self.leaves).map_err(|e| self.size_error(e))
    }

    #[cold]
    fn size_error(&self, e: Error) -> Error {
        match e {
            Error::Overflow { .. } => Error::overflow(
                "product",
                format!("the product of {} leaves the 64-bit range", self.shape()),
            ),
            e => e,
        }
    }

    /// `Ok` if the size is countable: a result of the algebra whose domain
    /// cannot be counted is an overflow error of `op`, not a layout.
    #[inline(always)]
    pub(crate) fn check_size(&self, op: &'static str) -> Result<()> {
        // known extents whose product fits: the common case, tested here
        // without the general product's `Result` at each step
        let known = self.leaves.iter().try_fold(1_i64, |p, (s, _)| {
            s.try_const().and_then(|s| p.checked_mul(s))
        });
        if known.is_some() {
            return Ok(());
        }
        self.check_size_general(op)
    }

    /// [`Layout::check_size`] through the integers' product (symbolic
    /// extents, or an overflow to name).
    #[inline(never)]
    fn check_size_general(&self, op: &'static str) -> Result<()> {
        match size_of_leaves(&self.leaves) {
            Ok(_) => Ok(()),
            Err(Error::Overflow { .. }) => Err(self.overflow_error(op)),
            Err(e) => Err(e.in_op(op)),
        }
    }

    #[cold]
    fn overflow_error(&self, op: &'static str) -> Error {
        Error::overflow(op, format!("the size of {self:?} leaves the 64-bit range"))
    }

    /// The size of the codomain for integer strides: one past the largest
    /// offset, `1 + sum (s - 1) * d` over the leaves with a positive stride
    /// (0 for an empty layout); F2 and coordinate strides are measured by
    /// [`Layout::coshape`].
    ///
    /// # Errors
    /// As [`Layout::coshape`], and `ValueError` on overflow; for a symbolic
    /// stride, `Undecidable` if its sign is not decided.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("(4, 8):(1, 5)".parse::<Layout>().unwrap().cosize().unwrap(), 39);
    /// assert_eq!("(4, 0):(1, 5)".parse::<Layout>().unwrap().cosize().unwrap(), 0);
    /// assert!("(4, 8):(1, 1@1)".parse::<Layout>().unwrap().cosize().is_err());
    /// ```
    pub fn cosize(&self) -> Result<I> {
        const OP: &str = "coshape";
        if self.leaves.iter().all(|(_, d)| d.is_int()) {
            let one = I::from_i64(1);
            let zero = I::from_i64(0);
            // an empty layout has no offset: its cosize is 0, which the
            // sum below does not give, so a size that may be 0 is undecided
            if self
                .size()?
                .int_cmp(&zero)
                .map_err(|e| e.in_op(OP))?
                .is_eq()
            {
                return Ok(zero);
            }
            let mut top = one.clone();
            for (s, d) in &self.leaves {
                let Scalar::Int(d) = d else {
                    unreachable!("checked")
                };
                if d.int_cmp(&zero).map_err(|e| e.in_op(OP))?.is_gt() && !s.is_const(1) {
                    let reach = s.int_sub(&one)?.int_mul(d).map_err(|e| match e {
                        Error::Overflow { .. } => {
                            Error::overflow(OP, format!("({s} - 1) * {d} leaves the 64-bit range"))
                        }
                        e => e,
                    })?;
                    top = top.int_add(&reach)?;
                }
            }
            return Ok(top);
        }
        let known = self.known(OP)?;
        crate::htuple::product(&coshape(&known.shape(), &known.stride())?).map(I::from_i64)
    }

    /// This layout with machine integers, for the codomains whose values are
    /// machine integers (F2, coordinates): itself, borrowed, when `I` is
    /// `i64`.
    ///
    /// # Errors
    /// `TypeError` of `op` for a symbolic leaf.
    pub(crate) fn known(&self, op: &'static str) -> Result<Cow<'_, Layout>> {
        match (self as &dyn Any).downcast_ref::<Layout>() {
            Some(l) => Ok(Cow::Borrowed(l)),
            None => self.to_known(op).map(Cow::Owned),
        }
    }

    /// Appends what `f` appends to a layout over machine integers (an F2
    /// or coordinate result), with its leaves as `I`: in place when `I` is
    /// `i64`.
    ///
    /// # Errors
    /// As `f`.
    pub(crate) fn with_known(&mut self, f: impl FnOnce(&mut Layout) -> Result<()>) -> Result<()> {
        if let Some(out) = (self as &mut dyn Any).downcast_mut::<Layout>() {
            return f(out);
        }
        let mut known = Layout::building();
        f(&mut known)?;
        self.push_tokens_of(&known.tok);
        for (s, d) in known.leaves {
            self.leaves.push((I::from_i64(s), Scalar::from_known(d)));
        }
        Ok(())
    }

    #[inline]
    fn push_tokens_of(&mut self, tok: &[u8]) {
        push_tokens(&mut self.tok, tok);
    }

    /// [`Layout::known`], always a copy.
    fn to_known(&self, op: &'static str) -> Result<Layout> {
        let mut leaves = Leaves::new();
        let symbolic = |x: &dyn fmt::Display| {
            Error::type_error(
                op,
                format!("{self}: the symbolic value {x} beside F2 or coordinate strides"),
            )
        };
        for (s, d) in &self.leaves {
            let s = s.try_const().ok_or_else(|| symbolic(s))?;
            leaves.push((s, d.to_known().ok_or_else(|| symbolic(d))?));
        }
        Ok(Layout {
            tok: self.tok.clone(),
            leaves,
        })
    }

    /// Evaluates the layout at an integral coordinate:
    /// `L(i) == inner_product(idx2crd(i, shape), stride)`. Out-of-bounds
    /// indices are allowed (the excess goes to the last mode, the extended
    /// domain of the Whitepaper). Does not allocate for integer strides.
    ///
    /// # Post-conditions
    /// `result == self.call(&idx2crd(i, shape))`.
    ///
    /// # Errors
    /// `ValueError` on overflow or a zero extent used as a divisor;
    /// `TypeError` for strides whose algebras do not add.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.call_index(7).unwrap(), Scalar::Int(8));
    /// assert_eq!(a.call_index(100).unwrap(), Scalar::Int(99));
    /// let b: Layout = "(4, 8):(1@0, 1@1)".parse().unwrap();
    /// assert_eq!(b.call_index(14).unwrap().to_string(), "(2, 3)");
    /// let big: Layout = "4:4611686018427387904".parse().unwrap();
    /// assert!(big.call_index(2).is_err());
    /// ```
    pub fn call_index(&self, idx: I) -> Result<Scalar<I>> {
        let mut acc = Acc::new();
        eval_index(idx, self.view(), &mut acc)?;
        acc.finish("Layout()")
    }

    /// Evaluates the layout at a coordinate of any form: integral (a leaf),
    /// flat (one entry per top-level mode, each of which may itself be an
    /// integral coordinate of its sub-shape), or natural (congruent with the
    /// shape). A `None` leaf counts as zero.
    ///
    /// # Pre-conditions
    /// `weakly_congruent(crd, shape)`.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(crd, shape), stride)`.
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape, or as
    /// [`Layout::call_index`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple, Scalar};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(a.call(&p("17")).unwrap(), Scalar::Int(17));
    /// assert_eq!(a.call(&p("(2, 5)")).unwrap(), Scalar::Int(17));
    /// assert_eq!(a.call(&p("(2, (1, 2))")).unwrap(), Scalar::Int(17));
    /// assert!(a.call(&p("(1, 2, 3)")).is_err());
    /// ```
    pub fn call<C: CoordLeaf<Int = I>>(&self, crd: &HTuple<C>) -> Result<Scalar<I>> {
        let mut acc = Acc::new();
        eval_coord(crd, self.view(), false, &mut acc)?;
        acc.finish("Layout()")
    }

    /// Partial evaluation: the offset of the coordinate's fixed part and the
    /// sub-layout of its `None` part (the specification's
    /// `Layout._offset_and_slice`). The offset sums the fixed leaves only
    /// (integer 0 if there are none); the sub-layout is
    /// `Layout(slice_(crd, shape), slice_(crd, stride))`.
    ///
    /// # Pre-conditions
    /// `weakly_congruent(crd, shape)`.
    ///
    /// # Post-conditions
    /// `offset + sub(j) == self(crd with its None part set to j)`.
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape, or on
    /// overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar, htuple::HTuple};
    /// let a: Layout = "(4, 8):(1, 4)".parse().unwrap();
    /// let (off, sub) = a.offset_and_slice(&HTuple::from_leaves([Some(2), None])).unwrap();
    /// assert_eq!(off, Scalar::Int(2));
    /// assert_eq!(format!("{sub:?}"), "Layout((8,), (4,))");
    /// assert!(a.offset_and_slice(&HTuple::from_leaves([Some(2), None, None])).is_err());
    /// ```
    pub fn offset_and_slice(&self, crd: &HTuple<Option<I>>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        let mut acc = Acc::new();
        eval_coord(crd, self.view(), true, &mut acc)?;
        let mut sub = Self::building();
        sub.open();
        slice_none(crd, self.view(), &mut sub);
        sub.close();
        // the None part of a leaf coordinate is the whole layout, as one mode
        Ok((acc.finish("Layout()")?, sub))
    }
}

/// Appends the modes of `v` that the `None` leaves of `crd` select, as
/// `slice_` does: a `None` leaf keeps its whole sub-layout as one mode, a
/// tuple recurses, a fixed leaf keeps nothing.
fn slice_none<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    v: View<'_, I>,
    out: &mut Layout<I>,
) {
    match crd {
        HTuple::Leaf(c) => {
            if c.get().is_none() {
                out.push_view(v);
            }
        }
        HTuple::Tuple(cs) => {
            for (c, m) in cs.iter().zip(v.modes()) {
                slice_none(c, m, out);
            }
        }
    }
}

/// The tree of `tok` with the values of `vals` at its leaves.
fn tree<T>(tok: &[u8], vals: &mut impl Iterator<Item = T>) -> HTuple<T> {
    fn node<T>(tok: &mut &[u8], vals: &mut impl Iterator<Item = T>) -> HTuple<T> {
        let t = tok[0];
        *tok = &tok[1..];
        if t == LEAF {
            return HTuple::Leaf(vals.next().expect("one value per leaf"));
        }
        let mut c = Vec::new();
        while tok[0] != CLOSE {
            c.push(node(tok, vals));
        }
        *tok = &tok[1..];
        HTuple::Tuple(c)
    }
    let mut t = tok;
    node(&mut t, vals)
}

/// Building a layout, of results (`N` is [`KEPT`]) and of the algebra's
/// intermediates (`Scratch`, a layout of more inline leaves).
impl<I: DynInt, const N: usize> Layout<I, N> {
    /// An empty layout under construction: no token yet, to be filled with
    /// [`Layout::open`], [`Layout::push_leaf`], [`Layout::close`] and
    /// [`Layout::push_view`] into one well-formed node.
    #[inline]
    pub(crate) fn building() -> Self {
        Layout {
            tok: Tokens::new(),
            leaves: Leaves::new(),
        }
    }

    /// How much of the layout is built: a point [`Layout::truncate`] goes
    /// back to.
    #[inline]
    pub(crate) fn mark(&self) -> (usize, usize) {
        (self.tok.len(), self.leaves.len())
    }

    /// Drops what was appended since `mark` was taken.
    #[inline]
    pub(crate) fn truncate(&mut self, (tok, leaves): (usize, usize)) {
        self.tok.truncate(tok);
        self.leaves.truncate(leaves);
    }

    /// Opens a tuple.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.tok.push(OPEN);
    }

    /// Closes the innermost open tuple.
    #[inline]
    pub(crate) fn close(&mut self) {
        self.tok.push(CLOSE);
    }

    /// Appends the leaf `s:d` of machine integers.
    #[inline(always)]
    pub(crate) fn push_ints(&mut self, (s, d): (i64, i64)) {
        self.push_leaf(I::from_i64(s), Scalar::Int(I::from_i64(d)));
    }

    /// Appends the leaf `s:d`.
    #[inline(always)]
    pub(crate) fn push_leaf(&mut self, s: I, d: Scalar<I>) {
        self.tok.push(LEAF);
        self.leaves.push((s, d));
    }

    /// Appends a copy of `v`.
    #[inline(always)]
    pub(crate) fn push_view(&mut self, v: View<'_, I>) {
        if let ([LEAF], [(s, d)]) = (v.tok, v.leaves) {
            self.push_leaf(s.clone(), d.clone());
            return;
        }
        push_tokens(&mut self.tok, v.tok);
        extend_leaves(&mut self.leaves, v.leaves);
    }

    /// Appends `v`'s profile with each leaf mapped through `f`.
    #[inline(always)]
    pub(crate) fn push_view_with(&mut self, v: View<'_, I>, f: impl FnMut(&Mode<I>) -> Mode<I>) {
        push_tokens(&mut self.tok, v.tok);
        self.leaves.reserve(v.leaves.len());
        for m in v.leaves.iter().map(f) {
            self.leaves.push(m);
        }
    }

    /// Appends `l`, moving its leaves out (it is left empty). (By
    /// reference: a layout moved by value is a copy of its inline storage.)
    #[inline]
    pub(crate) fn push_layout<const M: usize>(&mut self, l: &mut Layout<I, M>) {
        push_tokens(&mut self.tok, &l.tok);
        l.tok.clear();
        self.leaves.reserve(l.leaves.len());
        for m in l.leaves.drain(..) {
            self.leaves.push(m);
        }
    }

    /// Appends flat leaves that `f` appends to the leaves, as
    /// [`Layout::from_modes`] nests them: a leaf for one, a flat tuple
    /// otherwise. `f` may rewrite the leaves it appended (coalesce them).
    #[inline]
    pub(crate) fn push_flat_with(
        &mut self,
        f: impl FnOnce(&mut Leaves<I, N>) -> Result<()>,
    ) -> Result<()> {
        let from = self.leaves.len();
        f(&mut self.leaves)?;
        self.tok.push_flat(self.leaves.len() - from);
        Ok(())
    }

    /// Appends flat leaves as [`Layout::from_modes`] nests them: a leaf for
    /// one, a flat tuple otherwise.
    #[inline]
    pub(crate) fn push_flat(&mut self, leaves: &[Mode<I>]) {
        self.tok.push_flat(leaves.len());
        extend_leaves(&mut self.leaves, leaves);
    }

    /// [`Layout::push_flat`] for modes `(extent, stride)` of machine
    /// integers with integer strides.
    #[inline]
    pub(crate) fn push_flat_ints(&mut self, modes: &[(i64, i64)]) {
        if modes.len() > 1 {
            self.open();
        }
        for &m in modes {
            self.push_ints(m);
        }
        if modes.len() > 1 {
            self.close();
        }
    }

    /// The whole layout, borrowed.
    #[inline]
    pub(crate) fn view(&self) -> View<'_, I> {
        View {
            tok: &self.tok,
            leaves: &self.leaves,
        }
    }
}

impl<I: DynInt> PartialEq for Layout<I> {
    fn eq(&self, other: &Self) -> bool {
        self.tok == other.tok && self.leaves == other.leaves
    }
}

impl<I: DynInt> fmt::Display for Layout<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(&self.tok, &self.leaves, f, |(s, _), f| {
            fmt::Display::fmt(s, f)
        })?;
        f.write_str(":")?;
        write_tree(&self.tok, &self.leaves, f, |(_, d), f| {
            fmt::Display::fmt(d, f)
        })
    }
}

impl<I: DynInt> fmt::Debug for Layout<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.view(), f)
    }
}
#[cfg(test)]
mod tests;
