//! Register fragments: owning static tensors whose storage is a stack
//! array of the size the compiler computes from their layout.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use generic_array::sequence::GenericSequence;
use generic_array::{ArrayLength, GenericArray};

use typenum::U1;

use super::compact::{LayoutParts, ZeroUnit};
use super::mma_atom::StaticLayout;
use super::thrfrg::CompactColMajor;
use crate::coord::IntoCoord;
use crate::htuple::{HTuple, StaticTuple};
use crate::layout::{EvalCrd, Layout};
use crate::shape::{ColMajor, PrefixProduct};
use crate::stride::{Cosize, CosizeOf};

/// A static layout a [`Fragment`] can be stored by: `Len`, its cosize, is
/// the number of elements of the fragment's array.
#[diagnostic::on_unimplemented(
    message = "CuTe Fragment: `{Self}` is not a static layout, so the size of a fragment over it is not known to the compiler",
    note = "a register fragment's layout is static (CuTe's `make_tensor<T>(shape)` of a static shape); its storage is an array of cosize(layout) elements"
)]
pub trait FragmentLayout: StaticLayout {
    /// The number of elements stored: `cosize(layout)`, a typenum integer.
    type Len: ArrayLength;
    /// The layout's value.
    fn layout_value() -> Layout<Self::Shape, Self::Stride>;
}
impl<S, D> FragmentLayout for Layout<S, D>
where
    Layout<S, D>: StaticLayout<Shape = S, Stride = D>,
    S: HTuple + Cosize<D>,
    D: HTuple,
    S::Div: Default,
    CosizeOf<S, D>: FragmentLen,
{
    type Len = <CosizeOf<S, D> as FragmentLen>::Len;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn layout_value() -> Layout<S, D> {
        Layout::from_static_parts()
    }
}

/// The number of elements of a fragment: a static integer (the cosize of
/// a static layout). A run-time cosize has no fragment.
#[diagnostic::on_unimplemented(
    message = "CuTe Fragment: a register fragment's layout is static, and this one's size `{Self}` is a run-time value",
    label = "the fragment's layout has a run-time extent",
    note = "a fragment is a stack array of cosize(layout) elements, a number the compiler knows: its layout (for a partition, its shape) is static"
)]
pub trait FragmentLen {
    /// The length, a typenum integer.
    type Len: ArrayLength;
}
impl FragmentLen for typenum::UTerm {
    type Len = typenum::UTerm;
}
impl<U: typenum::Unsigned, B: typenum::Bit> FragmentLen for typenum::UInt<U, B>
where
    typenum::UInt<U, B>: ArrayLength,
{
    type Len = typenum::UInt<U, B>;
}

/// An owning static tensor (CuTe's `make_tensor<T>(layout)` of a static
/// layout, a register fragment): `cosize(L)` values of `T` in a
/// [`GenericArray`], a stack array whose length the compiler computes from
/// the layout's type, indexed by coordinate through the layout `L`.
///
/// The fragment holds no pointer and no run-time layout: its size is
/// exactly its elements', `cosize(L) * size_of::<T>()`.
///
/// # Examples
/// ```
/// use cute_static::atom::Fragment;
/// use cute_static::Layout;
/// let mut f: Fragment<f32, Layout![((2, 2), 4) : ((1, 2), 4)]> = Fragment::default();
/// assert_eq!(core::mem::size_of_val(&f), 16 * 4);
/// f[((1, 0), 3)] = 2.5; // the coordinate ((1, 0), 3) is the offset 1 + 3 * 4
/// assert_eq!(f.as_slice()[13], 2.5);
/// assert_eq!(f[13], 2.5); // an integral coordinate, through the layout
/// assert_eq!(f.layout().to_string(), "((_2,_2),_4):((_1,_2),_4)");
/// ```
pub struct Fragment<T, L: FragmentLayout> {
    data: GenericArray<T, L::Len>,
    layout: PhantomData<L>,
}

impl<T, L: FragmentLayout> Fragment<T, L> {
    /// The fragment with every element `value`.
    #[inline]
    pub fn new(value: T) -> Self
    where
        T: Clone,
    {
        Fragment::from_fn(|_| value.clone())
    }

    /// The fragment whose element at storage index `i` is `f(i)`.
    #[inline]
    pub fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        Fragment {
            data: GenericArray::generate(f),
            layout: PhantomData,
        }
    }

    /// The layout (a zero-sized value).
    #[inline]
    pub fn layout(&self) -> Layout<L::Shape, L::Stride> {
        L::layout_value()
    }

    /// The number of elements stored, `cosize(L)`.
    #[inline]
    pub const fn len(&self) -> usize {
        GenericArray::<T, L::Len>::len()
    }

    /// True iff the fragment stores no element.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The storage, in offset order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.data.as_slice()
    }

    /// The storage, in offset order.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.data.as_mut_slice()
    }

    /// The array.
    #[inline]
    pub fn into_array(self) -> GenericArray<T, L::Len> {
        self.data
    }

    /// Sets every element to `value`.
    #[inline]
    pub fn fill(&mut self, value: T)
    where
        T: Clone,
    {
        self.data.as_mut_slice().fill(value);
    }

    /// The storage index of the coordinate `c`: `L(c)`.
    ///
    /// # Pre-conditions
    /// `c` is weakly congruent with `L`'s shape (a trait bound).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::Fragment;
    /// use cute_static::Layout;
    /// let f: Fragment<u8, Layout![(4, 2) : (2, 1)]> = Fragment::default();
    /// assert_eq!((f.offset((1, 1)), f.offset(5)), (3, 3));
    /// ```
    #[inline]
    pub fn offset<C: IntoCoord>(&self, c: C) -> usize
    where
        L::Shape: EvalCrd<C::Coord, L::Stride>,
    {
        // a static layout's strides are non-negative
        L::layout_value().call(c) as usize
    }
}

impl<T: Default, L: FragmentLayout> Default for Fragment<T, L> {
    #[inline]
    fn default() -> Self {
        Fragment {
            data: GenericArray::default(),
            layout: PhantomData,
        }
    }
}

impl<T: Clone, L: FragmentLayout> Clone for Fragment<T, L> {
    fn clone(&self) -> Self {
        Fragment {
            data: self.data.clone(),
            layout: PhantomData,
        }
    }
}

impl<T: Copy, L: FragmentLayout> Copy for Fragment<T, L> where GenericArray<T, L::Len>: Copy {}

impl<T: PartialEq, L: FragmentLayout> PartialEq for Fragment<T, L> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

/// The element at the coordinate `c` (an integer, a flat or a natural
/// coordinate), through the layout: CuTe's `tensor(c)`. A coordinate
/// outside the layout's domain whose offset passes the storage panics.
impl<T, L: FragmentLayout, C: IntoCoord> Index<C> for Fragment<T, L>
where
    L::Shape: EvalCrd<C::Coord, L::Stride>,
{
    type Output = T;
    #[inline]
    fn index(&self, c: C) -> &T {
        &self.data[self.offset(c)]
    }
}

impl<T, L: FragmentLayout, C: IntoCoord> IndexMut<C> for Fragment<T, L>
where
    L::Shape: EvalCrd<C::Coord, L::Stride>,
{
    #[inline]
    fn index_mut(&mut self, c: C) -> &mut T {
        let i = self.offset(c);
        &mut self.data[i]
    }
}

impl<T: fmt::Debug, L: FragmentLayout> fmt::Debug for Fragment<T, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fragment {} ", self.layout())?;
        f.debug_list().entries(self.data.iter()).finish()
    }
}

/// CuTe's `make_tensor<T>(shape(layout))` for a layout of static shape: a
/// register fragment of `T` (every element the default, zero) over the
/// column-major compact layout of `layout`'s shape (only its type is
/// read). A thread's registers for a partition are made this way; the
/// partition's layout may have run-time strides, its shape is static.
///
/// # Examples
/// ```
/// use cute_static::atom::make_fragment;
/// use cute_static::layout;
/// let ld = 4096;
/// let part = layout!(((2, 2), 4, 1) : ((1, ld), 32, 0)).unwrap();
/// let f = make_fragment::<f32, _>(&part);
/// assert_eq!(f.layout().to_string(), "((_2,_2),_4,_1):((_1,_2),_4,_0)");
/// assert_eq!(core::mem::size_of_val(&f), 16 * 4);
/// ```
/// A shape with a run-time extent has no static fragment:
/// ```compile_fail
/// use cute_static::atom::make_fragment;
/// let n = 4;
/// let _ = make_fragment::<f32, _>(&cute_static::layout!((2, n)).unwrap());
/// ```
#[inline]
pub fn make_fragment<T: Default, L>(layout: &L) -> Fragment<T, CompactColMajor<L::Shape>>
where
    L: LayoutParts,
    L::Shape: StaticTuple + PrefixProduct<U1> + ZeroUnit<ColMajor<L::Shape>>,
    CompactColMajor<L::Shape>: FragmentLayout,
{
    let _ = layout;
    Fragment::default()
}
