//! Slicing and partitioning a swizzled layout: the part of `Sw o off o L`
//! a coordinate, a tile or a thread selects is `Sw o (off + o) o L'`, where
//! `(o, L')` is the same operation's offset and layout on `L`.
//!
//! ```text
//! slice(c, Sw o off o L)                  = Sw o (off + o) o L'    with (o, L') = offset_and_slice(c, L)
//! offset_and_slice(c, Sw o off o L)       = (0, slice(c, Sw o off o L))
//! local_tile(Sw o off o L, T, c)          = (0, Sw o (off + o) o L')  with (o, L') = local_tile(L, T, c)
//! local_partition(Sw o off o L, thr, t)   = (0, Sw o (off + o) o L')  with (o, L') = local_partition(L, thr, t)
//! ```
//!
//! and so for [`inner_partition`](crate::inner_partition),
//! [`outer_partition`](crate::outer_partition), the `_unchecked` and the
//! projection forms, and a tiled copy's or a tiled MMA's partitions of a
//! swizzled layout (`partition_s`, `partition_d`, `partition_a`, ...,
//! through their tilings [`TidFrg`] and [`Thrfrg`], which keep the swizzle
//! outermost as the algebra does).
//!
//! The offset of the part fixed goes *inside* the swizzle: the element `c`
//! of the part is at `Sw(off + o + L'(c))`, which is where it is in the
//! whole layout; `Sw(L'(c)) + o` would be wrong wherever `o` has bits the
//! swizzle reads (a thread's row of a swizzled tile, say). So the offset
//! these operations return beside the part is `0`, as CuTe C++'s
//! `slice_and_offset` of a `ComposedLayout` returns `Int<0>` and keeps the
//! offset in the layout. (CuTe C++'s slice of a swizzled layout may also
//! split the offset, when the part's layout cannot reach the swizzle's bits,
//! into a plain layout and an outer offset: the same function, written
//! another way.)

use cute_core::Result;

use super::algebra::Reswizzle;
use super::composed::{compose_swizzle_offset, Swizzled};
use super::functor::SwizzleFn;
use crate::algebra::IntoResult;
use crate::atom::{LayoutParts, Thrfrg, TidFrg};
use crate::htuple::{HTuple, Leaf};
use crate::layout::Layout;
use crate::partition::{LocalPartition, Partition, Slice};

/// The offset `off + o` of a part of `Sw o off o L` whose offset in `L` is `o`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn moved<O: Leaf>(off: O, o: i64) -> i64 {
    off.get() + o
}

/// `slice(c, Sw o off o L) = Sw o (off + o) o L'`, `(o, L') =
/// offset_and_slice(c, L)`: the modes of a swizzled layout that a slicing
/// coordinate leaves free, the offset of the part it fixes inside the
/// swizzle (CuTe C++'s `slice` of a `ComposedLayout`).
///
/// # Pre-conditions
/// As the slice of `L`: `c` is weakly congruent with the shape (a trait
/// bound).
///
/// # Post-conditions
/// `result.call(j) == self.call(c with its _ entries set to j)`; the offset
/// returned beside the slice is 0 ([`offset_and_slice`](crate::offset_and_slice),
/// [`try_offset_and_slice`](crate::try_offset_and_slice)).
///
/// # Errors
/// `try_offset_and_slice`: as the slice of `L` (an `IndexError` for a
/// coordinate outside its mode).
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutKSw128Atom;
/// use cute_static::{atom::Half, offset_and_slice, slice, Keep};
/// let a = GmmaLayoutKSw128Atom::<Half>::new(); // Sw<3,3,3> o (8, 64):(64, 1)
/// let row = slice(a, (3, Keep));
/// assert_eq!(row.to_string(), "Sw<3,3,3> o 192 o (_64):(_1)");
/// assert!((0..64).all(|j| row.call(j) == a.call((3, j))));
/// let (off, col) = offset_and_slice(a, (Keep, 9));
/// assert_eq!((off, col.to_string()), (0, "Sw<3,3,3> o 9 o (_8):(_64)".to_string()));
/// assert!((0..8).all(|i| col.call(i) == a.call((i, 9))));
/// assert!(cute_static::try_offset_and_slice(a, (8, Keep)).is_err());
/// ```
impl<Sw, S, D, O, C, S2, D2> Slice<C> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    S2: HTuple,
    D2: HTuple,
    Layout<S, D>: Slice<C, Output = Layout<S2, D2>>,
{
    type Output = Swizzled<Sw, Layout<S2, D2>, i64>;
    #[inline]
    fn slice(self, c: C) -> Self::Output {
        self.offset_and_slice(c).1
    }
    #[inline]
    fn offset_and_slice(self, c: C) -> (i64, Self::Output) {
        let (o, l) = <Layout<S, D> as Slice<C>>::offset_and_slice(*self.layout(), c);
        (
            0,
            compose_swizzle_offset(self.swizzle(), moved(self.offset(), o), l),
        )
    }
    #[inline]
    fn try_offset_and_slice(self, c: C) -> Result<(i64, Self::Output)> {
        let (o, l) = <Layout<S, D> as Slice<C>>::try_offset_and_slice(*self.layout(), c)?;
        Ok((
            0,
            compose_swizzle_offset(self.swizzle(), moved(self.offset(), o), l),
        ))
    }
}

/// The partitions of a swizzled layout ([`inner_partition`](crate::inner_partition),
/// [`local_tile`](crate::local_tile), [`outer_partition`](crate::outer_partition),
/// their `_unchecked` forms and [`local_tile_proj`](crate::local_tile_proj)):
/// `(0, Sw o (off + o) o L')` for the partition `(o, L')` of `L`, the part's
/// offset inside the swizzle.
///
/// # Pre-conditions
/// Those of the partition of `L` (the tiler static and tiling `L`'s static
/// modes exactly: trait bounds).
///
/// # Post-conditions
/// With `(z, p) = result`: `z == 0`, and `p.call(j)` is the swizzled
/// offset of the element the partition of `L` places at `j`, `Sw(off + o +
/// L'(j))`.
///
/// # Errors
/// As the partition of `L`.
///
/// # Examples
/// ```
/// use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom};
/// use cute_static::{atom::Half, layout, local_tile, outer_partition, shape, tile};
/// let s = tile_to_shape(GmmaLayoutKSw128Atom::<Half>::new(), shape!(64, 64));
/// // the 16 x 16 tile (1, 2): rows 16..32, columns 32..48
/// let (z, t) = local_tile(s, tile!(16, 16), (1, 2)).unwrap();
/// assert_eq!((z, t.to_string()), (0, "Sw<3,3,3> o 1056 o (_16,_16):(_64,_1)".to_string()));
/// assert!((0..16).all(|i| (0..16).all(|j| t.call((i, j)) == s.call((16 + i, 32 + j)))));
/// // element (3, 5) of every 8 x 8 block
/// let (_, e) = outer_partition(s, tile!(8, 8), (3, 5)).unwrap();
/// assert_eq!(e.call((1, 2)), s.call((8 + 3, 16 + 5)));
/// ```
impl<Sw, S, D, O, T, C, W, S2, D2> Partition<T, C, W> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    S2: HTuple,
    D2: HTuple,
    Layout<S, D>: Partition<T, C, W, Output = Layout<S2, D2>>,
{
    type Output = Swizzled<Sw, Layout<S2, D2>, i64>;
    #[inline]
    fn partition(self, tiler: T, coord: C) -> Result<(i64, Self::Output)> {
        let (o, l) = <Layout<S, D> as Partition<T, C, W>>::partition(*self.layout(), tiler, coord)?;
        Ok((
            0,
            compose_swizzle_offset(self.swizzle(), moved(self.offset(), o), l),
        ))
    }
}

/// A thread's partition of a swizzled layout ([`local_partition`](crate::local_partition),
/// [`local_partition_unchecked`](crate::local_partition_unchecked),
/// [`local_partition_proj`](crate::local_partition_proj)): `(0, Sw o (off +
/// o) o L')` for the thread's partition `(o, L')` of `L`. The thread's base
/// offset `o` goes inside the swizzle: a kernel's
/// `local_partition(sA, threads, t)` of a swizzled shared-memory tile reads
/// `Sw(o + L'(c))`.
///
/// # Pre-conditions
/// Those of the partition of `L` (the divisibility rule: a trait bound on
/// static modes).
///
/// # Post-conditions
/// Over the threads, the partitions cover the swizzled layout's offsets
/// exactly as the partitions of `L` cover `L`'s, each moved through the
/// swizzle.
///
/// # Errors
/// As the partition of `L`.
///
/// # Examples
/// ```
/// use cute_static::swizzle::Swizzle;
/// use cute_static::{composition, layout, local_partition};
/// use typenum::U3;
/// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
/// // 8 x 8 threads, row-major: thread 9 is row 1, column 1
/// let (z, mine) = local_partition(s, layout!((8, 8) : (8, 1)), 9).unwrap();
/// assert_eq!((z, mine.to_string()), (0, "Sw<3,3,3> o 65 o (_1,_8):(_512,_8)".to_string()));
/// // its first element is row 1, column 1: 65 ^ 8
/// assert_eq!(mine.call((0, 0)), 73);
/// assert!((0..8).all(|j| mine.call((0, j)) == s.call((1, 1 + 8 * j))));
/// ```
impl<Sw, S, D, O, Thr, W, S2, D2> LocalPartition<Thr, W> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    S2: HTuple,
    D2: HTuple,
    Layout<S, D>: LocalPartition<Thr, W, Output = Layout<S2, D2>>,
{
    type Output = Swizzled<Sw, Layout<S2, D2>, i64>;
    #[inline]
    fn local_partition(self, threads: Thr, index: i64) -> Result<(i64, Self::Output)> {
        let (o, l) = <Layout<S, D> as LocalPartition<Thr, W>>::local_partition(
            *self.layout(),
            threads,
            index,
        )?;
        Ok((
            0,
            compose_swizzle_offset(self.swizzle(), moved(self.offset(), o), l),
        ))
    }
}

// ------------------------------------------------------------------ the atom layer

/// The shape and stride of a swizzled layout: its layout's (what a
/// partition's register fragment is shaped by).
impl<Sw, S: HTuple, D: HTuple, O> LayoutParts for Swizzled<Sw, Layout<S, D>, O> {
    type Shape = S;
    type Stride = D;
}

/// A swizzled layout, as a `Result`: `Ok`.
impl<Sw, S: HTuple, D: HTuple, O> IntoResult<Swizzled<Sw, Layout<S, D>, O>>
    for Swizzled<Sw, Layout<S, D>, O>
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_result(self) -> Result<Self> {
        Ok(self)
    }
}

/// CuTe C++'s `tidfrg_S`/`tidfrg_D` of a swizzled layout: the tiling of
/// the layout under the swizzle, `Sw o off o tidfrg(L)` (CuTe C++ tiles a
/// `ComposedLayout` with the algebra above, which keeps the swizzle
/// outermost). A thread's `partition_s`/`partition_d` of a swizzled layout
/// is its slice: `(0, Sw o (off + o) o L')`.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
/// use cute_static::swizzle::Swizzle;
/// use cute_static::{composition, layout};
/// use typenum::U3;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
/// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((32, 32) : (32, 1)));
/// // thread 5: row 1, columns 8..16, a 128-bit chunk
/// let (z, d) = copy.get_slice(5).unwrap().partition_d(s).unwrap();
/// assert_eq!((z, d.to_string()), (0, "Sw<3,3,3> o 40 o ((_8,_1),_1,_1):((_1,_0),_0,_0)".to_string()));
/// assert!((0..8).all(|v| d.call(((v, 0), 0, 0)) == s.call((1, 8 + v))));
/// ```
impl<Sw, S, D, O, TC, X> TidFrg<TC, X> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    Layout<S, D>: TidFrg<TC, X>,
    <Layout<S, D> as TidFrg<TC, X>>::Ret: Reswizzle<Sw, O>,
{
    type Output = Swizzled<Sw, <Layout<S, D> as TidFrg<TC, X>>::Output, O>;
    type Ret = <<Layout<S, D> as TidFrg<TC, X>>::Ret as Reswizzle<Sw, O>>::Output;
    #[inline]
    fn tidfrg(self) -> Self::Ret {
        <Layout<S, D> as TidFrg<TC, X>>::tidfrg(*self.layout())
            .reswizzle(self.swizzle(), self.offset())
    }
}

/// CuTe C++'s `thrfrg_A`/`thrfrg_B`/`thrfrg_C` of a swizzled layout:
/// `Sw o off o thrfrg(L)`; a thread's `partition_a`/`partition_b`/
/// `partition_c` of a swizzled layout is its slice, `(0, Sw o (off + o) o
/// L')`. (A register fragment is shaped by the partition alone:
/// `partition_fragment_c` takes a swizzled layout, and
/// `partition_fragment_a`/`b` the layout under the swizzle,
/// [`Swizzled::layout`].)
///
/// # Examples
/// ```
/// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::swizzle::{tile_to_shape, Swizzle};
/// use cute_static::{composition, layout, shape};
/// use typenum::U3;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let atom = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
/// let s_a = tile_to_shape(atom, shape!(128, 64));
/// let thr = mma.get_slice(5).unwrap();
/// let (z, a) = thr.partition_a(s_a).unwrap();
/// let (o, plain) = thr.partition_a(*s_a.layout()).unwrap();
/// assert_eq!((z, a.offset(), a.layout()), (0, o, &plain));
/// let frag = thr.partition_fragment_a(s_a.layout()); // the registers of A
/// assert_eq!(frag.len(), 128);
/// ```
impl<Sw, S, D, O, TM, X> Thrfrg<TM, X> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    Layout<S, D>: Thrfrg<TM, X>,
    <Layout<S, D> as Thrfrg<TM, X>>::Ret: Reswizzle<Sw, O>,
{
    type Output = Swizzled<Sw, <Layout<S, D> as Thrfrg<TM, X>>::Output, O>;
    type Ret = <<Layout<S, D> as Thrfrg<TM, X>>::Ret as Reswizzle<Sw, O>>::Output;
    #[inline]
    fn thrfrg(self) -> Self::Ret {
        <Layout<S, D> as Thrfrg<TM, X>>::thrfrg(*self.layout())
            .reswizzle(self.swizzle(), self.offset())
    }
}
