//! The MMA atom: what one matrix multiply-accumulate instruction computes,
//! as types.

use core::fmt;

use frunk_core::hlist::{HCons, HNil};

use super::compact::LayoutParts;
use super::value::MmaValue;
use crate::algebra::StaticValue;
use crate::htuple::StaticTuple;
use crate::layout::Layout;

/// An MMA atom (CuTe C++'s `MMA_Traits<Op>`): one matrix
/// multiply-accumulate instruction, `D = A * B + C` on an `(M, N, K)`
/// block, and which thread holds which element of each operand, all as
/// types. The atoms are zero-sized types named as CuTe C++ names the
/// instructions ([`SM80_16x8x16_F32F16F16F32_TN`](super::SM80_16x8x16_F32F16F16F32_TN),
/// [`UniversalFMA<T>`](super::UniversalFMA), ...).
///
/// - `ShapeMNK`: the instruction's `(M, N, K)`, a static shape;
/// - `ThrID`: the instruction's threads, `thread id -> thread index`;
/// - `ALayout`, `BLayout`, `CLayout`: `(thread, value) -> coordinate` of A
///   `(M, K)`, B `(N, K)` and C `(M, N)`, each coordinate the column-major
///   index into its operand's tile (`m + M * k` for A): static layouts;
/// - `ValTypeD`, `ValTypeA`, `ValTypeB`, `ValTypeC`: the operands' types.
///
/// Each atom's layouts equal those of the run-time atom of the same name
/// (`cute_dynamic::atom::MmaAtom::new`), which are checked against CuTe
/// C++: a test compares them ([`MmaAtom::to_dynamic`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{AtomM, MmaAtom, SM80_16x8x16_F32F16F16F32_TN as Mma};
/// use cute_static::Layout;
/// let _: Layout![((4, 8), (2, 2)) : ((32, 1), (16, 8))] = Mma::c_layout();
/// assert_eq!(Mma::a_layout().to_string(), "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
/// assert_eq!(<AtomM<Mma> as typenum::Unsigned>::I64, 16);
/// assert_eq!(core::mem::size_of::<Mma>(), 0);
/// ```
pub trait MmaAtom: Copy + Default + fmt::Debug + 'static {
    /// The instruction's name, as CuTe C++ spells it.
    const NAME: &'static str;
    /// The type of D.
    type ValTypeD: MmaValue;
    /// The type of A.
    type ValTypeA: MmaValue;
    /// The type of B.
    type ValTypeB: MmaValue;
    /// The type of C.
    type ValTypeC: MmaValue;
    /// `(M, N, K)`: a static shape of three leaves.
    type ShapeMNK: Mnk;
    /// `thread id -> thread index`: a static layout.
    type ThrID: StaticLayout;
    /// `(thread, value) -> m + M * k`: a static layout.
    type ALayout: StaticLayout;
    /// `(thread, value) -> n + N * k`: a static layout.
    type BLayout: StaticLayout;
    /// `(thread, value) -> m + M * n`: a static layout.
    type CLayout: StaticLayout;

    /// The thread ID layout.
    #[inline]
    fn thr_id() -> Self::ThrID {
        StaticValue::static_value()
    }
    /// The thread-value layout of A.
    #[inline]
    fn a_layout() -> Self::ALayout {
        StaticValue::static_value()
    }
    /// The thread-value layout of B.
    #[inline]
    fn b_layout() -> Self::BLayout {
        StaticValue::static_value()
    }
    /// The thread-value layout of C.
    #[inline]
    fn c_layout() -> Self::CLayout {
        StaticValue::static_value()
    }

    /// The run-time instruction of the same name.
    #[cfg(feature = "dynamic")]
    fn dynamic_op() -> cute_dynamic::atom::MmaOp {
        cute_dynamic::atom::MmaOp::from_name(Self::NAME)
            .expect("a static atom is named as a run-time instruction")
    }

    /// The atom as a run-time atom (`cute_dynamic::atom::MmaAtom`): its
    /// name, types, shape and layouts converted. It equals
    /// `MmaAtom::new(Self::dynamic_op())`, the run-time atom of the same
    /// instruction (a test checks it for every atom).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{MmaAtom, SM80_8x8x4_F64F64F64F64_TN as Mma};
    /// let d = Mma::to_dynamic();
    /// assert_eq!(d, cute_dynamic::atom::MmaAtom::new(Mma::dynamic_op()).unwrap());
    /// assert_eq!(d.layout_c_tv().to_string(), "((4, 8), 2):((16, 1), 8)");
    /// ```
    #[cfg(feature = "dynamic")]
    fn to_dynamic() -> cute_dynamic::atom::MmaAtom {
        dynamic_atom::<Self>(Self::dynamic_op().to_string())
    }
}

/// The run-time atom named `name` with the types, the shape and the
/// layouts of the static atom `A` ([`MmaAtom::to_dynamic`]).
#[cfg(feature = "dynamic")]
pub(super) fn dynamic_atom<A: MmaAtom>(name: String) -> cute_dynamic::atom::MmaAtom {
    cute_dynamic::atom::MmaAtom::from_parts(
        name,
        [
            <A::ValTypeD as MmaValue>::DYNAMIC,
            <A::ValTypeA as MmaValue>::DYNAMIC,
            <A::ValTypeB as MmaValue>::DYNAMIC,
            <A::ValTypeC as MmaValue>::DYNAMIC,
        ],
        [
            <AtomM<A> as typenum::Unsigned>::I64,
            <AtomN<A> as typenum::Unsigned>::I64,
            <AtomK<A> as typenum::Unsigned>::I64,
        ],
        A::thr_id().dynamic(),
        A::a_layout().dynamic(),
        A::b_layout().dynamic(),
        A::c_layout().dynamic(),
    )
    .expect("a static atom's layouts are those of an atom")
}

/// A static layout: a layout type with one value, known to the compiler.
pub trait StaticLayout:
    StaticValue + LayoutParts + Copy + fmt::Display + fmt::Debug + 'static
{
    /// The layout as a run-time layout.
    #[cfg(feature = "dynamic")]
    fn dynamic(&self) -> cute_dynamic::Layout;
}
impl<S, D> StaticLayout for Layout<S, D>
where
    S: StaticTuple + 'static,
    S::Div: Default,
    D: StaticTuple + 'static,
{
    #[cfg(feature = "dynamic")]
    fn dynamic(&self) -> cute_dynamic::Layout {
        self.to_dynamic()
    }
}

/// The three extents of an MMA's shape `(M, N, K)`.
pub trait Mnk {
    /// M.
    type M: super::compact::StaticExtent;
    /// N.
    type N: super::compact::StaticExtent;
    /// K.
    type K: super::compact::StaticExtent;
}
impl<M, N, K> Mnk for HCons<M, HCons<N, HCons<K, HNil>>>
where
    M: super::compact::StaticExtent,
    N: super::compact::StaticExtent,
    K: super::compact::StaticExtent,
{
    type M = M;
    type N = N;
    type K = K;
}

/// The atom's M.
pub type AtomM<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::M;
/// The atom's N.
pub type AtomN<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::N;
/// The atom's K.
pub type AtomK<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::K;

/// Declares MMA atoms: `Name: "doc", [D, A, B, C], (M, N, K), ThrID, A, B, C;`
/// with the layouts written in `Layout!` notation.
macro_rules! mma_atoms {
    ($(
        $(#[$doc:meta])*
        $name:ident: [$d:ty, $a:ty, $b:ty, $c:ty], ($m:literal, $n:literal, $k:literal),
        thr $thr:tt : $thrd:tt, a $al:tt : $ald:tt, b $bl:tt : $bld:tt, c $cl:tt : $cld:tt;
    )*) => {$(
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl MmaAtom for $name {
            const NAME: &'static str = stringify!($name);
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $c;
            type ShapeMNK = crate::Shape![$m, $n, $k];
            type ThrID = crate::Layout![$thr : $thrd];
            type ALayout = crate::Layout![$al : $ald];
            type BLayout = crate::Layout![$bl : $bld];
            type CLayout = crate::Layout![$cl : $cld];
        }
    )*};
}
pub(super) use mma_atoms;
