//! The MMA atoms, named as CuTe C++ names the instructions: the warp-level
//! `mma.sync` of SM70 (a quad-pair of 8 threads), SM75 and SM80 (a warp of
//! 32 threads), and the one-thread [`UniversalFMA<T>`].
//!
//! The layouts are those of CuTe C++'s `MMA_Traits` (`cute/atom/mma_traits_sm*.hpp`),
//! written as types; a test checks each against the run-time atom of the
//! same name (`cute_dynamic::atom::MmaAtom::new`), whose layouts are fitted
//! to the PTX fragment descriptions and checked against CuTe C++.
//!
//! ```
//! use cute_static::atom::{MmaAtom, SM70_8x8x4_F32F16F16F32_TN, UniversalFMA};
//! assert_eq!(SM70_8x8x4_F32F16F16F32_TN::thr_id().to_string(), "(_4,_2):(_1,_16)");
//! assert_eq!(UniversalFMA::<f32>::c_layout().to_string(), "(_1,_1):(_0,_0)");
//! ```

use core::fmt;
use core::marker::PhantomData;

use super::mma_atom::{mma_atoms, MmaAtom};
use super::value::{BFloat16, Half, MmaValue, TFloat32};

mma_atoms! {
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16` (SM80).
    SM80_16x8x8_F16F16F16F16_TN: [Half, Half, Half, Half], (16, 8, 8),
        thr 32 : 1, a ((4, 8), (2, 2)) : ((32, 1), (16, 8)), b ((4, 8), 2) : ((16, 1), 8),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` (SM80).
    SM80_16x8x8_F32F16F16F32_TN: [f32, Half, Half, f32], (16, 8, 8),
        thr 32 : 1, a ((4, 8), (2, 2)) : ((32, 1), (16, 8)), b ((4, 8), 2) : ((16, 1), 8),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32` (SM80).
    SM80_16x8x8_F32BF16BF16F32_TN: [f32, BFloat16, BFloat16, f32], (16, 8, 8),
        thr 32 : 1, a ((4, 8), (2, 2)) : ((32, 1), (16, 8)), b ((4, 8), 2) : ((16, 1), 8),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16` (SM80).
    SM80_16x8x16_F16F16F16F16_TN: [Half, Half, Half, Half], (16, 8, 16),
        thr 32 : 1, a ((4, 8), (2, 2, 2)) : ((32, 1), (16, 8, 128)), b ((4, 8), (2, 2)) : ((16, 1), (8, 64)),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` (SM80): the
    /// atom of CuTe's SM80 half-precision GEMMs.
    SM80_16x8x16_F32F16F16F32_TN: [f32, Half, Half, f32], (16, 8, 16),
        thr 32 : 1, a ((4, 8), (2, 2, 2)) : ((32, 1), (16, 8, 128)), b ((4, 8), (2, 2)) : ((16, 1), (8, 64)),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32` (SM80).
    SM80_16x8x16_F32BF16BF16F32_TN: [f32, BFloat16, BFloat16, f32], (16, 8, 16),
        thr 32 : 1, a ((4, 8), (2, 2, 2)) : ((32, 1), (16, 8, 128)), b ((4, 8), (2, 2)) : ((16, 1), (8, 64)),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32` (SM80).
    SM80_16x8x4_F32TF32TF32F32_TN: [f32, TFloat32, TFloat32, f32], (16, 8, 4),
        thr 32 : 1, a ((4, 8), 2) : ((16, 1), 8), b ((4, 8), 1) : ((8, 1), 0),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32` (SM80).
    SM80_16x8x8_F32TF32TF32F32_TN: [f32, TFloat32, TFloat32, f32], (16, 8, 8),
        thr 32 : 1, a ((4, 8), (2, 2)) : ((16, 1), (8, 64)), b ((4, 8), 2) : ((8, 1), 32),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32` (SM80).
    SM80_8x8x16_S32S8S8S32_TN: [i32, i8, i8, i32], (8, 8, 16),
        thr 32 : 1, a ((4, 8), 4) : ((32, 1), 8), b ((4, 8), 4) : ((32, 1), 8),
        c ((4, 8), 2) : ((16, 1), 8);
    /// `mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32` (SM80).
    SM80_16x8x16_S32S8S8S32_TN: [i32, i8, i8, i32], (16, 8, 16),
        thr 32 : 1, a ((4, 8), (4, 2)) : ((64, 1), (16, 8)), b ((4, 8), 4) : ((32, 1), 8),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32` (SM80).
    SM80_16x8x32_S32S8S8S32_TN: [i32, i8, i8, i32], (16, 8, 32),
        thr 32 : 1, a ((4, 8), (4, 2, 2)) : ((64, 1), (16, 8, 256)), b ((4, 8), (4, 2)) : ((32, 1), (8, 128)),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64` (SM80).
    SM80_8x8x4_F64F64F64F64_TN: [f64, f64, f64, f64], (8, 8, 4),
        thr 32 : 1, a ((4, 8), 1) : ((8, 1), 0), b ((4, 8), 1) : ((8, 1), 0),
        c ((4, 8), 2) : ((16, 1), 8);
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` (Turing).
    SM75_16x8x8_F32F16F16F32_TN: [f32, Half, Half, f32], (16, 8, 8),
        thr 32 : 1, a ((4, 8), (2, 2)) : ((32, 1), (16, 8)), b ((4, 8), 2) : ((16, 1), 8),
        c ((4, 8), (2, 2)) : ((32, 1), (16, 8));
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32` (Turing).
    SM75_8x8x16_S32S8S8S32_TN: [i32, i8, i8, i32], (8, 8, 16),
        thr 32 : 1, a ((4, 8), 4) : ((32, 1), 8), b ((4, 8), 4) : ((32, 1), 8),
        c ((4, 8), 2) : ((16, 1), 8);
    /// `mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16` (Volta, a quad-pair).
    SM70_8x8x4_F16F16F16F16_TN: [Half, Half, Half, Half], (8, 8, 4),
        thr (4, 2) : (1, 16), a (8, 4) : (1, 8), b (8, 4) : (1, 8), c (8, 8) : (1, 8);
    /// `mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16` (Volta, a quad-pair).
    SM70_8x8x4_F16F16F16F16_NT: [Half, Half, Half, Half], (8, 8, 4),
        thr (4, 2) : (1, 16), a ((4, 2), 4) : ((8, 4), 1), b ((4, 2), 4) : ((8, 4), 1), c (8, 8) : (1, 8);
    /// `mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16` (Volta, a quad-pair).
    SM70_8x8x4_F16F16F16F16_NN: [Half, Half, Half, Half], (8, 8, 4),
        thr (4, 2) : (1, 16), a ((4, 2), 4) : ((8, 4), 1), b (8, 4) : (1, 8), c (8, 8) : (1, 8);
    /// `mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16` (Volta, a quad-pair).
    SM70_8x8x4_F16F16F16F16_TT: [Half, Half, Half, Half], (8, 8, 4),
        thr (4, 2) : (1, 16), a (8, 4) : (1, 8), b ((4, 2), 4) : ((8, 4), 1), c (8, 8) : (1, 8);
    /// `mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32` (Volta, a quad-pair).
    SM70_8x8x4_F32F16F16F32_TN: [f32, Half, Half, f32], (8, 8, 4),
        thr (4, 2) : (1, 16), a (8, 4) : (1, 8), b (8, 4) : (1, 8),
        c ((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32));
    /// `mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32` (Volta, a quad-pair).
    SM70_8x8x4_F32F16F16F32_NT: [f32, Half, Half, f32], (8, 8, 4),
        thr (4, 2) : (1, 16), a ((4, 2), 4) : ((8, 4), 1), b ((4, 2), 4) : ((8, 4), 1),
        c ((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32));
    /// `mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32` (Volta, a quad-pair).
    SM70_8x8x4_F32F16F16F32_NN: [f32, Half, Half, f32], (8, 8, 4),
        thr (4, 2) : (1, 16), a ((4, 2), 4) : ((8, 4), 1), b (8, 4) : (1, 8),
        c ((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32));
    /// `mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32` (Volta, a quad-pair).
    SM70_8x8x4_F32F16F16F32_TT: [f32, Half, Half, f32], (8, 8, 4),
        thr (4, 2) : (1, 16), a (8, 4) : (1, 8), b ((4, 2), 4) : ((8, 4), 1),
        c ((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32));
}

/// One thread computing `d = a * b + c` on values of the type `T` (CuTe's
/// `UniversalFMA<T, T, T, T>`): the shape `(1, 1, 1)`, one thread, one
/// value of each operand. Tiled over a `(16, 16, 1)` atom layout it is the
/// thread-per-element GEMM of CuTe's tutorial.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_tiled_mma, UniversalFMA};
/// use cute_static::layout;
/// let mma = make_tiled_mma(UniversalFMA::<f32>::default(), layout!((16, 16, 1)));
/// assert_eq!(mma.thr_layout_vmnk().to_string(), "(_1,_16,_16,_1):(_0,_1,_16,_0)");
/// // thread t holds the element t of the 16 x 16 tile
/// assert_eq!(mma.get_layout_c_tv().to_string(), "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
/// ```
pub struct UniversalFMA<T>(PhantomData<fn() -> T>);

impl<T> Clone for UniversalFMA<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for UniversalFMA<T> {}
impl<T> Default for UniversalFMA<T> {
    fn default() -> Self {
        UniversalFMA(PhantomData)
    }
}
impl<T: MmaValue> fmt::Debug for UniversalFMA<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UniversalFMA<{}>", T::NAME)
    }
}

impl<T: MmaValue> MmaAtom for UniversalFMA<T> {
    const NAME: &'static str = "UniversalFMA";
    type ValTypeD = T;
    type ValTypeA = T;
    type ValTypeB = T;
    type ValTypeC = T;
    type ShapeMNK = crate::Shape![1, 1, 1];
    type ThrID = crate::Layout![1 : 0];
    type ALayout = crate::Layout![(1, 1) : (0, 0)];
    type BLayout = crate::Layout![(1, 1) : (0, 0)];
    type CLayout = crate::Layout![(1, 1) : (0, 0)];

    #[cfg(feature = "dynamic")]
    fn dynamic_op() -> cute_dynamic::atom::MmaOp {
        cute_dynamic::atom::MmaOp::UniversalFma(T::DYNAMIC)
    }
}
