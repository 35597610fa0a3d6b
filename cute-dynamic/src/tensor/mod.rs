//! Tensors: an accessor composed with a layout.
//!
//! A [`Tensor`] pairs an [`Accessor`] with a [`Layout`]: the layout turns a
//! coordinate into an offset, the accessor turns that offset into a value.
//! Indexing takes a coordinate in any form a layout takes (integral, flat,
//! natural); a coordinate that leaves modes unnamed (`None`, the
//! specification's `None` or `:`) gives a *view*: a tensor over those modes
//! that shares the storage. The layout algebra applies through the tensor
//! (coalesce, composition, logical and zipped divide rewrap the same
//! accessor), so reshaping or tiling a tensor never touches its data, and so
//! do the partitions kernels use ([`Tensor::local_tile`],
//! [`Tensor::local_partition`], and their projections
//! [`Tensor::local_tile_proj`], [`Tensor::local_partition_proj`]; see
//! [`partition`] for the same on layouts).
//!
//! A tensor over memory is checked once, when it is made: every offset its
//! layout reaches lies in the accessor's storage ([`offset_span`], and
//! [`storage_span`] for a view of a swizzled tensor). Reads and writes at
//! coordinates of its shape then always succeed.
//!
//! A view combines its offset with the sub-layout's offsets as the layout
//! values add: integers by addition, F2 values (swizzled offsets) by XOR,
//! so that the view's element `j` is the parent's element at the
//! corresponding coordinate whatever the strides.
//!
//! ```
//! use cute_dynamic::tensor::make_tensor;
//! use cute_dynamic::{Coord, IntTuple, Layout};
//! let p = |s: &str| s.parse::<IntTuple>().unwrap();
//! let mut t = make_tensor::<f64>(&"(4, 4):(4, 1)".parse::<Layout>().unwrap()).unwrap();
//! t.set(&p("(1, 2)"), 42.0).unwrap();
//! assert_eq!(t.get(&p("(1, 2)")).unwrap(), 42.0);
//! let row = t.slice(&"(1, None)".parse::<Coord>().unwrap()).unwrap(); // a view of row 1
//! assert_eq!(row.shape(), p("(4,)"));
//! assert_eq!(row.get(&p("2")).unwrap(), 42.0);
//! ```

use core::fmt;
use core::ops::Range;

use cute_core::{Error, Result};

use crate::accessor::{Accessor, Array, ImplicitAccessor, MutableAccessor};
use crate::algebra;
use crate::atuple::make_basis_like;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler, TilerArg};
use crate::shape::{in_bounds, Coord, CoordLeaf};
use crate::typedefs::Scalar;

pub mod partition;

/// A CuTe tensor: an accessor paired with a layout (the specification's
/// `Tensor(accessor, layout)`).
///
/// `Display` prints `accessor o layout`, as CuTe C++ does. Two tensors are
/// equal iff their accessors and their layouts are equal (accessors over
/// memory compare by identity: the same storage from the same origin).
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::SliceAccessor;
/// use cute_dynamic::tensor::Tensor;
/// use cute_dynamic::{IntTuple, Layout};
/// let data: Vec<i32> = (0..12).collect();
/// let t = Tensor::new(SliceAccessor::new(&data), "(3, 4):(4, 1)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(t.get(&"(2, 1)".parse::<IntTuple>().unwrap()).unwrap(), 9);
/// assert_eq!(t.at(1).unwrap(), 4); // integral coordinate 1 is (1, 0)
/// // a layout reaching past the storage is refused when the tensor is made
/// assert!(Tensor::new(SliceAccessor::new(&data), "(4, 4):(4, 1)".parse::<Layout>().unwrap()).is_err());
/// ```
#[derive(Clone)]
pub struct Tensor<A> {
    accessor: A,
    layout: Layout,
}

/// The offsets `layout` reaches on its domain: `lo..hi`, with `hi` one past
/// the greatest offset (an empty range for a layout of size 0).
///
/// For integer strides this is `sum of min(0, (e - 1) s)` to
/// `1 + sum of max(0, (e - 1) s)` over the leaves `e:s` (the cosize when no
/// stride is negative); for F2 strides, `0..cosize`, where the cosize is a
/// bit span `2^b` (XOR is not monotone: an F2 offset's reach is the bits
/// it may set, not a sum).
///
/// # Errors
/// `ValueError` for a coordinate codomain (strides `E(i)`), which addresses
/// no memory, or on overflow; `TypeError` for strides of different algebras.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::offset_span;
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(offset_span(&l("(4, 8):(1, 4)")).unwrap(), 0..32);
/// assert_eq!(offset_span(&l("(4, 2):(-1, 4)")).unwrap(), -3..5);
/// assert_eq!(offset_span(&l("(4, 0):(1, 4)")).unwrap(), 0..0);
/// assert_eq!(offset_span(&l("(8, 8):(F9, F1)")).unwrap(), 0..64);
/// assert!(offset_span(&l("(2, 2):(1@0, 1@1)")).is_err());
/// ```
pub fn offset_span(layout: &Layout) -> Result<Range<i64>> {
    const OP: &str = "offset_span";
    let overflow = || Error::overflow(OP, format!("the offsets of {layout} leave the i64 range"));
    let mut lo = 0i64;
    let mut hi = 0i64;
    let mut f2 = false;
    for (&e, d) in layout.shape().leaves().zip(layout.stride().leaves()) {
        if e == 0 {
            return Ok(0..0);
        }
        match d {
            Scalar::Int(s) => {
                let reach = (e - 1).checked_mul(*s).ok_or_else(overflow)?;
                if reach < 0 {
                    lo = lo.checked_add(reach).ok_or_else(overflow)?;
                } else {
                    hi = hi.checked_add(reach).ok_or_else(overflow)?;
                }
            }
            Scalar::F2(_) => f2 = true,
            other => {
                return Err(Error::value(
                    OP,
                    format!(
                        "{layout} has the coordinate stride {other}: its codomain is coordinates, \
                         which address no memory"
                    ),
                ))
            }
        }
    }
    if f2 {
        return Ok(0..layout.cosize()?);
    }
    Ok(lo..hi.checked_add(1).ok_or_else(overflow)?)
}

/// The storage positions the offsets `span` reach through an accessor that
/// the F2 value `mask` moved (offset `i` at position `i XOR mask`, see
/// [`Accessor::xor_mask`]): `span` itself for `mask == 0`. Otherwise every
/// offset is below `2^b`, the bit span of the greatest one, and XOR keeps
/// the bits of `mask` from `b` up: the positions lie in
/// `m..m + 2^b` with `m = mask` with its low `b` bits cleared. For a
/// swizzled layout (`span == 0..cosize`, a power of two) that is exact.
///
/// # Errors
/// `ValueError` if `mask != 0` and `span` holds a negative offset (an
/// integer that does not combine with an F2 value), or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::storage_span;
/// assert_eq!(storage_span(0..8, 0).unwrap(), 0..8);
/// assert_eq!(storage_span(0..8, 3).unwrap(), 0..8);   // 3 XOR x for x < 8
/// assert_eq!(storage_span(0..4, 13).unwrap(), 12..16); // 13 XOR x for x < 4
/// assert_eq!(storage_span(0..1, 13).unwrap(), 13..14);
/// assert!(storage_span(-2..2, 1).is_err());
/// ```
pub fn storage_span(span: Range<i64>, mask: i64) -> Result<Range<i64>> {
    const OP: &str = "Tensor";
    if mask == 0 || span.is_empty() {
        return Ok(span);
    }
    let f2 = crate::F2(mask.unsigned_abs());
    if span.start < 0 || mask < 0 {
        return Err(Error::value(
            OP,
            format!(
                "the offsets {}..{} include negative integers, which do not combine with \
                 the F2 offset {f2} of the accessor",
                span.start, span.end
            ),
        ));
    }
    let top = span.end - 1;
    let bits = if top == 0 { 0 } else { top.ilog2() + 1 };
    let overflow = || {
        Error::overflow(
            OP,
            format!(
                "the offsets {}..{} XOR {f2} leave the i64 range",
                span.start, span.end
            ),
        )
    };
    let reach = 2i64.checked_pow(bits).ok_or_else(overflow)?;
    let lo = mask & !(reach - 1);
    Ok(lo..lo.checked_add(reach).ok_or_else(overflow)?)
}

impl<A: Accessor> Tensor<A> {
    /// The tensor reading `accessor` through `layout`.
    ///
    /// # Pre-conditions
    /// If the accessor has storage (bounded [`Accessor::bounds`]), the layout
    /// has integer or F2 strides and every offset it reaches on its domain
    /// lies in the storage: at the positions [`storage_span`] gives, for an
    /// accessor an F2 value moved (a view of a swizzled tensor).
    ///
    /// # Errors
    /// `ValueError` if the layout reaches outside the storage or has a
    /// coordinate codomain over memory; as [`offset_span`] and
    /// [`storage_span`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::accessor::SliceAccessor;
    /// use cute_dynamic::tensor::Tensor;
    /// use cute_dynamic::Layout;
    /// let data = [0u8; 8];
    /// let l = |s: &str| s.parse::<Layout>().unwrap();
    /// assert!(Tensor::new(SliceAccessor::new(&data), l("(2, 4):(4, 1)")).is_ok());
    /// assert!(Tensor::new(SliceAccessor::new(&data), l("(2, 4):(4, 2)")).is_err());
    /// // negative strides read below the origin, which must be in the slice
    /// assert!(Tensor::new(SliceAccessor::new(&data), l("8:-1")).is_err());
    /// assert!(Tensor::new(SliceAccessor::with_origin(&data, 7), l("8:-1")).is_ok());
    /// ```
    pub fn new(accessor: A, layout: Layout) -> Result<Self> {
        if let Some(bounds) = accessor.bounds() {
            let span = offset_span(&layout)?;
            let mask = accessor.xor_mask();
            let reach = storage_span(span.clone(), mask)?;
            if !reach.is_empty() && (reach.start < bounds.start || reach.end > bounds.end) {
                let through = match mask {
                    0 => String::new(),
                    m => format!(
                        " at the positions {}..{} through the F2 offset {}",
                        reach.start,
                        reach.end,
                        crate::F2(m.unsigned_abs())
                    ),
                };
                return Err(Error::value(
                    "Tensor",
                    format!(
                        "layout {layout} reaches the offsets {}..{}{through}, the storage holds {}..{}",
                        span.start, span.end, bounds.start, bounds.end
                    ),
                ));
            }
        }
        Ok(Tensor { accessor, layout })
    }

    /// The layout.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The accessor.
    #[inline]
    pub fn accessor(&self) -> &A {
        &self.accessor
    }

    /// The accessor and the layout, by value.
    pub fn into_parts(self) -> (A, Layout) {
        (self.accessor, self.layout)
    }

    /// The shape of the layout's domain.
    #[inline]
    pub fn shape(&self) -> IntTuple {
        self.layout.shape()
    }

    /// The number of elements: the size of the layout.
    ///
    /// # Errors
    /// `ValueError` on overflow.
    pub fn size(&self) -> Result<i64> {
        self.layout.size()
    }

    /// The number of top-level modes.
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// The element at a coordinate of any form: integral (a leaf), flat or
    /// natural (the specification's `T[crd]`).
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape;
    /// `IndexError` if it lies outside the shape.
    pub fn get(&self, crd: &IntTuple) -> Result<A::Value> {
        let off = self.offset_of(crd)?;
        self.accessor.read_at(&off)
    }

    /// The element at the integral coordinate `i` (colexicographic order).
    ///
    /// # Errors
    /// `IndexError` unless `0 <= i < size`.
    pub fn at(&self, i: i64) -> Result<A::Value> {
        self.get(&HTuple::Leaf(i))
    }

    /// The view at a coordinate that may leave modes unnamed: the tensor
    /// over the `None` modes, sharing this one's storage, whose element `j`
    /// is this tensor's element at `crd` with its `None` part set to `j`.
    /// A coordinate naming every mode gives a view of shape `()`, whose one
    /// element (integral coordinate 0) is the element at `crd`.
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape;
    /// `IndexError` if a named part lies outside the shape.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::tensor::make_tensor;
    /// use cute_dynamic::{Coord, IntTuple, Layout};
    /// let t = make_tensor::<f64>(&"(4, 4):(4, 1)".parse::<Layout>().unwrap()).unwrap();
    /// let c = |s: &str| s.parse::<Coord>().unwrap();
    /// assert_eq!(t.slice(&c("(None, 2)")).unwrap().shape(), "(4,)".parse::<IntTuple>().unwrap());
    /// assert!(t.slice(&c("(4, None)")).is_err());
    /// ```
    pub fn slice(&self, crd: &Coord) -> Result<Tensor<A::View<'_>>> {
        let (off, layout) = self.offset_and_slice(crd)?;
        Tensor::new(self.accessor.offset(&off)?, layout)
    }

    /// The view of the sub-tensor at the (possibly nested) mode path `mode`
    /// (the specification's `Tensor.get(mode)`); the empty path is the whole
    /// tensor.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    pub fn mode(&self, mode: &[usize]) -> Result<Tensor<A::View<'_>>> {
        Tensor::new(
            self.accessor.offset(&Scalar::Int(0))?,
            self.layout.get(mode)?,
        )
    }

    /// The whole tensor as a view of the same storage.
    ///
    /// # Errors
    /// None for the accessors of this crate.
    pub fn view(&self) -> Result<Tensor<A::View<'_>>> {
        self.mode(&[])
    }

    /// The same accessor through another layout (checked as [`Tensor::new`]).
    ///
    /// # Errors
    /// As [`Tensor::new`].
    pub fn with_layout(self, layout: Layout) -> Result<Tensor<A>> {
        Tensor::new(self.accessor, layout)
    }

    /// `coalesce(T)`: the same accessor through the coalesced layout.
    ///
    /// # Errors
    /// As [`algebra::coalesce`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::tensor::make_tensor;
    /// use cute_dynamic::Layout;
    /// let t = make_tensor::<f64>(&"(4, 4):(1, 4)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.coalesce().unwrap().layout(), &"16:1".parse::<Layout>().unwrap());
    /// ```
    pub fn coalesce(self) -> Result<Tensor<A>> {
        let l = algebra::coalesce(&self.layout)?;
        self.with_layout(l)
    }

    /// `composition(T, B)`: the same accessor through `composition(layout, B)`.
    ///
    /// # Errors
    /// As [`algebra::composition`], and as [`Tensor::new`] if the result
    /// reaches outside the storage (a tiler larger than the tensor).
    pub fn composition<'b>(self, b: impl Into<TilerArg<'b>>) -> Result<Tensor<A>> {
        let l = algebra::composition(&self.layout, b)?;
        self.with_layout(l)
    }

    /// `logical_divide(T, B)`: the same accessor through the divided layout.
    ///
    /// # Errors
    /// As [`algebra::logical_divide`] and [`Tensor::new`].
    pub fn logical_divide<'b>(self, b: impl Into<TilerArg<'b>>) -> Result<Tensor<A>> {
        let l = algebra::logical_divide(&self.layout, b)?;
        self.with_layout(l)
    }

    /// `zipped_divide(T, B)`: the same accessor through the divided layout,
    /// `((tile), (rest))`.
    ///
    /// # Errors
    /// As [`algebra::zipped_divide`] and [`Tensor::new`].
    pub fn zipped_divide<'b>(self, b: impl Into<TilerArg<'b>>) -> Result<Tensor<A>> {
        let l = algebra::zipped_divide(&self.layout, b)?;
        self.with_layout(l)
    }

    /// CuTe's `local_tile(T, tiler, coord)`: the tile of `tiler`'s shape at
    /// tile coordinate `coord` (see [`partition::local_tile`]), as a view.
    ///
    /// # Errors
    /// As [`partition::local_tile`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::accessor::SliceAccessor;
    /// use cute_dynamic::tensor::Tensor;
    /// use cute_dynamic::layout::Tiler;
    /// use cute_dynamic::{Coord, IntTuple, Layout};
    /// let data: Vec<i64> = (0..64).collect();
    /// let t = Tensor::new(SliceAccessor::new(&data), "(8, 8):(1, 8)".parse::<Layout>().unwrap()).unwrap();
    /// // the 4 x 2 tile at tile coordinate (1, 3)
    /// let tile = t.local_tile(&Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(2)]),
    ///                         &"(1, 3)".parse::<Coord>().unwrap()).unwrap();
    /// assert_eq!(tile.layout().to_string(), "(4, 2):(1, 8)");
    /// assert_eq!(tile.get(&"(0, 0)".parse::<IntTuple>().unwrap()).unwrap(), 4 + 6 * 8);
    /// ```
    pub fn local_tile(&self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::local_tile(&self.layout, tiler, coord)?)
    }

    /// CuTe's `inner_partition(T, tiler, coord)`, the same as
    /// [`Tensor::local_tile`].
    ///
    /// # Errors
    /// As [`partition::inner_partition`].
    pub fn inner_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::inner_partition(&self.layout, tiler, coord)?)
    }

    /// CuTe's `outer_partition(T, tiler, coord)`: the element at `coord` of
    /// every tile (see [`partition::outer_partition`]), as a view.
    ///
    /// # Errors
    /// As [`partition::outer_partition`].
    pub fn outer_partition(&self, tiler: &Tiler, coord: &Coord) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::outer_partition(&self.layout, tiler, coord)?)
    }

    /// CuTe's `local_partition(T, threads, thread)`: the elements thread
    /// `thread` owns when the thread layout `threads` is repeated over the
    /// tensor (see [`partition::local_partition`]), as a view.
    ///
    /// # Errors
    /// As [`partition::local_partition`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::accessor::SliceAccessor;
    /// use cute_dynamic::tensor::Tensor;
    /// use cute_dynamic::Layout;
    /// let data: Vec<i64> = (0..32).collect();
    /// let t = Tensor::new(SliceAccessor::new(&data), "(4, 8):(8, 1)".parse::<Layout>().unwrap()).unwrap();
    /// // 2 x 4 threads, row-major; thread 5 is at (1, 1) and owns a 2 x 2 grid
    /// let threads: Layout = "(2, 4):(4, 1)".parse().unwrap();
    /// let mine = t.local_partition(&threads, 5).unwrap();
    /// assert_eq!(mine.layout().to_string(), "(2, 2):(16, 4)");
    /// assert_eq!((0..4).map(|i| mine.at(i).unwrap()).collect::<Vec<_>>(), [9, 25, 13, 29]);
    /// ```
    pub fn local_partition(&self, threads: &Layout, thread: i64) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::local_partition(&self.layout, threads, thread)?)
    }

    /// CuTe's `local_tile(T, tiler, coord, proj)`: [`Tensor::local_tile`] by
    /// the modes of `tiler` and `coord` the projection `proj` keeps (CuTe's
    /// `Step<_1, X, _1>` is `(1, None, 1)`; see
    /// [`partition::local_tile_proj`]), as a view.
    ///
    /// # Errors
    /// As [`partition::local_tile_proj`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::Tiler;
    /// use cute_dynamic::tensor::make_tensor;
    /// use cute_dynamic::{Coord, Layout};
    /// let c = |s: &str| s.parse::<Coord>().unwrap();
    /// // A is M x K = 64 x 32; a (32, 16, 8) CTA tiler shared with B and C
    /// let a = make_tensor::<f32>(&"(64, 32):(1, 64)".parse::<Layout>().unwrap()).unwrap();
    /// let cta = Tiler::Tuple(vec![Tiler::Int(32), Tiler::Int(16), Tiler::Int(8)]);
    /// let g_a = a.local_tile_proj(&cta, &c("(1, 0, None)"), &c("(1, None, 1)")).unwrap();
    /// assert_eq!(g_a.layout().to_string(), "(32, 8, 4):(1, 64, 512)"); // (BM, BK, k)
    /// ```
    pub fn local_tile_proj(
        &self,
        tiler: &Tiler,
        coord: &Coord,
        proj: &Coord,
    ) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::local_tile_proj(
            &self.layout,
            tiler,
            coord,
            proj,
        )?)
    }

    /// CuTe's `local_partition(T, threads, thread, proj)`:
    /// [`Tensor::local_partition`] by the modes of `threads` the projection
    /// `proj` keeps (see [`partition::local_partition_proj`]), as a view.
    ///
    /// # Errors
    /// As [`partition::local_partition_proj`].
    pub fn local_partition_proj(
        &self,
        threads: &Layout,
        thread: i64,
        proj: &Coord,
    ) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition::local_partition_proj(
            &self.layout,
            threads,
            thread,
            proj,
        )?)
    }

    /// Calls `f(i, value)` for every element, `i` in `0..size`
    /// (colexicographic order). Nothing of the tensor's size is allocated:
    /// the layout's [`Evaluator`](crate::evaluator::Evaluator) holds tables
    /// of bounded length, whatever the extents.
    ///
    /// # Errors
    /// As [`Tensor::at`] (never, for a tensor made by [`Tensor::new`] over
    /// memory).
    pub fn for_each(&self, mut f: impl FnMut(i64, A::Value)) -> Result<()> {
        let n = self.size()?;
        match self.layout.evaluator() {
            Ok(ev) => {
                let mut err = None;
                ev.for_each(0..n, |i, off| {
                    if err.is_none() {
                        match self.accessor.read(off) {
                            Some(v) => f(i, v),
                            None => err = Some(i),
                        }
                    }
                });
                match err {
                    Some(i) => self.at(i).map(|_| ()),
                    None => Ok(()),
                }
            }
            Err(_) => {
                for i in 0..n {
                    f(i, self.accessor.read_at(&self.layout.call_index(i)?)?);
                }
                Ok(())
            }
        }
    }

    /// Every element, in colexicographic order of its integral coordinate.
    ///
    /// # Errors
    /// As [`Tensor::for_each`]; `ValueError` if the elements cannot be
    /// allocated (checked before any is read: a tensor without storage may
    /// have any size).
    pub fn to_vec(&self) -> Result<Vec<A::Value>> {
        let n = self.size()?;
        let mut out = Vec::new();
        usize::try_from(n)
            .ok()
            .and_then(|len| out.try_reserve_exact(len).ok())
            .ok_or_else(|| {
                Error::value(
                    "Tensor.to_vec",
                    format!("cannot allocate the {n} elements of {}", self.layout),
                )
            })?;
        self.for_each(|_, v| out.push(v))?;
        Ok(out)
    }

    /// The offset of an in-bounds coordinate.
    fn offset_of<C: CoordLeaf<Int = i64>>(&self, crd: &HTuple<C>) -> Result<Scalar> {
        if !in_bounds(crd, &self.layout.shape())? {
            return Err(out_of_shape(crd, &self.layout));
        }
        self.layout.call(crd)
    }

    /// The offset of the named part of an in-bounds partial coordinate, and
    /// the layout of its `None` part.
    fn offset_and_slice(&self, crd: &Coord) -> Result<(Scalar, Layout)> {
        // a None leaf counts as 0, which is in bounds of any non-empty mode
        if !in_bounds(crd, &self.layout.shape())? {
            return Err(out_of_shape(crd, &self.layout));
        }
        self.layout.offset_and_slice(crd)
    }

    fn view_of(&self, (off, layout): (Scalar, Layout)) -> Result<Tensor<A::View<'_>>> {
        Tensor::new(self.accessor.offset(&off)?, layout)
    }

    /// The view of the part of the tensor that a partition of its layout
    /// names: `partition(layout)` gives an offset and the layout of the
    /// part, as the atom layer's partitions do
    /// ([`ThrMma::partition_c`](crate::atom::ThrMma::partition_c),
    /// [`ThrCopy::partition_s`](crate::atom::ThrCopy::partition_s), ...).
    ///
    /// # Errors
    /// Whatever `partition` returns; `ValueError` if the part reaches
    /// outside the tensor's storage.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::accessor::SliceAccessor;
    /// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
    /// use cute_dynamic::tensor::Tensor;
    /// use cute_dynamic::Layout;
    /// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x8_F32F16F16F32_TN").unwrap()).unwrap();
    /// let tm = make_tiled_mma(atom, None, &[]).unwrap();
    /// let c: Vec<f32> = (0..16 * 8).map(|i| i as f32).collect();
    /// let t = Tensor::new(SliceAccessor::new(&c), "(16, 8):(1, 16)".parse::<Layout>().unwrap()).unwrap();
    /// // thread 5 holds C's (1, 2), (1, 3), (9, 2) and (9, 3)
    /// let mine = t.partition_by(|l| tm.get_slice(5)?.partition_c(l)).unwrap();
    /// assert_eq!(mine.to_vec().unwrap(), [33.0, 49.0, 41.0, 57.0]);
    /// ```
    pub fn partition_by(
        &self,
        partition: impl FnOnce(&Layout) -> Result<(Scalar, Layout)>,
    ) -> Result<Tensor<A::View<'_>>> {
        self.view_of(partition(&self.layout)?)
    }
}

impl<A: MutableAccessor> Tensor<A> {
    /// Writes `value` at a coordinate of any form (the specification's
    /// `T[crd] = value`).
    ///
    /// # Pre-conditions
    /// `crd` names every mode (a partial coordinate is a [`Coord`], which
    /// this method does not take).
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape;
    /// `IndexError` if it lies outside the shape.
    pub fn set(&mut self, crd: &IntTuple, value: A::Value) -> Result<()> {
        let off = self.offset_of(crd)?;
        self.accessor.write_at(&off, value)
    }

    /// Writes `value` at the integral coordinate `i`.
    ///
    /// # Errors
    /// `IndexError` unless `0 <= i < size`.
    pub fn set_at(&mut self, i: i64, value: A::Value) -> Result<()> {
        self.set(&HTuple::Leaf(i), value)
    }

    /// The accessor, writable.
    pub fn accessor_mut(&mut self) -> &mut A {
        &mut self.accessor
    }

    /// [`Tensor::slice`], writable.
    ///
    /// # Errors
    /// As [`Tensor::slice`].
    pub fn slice_mut(&mut self, crd: &Coord) -> Result<Tensor<A::ViewMut<'_>>> {
        let (off, layout) = self.offset_and_slice(crd)?;
        Tensor::new(self.accessor.offset_mut(&off)?, layout)
    }

    /// [`Tensor::mode`], writable.
    ///
    /// # Errors
    /// As [`Tensor::mode`].
    pub fn mode_mut(&mut self, mode: &[usize]) -> Result<Tensor<A::ViewMut<'_>>> {
        let layout = self.layout.get(mode)?;
        Tensor::new(self.accessor.offset_mut(&Scalar::Int(0))?, layout)
    }

    /// [`Tensor::view`], writable.
    ///
    /// # Errors
    /// None for the accessors of this crate.
    pub fn view_mut(&mut self) -> Result<Tensor<A::ViewMut<'_>>> {
        self.mode_mut(&[])
    }

    /// [`Tensor::local_tile`], writable.
    ///
    /// # Errors
    /// As [`partition::local_tile`].
    pub fn local_tile_mut(
        &mut self,
        tiler: &Tiler,
        coord: &Coord,
    ) -> Result<Tensor<A::ViewMut<'_>>> {
        let p = partition::local_tile(&self.layout, tiler, coord)?;
        self.view_mut_of(p)
    }

    /// [`Tensor::outer_partition`], writable.
    ///
    /// # Errors
    /// As [`partition::outer_partition`].
    pub fn outer_partition_mut(
        &mut self,
        tiler: &Tiler,
        coord: &Coord,
    ) -> Result<Tensor<A::ViewMut<'_>>> {
        let p = partition::outer_partition(&self.layout, tiler, coord)?;
        self.view_mut_of(p)
    }

    /// [`Tensor::local_partition`], writable.
    ///
    /// # Errors
    /// As [`partition::local_partition`].
    pub fn local_partition_mut(
        &mut self,
        threads: &Layout,
        thread: i64,
    ) -> Result<Tensor<A::ViewMut<'_>>> {
        let p = partition::local_partition(&self.layout, threads, thread)?;
        self.view_mut_of(p)
    }

    /// [`Tensor::local_tile_proj`], writable.
    ///
    /// # Errors
    /// As [`partition::local_tile_proj`].
    pub fn local_tile_proj_mut(
        &mut self,
        tiler: &Tiler,
        coord: &Coord,
        proj: &Coord,
    ) -> Result<Tensor<A::ViewMut<'_>>> {
        let p = partition::local_tile_proj(&self.layout, tiler, coord, proj)?;
        self.view_mut_of(p)
    }

    /// [`Tensor::local_partition_proj`], writable.
    ///
    /// # Errors
    /// As [`partition::local_partition_proj`].
    pub fn local_partition_proj_mut(
        &mut self,
        threads: &Layout,
        thread: i64,
        proj: &Coord,
    ) -> Result<Tensor<A::ViewMut<'_>>> {
        let p = partition::local_partition_proj(&self.layout, threads, thread, proj)?;
        self.view_mut_of(p)
    }

    /// Writes `value` to every element.
    ///
    /// # Errors
    /// As [`Tensor::set_at`] (never, for a tensor made by [`Tensor::new`]
    /// over memory).
    pub fn fill(&mut self, value: A::Value) -> Result<()>
    where
        A::Value: Clone,
    {
        for i in 0..self.size()? {
            self.set_at(i, value.clone())?;
        }
        Ok(())
    }

    fn view_mut_of(&mut self, (off, layout): (Scalar, Layout)) -> Result<Tensor<A::ViewMut<'_>>> {
        Tensor::new(self.accessor.offset_mut(&off)?, layout)
    }
}

impl<A: PartialEq> PartialEq for Tensor<A> {
    fn eq(&self, other: &Self) -> bool {
        self.accessor == other.accessor && self.layout == other.layout
    }
}

impl<A: fmt::Debug> fmt::Debug for Tensor<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor({:?}, {:?})", self.accessor, self.layout)
    }
}

impl<A: fmt::Debug> fmt::Display for Tensor<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} o {}", self.accessor, self.layout)
    }
}

/// Allocates storage for `layout` and binds it (the specification's
/// `make_tensor(layout, dtype)`): an [`Array`] of every offset the layout
/// reaches (`cosize(layout)` elements when no stride is negative), each
/// `T::default()`.
///
/// To bind a layout to data you already have, use [`Tensor::new`] with a
/// [`SliceAccessor`](crate::accessor::SliceAccessor) or a
/// [`Ptr`](crate::accessor::Ptr). For the specification's
/// `make_tensor(shape)`, pass `Layout::compact(shape)`.
///
/// # Pre-conditions
/// The codomain is an integer: a coordinate codomain is a `ValueError`.
///
/// # Errors
/// `ValueError` for a coordinate codomain or a storage too large to
/// allocate; as [`offset_span`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::make_tensor;
/// use cute_dynamic::{ErrorClass, IntTuple, Layout};
/// let t = make_tensor::<f32>(&"(4, 4):(4, 1)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(t.shape(), "(4, 4)".parse::<IntTuple>().unwrap());
/// assert_eq!(t.accessor().len(), 16);
/// let c = make_tensor::<f64>(&Layout::compact("(2, 3)".parse::<IntTuple>().unwrap()).unwrap()).unwrap();
/// assert_eq!(c.layout(), &"(2, 3):(1, 2)".parse::<Layout>().unwrap());
/// let e = make_tensor::<f64>(&"(2, 2):(1@0, 1@1)".parse::<Layout>().unwrap()).unwrap_err();
/// assert_eq!(e.class(), ErrorClass::ValueError);
/// ```
pub fn make_tensor<T: Copy + Default>(layout: &Layout) -> Result<Tensor<Array<T>>> {
    let span = offset_span(layout).map_err(|e| match e {
        Error::InvalidValue { msg, .. } => Error::value("make_tensor", msg),
        e => e,
    })?;
    let len = usize::try_from(span.end - span.start)
        .ok()
        .filter(|&n| {
            n.checked_mul(core::mem::size_of::<T>())
                .is_some_and(|b| b <= isize::MAX as usize)
        })
        .ok_or_else(|| {
            Error::value(
                "make_tensor",
                format!(
                    "{layout} needs {} elements, more than can be allocated",
                    span.end - span.start
                ),
            )
        })?;
    let mut data = Vec::new();
    data.try_reserve_exact(len).map_err(|_| {
        Error::value(
            "make_tensor",
            format!("cannot allocate the {len} elements of {layout}"),
        )
    })?;
    data.resize(len, T::default());
    let array = Array::from_vec_with_origin(data, -span.start);
    Tensor::new(array, layout.clone())
}

/// The tensor mapping every coordinate to itself (the specification's
/// `identity_tensor(shape)`): coordinate strides (`E(0)`, `E(1)`, ...,
/// following the shape's tree) over an [`ImplicitAccessor`], so nothing is
/// allocated and reading a position yields the coordinate that reaches it.
/// Tiled the same way as a data tensor, it tells each tile its global
/// coordinates (for predication).
///
/// # Errors
/// `ValueError` for a negative extent.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::identity_tensor;
/// use cute_dynamic::IntTuple;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let t = identity_tensor(&p("(3, 4)")).unwrap();
/// assert_eq!(t.get(&p("(1, 2)")).unwrap().to_string(), "(1, 2)");
/// assert_eq!(t.shape(), p("(3, 4)"));
/// assert!(identity_tensor(&p("(3, -1)")).is_err());
/// ```
pub fn identity_tensor(shape: &IntTuple) -> Result<Tensor<ImplicitAccessor>> {
    let stride = make_basis_like(shape, &[]);
    Tensor::new(
        ImplicitAccessor::new(0),
        Layout::new(shape.clone(), stride)?,
    )
}

/// The error of a coordinate outside the shape of `layout`.
#[cold]
fn out_of_shape<C: CoordLeaf<Int = i64>>(crd: &HTuple<C>, layout: &Layout) -> Error {
    let c = crate::shape::CoordDisplay(crd).to_string();
    let shape = layout.shape().to_string();
    let msg = format!("coordinate {c} is outside the shape {shape}");
    Error::out_of_range(
        "Tensor[]",
        cute_core::Operand::Text(c),
        Some(cute_core::Operand::Text(shape)),
        msg,
    )
}

#[cfg(test)]
mod tests;
