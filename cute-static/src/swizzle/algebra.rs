//! The algebra on a swizzled layout: the operations CuTe C++ defines on a
//! `ComposedLayout` by applying them to the layout under the swizzle, the
//! swizzle and the offset kept outermost.
//!
//! ```text
//! composition(Sw o off o L, B)    = Sw o off o composition(L, B)
//! logical_divide(Sw o off o L, T) = Sw o off o logical_divide(L, T)
//! zipped_divide(Sw o off o L, T)  = Sw o off o zipped_divide(L, T)
//! tiled_divide(Sw o off o L, T)   = Sw o off o tiled_divide(L, T)
//! flat_divide(Sw o off o L, T)    = Sw o off o flat_divide(L, T)
//! ```
//!
//! (CuTe C++'s `layout_composed.hpp`.) Each is the operation's own trait
//! ([`Composition`], [`LogicalDivide`], ...), so [`composition`](fn@crate::composition),
//! [`logical_divide`](fn@crate::logical_divide) and the others take a
//! [`Swizzled`] layout as they take a [`Layout`]: static operands give the
//! swizzled layout itself, an operand with a run-time leaf a `Result`, and
//! the inner operation's rules are the rules (a static violation is the
//! inner operation's compile error, a run-time one its `Err`).

use cute_core::Result;

use super::composed::{compose_swizzle_offset, Swizzled};
use super::functor::SwizzleFn;
use crate::algebra::{
    Composed, Composition, FlatDivide, FlatDivided, LogicalDivide, LogicalDivided, TiledDivide,
    TiledDivided, ZippedDivide, ZippedDivided,
};
use crate::htuple::{HTuple, Leaf};
use crate::layout::Layout;

/// A result of the algebra on the layout under a swizzle (`Self`: a layout,
/// or a `Result` of one), with the swizzle `Sw` and the offset `O` put back
/// in front of it: a [`Swizzled`] layout, or a `Result` of one.
pub trait Reswizzle<Sw, O> {
    /// The swizzled result.
    type Output;
    /// `Sw o off o self`.
    fn reswizzle(self, swizzle: Sw, offset: O) -> Self::Output;
}
impl<Sw: SwizzleFn, O: Leaf, S: HTuple, D: HTuple> Reswizzle<Sw, O> for Layout<S, D> {
    type Output = Swizzled<Sw, Layout<S, D>, O>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reswizzle(self, swizzle: Sw, offset: O) -> Self::Output {
        compose_swizzle_offset(swizzle, offset, self)
    }
}
impl<Sw: SwizzleFn, O: Leaf, S: HTuple, D: HTuple> Reswizzle<Sw, O> for Result<Layout<S, D>> {
    type Output = Result<Swizzled<Sw, Layout<S, D>, O>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reswizzle(self, swizzle: Sw, offset: O) -> Self::Output {
        self.map(|l| compose_swizzle_offset(swizzle, offset, l))
    }
}

/// The result of an operation of the algebra `$method` of the layout under
/// the swizzle, reswizzled.
macro_rules! swizzled_op {
    ($(#[$doc:meta])* $tr:ident, $method:ident, $alias:ident) => {
        $(#[$doc])*
        impl<Sw, S, D, O, T> $tr<T> for Swizzled<Sw, Layout<S, D>, O>
        where
            Sw: SwizzleFn,
            S: HTuple,
            D: HTuple,
            O: Leaf,
            Layout<S, D>: $tr<T>,
            <Layout<S, D> as $tr<T>>::Ret: Reswizzle<Sw, O>,
        {
            type Output = Swizzled<Sw, $alias<Layout<S, D>, T>, O>;
            type Ret = <<Layout<S, D> as $tr<T>>::Ret as Reswizzle<Sw, O>>::Output;
            #[inline]
            fn $method(self, t: T) -> Self::Ret {
                <Layout<S, D> as $tr<T>>::$method(*self.layout(), t)
                    .reswizzle(self.swizzle(), self.offset())
            }
        }
    };
}

swizzled_op!(
    /// CuTe C++'s `composition(ComposedLayout(sw, off, L), B) =
    /// ComposedLayout(sw, off, composition(L, B))`: B walks the layout
    /// under the swizzle, and the swizzle stays outermost.
    ///
    /// # Pre-conditions
    /// Those of `composition(L, B)` (trait bounds for static operands,
    /// whose errors are the composition's).
    ///
    /// # Post-conditions
    /// `result.eval(i) == sw.apply(off + L(B(i)))`; `result.layout() ==
    /// composition(L, B)`.
    ///
    /// # Errors
    /// As `composition(L, B)`, for operands with a run-time leaf.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom};
    /// use cute_static::{atom::Half, composition, layout, shape, tile};
    /// let s = tile_to_shape(GmmaLayoutKSw128Atom::<Half>::new(), shape!(64, 64));
    /// // the 16 x 16 block of rows 0..16, columns 0..16, by a by-mode tiler
    /// let b = composition(s, tile!(16, 16));
    /// assert_eq!(b.to_string(), "Sw<3,3,3> o _0 o (_16,_16):(_64,_1)");
    /// assert!((0..256).all(|i| b.eval(i) == s.call((i % 16, i / 16))));
    /// // B with a run-time stride: a Result, in CuTe C++'s mixed form (rows
    /// // 0, 2, 4, ... of column 0)
    /// let step = 2;
    /// let c = composition(s, layout!(8 : {step}).unwrap()).unwrap();
    /// assert_eq!(c.to_string(), "Sw<3,3,3> o _0 o (8,1,1):(128,1,_0)");
    /// assert!((0..8).all(|i| c.eval(i) == s.eval(2 * i)));
    /// ```
    /// A composition that breaks a rule does not compile, the rule named:
    /// ```compile_fail
    /// // CuTe composition: stride divisibility condition violated: ...
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::{atom::Half, composition, layout};
    /// let _ = composition(GmmaLayoutKSw128Atom::<Half>::new(), layout!(16 : 3));
    /// ```
    Composition, composition, Composed
);

swizzled_op!(
    /// CuTe C++'s `logical_divide(ComposedLayout(sw, off, L), T) =
    /// ComposedLayout(sw, off, logical_divide(L, T))`.
    ///
    /// # Pre-conditions
    /// Those of `logical_divide(L, T)`.
    ///
    /// # Post-conditions
    /// `result.layout() == logical_divide(L, T)`.
    ///
    /// # Errors
    /// As `logical_divide(L, T)`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw64Atom};
    /// use cute_static::{atom::Half, logical_divide, shape, tile};
    /// let s = tile_to_shape(GmmaLayoutKSw64Atom::<Half>::new(), shape!(64, 64));
    /// let d = logical_divide(s, tile!(16, 32));
    /// assert_eq!(d.to_string(),
    ///            "Sw<2,3,3> o _0 o ((_16,_4),(_32,_2)):((_32,_512),(_1,_2048))");
    /// let plain = logical_divide(*s.layout(), tile!(16, 32));
    /// assert!((0..64 * 64).all(|i| d.eval(i) == s.swizzle().apply(plain.eval(i))));
    /// ```
    LogicalDivide, logical_divide, LogicalDivided
);

swizzled_op!(
    /// CuTe C++'s `zipped_divide(ComposedLayout(sw, off, L), T) =
    /// ComposedLayout(sw, off, zipped_divide(L, T))`: `((tile), (rest))`
    /// under the swizzle.
    ///
    /// # Pre-conditions
    /// Those of `zipped_divide(L, T)`.
    ///
    /// # Post-conditions
    /// `result.layout() == zipped_divide(L, T)`.
    ///
    /// # Errors
    /// As `zipped_divide(L, T)`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use cute_static::{composition, layout, tile, zipped_divide};
    /// use typenum::U3;
    /// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    /// let z = zipped_divide(s, tile!(8, 8)); // the 8 x 8 blocks, one per column
    /// assert_eq!(z.to_string(), "Sw<3,3,3> o _0 o ((_8,_8),(_1,_8)):((_64,_1),(_512,_8))");
    /// // block 0, element (1, 0): row 1, column 0, at 64 ^ 8
    /// assert_eq!(z.call(((1, 0), (0, 0))), 72);
    /// ```
    ZippedDivide, zipped_divide, ZippedDivided
);

swizzled_op!(
    /// CuTe C++'s `tiled_divide(ComposedLayout(sw, off, L), T) =
    /// ComposedLayout(sw, off, tiled_divide(L, T))`.
    ///
    /// # Pre-conditions
    /// Those of `tiled_divide(L, T)`.
    ///
    /// # Post-conditions
    /// `result.layout() == tiled_divide(L, T)`.
    ///
    /// # Errors
    /// As `tiled_divide(L, T)`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use cute_static::{composition, layout, tile, tiled_divide};
    /// use typenum::U3;
    /// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    /// let t = tiled_divide(s, tile!(8, 8));
    /// assert_eq!(t.to_string(), "Sw<3,3,3> o _0 o ((_8,_8),_1,_8):((_64,_1),_512,_8)");
    /// ```
    TiledDivide, tiled_divide, TiledDivided
);

swizzled_op!(
    /// CuTe C++'s `flat_divide(ComposedLayout(sw, off, L), T) =
    /// ComposedLayout(sw, off, flat_divide(L, T))`.
    ///
    /// # Pre-conditions
    /// Those of `flat_divide(L, T)`.
    ///
    /// # Post-conditions
    /// `result.layout() == flat_divide(L, T)`.
    ///
    /// # Errors
    /// As `flat_divide(L, T)`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use cute_static::{composition, flat_divide, layout, tile};
    /// use typenum::U3;
    /// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    /// let f = flat_divide(s, tile!(8, 8));
    /// assert_eq!(f.to_string(), "Sw<3,3,3> o _0 o (_8,_8,_1,_8):(_64,_1,_512,_8)");
    /// ```
    FlatDivide, flat_divide, FlatDivided
);
