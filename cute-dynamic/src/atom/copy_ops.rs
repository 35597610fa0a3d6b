//! Copy instructions by name, and their atoms derived from the
//! instructions' descriptions.
//!
//! As for the MMA instructions ([`super::MmaOp`]), the layouts are fitted to
//! small functions that say where each thread's bits come from and go to,
//! read from the PTX ISA's description of `ldmatrix`, `stmatrix` and
//! `cp.async`; the fitter is given only CuTe C++'s mode shapes and checks
//! the fitted layout at every point.
//!
//! The layouts are in bits, `(thread, bit) -> bit`, against a common
//! reference: for `ldmatrix` and `stmatrix`, the `8 x` matrices of 8 rows of
//! 128 bits in shared memory, row after row (matrix `j`, row `r` at bit
//! `128 * (8 j + r)`).

use core::fmt;

use cute_core::{Error, Result};

use super::mma_ops::{closest, fit_layout};
use super::{CopyAtom, ValueType};
use crate::htuple::{HTuple, IntTuple};
use crate::Layout;

const OP: &str = "Copy_Atom";

/// A copy instruction (CuTe C++'s copy operation structs,
/// `cute/arch/copy*.hpp`).
///
/// Names, as [`CopyOp::name`] prints them (CuTe C++'s spelling, with the
/// template parameter of the one-thread copies written as a value type of
/// the spec's language in quotes):
///
/// | variant | name |
/// |---|---|
/// | `Ldsm { x: 4, trans: false }` | `SM75_U32x4_LDSM_N` (also `x1`, `x2`) |
/// | `Ldsm { x: 4, trans: true }` | `SM75_U16x8_LDSM_T` (`U16x2`, `U16x4` for `x` 1, 2) |
/// | `Stsm { x: 4, trans: false }` | `SM90_U32x4_STSM_N` |
/// | `Stsm { x: 4, trans: true }` | `SM90_U16x8_STSM_T` |
/// | `UniversalCopy { bits: 128 }` | `UniversalCopy('u128')` (CuTe's `UniversalCopy<uint128_t>`) |
/// | `CpAsync { bits: 128, cache_global: false }` | `SM80_CP_ASYNC_CACHEALWAYS('u128')` |
/// | `CpAsync { bits: 128, cache_global: true }` | `SM80_CP_ASYNC_CACHEGLOBAL('u128')` |
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{CopyOp, ValueType};
/// assert_eq!(CopyOp::from_name("SM75_U16x8_LDSM_T").unwrap(), CopyOp::Ldsm { x: 4, trans: true });
/// assert_eq!(CopyOp::universal(ValueType::U128).to_string(), "UniversalCopy('u128')");
/// let cp = CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U128).unwrap();
/// assert_eq!(cp, CopyOp::CpAsync { bits: 128, cache_global: true });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CopyOp {
    /// One thread copying one value of `bits` bits (8, 16, 32, 64 or 128):
    /// CuTe's `UniversalCopy<uint{bits}_t>`.
    UniversalCopy {
        /// The width of the value copied.
        bits: i64,
    },
    /// `ldmatrix.sync.aligned.m8n8.x{x}[.trans].shared.b16`: a warp loads
    /// `x` (1, 2 or 4) 8 x 8 matrices of 16-bit elements from shared memory
    /// into registers (CuTe's `SM75_U32x{x}_LDSM_N`, `SM75_U16x{2x}_LDSM_T`).
    Ldsm {
        /// The number of matrices: 1, 2 or 4.
        x: u8,
        /// Whether the matrices are transposed on the way (`.trans`).
        trans: bool,
    },
    /// `stmatrix.sync.aligned.m8n8.x{x}[.trans].shared.b16`: the reverse of
    /// [`CopyOp::Ldsm`], registers to shared memory (CuTe's
    /// `SM90_U32x{x}_STSM_N`, `SM90_U16x{2x}_STSM_T`).
    Stsm {
        /// The number of matrices: 1, 2 or 4.
        x: u8,
        /// Whether the matrices are transposed on the way (`.trans`).
        trans: bool,
    },
    /// `cp.async.{ca,cg}.shared.global`: one thread copies `bits` bits (32,
    /// 64 or 128; `.cg` only 128) from global to shared memory
    /// asynchronously (CuTe's `SM80_CP_ASYNC_CACHEALWAYS<T>` and
    /// `SM80_CP_ASYNC_CACHEGLOBAL<T>`).
    CpAsync {
        /// The width of the value copied.
        bits: i64,
        /// Cache at the global level only (`.cg`, CACHEGLOBAL) rather than at
        /// all levels (`.ca`, CACHEALWAYS).
        cache_global: bool,
    },
}

/// Every instruction of a fixed name.
const FIXED: [CopyOp; 12] = [
    CopyOp::Ldsm { x: 1, trans: false },
    CopyOp::Ldsm { x: 2, trans: false },
    CopyOp::Ldsm { x: 4, trans: false },
    CopyOp::Ldsm { x: 1, trans: true },
    CopyOp::Ldsm { x: 2, trans: true },
    CopyOp::Ldsm { x: 4, trans: true },
    CopyOp::Stsm { x: 1, trans: false },
    CopyOp::Stsm { x: 2, trans: false },
    CopyOp::Stsm { x: 4, trans: false },
    CopyOp::Stsm { x: 1, trans: true },
    CopyOp::Stsm { x: 2, trans: true },
    CopyOp::Stsm { x: 4, trans: true },
];

/// The unsigned type of a width (`u128` for 128), as the spec's language
/// writes it.
fn uint_name(bits: i64) -> String {
    format!("u{bits}")
}

impl CopyOp {
    /// The `ldmatrix` or `stmatrix` instruction of a name
    /// (`SM75_U32x4_LDSM_N`, `SM75_U16x8_LDSM_T`, `SM90_U32x2_STSM_N`, ...;
    /// [`CopyOp::names`] lists them).
    ///
    /// # Errors
    /// `ValueError` for an unknown name (naming the closest known ones), and
    /// for the names of the instructions that take a type
    /// ([`CopyOp::universal`], [`CopyOp::cp_async`]).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::CopyOp;
    /// assert_eq!(CopyOp::from_name("SM90_U32x2_STSM_N").unwrap(), CopyOp::Stsm { x: 2, trans: false });
    /// let e = CopyOp::from_name("SM75_U32x8_LDSM_N").unwrap_err();
    /// assert!(e.to_string().contains("SM75_U32x4_LDSM_N"));
    /// assert!(CopyOp::from_name("SM80_CP_ASYNC_CACHEALWAYS").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<CopyOp> {
        if let Some(op) = FIXED.iter().copied().find(|op| op.name() == name) {
            return Ok(op);
        }
        if name.starts_with("SM80_CP_ASYNC") || name.starts_with("UniversalCopy") {
            return Err(Error::value(
                OP,
                format!("{name} takes the type it copies: CopyOp::cp_async(name, type) or CopyOp::universal(type)"),
            ));
        }
        let close = closest(name, Self::names());
        Err(Error::value(
            OP,
            format!(
                "unknown copy instruction {name:?}; the closest known are {}",
                close.join(", ")
            ),
        ))
    }

    /// The names of the fixed instructions ([`CopyOp::from_name`]'s), for a
    /// language's builtins.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::CopyOp;
    /// assert_eq!(CopyOp::names().count(), 12);
    /// assert!(CopyOp::names().all(|n| CopyOp::from_name(&n).is_ok()));
    /// ```
    pub fn names() -> impl Iterator<Item = String> {
        FIXED.into_iter().map(|op| op.name())
    }

    /// The one-thread copy of one value of `ty` (CuTe's
    /// `UniversalCopy<T>`; the spec language's `UniversalCopy('u128')`).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{CopyOp, ValueType};
    /// assert_eq!(CopyOp::universal(ValueType::F16), CopyOp::UniversalCopy { bits: 16 });
    /// ```
    pub fn universal(ty: ValueType) -> CopyOp {
        CopyOp::UniversalCopy { bits: ty.bits() }
    }

    /// The `cp.async` instruction of a name, `SM80_CP_ASYNC_CACHEALWAYS` or
    /// `SM80_CP_ASYNC_CACHEGLOBAL`, copying one value of `ty` (the spec
    /// language's `SM80_CP_ASYNC_CACHEALWAYS('u128')`).
    ///
    /// # Errors
    /// `ValueError` for another name, and for a width `cp.async` does not
    /// copy: 32, 64 or 128 bits for CACHEALWAYS, 128 for CACHEGLOBAL.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{CopyOp, ValueType};
    /// assert!(CopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", ValueType::U64).is_ok());
    /// assert!(CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U64).is_err());
    /// assert!(CopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", ValueType::F16).is_err());
    /// ```
    pub fn cp_async(name: &str, ty: ValueType) -> Result<CopyOp> {
        let cache_global = match name {
            "SM80_CP_ASYNC_CACHEALWAYS" => false,
            "SM80_CP_ASYNC_CACHEGLOBAL" => true,
            _ => {
                return Err(Error::value(
                    OP,
                    format!("unknown cp.async instruction {name:?}; the cp.async instructions are SM80_CP_ASYNC_CACHEALWAYS and SM80_CP_ASYNC_CACHEGLOBAL"),
                ))
            }
        };
        let op = CopyOp::CpAsync {
            bits: ty.bits(),
            cache_global,
        };
        op.check()?;
        Ok(op)
    }

    /// The instruction's name (see the table of [`CopyOp`]).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::CopyOp;
    /// assert_eq!(CopyOp::Ldsm { x: 2, trans: true }.name(), "SM75_U16x4_LDSM_T");
    /// assert_eq!(CopyOp::Stsm { x: 1, trans: false }.name(), "SM90_U32x1_STSM_N");
    /// assert_eq!(CopyOp::CpAsync { bits: 64, cache_global: false }.name(),
    ///            "SM80_CP_ASYNC_CACHEALWAYS('u64')");
    /// ```
    pub fn name(&self) -> String {
        match *self {
            CopyOp::UniversalCopy { bits } => format!("UniversalCopy('{}')", uint_name(bits)),
            CopyOp::Ldsm { x, trans } => matrix_name("SM75", "LDSM", x, trans),
            CopyOp::Stsm { x, trans } => matrix_name("SM90", "STSM", x, trans),
            CopyOp::CpAsync { bits, cache_global } => {
                let cache = if cache_global {
                    "CACHEGLOBAL"
                } else {
                    "CACHEALWAYS"
                };
                format!("SM80_CP_ASYNC_{cache}('{}')", uint_name(bits))
            }
        }
    }

    /// Checks the parameters.
    fn check(&self) -> Result<()> {
        let ok = match *self {
            CopyOp::UniversalCopy { bits } => matches!(bits, 8 | 16 | 32 | 64 | 128),
            CopyOp::Ldsm { x, .. } | CopyOp::Stsm { x, .. } => matches!(x, 1 | 2 | 4),
            CopyOp::CpAsync { bits, cache_global } => {
                if cache_global {
                    bits == 128
                } else {
                    matches!(bits, 32 | 64 | 128)
                }
            }
        };
        if ok {
            return Ok(());
        }
        let why = match *self {
            CopyOp::UniversalCopy { .. } => "UniversalCopy copies 8, 16, 32, 64 or 128 bits",
            CopyOp::Ldsm { .. } | CopyOp::Stsm { .. } => {
                "ldmatrix and stmatrix move 1, 2 or 4 matrices"
            }
            CopyOp::CpAsync {
                cache_global: true, ..
            } => "cp.async.cg copies 128 bits",
            CopyOp::CpAsync { .. } => "cp.async copies 32, 64 or 128 bits",
        };
        Err(Error::value(OP, format!("{self:?}: {why}")))
    }
}

/// `{arch}_U32x{x}_{op}_N` or `{arch}_U16x{2x}_{op}_T`.
fn matrix_name(arch: &str, op: &str, x: u8, trans: bool) -> String {
    if trans {
        format!("{arch}_U16x{}_{op}_T", 2 * u32::from(x))
    } else {
        format!("{arch}_U32x{x}_{op}_N")
    }
}

impl fmt::Display for CopyOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

// ---------------------------------------------------------------------------
// The instructions' descriptions
// ---------------------------------------------------------------------------

/// `ldmatrix`'s addresses: with `x` matrices, threads `0 .. 8 x` each give
/// the address of one 128-bit row (thread `t`: row `t % 8` of matrix `t /
/// 8`); the other threads' addresses are not read, and CuTe C++ lets them
/// repeat the first `8 x` (thread `t` reads row `t % 8 x`). Thread `t`'s
/// bit `b` is bit `128 * (t % 8x) + b` of the reference.
fn rows_src(x: i64, t: i64, b: i64) -> i64 {
    128 * (t % (8 * x)) + b
}

/// `ldmatrix`'s registers, without `.trans`: for each matrix `j`, thread `t`
/// holds the elements `2 (t % 4)` and `2 (t % 4) + 1` of row `t / 4`, one
/// 32-bit register: its bit `b` (`v = b + 32 j`) is bit `128 * (8 j + t / 4)
/// + 32 (t % 4) + b` of the reference.
fn frag_n(t: i64, v: i64) -> i64 {
    let (b, j) = (v % 32, v / 32);
    128 * (8 * j + t / 4) + 32 * (t % 4) + b
}

/// `ldmatrix`'s registers with `.trans`: for each matrix `j`, thread `t`
/// holds the 16-bit elements of rows `2 (t % 4) + e`, `e` in 0..2, at
/// column `t / 4`: bit `b` of element `e` (`v = b + 16 e + 32 j`) is bit
/// `128 * (8 j + 2 (t % 4) + e) + 16 (t / 4) + b` of the reference.
fn frag_t(t: i64, v: i64) -> i64 {
    let (b, e, j) = (v % 16, (v / 16) % 2, v / 32);
    128 * (8 * j + 2 * (t % 4) + e) + 16 * (t / 4) + b
}

/// A `(thread, bit) -> bit` layout of shape `shape` fitted to `at`.
fn tv_bits(name: &str, what: &str, shape: &str, at: &dyn Fn(i64, i64) -> i64) -> Result<Layout> {
    let shape: IntTuple = shape.parse()?;
    let two_modes = matches!(&shape, HTuple::Tuple(m) if m.len() == 2);
    fit_layout(OP, &format!("{name}: the {what} layout"), &shape, &|c| {
        at(c[0], if two_modes { c[1] } else { 0 })
    })
}

impl CopyAtom {
    /// The atom of a copy instruction moving values of `value_type`, its
    /// layouts derived from the instruction's description (see the module's
    /// documentation):
    ///
    /// - `ldmatrix` (`Ldsm`): 32 threads; the source is the rows whose
    ///   addresses the threads give, the destination the registers (each
    ///   thread 32 bits of each matrix), the reference the destination;
    /// - `stmatrix` (`Stsm`): the reverse, source and destination swapped,
    ///   and the reference is the source (the registers);
    /// - `cp.async` and `UniversalCopy`: one thread, source, destination and
    ///   reference `(1, bits):(0, 1)`.
    ///
    /// # Errors
    /// `ValueError` for an instruction whose parameters are invalid (see
    /// [`CopyOp`]), and where CuTe C++ refuses the value type: when the
    /// instruction's bits per thread are not a whole number of values
    /// ([`CopyAtom::from_parts`]).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{CopyAtom, CopyOp, ValueType};
    /// let t = CopyAtom::new(CopyOp::Ldsm { x: 4, trans: true }, ValueType::F16).unwrap();
    /// assert_eq!(t.layout_dst_bits().to_string(),
    ///            "((4, 8), (16, 2, 4)):((256, 16), (1, 128, 1024))");
    /// assert_eq!(t.val_layout_dst().unwrap().to_string(), "((4, 8), (1, 2, 4)):((16, 1), (1, 8, 64))");
    /// let u = CopyAtom::new(CopyOp::universal(ValueType::U128), ValueType::F16).unwrap();
    /// assert_eq!(u.val_layout_src().unwrap().to_string(), "(1, 8):(0, 1)");
    /// // a 32-bit register does not hold a 64-bit value
    /// assert!(CopyAtom::new(CopyOp::Ldsm { x: 1, trans: false }, ValueType::F64).is_err());
    /// assert!(CopyAtom::new(CopyOp::Ldsm { x: 3, trans: false }, ValueType::F16).is_err());
    /// ```
    pub fn new(op: CopyOp, value_type: ValueType) -> Result<CopyAtom> {
        op.check()?;
        let name = op.name();
        let one_thread = |bits: i64| -> Result<CopyAtom> {
            let thr = tv_bits(&name, "thread ID", "1", &|_, _| 0)?;
            let l = tv_bits(&name, "source", &format!("(1, {bits})"), &|_, b| b)?;
            CopyAtom::from_parts(name.clone(), value_type, thr, l.clone(), l.clone(), l)
        };
        match op {
            CopyOp::UniversalCopy { bits } | CopyOp::CpAsync { bits, .. } => one_thread(bits),
            CopyOp::Ldsm { x, trans } | CopyOp::Stsm { x, trans } => {
                let x = i64::from(x);
                let thr = tv_bits(&name, "thread ID", "32", &|t, _| t)?;
                let rows_shape = match x {
                    1 => "((8, 4), 128)",
                    2 => "((16, 2), 128)",
                    _ => "(32, 128)",
                };
                let rows = tv_bits(&name, "shared memory", rows_shape, &|t, b| {
                    rows_src(x, t, b)
                })?;
                let regs = if trans {
                    let shape = match x {
                        1 => "((4, 8), (16, 2))".to_string(),
                        _ => format!("((4, 8), (16, 2, {x}))"),
                    };
                    tv_bits(&name, "register", &shape, &frag_t)?
                } else {
                    let shape = match x {
                        1 => "(32, 32)".to_string(),
                        _ => format!("(32, (32, {x}))"),
                    };
                    tv_bits(&name, "register", &shape, &frag_n)?
                };
                if matches!(op, CopyOp::Ldsm { .. }) {
                    CopyAtom::from_parts(name, value_type, thr, rows, regs.clone(), regs)
                } else {
                    CopyAtom::from_parts(name, value_type, thr, regs.clone(), rows, regs)
                }
            }
        }
    }
}
