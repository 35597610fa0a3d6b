//! CuTe C++'s `make_fragment_like` at the type level, and the register
//! fragments of A and B it makes (`ThrMMA::partition_fragment_A/B`).
//!
//! A thread's partition of A or B, `(FrgV, RestM, RestK, ...)`, becomes a
//! compact register fragment of the same shape whose order follows the
//! partition's:
//!
//! ```text
//! first = shape(L[0]) : column-major over the leaves of L[0] whose stride
//!                       is not _0, _0 where it is _0            (filter_zeros, compact_major)
//! rest  = shape(L[1:]) : compact, the leaves ordered by their strides  (make_ordered_layout)
//! make_fragment_like(L) = tiled_product(first, rest)          (rank(L) > 1; else compact column-major)
//! ```
//!
//! The order of the rest's strides is a sort at the type level: each leaf
//! gets a key, its stride (a typenum integer), and the keys are sorted by
//! insertion, stably ([`SortEntries`]); the leaves then take the prefix
//! products of their extents in that order. A dynamic stride is ordered
//! after every static one, the dynamic ones in their places' order (CuTe
//! C++'s `compact_order` gives them the order values past the largest
//! static one); a dynamic stride is never `_0`. The result is static: a
//! fragment's layout is a type, whatever the strides of the partition it
//! copies.
//!
//! ```
//! use cute_static::atom::{make_fragment_like, FragmentLikeOf};
//! use cute_static::{layout, Layout};
//! static_assertions::assert_type_eq_all!(
//!     FragmentLikeOf<Layout![((2, 2), 4, 2) : ((1, 0), 64, 8)]>,
//!     Layout![((2, 2), 4, 2) : ((1, 0), 4, 2)]
//! );
//! let f = make_fragment_like::<f32, _>(&layout!((4, 2, 3) : (1, 100, 8)));
//! assert_eq!(f.layout().to_string(), "(_4,_2,_3):(_1,_12,_4)");
//! ```

use core::marker::PhantomData;
use core::ops::{Add, Mul};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Bit, IsEqual, IsLessOrEqual, Prod, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::compact::{ZeroUnit, ZeroUnitLayout, ZeroUnitStrides};
use super::fragment::{Fragment, FragmentLayout};
use super::mma_atom::MmaAtom;
use super::thr_mma::{MmaPartition, Partitioned, ThrMma};
use super::thrfrg::{CompactColMajor, OperandA, OperandB};
use super::tiled_mma::MmaTiling;
use crate::algebra::{TiledProduct, TiledProducted};
use crate::htuple::{HTuple, StaticTuple};
use crate::layout::Layout;
use crate::shape::{ColMajor, PrefixProduct};

// ------------------------------------------------------------------ the first mode

/// The stride of a leaf of the first mode: `_0` for a static stride 0, the
/// running product `Acc` otherwise (`Self` is the partition's stride).
pub trait FilterZeroLeaf<S, Acc> {
    /// The fragment's stride.
    type Stride;
    /// The running product after the leaf.
    type Next;
}
impl<S, Acc> FilterZeroLeaf<S, Acc> for UTerm {
    type Stride = U0;
    type Next = Acc;
}
impl<S, Acc: Mul<S>, U: Unsigned, B: Bit> FilterZeroLeaf<S, Acc> for UInt<U, B> {
    type Stride = Acc;
    type Next = Prod<Acc, S>;
}
impl<S, Acc: Mul<S>> FilterZeroLeaf<S, Acc> for i64 {
    type Stride = Acc;
    type Next = Prod<Acc, S>;
}

/// CuTe's `compact_major<LayoutLeft>(filter_zeros(stride, shape))` of the
/// first mode `Self:D`, the running product starting at `Acc`.
pub trait FirstModeStride<D, Acc> {
    /// The fragment's stride of the mode.
    type Stride;
    /// The running product after the mode.
    type Next;
}
impl<U: Unsigned, B: Bit, D: FilterZeroLeaf<UInt<U, B>, Acc>, Acc> FirstModeStride<D, Acc>
    for UInt<U, B>
{
    type Stride = D::Stride;
    type Next = D::Next;
}
impl<Acc> FirstModeStride<HNil, Acc> for HNil {
    type Stride = HNil;
    type Next = Acc;
}
impl<H, T, G, V, Acc> FirstModeStride<HCons<G, V>, Acc> for HCons<H, T>
where
    H: FirstModeStride<G, Acc>,
    T: FirstModeStride<V, H::Next>,
{
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = T::Next;
}

// ------------------------------------------------------------------ the order of the rest

/// A leaf of the rest: its order key `K`, its extent `S`, its place `P`.
pub struct Entry<K, S, P>(PhantomData<(K, S, P)>);
/// The order key of a dynamic stride: after every static one.
#[derive(Clone, Copy, Debug, Default)]
pub struct DynamicKey;

/// The order key of a stride: itself if static, [`DynamicKey`] otherwise.
pub trait OrderKey {
    /// The key.
    type Key;
}
impl OrderKey for UTerm {
    type Key = UTerm;
}
impl<U: Unsigned, B: Bit> OrderKey for UInt<U, B> {
    type Key = UInt<U, B>;
}
impl OrderKey for i64 {
    type Key = DynamicKey;
}

/// `Self <= K`, for keys: typenum's order on static keys, a static key
/// before a dynamic one, and dynamic keys kept in their order (the inserted
/// one comes first in the partition).
pub trait KeyLe<K> {
    /// The answer.
    type Output;
}
macro_rules! static_key {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)* K2: Unsigned> KeyLe<K2> for $t
        where
            $t: IsLessOrEqual<K2>,
        {
            type Output = <$t as IsLessOrEqual<K2>>::Output;
        }
        impl<$($g)*> KeyLe<DynamicKey> for $t {
            type Output = B1;
        }
    };
}
static_key!([] UTerm);
static_key!([U: Unsigned, B: Bit,] UInt<U, B>);
impl<K2: Unsigned> KeyLe<K2> for DynamicKey {
    type Output = B0;
}
impl KeyLe<DynamicKey> for DynamicKey {
    type Output = B1;
}

/// The entries of the rest `Self:D`, in order of their places from `P`.
pub trait Entries<D, P> {
    /// The entries.
    type List;
    /// The next place.
    type Next;
}
impl<U: Unsigned, B: Bit, D: OrderKey, P: Add<B1>> Entries<D, P> for UInt<U, B> {
    type List = HCons<Entry<D::Key, UInt<U, B>, P>, HNil>;
    type Next = Add1<P>;
}
impl<P> Entries<HNil, P> for HNil {
    type List = HNil;
    type Next = P;
}
impl<H, T, G, V, P> Entries<HCons<G, V>, P> for HCons<H, T>
where
    H: Entries<G, P>,
    T: Entries<V, H::Next>,
    H::List: Cat<T::List>,
{
    type List = <H::List as Cat<T::List>>::Output;
    type Next = T::Next;
}

/// `Self ++ R` for type lists.
pub trait Cat<R> {
    /// The concatenation.
    type Output;
}
impl<R> Cat<R> for HNil {
    type Output = R;
}
impl<H, T: Cat<R>, R> Cat<R> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
}

/// Inserts an entry into a list sorted by key, before the first entry of
/// a larger or equal key (the list is sorted from the back, so equal keys
/// keep their places' order).
pub trait InsertEntry<X> {
    /// The sorted list.
    type Output;
}
impl<X> InsertEntry<X> for HNil {
    type Output = HCons<X, HNil>;
}
impl<K, S, P, K2, S2, P2, T> InsertEntry<Entry<K, S, P>> for HCons<Entry<K2, S2, P2>, T>
where
    K: KeyLe<K2>,
    <K as KeyLe<K2>>::Output: InsertEntryAt<Entry<K, S, P>, Entry<K2, S2, P2>, T>,
{
    type Output =
        <<K as KeyLe<K2>>::Output as InsertEntryAt<Entry<K, S, P>, Entry<K2, S2, P2>, T>>::Output;
}
/// `X` before `H` (`B1`) or after it (`B0`).
pub trait InsertEntryAt<X, H, T> {
    /// The list.
    type Output;
}
impl<X, H, T> InsertEntryAt<X, H, T> for B1 {
    type Output = HCons<X, HCons<H, T>>;
}
impl<X, H, T: InsertEntry<X>> InsertEntryAt<X, H, T> for B0 {
    type Output = HCons<H, T::Output>;
}
/// The entries sorted by key, stably: an insertion sort.
pub trait SortEntries {
    /// The sorted list.
    type Output;
}
impl SortEntries for HNil {
    type Output = HNil;
}
impl<X, T: SortEntries> SortEntries for HCons<X, T>
where
    T::Output: InsertEntry<X>,
{
    type Output = <T::Output as InsertEntry<X>>::Output;
}

/// A place `P` and its compact stride `D`.
pub struct Placed<P, D>(PhantomData<(P, D)>);
/// The compact strides of the sorted entries: each the product of the
/// extents before it, from `Acc`.
pub trait AssignStrides<Acc> {
    /// The places and their strides.
    type Output;
}
impl<Acc> AssignStrides<Acc> for HNil {
    type Output = HNil;
}
impl<K, S, P, T, Acc> AssignStrides<Acc> for HCons<Entry<K, S, P>, T>
where
    Acc: Mul<S>,
    T: AssignStrides<Prod<Acc, S>>,
{
    type Output = HCons<Placed<P, Acc>, T::Output>;
}

/// The stride of the place `P` in a list of [`Placed`].
pub trait StrideAt<P> {
    /// The stride.
    type Output;
}
impl<P, Q: IsEqual<P>, D, T> StrideAt<P> for HCons<Placed<Q, D>, T>
where
    <Q as IsEqual<P>>::Output: PickStride<P, D, T>,
{
    type Output = <<Q as IsEqual<P>>::Output as PickStride<P, D, T>>::Output;
}
/// `D` (`B1`: the place is found) or the stride of `P` in `T` (`B0`).
pub trait PickStride<P, D, T> {
    /// The stride.
    type Output;
}
impl<P, D, T> PickStride<P, D, T> for B1 {
    type Output = D;
}
impl<P, D, T: StrideAt<P>> PickStride<P, D, T> for B0 {
    type Output = T::Output;
}

/// The strides of the rest `Self` in its own profile, each leaf's read
/// from the list `L` at its place (from `P`).
pub trait PlacedStrides<L, P> {
    /// The stride tree.
    type Stride;
    /// The next place.
    type Next;
}
impl<U: Unsigned, B: Bit, L: StrideAt<P>, P: Add<B1>> PlacedStrides<L, P> for UInt<U, B> {
    type Stride = L::Output;
    type Next = Add1<P>;
}
impl<L, P> PlacedStrides<L, P> for HNil {
    type Stride = HNil;
    type Next = P;
}
impl<H, T, L, P> PlacedStrides<L, P> for HCons<H, T>
where
    H: PlacedStrides<L, P>,
    T: PlacedStrides<L, H::Next>,
{
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = T::Next;
}

/// The compact strides of the rest `Self:D` in the order of `D`
/// (CuTe's `make_ordered_layout(shape, stride)`).
pub type OrderedStrides<S, D> = <S as PlacedStrides<
    <<<S as Entries<D, U0>>::List as SortEntries>::Output as AssignStrides<U1>>::Output,
    U0,
>>::Stride;

// ------------------------------------------------------------------ make_fragment_like

/// CuTe's `make_fragment_like` of the layout `Self:D` (see the
/// [module](self)): a static layout of the same shape.
#[diagnostic::on_unimplemented(
    message = "CuTe make_fragment_like: `{Self}` is not the static shape of a fragment",
    note = "a register fragment's shape is static: make_fragment_like(layout) needs the layout's extents known to the compiler (its strides may be run-time values)"
)]
pub trait FragmentLikeShape<D> {
    /// The fragment's layout.
    type Output;
}
/// One mode: compact column-major.
impl<U: Unsigned, B: Bit, D> FragmentLikeShape<D> for UInt<U, B>
where
    UInt<U, B>: ZeroUnit<U1>,
{
    type Output = CompactColMajor<UInt<U, B>>;
}
/// One mode: compact column-major.
impl<H, D> FragmentLikeShape<D> for HCons<H, HNil>
where
    HCons<H, HNil>: StaticTuple + PrefixProduct<U1> + ZeroUnit<ColMajor<HCons<H, HNil>>>,
{
    type Output = CompactColMajor<HCons<H, HNil>>;
}
/// The first mode, column-major without its `_0` strides.
type FirstOf<H0, G0> = Layout<H0, <H0 as FirstModeStride<G0, U1>>::Stride>;
/// The rest, ordered by its strides.
type RestOf<RS, RD> = ZeroUnitStrides<Layout<RS, OrderedStrides<RS, RD>>>;
/// Two modes or more: `tiled_product(first, rest)`.
impl<H0, H1, T, G0, G1, V> FragmentLikeShape<HCons<G0, HCons<G1, V>>> for HCons<H0, HCons<H1, T>>
where
    H0: StaticTuple + FirstModeStride<G0, U1>,
    <H0 as FirstModeStride<G0, U1>>::Stride: HTuple,
    HCons<H1, T>: StaticTuple + Entries<HCons<G1, V>, U0>,
    <HCons<H1, T> as Entries<HCons<G1, V>, U0>>::List: SortEntries,
    <<HCons<H1, T> as Entries<HCons<G1, V>, U0>>::List as SortEntries>::Output: AssignStrides<U1>,
    HCons<H1, T>: PlacedStrides<
        <<<HCons<H1, T> as Entries<HCons<G1, V>, U0>>::List as SortEntries>::Output as AssignStrides<U1>>::Output,
        U0,
    >,
    OrderedStrides<HCons<H1, T>, HCons<G1, V>>: HTuple,
    Layout<HCons<H1, T>, OrderedStrides<HCons<H1, T>, HCons<G1, V>>>: ZeroUnitLayout,
    FirstOf<H0, G0>: TiledProduct<RestOf<HCons<H1, T>, HCons<G1, V>>>,
    TiledProducted<FirstOf<H0, G0>, RestOf<HCons<H1, T>, HCons<G1, V>>>: ZeroUnitLayout,
{
    type Output =
        ZeroUnitStrides<TiledProducted<FirstOf<H0, G0>, RestOf<HCons<H1, T>, HCons<G1, V>>>>;
}

/// CuTe's `make_fragment_like(layout)`: the layout of a register fragment
/// like `Self` (see the [module](self)), a static layout.
///
/// # Examples
/// ```
/// use cute_static::atom::FragmentLikeOf;
/// use cute_static::Layout;
/// // equal strides keep their order; a stride 0 comes first
/// static_assertions::assert_type_eq_all!(
///     FragmentLikeOf<Layout![(8, 4, 2, 3) : (1, 8, 8, 0)]>, Layout![(8, 4, 2, 3) : (1, 24, 96, 8)]);
/// ```
pub trait FragmentLike {
    /// The fragment's layout.
    type Output: FragmentLayout;
}
impl<S: HTuple + FragmentLikeShape<D>, D: HTuple> FragmentLike for Layout<S, D>
where
    S::Output: FragmentLayout,
{
    type Output = S::Output;
}
/// The layout of `make_fragment_like(L)`.
pub type FragmentLikeOf<L> = <L as FragmentLike>::Output;

/// CuTe's `make_fragment_like<T>(layout)`: a register fragment of `T`
/// (every element the default, zero) whose layout is
/// `make_fragment_like(layout)` (see the [module](self)): compact, in the
/// order of `layout`'s strides. Only the layout's type is read; its shape
/// is static (a trait bound).
///
/// # Examples
/// ```
/// use cute_static::atom::make_fragment_like;
/// use cute_static::layout;
/// let ld = 4096;
/// let part = layout!(((2, 2), 4, 2) : ((1, ld), 64, 8)).unwrap();
/// let f = make_fragment_like::<f32, _>(&part);
/// // the first mode column-major, then the mode of stride 8 before the one of 64
/// assert_eq!(f.layout().to_string(), "((_2,_2),_4,_2):((_1,_2),_8,_4)");
/// assert_eq!(core::mem::size_of_val(&f), 32 * 4);
/// ```
/// A run-time extent has no static fragment:
/// ```compile_fail
/// use cute_static::atom::make_fragment_like;
/// let n = 4;
/// let _ = make_fragment_like::<f32, _>(&cute_static::layout!((2, n)).unwrap());
/// ```
#[inline]
pub fn make_fragment_like<T: Default, L: FragmentLike>(layout: &L) -> Fragment<T, L::Output> {
    let _ = layout;
    Fragment::default()
}

/// The register fragment of A of the thread's partition of `L`.
pub type FragmentA<TM, L> = Fragment<
    <<TM as MmaTiling>::Atom as MmaAtom>::ValTypeA,
    FragmentLikeOf<Partitioned<L, TM, OperandA>>,
>;
/// The register fragment of B of the thread's partition of `L`.
pub type FragmentB<TM, L> = Fragment<
    <<TM as MmaTiling>::Atom as MmaAtom>::ValTypeB,
    FragmentLikeOf<Partitioned<L, TM, OperandB>>,
>;

impl<TM: MmaTiling> ThrMma<TM> {
    /// CuTe's `partition_fragment_A`: the thread's register fragment of A
    /// for the layout `layout`, a [`Fragment`] of the atom's A type over
    /// `make_fragment_like` of [`ThrMma::partition_a`] (see
    /// [`make_fragment_like`]): compact, its first mode column-major, its
    /// other modes in the order of the partition's strides. Every element
    /// is the type's default (zero). Only the layout's type is read: the
    /// fragment's layout and size are the compiler's. The partition's shape
    /// must be static (a trait bound).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// // a K-major 128 x 32 tile of A in shared memory
    /// let frag = mma.get_slice(5).unwrap().partition_fragment_a(&layout!((128, 32) : (32, 1)));
    /// assert_eq!(frag.layout().to_string(), "((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)");
    /// assert_eq!(core::mem::size_of_val(&frag), 64 * 2); // 64 f16, on the stack
    /// ```
    #[inline]
    pub fn partition_fragment_a<L>(&self, layout: &L) -> FragmentA<TM, L>
    where
        L: MmaPartition<TM, OperandA>,
        L::Output: FragmentLike,
    {
        let _ = layout;
        Fragment::default()
    }

    /// CuTe's `partition_fragment_B`: as [`ThrMma::partition_fragment_a`]
    /// for B, over `make_fragment_like` of [`ThrMma::partition_b`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let frag = mma.get_slice(5).unwrap().partition_fragment_b(&layout!((128, 32) : (32, 1)));
    /// assert_eq!(frag.layout().to_string(), "((_2,_2),_8,_2):((_1,_2),_8,_4)");
    /// ```
    #[inline]
    pub fn partition_fragment_b<L>(&self, layout: &L) -> FragmentB<TM, L>
    where
        L: MmaPartition<TM, OperandB>,
        L::Output: FragmentLike,
    {
        let _ = layout;
        Fragment::default()
    }
}
