//! MMA instructions by name, and their atoms derived from the instructions'
//! fragment descriptions.
//!
//! Each instruction's thread-value layouts are not written down as tables:
//! they are *fitted* to the fragment description of the PTX ISA ("groupID =
//! %laneid >> 2, threadID_in_group = %laneid % 4, row = groupID for a0, a1,
//! ..."), written below as small functions `(thread, value) -> (row, col)`.
//! The fitter is given only the mode shapes CuTe C++ groups the threads and
//! values by (`((4, 8), (2, 2, 2))`); it reads each mode's stride from the
//! function at that mode's unit coordinate and then checks that the fitted
//! layout agrees with the function at every `(thread, value)` point.
//!
//! The GMMA operands read from shared memory (`_SS`'s A and B, `_RS`'s B)
//! are not distributed over the threads: every thread of the warpgroup sees
//! the whole operand, so their value mode is fitted to `(m, k) -> m + M * k`
//! (and checked at every point) and their thread mode is the broadcast
//! `128:0`.
//!
//! Coordinates are column-major indices into the operand's tile: `m + M * k`
//! for A, `n + N * k` for B (PTX describes B as a `K x N` matrix, whose row
//! is `k` and column `n`) and `m + M * n` for C.

use core::fmt;
use core::str::FromStr;

use cute_core::{Error, Result};

use super::{MmaAtom, ValueType};
use crate::htuple::{HTuple, IntTuple};
use crate::layout::make_layout;
use crate::typedefs::Scalar;
use crate::Layout;

const OP: &str = "MMA_Atom";

/// Which mode of a GMMA operand is contiguous in shared memory (CuTe C++'s
/// `GMMA::Major`): `K` (K-major, "T" for A and "N" for B in BLAS terms) or
/// `MN` (M-major for A, N-major for B).
///
/// Parsed from and printed as `K` and `MN`.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::Major;
/// assert_eq!("MN".parse::<Major>().unwrap(), Major::MN);
/// assert_eq!(Major::K.to_string(), "K");
/// assert!("M".parse::<Major>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// K-major: consecutive elements of a row of A (a column of B) are
    /// adjacent.
    K,
    /// M-major for A, N-major for B.
    MN,
}

impl fmt::Display for Major {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Major::K => "K",
            Major::MN => "MN",
        })
    }
}

impl FromStr for Major {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "K" => Ok(Major::K),
            "MN" => Ok(Major::MN),
            _ => Err(Error::value(
                "Major",
                format!("unknown major {s:?}; the majors are K and MN"),
            )),
        }
    }
}

/// An MMA instruction (CuTe C++'s MMA operation structs, `cute/arch/mma_sm*.hpp`).
///
/// The fixed instructions are named as in CuTe C++
/// (`SM80_16x8x16_F32F16F16F32_TN`: architecture, `MxNxK`, the types of D,
/// A, B and C, and the majors of A and B). The others carry parameters:
/// [`MmaOp::UniversalFma`] (one thread, one fused multiply-add of a type;
/// named `UniversalFMA('f32')` here, CuTe's `UniversalFMA<float, float,
/// float, float>`) and [`MmaOp::Gmma`], the SM90 warpgroup instructions
/// `SM90_64xNx16_F32F16F16_SS` and their kin (A and B from shared memory,
/// `SS`, or A from registers, `RS`), whose majors are template parameters in
/// CuTe C++.
///
/// `Display` prints [`MmaOp::name`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{Major, MmaAtom, MmaOp, ValueType};
/// let op = MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap();
/// assert_eq!(op, MmaOp::SM80_16x8x16_F32F16F16F32_TN);
/// let atom = MmaAtom::new(op).unwrap();
/// assert_eq!(atom.layout_a_tv().to_string(), "((4, 8), (2, 2, 2)):((32, 1), (16, 8, 128))");
///
/// let g = MmaOp::gmma("SM90_64x64x16_F32F16F16_RS", Major::K, Major::MN).unwrap();
/// assert_eq!(g, MmaOp::Gmma { n: 64, ab: ValueType::F16, a: Major::K, b: Major::MN, rs: true });
/// assert_eq!(g.to_string(), "SM90_64x64x16_F32F16F16_RS");
/// assert_eq!(MmaOp::UniversalFma(ValueType::F32).to_string(), "UniversalFMA('f32')");
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MmaOp {
    /// One thread computing `d = a * b + c` on values of one type
    /// (CuTe's `UniversalFMA<T, T, T, T>`): shape `(1, 1, 1)`.
    UniversalFma(ValueType),
    /// `mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16` (a quad-pair).
    SM70_8x8x4_F16F16F16F16_TN,
    /// `mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16` (a quad-pair).
    SM70_8x8x4_F16F16F16F16_NT,
    /// `mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16` (a quad-pair).
    SM70_8x8x4_F16F16F16F16_NN,
    /// `mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16` (a quad-pair).
    SM70_8x8x4_F16F16F16F16_TT,
    /// `mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32` (a quad-pair).
    SM70_8x8x4_F32F16F16F32_TN,
    /// `mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32` (a quad-pair).
    SM70_8x8x4_F32F16F16F32_NT,
    /// `mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32` (a quad-pair).
    SM70_8x8x4_F32F16F16F32_NN,
    /// `mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32` (a quad-pair).
    SM70_8x8x4_F32F16F16F32_TT,
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` (Turing).
    SM75_16x8x8_F32F16F16F32_TN,
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32` (Turing).
    SM75_8x8x16_S32S8S8S32_TN,
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`.
    SM80_16x8x8_F16F16F16F16_TN,
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`.
    SM80_16x8x8_F32F16F16F32_TN,
    /// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`.
    SM80_16x8x8_F32BF16BF16F32_TN,
    /// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`.
    SM80_16x8x16_F16F16F16F16_TN,
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`.
    SM80_16x8x16_F32F16F16F32_TN,
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    SM80_16x8x16_F32BF16BF16F32_TN,
    /// `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32`.
    SM80_16x8x4_F32TF32TF32F32_TN,
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
    SM80_16x8x8_F32TF32TF32F32_TN,
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32`.
    SM80_8x8x16_S32S8S8S32_TN,
    /// `mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32`.
    SM80_16x8x16_S32S8S8S32_TN,
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`.
    SM80_16x8x32_S32S8S8S32_TN,
    /// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`.
    SM80_8x8x4_F64F64F64F64_TN,
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}`: a warpgroup
    /// (128 threads) computing a `64 x n x 16` block with f32 accumulators
    /// (CuTe's `SM90_64xNx16_F32F16F16_SS` and kin). `n` is a multiple of 8
    /// from 8 to 256; `ab` the type of A and B (`F16` or `BF16`); `a` and
    /// `b` their majors in shared memory; `rs` takes A from registers
    /// (`_RS`, which needs A K-major) rather than shared memory (`_SS`).
    Gmma {
        /// N, a multiple of 8 in `8..=256`.
        n: i64,
        /// The type of A and B: `F16` or `BF16`.
        ab: ValueType,
        /// The major of A.
        a: Major,
        /// The major of B.
        b: Major,
        /// A from registers (`_RS`) rather than shared memory (`_SS`).
        rs: bool,
    },
}

/// Every fixed instruction (all but [`MmaOp::UniversalFma`] and
/// [`MmaOp::Gmma`]).
const FIXED: [MmaOp; 22] = [
    MmaOp::SM70_8x8x4_F16F16F16F16_TN,
    MmaOp::SM70_8x8x4_F16F16F16F16_NT,
    MmaOp::SM70_8x8x4_F16F16F16F16_NN,
    MmaOp::SM70_8x8x4_F16F16F16F16_TT,
    MmaOp::SM70_8x8x4_F32F16F16F32_TN,
    MmaOp::SM70_8x8x4_F32F16F16F32_NT,
    MmaOp::SM70_8x8x4_F32F16F16F32_NN,
    MmaOp::SM70_8x8x4_F32F16F16F32_TT,
    MmaOp::SM75_16x8x8_F32F16F16F32_TN,
    MmaOp::SM75_8x8x16_S32S8S8S32_TN,
    MmaOp::SM80_16x8x8_F16F16F16F16_TN,
    MmaOp::SM80_16x8x8_F32F16F16F32_TN,
    MmaOp::SM80_16x8x8_F32BF16BF16F32_TN,
    MmaOp::SM80_16x8x16_F16F16F16F16_TN,
    MmaOp::SM80_16x8x16_F32F16F16F32_TN,
    MmaOp::SM80_16x8x16_F32BF16BF16F32_TN,
    MmaOp::SM80_16x8x4_F32TF32TF32F32_TN,
    MmaOp::SM80_16x8x8_F32TF32TF32F32_TN,
    MmaOp::SM80_8x8x16_S32S8S8S32_TN,
    MmaOp::SM80_16x8x16_S32S8S8S32_TN,
    MmaOp::SM80_16x8x32_S32S8S8S32_TN,
    MmaOp::SM80_8x8x4_F64F64F64F64_TN,
];

impl MmaOp {
    /// The instruction of a fixed name (CuTe C++'s spelling, as
    /// [`MmaOp::names`] lists them).
    ///
    /// # Errors
    /// `ValueError` for an unknown name (naming the closest known ones), and
    /// for a GMMA name, whose majors [`MmaOp::gmma`] takes.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::MmaOp;
    /// assert_eq!(MmaOp::from_name("SM75_16x8x8_F32F16F16F32_TN").unwrap(),
    ///            MmaOp::SM75_16x8x8_F32F16F16F32_TN);
    /// let e = MmaOp::from_name("SM80_16x8x16_F32F16F16F32_NT").unwrap_err();
    /// assert!(e.to_string().contains("SM80_16x8x16_F32F16F16F32_TN"));
    /// assert!(MmaOp::from_name("SM90_64x64x16_F32F16F16_SS").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<MmaOp> {
        if let Some(op) = FIXED.iter().copied().find(|op| op.name() == name) {
            return Ok(op);
        }
        if name.starts_with("SM90_") && parse_gmma(name).is_ok() {
            return Err(Error::value(
                OP,
                format!("{name} is a GMMA instruction, which takes the majors of A and B: MmaOp::gmma(name, a, b)"),
            ));
        }
        let close = closest(name, Self::names());
        Err(Error::value(
            OP,
            format!(
                "unknown MMA instruction {name:?}; the closest known are {}",
                close.join(", ")
            ),
        ))
    }

    /// The SM90 GMMA instruction of a name such as
    /// `SM90_64x64x16_F32F16F16_SS` or `SM90_64x128x16_F32BF16BF16_RS`, with
    /// the majors of A and B.
    ///
    /// # Errors
    /// `ValueError` for a name not of the form
    /// `SM90_64x{N}x16_F32{F16F16|BF16BF16}_{SS|RS}`, for `N` not a multiple
    /// of 8 in `8..=256`, and for `_RS` with A not K-major (A comes from
    /// registers, which hold it K-major).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{Major, MmaOp};
    /// assert!(MmaOp::gmma("SM90_64x256x16_F32BF16BF16_SS", Major::MN, Major::MN).is_ok());
    /// assert!(MmaOp::gmma("SM90_64x12x16_F32F16F16_SS", Major::K, Major::K).is_err());
    /// assert!(MmaOp::gmma("SM90_64x64x16_F32F16F16_RS", Major::MN, Major::K).is_err());
    /// ```
    pub fn gmma(name: &str, a: Major, b: Major) -> Result<MmaOp> {
        let (n, ab, rs) = parse_gmma(name)?;
        let op = MmaOp::Gmma { n, ab, a, b, rs };
        op.check()?;
        Ok(op)
    }

    /// The names of the fixed instructions ([`MmaOp::from_name`]'s), for a
    /// language's builtins.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::MmaOp;
    /// assert!(MmaOp::names().any(|n| n == "SM80_16x8x32_S32S8S8S32_TN"));
    /// assert!(MmaOp::names().all(|n| MmaOp::from_name(&n).is_ok()));
    /// ```
    pub fn names() -> impl Iterator<Item = String> {
        FIXED.into_iter().map(|op| op.name())
    }

    /// The instruction's name in CuTe C++'s spelling
    /// (`SM80_16x8x16_F32F16F16F32_TN`; `SM90_64x64x16_F32F16F16_SS` for a
    /// GMMA instruction, whose majors are not part of it;
    /// `UniversalFMA('f32')` for [`MmaOp::UniversalFma`]).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{Major, MmaOp, ValueType};
    /// let g = MmaOp::Gmma { n: 8, ab: ValueType::BF16, a: Major::MN, b: Major::K, rs: false };
    /// assert_eq!(g.name(), "SM90_64x8x16_F32BF16BF16_SS");
    /// assert_eq!(MmaOp::SM70_8x8x4_F32F16F16F32_NT.name(), "SM70_8x8x4_F32F16F16F32_NT");
    /// ```
    pub fn name(&self) -> String {
        use MmaOp::*;
        let s = match self {
            UniversalFma(t) => return format!("UniversalFMA('{t}')"),
            Gmma { n, ab, rs, .. } => {
                let ab = if *ab == ValueType::BF16 {
                    "BF16BF16"
                } else {
                    "F16F16"
                };
                let src = if *rs { "RS" } else { "SS" };
                return format!("SM90_64x{n}x16_F32{ab}_{src}");
            }
            SM70_8x8x4_F16F16F16F16_TN => "SM70_8x8x4_F16F16F16F16_TN",
            SM70_8x8x4_F16F16F16F16_NT => "SM70_8x8x4_F16F16F16F16_NT",
            SM70_8x8x4_F16F16F16F16_NN => "SM70_8x8x4_F16F16F16F16_NN",
            SM70_8x8x4_F16F16F16F16_TT => "SM70_8x8x4_F16F16F16F16_TT",
            SM70_8x8x4_F32F16F16F32_TN => "SM70_8x8x4_F32F16F16F32_TN",
            SM70_8x8x4_F32F16F16F32_NT => "SM70_8x8x4_F32F16F16F32_NT",
            SM70_8x8x4_F32F16F16F32_NN => "SM70_8x8x4_F32F16F16F32_NN",
            SM70_8x8x4_F32F16F16F32_TT => "SM70_8x8x4_F32F16F16F32_TT",
            SM75_16x8x8_F32F16F16F32_TN => "SM75_16x8x8_F32F16F16F32_TN",
            SM75_8x8x16_S32S8S8S32_TN => "SM75_8x8x16_S32S8S8S32_TN",
            SM80_16x8x8_F16F16F16F16_TN => "SM80_16x8x8_F16F16F16F16_TN",
            SM80_16x8x8_F32F16F16F32_TN => "SM80_16x8x8_F32F16F16F32_TN",
            SM80_16x8x8_F32BF16BF16F32_TN => "SM80_16x8x8_F32BF16BF16F32_TN",
            SM80_16x8x16_F16F16F16F16_TN => "SM80_16x8x16_F16F16F16F16_TN",
            SM80_16x8x16_F32F16F16F32_TN => "SM80_16x8x16_F32F16F16F32_TN",
            SM80_16x8x16_F32BF16BF16F32_TN => "SM80_16x8x16_F32BF16BF16F32_TN",
            SM80_16x8x4_F32TF32TF32F32_TN => "SM80_16x8x4_F32TF32TF32F32_TN",
            SM80_16x8x8_F32TF32TF32F32_TN => "SM80_16x8x8_F32TF32TF32F32_TN",
            SM80_8x8x16_S32S8S8S32_TN => "SM80_8x8x16_S32S8S8S32_TN",
            SM80_16x8x16_S32S8S8S32_TN => "SM80_16x8x16_S32S8S8S32_TN",
            SM80_16x8x32_S32S8S8S32_TN => "SM80_16x8x32_S32S8S8S32_TN",
            SM80_8x8x4_F64F64F64F64_TN => "SM80_8x8x4_F64F64F64F64_TN",
        };
        s.to_string()
    }

    /// Checks the parameters of a GMMA instruction.
    fn check(&self) -> Result<()> {
        if let MmaOp::Gmma { n, ab, a, rs, .. } = *self {
            let name = self.name();
            if !(8..=256).contains(&n) || n % 8 != 0 {
                return Err(Error::value(
                    OP,
                    format!("{name}: N = {n} is not a multiple of 8 from 8 to 256"),
                ));
            }
            if ab != ValueType::F16 && ab != ValueType::BF16 {
                return Err(Error::value(
                    OP,
                    format!("SM90_64x{n}x16 with A and B of type {ab}: the F32-accumulating GMMA takes f16 or bf16"),
                ));
            }
            if rs && a != Major::K {
                return Err(Error::value(
                    OP,
                    format!("{name}: A comes from registers, which hold it K-major, not {a}-major"),
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for MmaOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// `(N, type of A and B, RS)` of a name `SM90_64x{N}x16_F32{AB}{AB}_{SS|RS}`.
fn parse_gmma(name: &str) -> Result<(i64, ValueType, bool)> {
    let bad = || {
        Error::value(
            OP,
            format!("{name:?} is not a GMMA instruction SM90_64x{{N}}x16_F32{{F16F16|BF16BF16}}_{{SS|RS}}"),
        )
    };
    let rest = name.strip_prefix("SM90_64x").ok_or_else(bad)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let n: i64 = rest[..digits].parse().map_err(|_| bad())?;
    let rest = rest[digits..].strip_prefix("x16_F32").ok_or_else(bad)?;
    let (ab, rest) = if let Some(r) = rest.strip_prefix("F16F16_") {
        (ValueType::F16, r)
    } else if let Some(r) = rest.strip_prefix("BF16BF16_") {
        (ValueType::BF16, r)
    } else {
        return Err(bad());
    };
    let rs = match rest {
        "SS" => false,
        "RS" => true,
        _ => return Err(bad()),
    };
    Ok((n, ab, rs))
}

/// The three names of `names` closest to `name` in edit distance.
pub(super) fn closest(name: &str, names: impl Iterator<Item = String>) -> Vec<String> {
    let mut scored: Vec<(usize, String)> = names.map(|n| (edit_distance(name, &n), n)).collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

/// The Levenshtein distance between two strings (by bytes).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------
// The fitter
// ---------------------------------------------------------------------------

/// Fits a layout of shape `shape` to `f`, a function of the coordinate in
/// each top-level mode of the shape (`[thread, value]` for a thread-value
/// shape, each the flat column-major index into its mode; `[thread]` for a
/// shape of one mode).
///
/// Each leaf's stride is `f` at the leaf's unit coordinate: 0 in the other
/// modes and, in its own, the product of the extents before it. The fitted
/// layout must then agree with `f` at every coordinate (and so `f` is 0 at
/// the origin). A leaf of extent 1 reads its stride the same way, from a
/// coordinate that lies outside the shape when the leaf is its mode's
/// last: its stride never changes an offset, and reading it so is how
/// CuTe C++'s GMMA accumulator layout for N = 8, `((4, 8, 4), (2, 2,
/// 1)):((128, 1, 16), (64, 8, 512))`, keeps the stride of its N / 8 mode.
///
/// `op` and `what` name the atom and the layout in the error.
pub(super) fn fit_layout(
    op: &'static str,
    what: &str,
    shape: &IntTuple,
    f: &dyn Fn(&[i64]) -> i64,
) -> Result<Layout> {
    let modes: Vec<&IntTuple> = match shape {
        HTuple::Tuple(m) => m.iter().collect(),
        leaf => vec![leaf],
    };
    let ovf = || {
        Error::overflow(
            op,
            format!("{what}: the size of {shape} leaves the 64-bit range"),
        )
    };
    // the stride of every leaf, mode after mode, and the size of every mode
    let mut strides = Vec::new();
    let mut sizes = Vec::with_capacity(modes.len());
    for (m, mode) in modes.iter().enumerate() {
        let mut unit: i64 = 1;
        for &e in mode.leaves() {
            if e < 1 {
                return Err(Error::value(
                    op,
                    format!("{what}: the shape {shape} has the extent {e}"),
                ));
            }
            let mut at = vec![0_i64; modes.len()];
            at[m] = unit;
            strides.push(f(&at));
            unit = unit.checked_mul(e).ok_or_else(ovf)?;
        }
        sizes.push(unit);
    }
    let size = sizes
        .iter()
        .try_fold(1_i64, |a, &s| a.checked_mul(s))
        .ok_or_else(ovf)?;
    let mut it = strides.iter();
    let stride = shape.map(&mut |_| Scalar::Int(it.next().copied().unwrap_or(0)));
    let layout = Layout::new(shape.clone(), stride)?;
    // Walk every index column-major, keeping the layout's offset as a sum of
    // the leaves' (extent, stride) pairs, and compare it with `f` at the
    // index's coordinate in the modes.
    let leaves: Vec<(i64, i64)> = layout
        .leaves()
        .iter()
        .map(|(s, d)| match d {
            Scalar::Int(d) => (*s, *d),
            _ => (*s, 0),
        })
        .collect();
    let mut digit = vec![0_i64; leaves.len()];
    let mut crd = vec![0_i64; modes.len()];
    let mut offset: i64 = 0;
    for _ in 0..size {
        let want = f(&crd);
        if want != offset {
            return Err(Error::value(
                op,
                format!(
                    "{what}: the layout {layout} fitted to the fragment gives {offset} at the coordinate {crd:?}, the fragment {want}"
                ),
            ));
        }
        // (plain loops: this runs once per point, and iterator adapters are
        // slow in unoptimised test builds)
        let mut j = 0;
        while j < leaves.len() {
            let (e, d) = leaves[j];
            digit[j] += 1;
            offset = offset.wrapping_add(d);
            if digit[j] < e {
                break;
            }
            digit[j] = 0;
            offset = offset.wrapping_sub(e.wrapping_mul(d));
            j += 1;
        }
        let mut m = 0;
        while m < crd.len() {
            crd[m] += 1;
            if crd[m] < sizes[m] {
                break;
            }
            crd[m] = 0;
            m += 1;
        }
    }
    Ok(layout)
}

/// A `(thread, value) -> row + rows * col` layout of the shape `shape`
/// fitted to the fragment function `at: (thread, value) -> (row, col)`.
fn tv(
    name: &str,
    what: &str,
    shape: &str,
    rows: i64,
    at: &dyn Fn(i64, i64) -> (i64, i64),
) -> Result<Layout> {
    let shape: IntTuple = shape.parse()?;
    let what = format!("{name}: the {what} layout");
    fit_layout(OP, &what, &shape, &|c| {
        let (r, col) = at(c[0], c[1]);
        r + rows * col
    })
}

/// A thread ID layout of the shape `shape` fitted to `lane: logical thread
/// -> thread index` (the logical thread is the flat column-major index into
/// the whole shape).
fn thr_id(name: &str, shape: &str, lane: &dyn Fn(i64) -> i64) -> Result<Layout> {
    let shape: IntTuple = shape.parse()?;
    let sizes: Vec<i64> = match &shape {
        HTuple::Tuple(m) => m.iter().map(|m| m.leaves().product()).collect(),
        leaf => vec![leaf.leaves().product()],
    };
    fit_layout(OP, &format!("{name}: the thread ID layout"), &shape, &|c| {
        let (mut flat, mut scale) = (0, 1);
        for (&c, &s) in c.iter().zip(&sizes) {
            flat += c * scale;
            scale *= s;
        }
        lane(flat)
    })
}

// ---------------------------------------------------------------------------
// Fragment descriptions (PTX ISA, "Matrix Fragments for mma.m*n*k*" and
// "Register Fragments and Shared Memory Matrix Layouts" of wgmma)
// ---------------------------------------------------------------------------

/// `(groupID, threadID_in_group)` of a lane: `(lane >> 2, lane % 4)`.
fn group(lane: i64) -> (i64, i64) {
    (lane >> 2, lane % 4)
}

/// A of m16n8k8 and m16n8k16 with .f16/.bf16 (16 x 8 or 16 x 16): row =
/// groupID for a0, a1, a4, a5 and groupID + 8 for a2, a3, a6, a7; col =
/// threadID_in_group * 2 + (i & 1), + 8 for i >= 4.
fn a_m16_b16(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * ((i >> 1) & 1), t * 2 + (i & 1) + 8 * (i >> 2))
}

/// B of m16n8k8 and m16n8k16 with .f16/.bf16 (k x 8): row (k) =
/// threadID_in_group * 2 + (i & 1), + 8 for i >= 2; col (n) = groupID.
/// Returned as `(n, k)`.
fn b_n8_b16(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g, t * 2 + (i & 1) + 8 * (i >> 1))
}

/// C of the m16n8 shapes (.f16, .f32, .s32), 16 x 8: row = groupID for c0,
/// c1 and groupID + 8 for c2, c3; col = threadID_in_group * 2 + (i & 1).
fn c_m16n8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * (i >> 1), t * 2 + (i & 1))
}

/// C of the m8n8 shapes (.s32, .f64), 8 x 8: row = groupID, col =
/// threadID_in_group * 2 + i.
fn c_m8n8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g, t * 2 + i)
}

/// A of m16n8k4 with .tf32, 16 x 4: row = groupID for a0, groupID + 8 for
/// a1; col = threadID_in_group.
fn a_m16k4_tf32(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * i, t)
}

/// A of m16n8k8 with .tf32, 16 x 8: row = groupID for a0, a2 and groupID +
/// 8 for a1, a3; col = threadID_in_group for a0, a1 and + 4 for a2, a3.
fn a_m16k8_tf32(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * (i & 1), t + 4 * (i >> 1))
}

/// B of m16n8k8 with .tf32 (8 x 8): row (k) = threadID_in_group for b0, +
/// 4 for b1; col (n) = groupID. As `(n, k)`.
fn b_k8_tf32(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g, t + 4 * i)
}

/// A (8 x 4) and B (4 x 8) of m8n8k4 with .f64, and B of m16n8k4 with
/// .tf32: a0 at (groupID, threadID_in_group); b0 at row (k)
/// threadID_in_group, col (n) groupID, which as `(n, k)` is the same pair.
fn ab_k4_one(lane: i64, _i: i64) -> (i64, i64) {
    group(lane)
}

/// A of m8n8k16 with .s8 (8 x 16): row = groupID, col =
/// threadID_in_group * 4 + i; B (16 x 8): row (k) = threadID_in_group * 4 +
/// i, col (n) = groupID, the same pair as `(n, k)`.
fn ab_k16_s8_m8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g, t * 4 + i)
}

/// A of m16n8k16 with .s8 (16 x 16): row = groupID for a0..a3, groupID + 8
/// for a4..a7; col = threadID_in_group * 4 + (i & 3).
fn a_m16k16_s8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * (i >> 2), t * 4 + (i & 3))
}

/// A of m16n8k32 with .s8 (16 x 32): row = groupID for a0..a3, a8..a11 and
/// groupID + 8 for a4..a7, a12..a15; col = threadID_in_group * 4 + (i & 3),
/// + 16 for i >= 8.
fn a_m16k32_s8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g + 8 * ((i >> 2) & 1), t * 4 + (i & 3) + 16 * (i >> 3))
}

/// B of m16n8k32 with .s8 (32 x 8): row (k) = threadID_in_group * 4 +
/// (i & 3), + 16 for i >= 4; col (n) = groupID. As `(n, k)`.
fn b_k32_s8(lane: i64, i: i64) -> (i64, i64) {
    let (g, t) = group(lane);
    (g, t * 4 + (i & 3) + 16 * (i >> 2))
}

/// The lane of a quad-pair's logical thread `t` for m8n8k4 on SM70: the
/// first MMA computation runs on lanes 0-3 (the low group) and 16-19 (the
/// high group).
fn sm70_lane(t: i64) -> i64 {
    t % 4 + 16 * (t / 4)
}

/// Whether a lane is in the high group (`%laneid >= 16`) of m8n8k4, as 0 or 1.
fn sm70_high(lane: i64) -> i64 {
    i64::from(lane >= 16)
}

/// m8n8k4 .f16, the row of the row-major A (and the column n of the
/// column-major B): `%laneid % 4`, + 4 in the high group.
fn sm70_row(lane: i64) -> i64 {
    lane % 4 + 4 * sm70_high(lane)
}

/// m8n8k4: row-major A (8 x 4): row = `%laneid % 4` (+ 4 in the high
/// group), col = i. Also the column-major B (4 x 8: row (k) = i, col (n) =
/// `%laneid % 4` + 4 in the high group) as `(n, k)`.
fn sm70_k_major(t: i64, i: i64) -> (i64, i64) {
    (sm70_row(sm70_lane(t)), i)
}

/// m8n8k4: column-major A (8 x 4): row = i (+ 4 in the high group), col =
/// `%laneid % 4`. Also the row-major B (4 x 8: row (k) = `%laneid % 4`, col
/// (n) = i + 4 in the high group) as `(n, k)`.
fn sm70_mn_major(t: i64, i: i64) -> (i64, i64) {
    let lane = sm70_lane(t);
    (i + 4 * sm70_high(lane), lane % 4)
}

/// m8n8k4, C with .f16 (8 x 8): row = `%laneid % 4` (+ 4 in the high
/// group), col = i.
fn sm70_c_f16(t: i64, i: i64) -> (i64, i64) {
    (sm70_row(sm70_lane(t)), i)
}

/// m8n8k4, C with .f32 (8 x 8): row = (`%laneid` & 1) + (i & 2), + 4 in
/// the high group; col = (`%laneid` & 2) + (i & 1) + (i & 4).
fn sm70_c_f32(t: i64, i: i64) -> (i64, i64) {
    let lane = sm70_lane(t);
    (
        (lane & 1) + (i & 2) + 4 * sm70_high(lane),
        (lane & 2) + (i & 1) + (i & 4),
    )
}

/// wgmma, the accumulator D (64 x N) of a warpgroup: warp `w` holds rows
/// `16 w ..`; row = 16 w + groupID, + 8 for (i % 4) >= 2; col =
/// threadID_in_group * 2 + (i & 1) + 8 * (i / 4).
fn gmma_c(t: i64, i: i64) -> (i64, i64) {
    let (w, lane) = (t / 32, t % 32);
    let (g, q) = group(lane);
    (
        16 * w + g + 8 * ((i >> 1) & 1),
        q * 2 + (i & 1) + 8 * (i >> 2),
    )
}

/// wgmma, A (64 x 16, 16-bit) from registers: warp `w` holds rows `16 w
/// ..` as the A of m16n8k16: row = 16 w + groupID, + 8 for a2, a3, a6, a7;
/// col = threadID_in_group * 2 + (i & 1), + 8 for i >= 4.
fn gmma_a_rs(t: i64, i: i64) -> (i64, i64) {
    let (w, lane) = (t / 32, t % 32);
    let (r, c) = a_m16_b16(lane, i);
    (16 * w + r, c)
}

// ---------------------------------------------------------------------------
// The atoms
// ---------------------------------------------------------------------------

type Frag<'a> = (&'a str, &'a dyn Fn(i64, i64) -> (i64, i64));

/// A warp-wide atom (`thr_id` 32 lanes) of the given fragments.
fn warp_atom(
    op: MmaOp,
    types: [ValueType; 4],
    mnk: [i64; 3],
    a: Frag,
    b: Frag,
    c: Frag,
) -> Result<MmaAtom> {
    let name = op.name();
    let thr = thr_id(&name, "32", &|t| t)?;
    let [m, n, _] = mnk;
    MmaAtom::from_parts(
        name.clone(),
        types,
        mnk,
        thr,
        tv(&name, "A", a.0, m, a.1)?,
        tv(&name, "B", b.0, n, b.1)?,
        tv(&name, "C", c.0, m, c.1)?,
    )
}

/// An SM70 m8n8k4 atom: a quad-pair of 8 threads.
fn sm70_atom(op: MmaOp, acc: ValueType, a_k_major: bool, b_k_major: bool) -> Result<MmaAtom> {
    use ValueType::F16;
    let name = op.name();
    let thr = thr_id(&name, "(4, 2)", &sm70_lane)?;
    let frag = |k_major: bool| -> Frag<'static> {
        if k_major {
            ("(8, 4)", &sm70_k_major)
        } else {
            ("((4, 2), 4)", &sm70_mn_major)
        }
    };
    let (a, b) = (frag(a_k_major), frag(b_k_major));
    let c: Frag = if acc == F16 {
        ("(8, 8)", &sm70_c_f16)
    } else {
        ("((2, 2, 2), (2, 2, 2))", &sm70_c_f32)
    };
    MmaAtom::from_parts(
        name.clone(),
        [acc, F16, F16, acc],
        [8, 8, 4],
        thr,
        tv(&name, "A", a.0, 8, a.1)?,
        tv(&name, "B", b.0, 8, b.1)?,
        tv(&name, "C", c.0, 8, c.1)?,
    )
}

/// An SM90 GMMA atom: a warpgroup of 128 threads.
fn gmma_atom(op: MmaOp) -> Result<MmaAtom> {
    let MmaOp::Gmma { n, ab, rs, .. } = op else {
        return Err(Error::value(OP, format!("{op} is not a GMMA instruction")));
    };
    op.check()?;
    let name = op.name();
    let thr = thr_id(&name, "128", &|t| t)?;
    // From shared memory, every thread of the warpgroup sees the whole
    // operand: (thread, (m, k)) -> m + M * k. The value mode is fitted to
    // (m, k) -> m + M * k (and checked at every point); the thread mode is
    // the broadcast 128:0, the same for every thread by definition.
    let whole = |what: &str, rows: i64| -> Result<Layout> {
        let shape: IntTuple = format!("({rows}, 16)").parse()?;
        let what = format!("{name}: the {what} layout");
        let values = fit_layout(OP, &what, &shape, &|c| c[0] + rows * c[1])?;
        Ok(make_layout(&[Layout::leaf(128, Scalar::Int(0)), values]))
    };
    let a = if rs {
        tv(&name, "A", "((4, 8, 4), (2, 2, 2))", 64, &gmma_a_rs)?
    } else {
        whole("A", 64)?
    };
    let b = whole("B", n)?;
    let c = tv(
        &name,
        "C",
        &format!("((4, 8, 4), (2, 2, {}))", n / 8),
        64,
        &gmma_c,
    )?;
    use ValueType::F32;
    // the atom's name says its operands' majors, as the language writes them
    let MmaOp::Gmma { a: am, b: bm, .. } = op else {
        return Err(Error::value(OP, format!("{op} is not a GMMA instruction")));
    };
    let name = format!("{name}('{am}', '{bm}')");
    MmaAtom::from_parts(name, [F32, ab, ab, F32], [64, n, 16], thr, a, b, c)
}

/// The one-thread atom of [`MmaOp::UniversalFma`].
fn fma_atom(op: MmaOp, t: ValueType) -> Result<MmaAtom> {
    let name = op.name();
    let thr = thr_id(&name, "1", &|_| 0)?;
    let one = |what: &str| tv(&name, what, "(1, 1)", 1, &|_, _| (0, 0));
    MmaAtom::from_parts(
        name.clone(),
        [t; 4],
        [1, 1, 1],
        thr,
        one("A")?,
        one("B")?,
        one("C")?,
    )
}

impl MmaAtom {
    /// The atom of an instruction, its layouts derived from the
    /// instruction's fragment description (see the module's documentation).
    ///
    /// # Errors
    /// `ValueError` for a [`MmaOp::Gmma`] whose parameters are invalid (as
    /// [`MmaOp::gmma`]); for the others, only if a derivation were
    /// inconsistent (a fitted layout that disagrees with its fragment
    /// function), which the tests rule out.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{Major, MmaAtom, MmaOp, ValueType};
    /// let a = MmaAtom::new(MmaOp::SM70_8x8x4_F32F16F16F32_TN).unwrap();
    /// assert_eq!(a.thr_id().to_string(), "(4, 2):(1, 16)");
    /// assert_eq!(a.layout_c_tv().to_string(), "((2, 2, 2), (2, 2, 2)):((1, 16, 4), (8, 2, 32))");
    ///
    /// let g = MmaOp::gmma("SM90_64x32x16_F32F16F16_SS", Major::K, Major::K).unwrap();
    /// let g = MmaAtom::new(g).unwrap();
    /// assert_eq!(g.shape_mnk(), [64, 32, 16]);
    /// assert_eq!(g.layout_b_tv().to_string(), "(128, (32, 16)):(0, (1, 32))");
    ///
    /// let bad = MmaOp::Gmma { n: 20, ab: ValueType::F16, a: Major::K, b: Major::K, rs: false };
    /// assert!(MmaAtom::new(bad).is_err());
    /// ```
    pub fn new(op: MmaOp) -> Result<MmaAtom> {
        use MmaOp::*;
        use ValueType::{BF16, F16, F32, F64, S32, S8, TF32};
        let (f32_f16, f16_f16, f32_bf16) = ([F32, F16, F16, F32], [F16; 4], [F32, BF16, BF16, F32]);
        let s32_s8 = [S32, S8, S8, S32];
        // the operands of m16n8k8 and m16n8k16 with 16-bit A and B
        let a16x8: Frag = ("((4, 8), (2, 2))", &a_m16_b16);
        let a16x16: Frag = ("((4, 8), (2, 2, 2))", &a_m16_b16);
        let b8x8: Frag = ("((4, 8), 2)", &b_n8_b16);
        let b8x16: Frag = ("((4, 8), (2, 2))", &b_n8_b16);
        let c16x8: Frag = ("((4, 8), (2, 2))", &c_m16n8);
        let c8x8: Frag = ("((4, 8), 2)", &c_m8n8);
        let s8_m8: Frag = ("((4, 8), 4)", &ab_k16_s8_m8);
        match op {
            UniversalFma(t) => fma_atom(op, t),
            Gmma { .. } => gmma_atom(op),
            SM70_8x8x4_F16F16F16F16_TN => sm70_atom(op, F16, true, true),
            SM70_8x8x4_F16F16F16F16_NT => sm70_atom(op, F16, false, false),
            SM70_8x8x4_F16F16F16F16_NN => sm70_atom(op, F16, false, true),
            SM70_8x8x4_F16F16F16F16_TT => sm70_atom(op, F16, true, false),
            SM70_8x8x4_F32F16F16F32_TN => sm70_atom(op, F32, true, true),
            SM70_8x8x4_F32F16F16F32_NT => sm70_atom(op, F32, false, false),
            SM70_8x8x4_F32F16F16F32_NN => sm70_atom(op, F32, false, true),
            SM70_8x8x4_F32F16F16F32_TT => sm70_atom(op, F32, true, false),
            SM75_16x8x8_F32F16F16F32_TN | SM80_16x8x8_F32F16F16F32_TN => {
                warp_atom(op, f32_f16, [16, 8, 8], a16x8, b8x8, c16x8)
            }
            SM80_16x8x8_F16F16F16F16_TN => warp_atom(op, f16_f16, [16, 8, 8], a16x8, b8x8, c16x8),
            SM80_16x8x8_F32BF16BF16F32_TN => {
                warp_atom(op, f32_bf16, [16, 8, 8], a16x8, b8x8, c16x8)
            }
            SM80_16x8x16_F16F16F16F16_TN => {
                warp_atom(op, f16_f16, [16, 8, 16], a16x16, b8x16, c16x8)
            }
            SM80_16x8x16_F32F16F16F32_TN => {
                warp_atom(op, f32_f16, [16, 8, 16], a16x16, b8x16, c16x8)
            }
            SM80_16x8x16_F32BF16BF16F32_TN => {
                warp_atom(op, f32_bf16, [16, 8, 16], a16x16, b8x16, c16x8)
            }
            SM80_16x8x4_F32TF32TF32F32_TN => warp_atom(
                op,
                [F32, TF32, TF32, F32],
                [16, 8, 4],
                ("((4, 8), 2)", &a_m16k4_tf32),
                ("((4, 8), 1)", &ab_k4_one),
                c16x8,
            ),
            SM80_16x8x8_F32TF32TF32F32_TN => warp_atom(
                op,
                [F32, TF32, TF32, F32],
                [16, 8, 8],
                ("((4, 8), (2, 2))", &a_m16k8_tf32),
                ("((4, 8), 2)", &b_k8_tf32),
                c16x8,
            ),
            SM75_8x8x16_S32S8S8S32_TN | SM80_8x8x16_S32S8S8S32_TN => {
                warp_atom(op, s32_s8, [8, 8, 16], s8_m8, s8_m8, c8x8)
            }
            SM80_16x8x16_S32S8S8S32_TN => warp_atom(
                op,
                s32_s8,
                [16, 8, 16],
                ("((4, 8), (4, 2))", &a_m16k16_s8),
                s8_m8,
                c16x8,
            ),
            SM80_16x8x32_S32S8S8S32_TN => warp_atom(
                op,
                s32_s8,
                [16, 8, 32],
                ("((4, 8), (4, 2, 2))", &a_m16k32_s8),
                ("((4, 8), (4, 2))", &b_k32_s8),
                c16x8,
            ),
            SM80_8x8x4_F64F64F64F64_TN => {
                let one: Frag = ("((4, 8), 1)", &ab_k4_one);
                warp_atom(op, [F64; 4], [8, 8, 4], one, one, c8x8)
            }
        }
    }
}
