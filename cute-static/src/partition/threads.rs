//! A thread's elements: the coordinate of a thread in its thread layout,
//! and `local_partition`.

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned};

use super::rules::PartitionRule;
use super::{Outer, Partition, Unchecked};
use crate::htuple::{leaves64, HTuple, Leaf, Tuple};
use crate::layout::Layout;
use crate::shape::{ProductEach, ProductsEach};

/// CuTe's `Layout::get_flat_coord(index)` for the thread layout `Self:D`:
/// one integer per top-level mode (an integer for a leaf layout). Each leaf
/// `e:s` takes the coordinate `(index / s) mod e` (0 for a stride 0), and
/// each top-level mode gathers its leaves colexicographically.
#[diagnostic::on_unimplemented(
    message = "CuTe local_partition: `{Self}` : `{D}` is not a thread layout",
    note = "a thread layout is a layout whose shape and stride are congruent"
)]
pub trait FlatCoord<D>: HTuple {
    /// The coordinate: `i64` for a leaf, a tuple of `i64` otherwise.
    type Output: Copy;
    /// The coordinate of the thread `index` (non-negative).
    fn flat_coord(&self, d: &D, index: i64) -> Result<Self::Output>;
}

/// The index of the thread `index`'s coordinate within the mode `s:d`.
fn mode_index<S: HTuple, D: HTuple>(s: &S, d: &D, index: i64) -> Result<i64> {
    let (ds, _) = leaves64(d)
        .ok_or_else(|| Error::value("local_partition", "a thread layout of more than 64 leaves"))?;
    let (mut idx, mut mult, mut k, mut bad) = (0_i64, 1_i64, 0, None);
    s.visit(&mut |e, _| {
        let stride = ds[k.min(63)];
        k += 1;
        let c = match stride {
            0 => 0,
            x if x > 0 => (index / x) % e,
            x => {
                bad = bad.or(Some(x));
                0
            }
        };
        // c < e and the product of the extents is the mode's size, which
        // fits in i64: no overflow.
        idx = idx.wrapping_add(c.wrapping_mul(mult));
        mult = mult.wrapping_mul(e);
    });
    match bad {
        None => Ok(idx),
        Some(x) => Err(negative_stride(x)),
    }
}

#[cold]
fn negative_stride(x: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg =
        format!("a thread layout has the stride {x}; thread layouts take non-negative strides");
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = x;
        "a thread layout has a negative stride"
    };
    Error::value("local_partition", msg)
}

macro_rules! flat_coord_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf thread layout: the thread's coordinate in it.
        impl<$($g)* D: Leaf> FlatCoord<D> for $t {
            type Output = i64;
            #[inline]
            fn flat_coord(&self, d: &D, index: i64) -> Result<i64> {
                mode_index(self, d, index)
            }
        }
    };
}
flat_coord_leaf!([] UTerm);
flat_coord_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
flat_coord_leaf!([] i64);
/// `()`.
impl FlatCoord<HNil> for HNil {
    type Output = HNil;
    #[inline]
    fn flat_coord(&self, _: &HNil, _: i64) -> Result<HNil> {
        Ok(HNil)
    }
}
/// A coordinate per top-level mode.
impl<H: HTuple, T: Tuple + FlatCoord<V>, G: HTuple, V> FlatCoord<HCons<G, V>> for HCons<H, T>
where
    T::Output: frunk_core::hlist::HList,
{
    type Output = HCons<i64, T::Output>;
    #[inline]
    fn flat_coord(&self, d: &HCons<G, V>, index: i64) -> Result<Self::Output> {
        Ok(HCons {
            head: mode_index(&self.head, &d.head, index)?,
            tail: self.tail.flat_coord(&d.tail, index)?,
        })
    }
}

/// CuTe's `Layout::get_flat_coord(index)`: the flat coordinate (one integer
/// per top-level mode, an integer for a leaf layout) of the thread `index`
/// in the thread layout `threads`. Each leaf `e:s` takes the coordinate
/// `(index / s) mod e` (0 for a stride 0), and each top-level mode gathers
/// its leaves colexicographically.
///
/// # Pre-conditions
/// None.
///
/// # Post-conditions
/// For a compact injective `threads`, `threads(result) == index` when `0 <=
/// index < size(threads)`.
///
/// # Errors
/// `ValueError` for a negative `index`, or a dynamic stride that is
/// negative.
///
/// # Examples
/// ```
/// use cute_static::{coord, flat_coord, layout};
/// let threads = layout!((2, 16) : (16, 1)); // row-major
/// assert_eq!(flat_coord(&threads, 17).unwrap(), coord!({1}, {1}));
/// let nested = layout!(((2, 2), 4) : ((1, 8), 2));
/// assert_eq!(flat_coord(&nested, 13).unwrap(), coord!({3}, {2}));
/// assert!(flat_coord(&threads, -1).is_err());
/// ```
#[inline]
pub fn flat_coord<S: FlatCoord<D>, D: HTuple>(
    threads: &Layout<S, D>,
    index: i64,
) -> Result<S::Output> {
    if index < 0 {
        return Err(negative_index(index));
    }
    threads.shape().flat_coord(threads.stride(), index)
}

#[cold]
fn negative_index(index: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!("thread index {index} is negative");
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = index;
        "a thread index is negative"
    };
    Error::value("local_partition", msg)
}

/// `local_partition(L, threads, index)`: the elements of `L` the thread
/// `index` of the thread layout `Thr` owns (see [`local_partition`]). `W`
/// is [`Outer`] (the divisibility rule of [`rules`](super::rules) enforced) or
/// `Unchecked<Outer>` ([`local_partition_unchecked`]).
#[diagnostic::on_unimplemented(
    message = "CuTe local_partition: `{Self}` cannot be partitioned by the threads `{Thr}`",
    note = "the thread layout's shape is static and the size of each of its modes divides the size of the matching mode of the layout"
)]
pub trait LocalPartition<Thr, W = Outer> {
    /// The layout of the thread's elements.
    type Output;
    /// The offset of the thread's first element and the layout of its
    /// elements.
    fn local_partition(self, threads: Thr, index: i64) -> Result<(i64, Self::Output)>;
}
/// The layout of the elements [`local_partition`] gives a thread.
pub type LocalPartitioned<L, Thr> = <L as LocalPartition<Thr>>::Output;

impl<S, D, TS, TD, W> LocalPartition<Layout<TS, TD>, W> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    TS: ProductEach + FlatCoord<TD>,
    TD: HTuple,
    W: PartitionRule<ProductsEach<TS>, S>,
    Layout<S, D>: Partition<ProductsEach<TS>, <TS as FlatCoord<TD>>::Output, Unchecked<Outer>>,
{
    type Output = <Layout<S, D> as Partition<
        ProductsEach<TS>,
        <TS as FlatCoord<TD>>::Output,
        Unchecked<Outer>,
    >>::Output;
    #[inline]
    fn local_partition(self, threads: Layout<TS, TD>, index: i64) -> Result<(i64, Self::Output)> {
        let tiler = threads.shape().product_each();
        W::check(&tiler, self.shape(), "local_partition")?;
        let coord = flat_coord(&threads, index)?;
        <Self as Partition<_, _, Unchecked<Outer>>>::partition(self, tiler, coord)
    }
}

/// CuTe's `local_partition(layout, threads, index)`: the elements the
/// thread `index` owns when the thread layout `threads` is tiled over
/// `layout`. The layout is divided by the shape of `threads`, mode by mode,
/// and each tile gives the thread its element at the thread's coordinate:
/// [`outer_partition`](super::outer_partition) with `tiler = product_each(shape(threads))` and
/// `coord = flat_coord(threads, index)`.
///
/// The thread layout's shape is static, so the tiler is; the thread's
/// coordinate and the offset of its first element are computed at run
/// time.
///
/// # Pre-conditions
/// - `threads` has a static shape (a trait bound), with at most as many
///   modes as `layout` (a trait bound).
/// - The size of each mode of `threads` divides the size of the matching
///   mode of `layout`: the partition's divisibility rule ([`rules`](super::rules)), a
///   trait bound for a mode of static size, checked at run time for one of
///   run-time size. Otherwise the threads past the mode's end would get
///   offsets outside `layout` (CuTe C++ does not check it; its tutorial's
///   kernels assert it). [`local_partition_unchecked`] leaves out the rule.
///
/// # Post-conditions
/// With `(off, t) = result`: `size(t) * size(threads) == size(layout)`;
/// over all threads of a compact `threads`, the partitions cover every
/// offset of `layout` exactly once.
///
/// # Errors
/// As [`flat_coord`] and [`outer_partition`](super::outer_partition): `ValueError` for a negative
/// `index`, a negative run-time stride of `threads`, or a mode of run-time
/// size the thread layout's mode does not divide (a divisibility error
/// naming both sizes).
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition};
/// // CuTe's example: a 16 x 64 tile, threads (2, 16) column-major: thread 3 is (1, 1)
/// let data = layout!((16, 64) : (1, 16));
/// let threads = layout!((2, 16) : (1, 2));
/// let (off, mine) = local_partition(data, threads, 3).unwrap();
/// assert_eq!(off, 1 + 16);
/// assert_eq!(mine.to_string(), "(_8,_4):(_2,_256)");
/// assert!(local_partition(data, threads, -1).is_err());
/// // a run-time extent that 16 threads do not divide: an error
/// let m = 100;
/// let e = local_partition(layout!((m, 64)).unwrap(), layout!((16, 16)), 3).unwrap_err();
/// assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
/// assert_eq!(
///     e.to_string(),
///     "local_partition: divisibility condition violated: the 16 threads of mode 0 of the \
///      thread layout do not divide the size 100 of mode 0 of the layout: the partition would \
///      have a partial tile (the `_unchecked` partitions leave it to the caller)"
/// );
/// ```
/// The classic mistake, 16 x 16 threads over a 128 x 8 tile, does not
/// compile (half of the threads would read past the tile's 8 columns):
/// ```compile_fail
/// use cute_static::{layout, local_partition};
/// let _ = local_partition(layout!((128, 8)), layout!((16, 16)), 200);
/// ```
#[inline]
pub fn local_partition<L: LocalPartition<Thr>, Thr>(
    layout: L,
    threads: Thr,
    index: i64,
) -> Result<(i64, L::Output)> {
    layout.local_partition(threads, index)
}

/// [`local_partition`] without the divisibility rule: CuTe C++'s
/// `local_partition`, for a kernel that predicates the elements of the
/// threads that run past a mode itself.
///
/// # Pre-conditions
/// As [`local_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`outer_partition`](super::outer_partition); the threads whose coordinate lies past a mode's
/// end get offsets outside `layout`.
///
/// # Errors
/// As [`local_partition`], but for the divisibility error.
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition_unchecked};
/// // 16 x 16 threads over a 128 x 8 tile: thread 200 is (8, 12), and
/// // column 12 is past the tile's 8 columns
/// let tile = layout!((128, 8));
/// let (off, mine) = local_partition_unchecked(tile, layout!((16, 16)), 200).unwrap();
/// assert_eq!((off, mine.to_string()), (8 + 12 * 128, "(_8,_1):(_16,_2048)".to_string()));
/// assert!(off >= 128 * 8); // outside the tile
/// ```
#[inline]
pub fn local_partition_unchecked<L: LocalPartition<Thr, Unchecked<Outer>>, Thr>(
    layout: L,
    threads: Thr,
    index: i64,
) -> Result<(i64, L::Output)> {
    layout.local_partition(threads, index)
}
