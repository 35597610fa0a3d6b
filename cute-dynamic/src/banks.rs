//! Shared-memory bank conflicts: how many wavefronts a warp's access takes,
//! and which swizzle (or padding) of a tile makes its accesses conflict-free.
//!
//! An *access* is one instruction executed by the threads of a thread-value
//! layout `TV: (thread, value) -> index`, whose indices are the domain of the
//! shared-memory layout `SMEM` (so `composition(SMEM, TV)` gives the element
//! offsets, in elements of `bits` bits). A thread's values are what it moves
//! in the instruction: they must be one vector, contiguous and aligned in
//! shared memory. [`bank_conflicts`] counts the *wavefronts* (the passes the
//! shared-memory unit makes) and the ideal count; [`choose_swizzle`] ranks
//! the swizzles `Swizzle<B,M,S>` and the paddings of a tile by the total
//! wavefronts of a set of accesses; [`crate::viz::draw_svg_banks`] draws the
//! banks of an access.
//!
//! ```
//! use cute_dynamic::banks::{bank_conflicts, Op};
//! use cute_dynamic::atom::SwizzledLayout;
//! use cute_dynamic::swizzle::Swizzle;
//! use cute_dynamic::Layout;
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! // ldmatrix.x4 of a K-major 8 x 64 fp16 tile: thread t gives the address of
//! // row t % 8 of the matrix t / 8, 16 bytes (8 values) each
//! let tv = l("((8, 4), 8):((1, 64), 8)");
//! let tile = l("(8, 64):(64, 1)");
//! let r = bank_conflicts(&tv, &tile.clone().into(), 16, Op::LDMATRIX).unwrap();
//! assert_eq!((r.wavefronts, r.ideal), (32, 4)); // the 8 rows of a matrix share banks
//! let sw = SwizzledLayout { swizzle: Swizzle::new(3, 3, 3).unwrap(), layout: tile };
//! let r = bank_conflicts(&tv, &sw.into(), 16, Op::LDMATRIX).unwrap();
//! assert_eq!((r.wavefronts, r.ideal), (4, 4));
//! ```
//!
//! # The model
//!
//! - Shared memory has 32 banks of 4 bytes: the 4-byte word at byte address
//!   `a` is word `a / 4`, in bank `(a / 4) mod 32`. Each bank serves one word
//!   per wavefront. Accesses to the same word in one phase are served
//!   together (a broadcast for loads; for stores, one write of the word).
//! - A vector access of `w` bytes per thread (`ld`, `st`): `w` of 1, 2 or 4
//!   bytes is served per warp (one phase of 32 threads); 8 bytes in 2 phases
//!   of 16 threads (threads 0-15, then 16-31); 16 bytes in 4 phases of 8
//!   threads. A phase takes as many wavefronts as the most distinct words any
//!   one bank holds among its threads' words (at least 1 when a thread of the
//!   phase is active); an instruction takes the sum over its phases, and the
//!   ideal is one wavefront per active phase (a phase moves at most 128
//!   bytes, the 32 banks' width).
//! - `ldmatrix` and `stmatrix` (`.x1`, `.x2`, `.x4`, with or without
//!   `.trans`): each 8 x 8 matrix of 16-bit elements is one phase of 8 row
//!   addresses, each the start of a 16-byte row: threads 0-7 give matrix 0's
//!   rows, 8-15 matrix 1's, 16-23 and 24-31 matrices 2 and 3; `.x1` reads
//!   threads 0-7 and `.x2` threads 0-15 (the other threads' addresses are
//!   not used, and their values in the TV layout are ignored). `.trans`
//!   changes only which registers receive the elements, not the addresses,
//!   so it has the same wavefronts. The ideal is one wavefront per matrix.
//! - `cp.async` of 4, 8 or 16 bytes writes shared memory as the vector store
//!   of that width does.
//!
//! A TV layout of more than 32 threads is analysed warp by warp (threads
//! `32 w .. 32 w + 31` are warp `w`, each executing the instruction once),
//! and the counts are summed over the warps; a TV layout whose value mode
//! holds several instructions (as a tiled copy's does) is analysed
//! instruction by instruction, values `k n .. k n + n - 1` of each thread
//! being instruction `k` (see [`Access::values_per_instruction`]).
//!
//! ## Sources
//!
//! - NVIDIA, *CUDA C++ Programming Guide*, "Compute Capabilities", the shared
//!   memory sections of compute capability 5.x and later: 32 banks,
//!   successive 32-bit words in successive banks, no conflict between
//!   threads accessing any address within the same 32-bit word (a
//!   broadcast for reads, one writer for writes).
//! - NVIDIA, *PTX ISA*, "Warp-level matrix load instruction: `ldmatrix`"
//!   and "`stmatrix`": the eight addresses of each matrix are given by
//!   threads 0-7, 8-15, 16-23, 24-31 (`.x1` threads 0-7, `.x2` 0-15), each
//!   the start of a row of the 8 x 8 matrix of 16-bit elements, rows that
//!   need not be contiguous; and "`cp.async`", whose `cp-size` is 4, 8 or 16
//!   bytes.
//! - The phases of 64- and 128-bit accesses (16 and 8 threads per wavefront)
//!   follow from the 128 bytes per cycle the 32 banks serve, as NVIDIA's
//!   engineers state it on the NVIDIA Developer Forums ("LDS.128 requires 4
//!   requests per instruction", thread "Unexpected shared memory bank
//!   conflict"), and are the wavefronts Nsight Compute reports for
//!   conflict-free vector accesses.
//! - The closed form for power-of-two layouts (below) is Triton's
//!   (`lib/Tools/GenericSwizzling.cpp`, `bankConflicts`).
//!
//! ## Limits
//!
//! The model is the one above, not a simulation of a particular GPU:
//!
//! - it counts wavefronts of shared memory only, not their latency, and
//!   one instruction at a time (no interaction between warps or
//!   instructions);
//! - some GPUs serve more in one wavefront than it says: on compute
//!   capability 7.x a 128-bit load whose thread pairs read the same
//!   addresses may take 2 wavefronts rather than 4, and 64-bit accesses
//!   whose two half-warps read the same words may be merged; the model
//!   counts 4 and 2;
//! - the `.m16n16` and `.m8n16` shapes of `ldmatrix` (8-bit and narrower
//!   elements) and `stmatrix.m16n8` are not modelled: a matrix op here is
//!   the `.m8n8` one, 16 bytes per row address, whatever the element width;
//! - a thread's values must be one vector in register order (value `v` at
//!   offset `o + v`), aligned to the vector's width; a gather of scattered
//!   elements by one thread is several instructions, not one, and is an
//!   error here;
//! - TMA (`cp.async.bulk`) and `wgmma`'s own reads of shared memory are not
//!   modelled.
//!
//! ## The closed form for power-of-two layouts
//!
//! Where the word address of a phase's threads is an affine map over F2 of
//! the bits of the lane (and of the word within a thread's vector), the set
//! of words one bank holds is a coset of `W ∩ N`, with `W` the span of the
//! lanes' (and vector words') images and `N` the words of bank 0 (the word
//! bits above the 5 bank bits), so each phase takes `2^dim(W ∩ N)`
//! wavefronts: `2^dim - 1` conflicts, Triton's formula (the intersection of
//! the shared-memory "segment" bases with the lane bases). The tests check
//! the analyser against it on every random case where that map is affine
//! (checked at every lane), and against a brute-force simulation on every
//! case.
//!
//! # Choosing a swizzle
//!
//! [`choose_swizzle`] takes the tile's layout (plain, integer strides) and
//! the accesses that write and read it, and tries: the tile itself; every
//! `Swizzle<B,M,S>` with `1 <= B <= max_swizzle_bits` (5 by default: 32
//! banks), `S >= B` and `M + S + B <= k`, where `2^k` is the smallest power
//! of two above the tile's offsets, at most `2^32` (the swizzle's source
//! bits lie inside the tile); and, with `padding`, the tile with its leading
//! dimension (the extent of its stride-1 leaf, when every other stride is a
//! multiple of it) padded by `p` elements, `p` from 1 to a whole bank row
//! of 128 bytes (at most 128 elements).
//! A candidate under which an access is not a vector any more is rejected
//! (with its reason). The others are ranked by:
//!
//! 1. the total wavefronts of the accesses;
//! 2. the footprint, the shared memory bytes the tile spans;
//! 3. the simpler candidate: the tile itself, then swizzles by fewest bits
//!    `B`, then widest base `M` (the coarsest unit, which keeps the widest
//!    vectors whole), then smallest shift `S` (the lowest row bits), then
//!    paddings, smallest first.
//!
//! With this rule the choices CuTe C++ makes by hand come out: for the SM80
//! fp16 K-major tile `(8, 64):(64, 1)` written by 128-bit `cp.async` and
//! read by `ldmatrix`, `Swizzle<3,3,3>`; for 8-row tiles of 32-, 64- and
//! 128-byte rows read by `ldmatrix`, the GMMA atoms' `SW32`, `SW64` and
//! `SW128` (`Swizzle<1,4,3>`, `<2,4,3>`, `<3,4,3>` on bytes).

use core::fmt;
use core::str::FromStr;

use cute_core::{Error, Result};

use crate::atom::{CopyOp, SwizzledLayout, TiledCopy};
use crate::htuple::{product_each, HTuple, IntTuple};
use crate::layout::make_layout;
use crate::swizzle::Swizzle;
use crate::typedefs::Scalar;
use crate::{Evaluator, Layout};

/// The number of shared-memory banks.
pub const BANKS: i64 = 32;
/// The width of a bank, in bytes.
pub const BANK_BYTES: i64 = 4;
/// The threads of a warp.
pub const WARP_SIZE: i64 = 32;
/// The most threads a TV layout may have: a thread block's 1024.
pub const MAX_THREADS: i64 = 1024;
/// The most thread-value pairs an analysis visits (`size(TV)`).
pub const MAX_VALUES: i64 = 1 << 20;
/// The most elements a tile given to [`choose_swizzle`] (or drawn) may have.
pub const MAX_TILE: i64 = 1 << 20;
/// The most work [`choose_swizzle`] does: candidates times (the
/// thread-value pairs of the accesses plus the tile's elements).
pub const MAX_CHOOSER_WORK: i64 = 1 << 27;

const OP: &str = "bank_conflicts";
const CHOOSE: &str = "choose_swizzle";

// ---------------------------------------------------------------------------
// Instructions
// ---------------------------------------------------------------------------

/// A shared-memory instruction, as the language names it: `'ld'`, `'st'`,
/// `'ldmatrix'`, `'ldmatrix.trans'`, `'stmatrix'`, `'stmatrix.trans'`,
/// `'cp.async'`; a matrix op may name its number of matrices, `'ldmatrix.x2'`
/// (else it is read from the TV layout's threads: 8 threads `.x1`, 16 `.x2`,
/// a multiple of 32 `.x4`).
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Op;
/// assert_eq!("ldmatrix.x2.trans".parse::<Op>().unwrap(), Op::Ldmatrix { x: Some(2), trans: true });
/// assert_eq!("cp.async".parse::<Op>().unwrap(), Op::CpAsync);
/// assert_eq!(Op::Stmatrix { x: Some(4), trans: false }.to_string(), "stmatrix.x4");
/// assert!("ldmatrix.x3".parse::<Op>().is_err());
/// assert!("lds".parse::<Op>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A vector load `ld.shared` of 1 to 16 bytes per thread.
    Ld,
    /// A vector store `st.shared` of 1 to 16 bytes per thread.
    St,
    /// `ldmatrix.m8n8`: each thread gives a 16-byte row address.
    Ldmatrix {
        /// The number of matrices (1, 2 or 4); `None`: from the threads.
        x: Option<u8>,
        /// `.trans` (the same addresses).
        trans: bool,
    },
    /// `stmatrix.m8n8`: as `Ldmatrix`, storing.
    Stmatrix {
        /// The number of matrices (1, 2 or 4); `None`: from the threads.
        x: Option<u8>,
        /// `.trans` (the same addresses).
        trans: bool,
    },
    /// `cp.async` of 4, 8 or 16 bytes into shared memory: the vector store.
    CpAsync,
}

impl Op {
    /// `ldmatrix` with its number of matrices read from the threads.
    pub const LDMATRIX: Op = Op::Ldmatrix {
        x: None,
        trans: false,
    };

    /// The names [`Op`] parses, for messages.
    pub const NAMES: &'static str = "'ld', 'st', 'ldmatrix', 'ldmatrix.trans', 'stmatrix', \
        'stmatrix.trans', 'cp.async' (a matrix op may add '.x1', '.x2' or '.x4')";

    /// True for `ldmatrix` and `stmatrix`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Op;
    /// assert!(Op::LDMATRIX.is_matrix() && !Op::Ld.is_matrix());
    /// ```
    pub fn is_matrix(self) -> bool {
        matches!(self, Op::Ldmatrix { .. } | Op::Stmatrix { .. })
    }

    /// The number of matrices of a matrix op, if it names it.
    fn matrices(self) -> Option<u8> {
        match self {
            Op::Ldmatrix { x, .. } | Op::Stmatrix { x, .. } => x,
            _ => None,
        }
    }

    /// The same op with `x` matrices.
    fn with_matrices(self, n: u8) -> Op {
        match self {
            Op::Ldmatrix { trans, .. } => Op::Ldmatrix { x: Some(n), trans },
            Op::Stmatrix { trans, .. } => Op::Stmatrix { x: Some(n), trans },
            op => op,
        }
    }

    /// The op of a copy atom's instruction on its shared-memory side, and
    /// that side: `ldmatrix` reads its source, `stmatrix` and `cp.async`
    /// write their destination; a one-thread `UniversalCopy` is a load from
    /// its source or a store to its destination, as `side` says.
    ///
    /// # Errors
    /// `ValueError` for a side that is not shared memory (the source of
    /// `cp.async` is global memory), for a `UniversalCopy` without a side,
    /// and for an instruction this module does not know.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::CopyOp;
    /// use cute_dynamic::banks::{Op, Side};
    /// let ldsm = CopyOp::from_name("SM75_U16x8_LDSM_T").unwrap();
    /// assert_eq!(Op::of_copy(&ldsm, None).unwrap(), (Op::Ldmatrix { x: Some(4), trans: true }, Side::Source));
    /// let u = CopyOp::UniversalCopy { bits: 128 };
    /// assert_eq!(Op::of_copy(&u, Some(Side::Destination)).unwrap(), (Op::St, Side::Destination));
    /// assert!(Op::of_copy(&u, None).is_err());
    /// let cp = CopyOp::CpAsync { bits: 128, cache_global: true };
    /// assert!(Op::of_copy(&cp, Some(Side::Source)).is_err());
    /// ```
    pub fn of_copy(op: &CopyOp, side: Option<Side>) -> Result<(Op, Side)> {
        let fixed = |op: Op, s: Side| -> Result<(Op, Side)> {
            match side {
                Some(given) if given != s => Err(Error::value(
                    OP,
                    format!(
                        "the {given} of {} is not shared memory; its {s} is",
                        copy_name(op)
                    ),
                )),
                _ => Ok((op, s)),
            }
        };
        match *op {
            CopyOp::Ldsm { x, trans } => fixed(
                Op::Ldmatrix {
                    x: Some(x),
                    trans,
                },
                Side::Source,
            ),
            CopyOp::Stsm { x, trans } => fixed(
                Op::Stmatrix {
                    x: Some(x),
                    trans,
                },
                Side::Destination,
            ),
            CopyOp::CpAsync { .. } => fixed(Op::CpAsync, Side::Destination),
            CopyOp::UniversalCopy { .. } => match side {
                Some(Side::Source) => Ok((Op::Ld, Side::Source)),
                Some(Side::Destination) => Ok((Op::St, Side::Destination)),
                None => Err(Error::value(
                    OP,
                    format!("{op} copies between any memories: say which side is shared memory ('ld' reads its source, 'st' writes its destination)"),
                )),
            },
        }
    }
}

/// The instruction's name in messages.
fn copy_name(op: Op) -> &'static str {
    match op {
        Op::Ld => "ld",
        Op::St => "st",
        Op::Ldmatrix { .. } => "ldmatrix",
        Op::Stmatrix { .. } => "stmatrix",
        Op::CpAsync => "cp.async",
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(copy_name(*self))?;
        if let Some(x) = self.matrices() {
            write!(f, ".x{x}")?;
        }
        if let Op::Ldmatrix { trans: true, .. } | Op::Stmatrix { trans: true, .. } = self {
            f.write_str(".trans")?;
        }
        Ok(())
    }
}

impl FromStr for Op {
    type Err = Error;

    fn from_str(s: &str) -> Result<Op> {
        let bad = || {
            Error::value(
                OP,
                format!(
                    "unknown instruction {s:?}; the instructions are {}",
                    Op::NAMES
                ),
            )
        };
        if s == "cp.async" {
            return Ok(Op::CpAsync);
        }
        let mut parts = s.split('.');
        let head = parts.next().unwrap_or("");
        let (mut x, mut trans) = (None, false);
        for p in parts {
            match p {
                "trans" if !trans => trans = true,
                "x1" | "x2" | "x4" if x.is_none() => x = Some(p.as_bytes()[1] - b'0'),
                _ => return Err(bad()),
            }
        }
        match head {
            "ld" | "st" if x.is_none() && !trans => Ok(if head == "ld" { Op::Ld } else { Op::St }),
            "ldmatrix" => Ok(Op::Ldmatrix { x, trans }),
            "stmatrix" => Ok(Op::Stmatrix { x, trans }),
            _ => Err(bad()),
        }
    }
}

/// A side of a copy: its source or its destination.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Side;
/// assert_eq!(Side::Source.to_string(), "source");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The source (`get_layoutS_TV`).
    Source,
    /// The destination (`get_layoutD_TV`).
    Destination,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Source => "source",
            Side::Destination => "destination",
        })
    }
}

// ---------------------------------------------------------------------------
// Shared-memory layouts
// ---------------------------------------------------------------------------

/// A shared-memory layout: `index -> offset` in elements.
///
/// - [`Smem::Layout`]: a layout with integer strides (plain, padded:
///   `(32, 32):(33, 1)`) or F2 strides (a swizzle written as strides,
///   `(8, 32):(F36, F1)`, whose F2 values are the offsets);
/// - [`Smem::Swizzled`]: a swizzle after a layout (CuTe's composed layout,
///   the language's `composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))`).
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Smem;
/// use cute_dynamic::Layout;
/// let f2: Smem = "(8, 32):(F36, F1)".parse::<Layout>().unwrap().into();
/// assert_eq!(f2.offset(1).unwrap(), 36); // row 1, column 0: 32 XOR 4
/// assert_eq!(f2.size().unwrap(), 256);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Smem {
    /// A layout: offsets are its values (integers, or F2 values).
    Layout(Layout),
    /// A swizzle applied to a layout's offsets.
    Swizzled(SwizzledLayout),
}

impl From<Layout> for Smem {
    fn from(l: Layout) -> Smem {
        Smem::Layout(l)
    }
}

impl From<SwizzledLayout> for Smem {
    fn from(s: SwizzledLayout) -> Smem {
        Smem::Swizzled(s)
    }
}

impl fmt::Display for Smem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Smem::Layout(l) => write!(f, "{l}"),
            Smem::Swizzled(s) => write!(f, "{s}"),
        }
    }
}

impl Smem {
    /// The layout whose domain is the indices (the swizzled one's layout).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Smem;
    /// let s: Smem = "(4, 8):(8, 1)".parse::<cute_dynamic::Layout>().unwrap().into();
    /// assert_eq!(s.layout().to_string(), "(4, 8):(8, 1)");
    /// ```
    pub fn layout(&self) -> &Layout {
        match self {
            Smem::Layout(l) => l,
            Smem::Swizzled(s) => &s.layout,
        }
    }

    /// The size of the domain.
    ///
    /// # Errors
    /// As [`Layout::size`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Smem;
    /// let s: Smem = "(4, 8):(8, 1)".parse::<cute_dynamic::Layout>().unwrap().into();
    /// assert_eq!(s.size().unwrap(), 32);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.layout().size()
    }

    /// The offset, in elements, of the index `idx`.
    ///
    /// # Errors
    /// `TypeError` for a layout whose values are coordinates (arithmetic
    /// tuples); `ValueError` for an F2 value past the 64-bit range; as
    /// [`Layout::call_index`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::SwizzledLayout;
    /// use cute_dynamic::banks::Smem;
    /// use cute_dynamic::swizzle::Swizzle;
    /// let s = Smem::Swizzled(SwizzledLayout {
    ///     swizzle: Swizzle::new(3, 3, 3).unwrap(),
    ///     layout: "(8, 64):(64, 1)".parse().unwrap(),
    /// });
    /// assert_eq!(s.offset(1).unwrap(), 64 + 8); // row 1: its first 8 values move to column 8
    /// ```
    pub fn offset(&self, idx: i64) -> Result<i64> {
        Offsets::new(self)?.at(idx)
    }

    /// The offsets of the indices `0..n`, evaluated with one evaluator.
    pub(crate) fn offsets_upto(&self, n: i64) -> Result<Vec<i64>> {
        let off = Offsets::new(self)?;
        (0..n).map(|i| off.at(i)).collect()
    }
}

/// A fast evaluator of a [`Smem`].
enum Offsets<'a> {
    /// Integer strides, with a swizzle after them (none for a plain layout).
    Int(Box<Evaluator>, Option<Swizzle>),
    /// F2 strides, or any other layout.
    Generic(&'a Layout),
}

impl<'a> Offsets<'a> {
    fn new(smem: &'a Smem) -> Result<Offsets<'a>> {
        let (layout, swizzle) = match smem {
            Smem::Layout(l) => (l, None),
            Smem::Swizzled(s) => (&s.layout, Some(s.swizzle)),
        };
        let ints = layout.strides().all(|d| matches!(d, Scalar::Int(_)));
        if ints {
            return Ok(Offsets::Int(Box::new(layout.evaluator()?), swizzle));
        }
        if swizzle.is_some() {
            return Err(Error::type_error(
                OP,
                format!("a swizzle permutes integer offsets; {layout} has strides that are not integers"),
            ));
        }
        Ok(Offsets::Generic(layout))
    }

    fn at(&self, idx: i64) -> Result<i64> {
        match self {
            Offsets::Int(ev, sw) => {
                let o = ev.try_eval(idx)?;
                Ok(sw.map_or(o, |s| s.apply(o)))
            }
            Offsets::Generic(l) => match l.call_index(idx)? {
                Scalar::Int(o) => Ok(o),
                Scalar::F2(v) => i64::try_from(v.0).map_err(|_| {
                    Error::overflow(OP, format!("the F2 offset {v} leaves the 64-bit range"))
                }),
                other => Err(Error::type_error(
                    OP,
                    format!(
                        "shared memory maps indices to offsets; {l} maps index {idx} to {other}"
                    ),
                )),
            },
        }
    }
}

// ---------------------------------------------------------------------------
// Accesses
// ---------------------------------------------------------------------------

/// An access of shared memory: a thread-value layout, the width of its
/// elements and the instruction.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{Access, Op};
/// let a = Access::new("(32, 4):(4, 1)".parse().unwrap(), 32, Op::Ld);
/// assert_eq!(a.values_per_instruction, None); // the 4 values are one 16-byte vector
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    /// `(thread, value) -> index` of the shared-memory layout's domain.
    pub tv: Layout,
    /// The width of an element, in bits: a power of two from 1 to 128.
    pub bits: i64,
    /// The instruction.
    pub op: Op,
    /// The values of one thread in one instruction; `None`: the whole value
    /// mode is one instruction. With `Some(n)`, values `k n .. k n + n - 1`
    /// are instruction `k`.
    pub values_per_instruction: Option<i64>,
}

impl Access {
    /// One instruction per warp: the value mode is what a thread moves.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{Access, Op};
    /// let a = Access::new("(32, 8):(8, 1)".parse().unwrap(), 16, Op::CpAsync);
    /// assert_eq!((a.bits, a.op), (16, Op::CpAsync));
    /// ```
    pub fn new(tv: Layout, bits: i64, op: Op) -> Access {
        Access {
            tv,
            bits,
            op,
            values_per_instruction: None,
        }
    }

    /// The accesses of a tiled copy to a shared-memory tile of the shape
    /// `tile_shape`: on its shared-memory `side` (see [`Op::of_copy`]; the
    /// side may be left out but for a `UniversalCopy`), the copy's
    /// thread-value layout over the whole tile (CuTe's `tidfrg_S` or
    /// `tidfrg_D` of the tile's indices: a copy of a smaller tile repeats
    /// over it), each atom's values one instruction.
    ///
    /// # Errors
    /// As [`Op::of_copy`] (a copy op this module does not know: give the TV
    /// layout, `get_layout_s_tv`, and the op instead); as
    /// [`TiledCopy::tidfrg_s`] when the copy's tile does not divide
    /// `tile_shape`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{make_tiled_copy, CopyAtom, CopyOp, ValueType};
    /// use cute_dynamic::banks::{bank_conflicts_of, Access, Op};
    /// use cute_dynamic::Layout;
    /// let l = |s: &str| s.parse::<Layout>().unwrap();
    /// let op = CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U128).unwrap();
    /// let cp = make_tiled_copy(CopyAtom::new(op, ValueType::F16).unwrap(),
    ///                          &l("(16, 8):(8, 1)"), &l("(1, 8):(1, 1)")).unwrap();
    /// let a = Access::from_tiled_copy(&cp, None, &"(128, 64)".parse().unwrap()).unwrap();
    /// assert_eq!((a.op, a.values_per_instruction), (Op::CpAsync, Some(8)));
    /// // 128 threads, 8 tiles of 16 rows: 4 warps x 8 instructions, 4 phases each
    /// let r = bank_conflicts_of(&a, &l("(128, 64):(64, 1)").into()).unwrap();
    /// assert_eq!((r.instructions.len(), r.wavefronts, r.ideal), (32, 128, 128));
    /// ```
    pub fn from_tiled_copy(
        tc: &TiledCopy,
        side: Option<Side>,
        tile_shape: &IntTuple,
    ) -> Result<Access> {
        let atom = tc.atom();
        let name = atom.name();
        let op = copy_op_of_name(name).ok_or_else(|| {
            Error::value(
                OP,
                format!("the copy instruction {name} is not one this analysis knows (ldmatrix, stmatrix, cp.async, UniversalCopy): give its TV layout and op instead"),
            )
        })?;
        let (op, side) = Op::of_copy(&op, side)?;
        let bits = atom.value_type().bits();
        let shape = match tile_shape {
            HTuple::Leaf(n) => HTuple::from_leaves([*n]),
            t => product_each(t)?,
        };
        let ident = Layout::compact(shape)?;
        let (t, per) = match side {
            Side::Source => (tc.tidfrg_s(&ident)?, atom.num_val_src()?),
            Side::Destination => (tc.tidfrg_d(&ident)?, atom.num_val_dst()?),
        };
        let mut values = vec![t.mode(1)?];
        values.extend(t.modes().skip(2));
        let tv = make_layout(&[t.mode(0)?, make_layout(&values)]);
        Ok(Access {
            tv,
            bits,
            op,
            values_per_instruction: Some(per),
        })
    }
}

/// The copy instruction of an atom's name, if this module knows it.
fn copy_op_of_name(name: &str) -> Option<CopyOp> {
    if let Ok(op) = CopyOp::from_name(name) {
        return Some(op);
    }
    let bits = |s: &str| -> Option<i64> {
        let inner = s.split_once("('u")?.1.strip_suffix("')")?;
        inner.parse().ok()
    };
    if name.starts_with("SM80_CP_ASYNC_CACHE") {
        return Some(CopyOp::CpAsync {
            bits: bits(name)?,
            cache_global: name.contains("CACHEGLOBAL"),
        });
    }
    if name.starts_with("UniversalCopy(") {
        return Some(CopyOp::UniversalCopy { bits: bits(name)? });
    }
    None
}

// ---------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------

/// What one thread reads or writes in one instruction: a vector of `bytes`
/// bytes at the byte address `byte` of shared memory.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::ThreadAccess;
/// let a = ThreadAccess { thread: 3, byte: 48, bytes: 16 };
/// assert_eq!(a.words().collect::<Vec<_>>(), [12, 13, 14, 15]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadAccess {
    /// The thread (its index in the TV layout).
    pub thread: i64,
    /// The byte address of the vector's first byte.
    pub byte: i64,
    /// The vector's width in bytes.
    pub bytes: i64,
}

impl ThreadAccess {
    /// The 4-byte words the vector touches.
    pub fn words(&self) -> impl Iterator<Item = i64> {
        let first = self.byte.div_euclid(BANK_BYTES);
        let last = (self.byte + self.bytes - 1).div_euclid(BANK_BYTES);
        first..=last
    }
}

/// One phase of an instruction: the threads served together.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// // a column of a 32 x 32 row-major f32 array: every thread in bank 0
/// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
///                        &"(32, 32):(32, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
/// let p = &r.instructions[0].phases[0];
/// assert_eq!((p.wavefronts, p.bank), (32, Some(0)));
/// assert_eq!(p.conflict.len(), 32);
/// assert_eq!(p.conflict[1], (128, vec![1])); // the word at byte 128, thread 1's
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The phase's index in its instruction.
    pub index: i64,
    /// Its threads' accesses, in lane order.
    pub accesses: Vec<ThreadAccess>,
    /// The wavefronts it takes (0 with no thread).
    pub wavefronts: i64,
    /// A bank holding the most distinct words (the lowest such), if any.
    pub bank: Option<i64>,
    /// That bank's words (byte addresses of the words) with the threads
    /// touching each, in address order: the conflicting threads.
    pub conflict: Vec<(i64, Vec<i64>)>,
}

/// One warp's execution of one instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// The warp (threads `32 warp ..`).
    pub warp: i64,
    /// The instruction's index among a thread's instructions.
    pub index: i64,
    /// Its phases, in order.
    pub phases: Vec<Phase>,
    /// The wavefronts it takes: the sum over the phases.
    pub wavefronts: i64,
    /// The ideal: one per phase with a thread.
    pub ideal: i64,
}

/// The wavefronts of an access, instruction by instruction.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// let r = bank_conflicts(&"(32, 4):(4, 1)".parse().unwrap(),
///                        &"128:1".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
/// assert_eq!((r.wavefronts, r.ideal, r.width_bytes), (4, 4, 16));
/// assert!(r.to_string().starts_with("ld of 32-bit elements, 16 bytes per thread: 4 wavefronts (ideal 4)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// The instruction (a matrix op with its number of matrices).
    pub op: Op,
    /// The width of an element, in bits.
    pub bits: i64,
    /// The bytes one thread moves per instruction.
    pub width_bytes: i64,
    /// Every warp's every instruction.
    pub instructions: Vec<Instruction>,
    /// The total wavefronts.
    pub wavefronts: i64,
    /// The total ideal.
    pub ideal: i64,
}

impl BankReport {
    /// The phase taking the most wavefronts (the first such), with its
    /// instruction.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{bank_conflicts, Op};
    /// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
    ///                        &"(32, 33):(33, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
    /// let (i, p) = r.worst().unwrap();
    /// assert_eq!((i.warp, p.wavefronts), (0, 1)); // padded to 33 columns: no conflict
    /// ```
    pub fn worst(&self) -> Option<(&Instruction, &Phase)> {
        let mut best: Option<(&Instruction, &Phase)> = None;
        for i in &self.instructions {
            for p in &i.phases {
                if best.is_none_or(|(_, b)| p.wavefronts > b.wavefronts) {
                    best = Some((i, p));
                }
            }
        }
        best
    }

    /// One line: the instruction, the totals and the worst phase.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{bank_conflicts, Op};
    /// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
    ///                        &"(32, 32):(32, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
    /// assert_eq!(r.summary(), "ld of 32-bit elements, 4 bytes per thread: 32 wavefronts (ideal 1) \
    ///                          in 1 instruction of 1 warp; worst phase: warp 0, instruction 0, \
    ///                          phase 0 (threads 0-31): 32 wavefronts, bank 0 holds 32 words");
    /// ```
    pub fn summary(&self) -> String {
        let warps = self
            .instructions
            .iter()
            .map(|i| i.warp)
            .max()
            .map_or(0, |w| w + 1);
        let n = self.instructions.len();
        let mut s = format!(
            "{} of {}-bit elements, {} bytes per thread: {} wavefronts (ideal {}) in {n} instruction{} of {warps} warp{}",
            self.op,
            self.bits,
            self.width_bytes,
            self.wavefronts,
            self.ideal,
            if n == 1 { "" } else { "s" },
            if warps == 1 { "" } else { "s" },
        );
        if let Some((i, p)) = self.worst() {
            s.push_str(&format!(
                "; worst phase: warp {}, instruction {}, phase {} (threads {}): {} wavefront{}",
                i.warp,
                i.index,
                p.index,
                thread_ranges(p.accesses.iter().map(|a| a.thread)),
                p.wavefronts,
                if p.wavefronts == 1 { "" } else { "s" }
            ));
            if let Some(b) = p.bank {
                s.push_str(&format!(
                    ", bank {b} holds {} word{}",
                    p.conflict.len(),
                    if p.conflict.len() == 1 { "" } else { "s" }
                ));
            }
        }
        s
    }
}

/// Threads as ranges: `0-7, 9`.
fn thread_ranges(threads: impl IntoIterator<Item = i64>) -> String {
    let mut t: Vec<i64> = threads.into_iter().collect();
    t.sort_unstable();
    t.dedup();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let mut j = i;
        while j + 1 < t.len() && t[j + 1] == t[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            t[i].to_string()
        } else {
            format!("{}-{}", t[i], t[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// The most instructions [`BankReport`]'s `Display` lists.
const LISTED: usize = 64;

impl fmt::Display for BankReport {
    /// The summary, then one line per instruction (its wavefronts per
    /// phase; at most 64 lines), then the worst phase's conflicting bank,
    /// word by word with its threads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary())?;
        for i in self.instructions.iter().take(LISTED) {
            let phases: Vec<String> = i.phases.iter().map(|p| p.wavefronts.to_string()).collect();
            writeln!(
                f,
                "  warp {}, instruction {}: {} wavefronts (ideal {}); phases {}",
                i.warp,
                i.index,
                i.wavefronts,
                i.ideal,
                phases.join(" ")
            )?;
        }
        if self.instructions.len() > LISTED {
            writeln!(
                f,
                "  ... {} more instructions",
                self.instructions.len() - LISTED
            )?;
        }
        if let Some((_, p)) = self.worst() {
            if let Some(b) = p.bank {
                writeln!(f, "worst phase, bank {b}:")?;
                for (word, threads) in &p.conflict {
                    writeln!(
                        f,
                        "  word at byte {word}: thread{} {}",
                        if threads.len() == 1 { "" } else { "s" },
                        thread_ranges(threads.iter().copied())
                    )?;
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// The analysis
// ---------------------------------------------------------------------------

/// One warp's instruction, before shared memory: its threads and their
/// indices.
struct PreInstr {
    warp: i64,
    index: i64,
    /// `(thread, lane)`, in lane order.
    threads: Vec<(i64, i64)>,
    /// Where its indices start in [`Prepared::idx`]: `per` per thread.
    start: usize,
}

/// An access with its TV layout evaluated: what does not depend on shared
/// memory.
struct Prepared {
    op: Op,
    bits: i64,
    per: usize,
    width: i64,
    instrs: Vec<PreInstr>,
    idx: Vec<i64>,
}

impl Prepared {
    /// The lanes of one phase, and the phases of an instruction.
    fn phases(&self) -> (i64, i64) {
        match self.op.matrices() {
            Some(x) => (8, i64::from(x)),
            None => match self.width {
                1..=4 => (32, 1),
                8 => (16, 2),
                _ => (8, 4),
            },
        }
    }
}

fn is_pow2(n: i64) -> bool {
    n > 0 && n.count_ones() == 1
}

/// Checks an access and evaluates its TV layout.
fn prepare(access: &Access, domain: i64) -> Result<Prepared> {
    let Access {
        tv,
        bits,
        op,
        values_per_instruction,
    } = access;
    let (bits, mut op) = (*bits, *op);
    if !(is_pow2(bits) && bits <= 128) {
        return Err(Error::value(
            OP,
            format!("the element width is {bits} bits; it must be a power of two from 1 to 128"),
        ));
    }
    if !tv.is_tuple() || tv.rank() != 2 {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} is not of rank 2: it must be (thread, value) -> index"),
        ));
    }
    if let Some(d) = tv.strides().find(|d| !matches!(d, Scalar::Int(_))) {
        return Err(Error::type_error(
            OP,
            format!("the TV layout {tv} has the stride {d}: it must map (thread, value) to integer indices of shared memory's domain"),
        ));
    }
    let threads = tv.size_mode(&[0])?;
    let values = tv.size_mode(&[1])?;
    if threads == 0 || values == 0 {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has no threads or no values"),
        ));
    }
    if threads > MAX_THREADS {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has {threads} threads, more than a thread block's {MAX_THREADS}"),
        ));
    }
    if values > MAX_VALUES / threads {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has {threads} x {values} thread-value pairs, more than the {MAX_VALUES} an analysis visits"),
        ));
    }
    let per = values_per_instruction.unwrap_or(values);
    if per <= 0 || values % per != 0 {
        return Err(Error::value(
            OP,
            format!("{values} values per thread are not whole instructions of {per} values"),
        ));
    }
    let width_bits = per * bits;
    let fits = match op {
        Op::Ld | Op::St => matches!(width_bits, 8 | 16 | 32 | 64 | 128),
        Op::CpAsync => matches!(width_bits, 32 | 64 | 128),
        Op::Ldmatrix { .. } | Op::Stmatrix { .. } => width_bits == 128,
    };
    if !fits {
        let what = match op {
            Op::Ld | Op::St => "a vector of 1, 2, 4, 8 or 16 bytes",
            Op::CpAsync => "4, 8 or 16 bytes",
            _ => "a row of 16 bytes",
        };
        return Err(Error::value(
            OP,
            format!(
                "{op} moves {what} per thread; {per} value{} of {bits} bit{} {} {width_bits} bit{}",
                if per == 1 { "" } else { "s" },
                if bits == 1 { "" } else { "s" },
                if per == 1 { "is" } else { "are" },
                if width_bits == 1 { "" } else { "s" }
            ),
        ));
    }
    // the matrices of ldmatrix and stmatrix, and the threads that give them
    if op.is_matrix() {
        let x = match op.matrices() {
            Some(x) => i64::from(x),
            None => match threads {
                8 => 1,
                16 => 2,
                t if t % WARP_SIZE == 0 => 4,
                t => {
                    return Err(Error::value(
                        OP,
                        format!("{op} with {t} threads: give 8 (.x1), 16 (.x2) or whole warps (.x4), or name the matrices ('{op}.x2')"),
                    ))
                }
            },
        };
        if threads != 8 * x && threads % WARP_SIZE != 0 {
            return Err(Error::value(
                OP,
                format!("{op} of {x} matrices needs the {} row addresses of threads 0-{} of each warp; the TV layout has {threads} threads", 8 * x, 8 * x - 1),
            ));
        }
        op = op.with_matrices(x as u8);
    }
    let ev = tv.evaluator()?;
    let instructions = values / per;
    let warps = (threads + WARP_SIZE - 1) / WARP_SIZE;
    let active = |lane: i64| op.matrices().is_none_or(|x| lane < 8 * i64::from(x));
    let mut instrs = Vec::new();
    let mut idx = Vec::with_capacity((threads * values) as usize);
    for w in 0..warps {
        for k in 0..instructions {
            let start = idx.len();
            let mut ts = Vec::new();
            for lane in 0..WARP_SIZE {
                let t = w * WARP_SIZE + lane;
                if t >= threads || !active(lane) {
                    continue;
                }
                for j in 0..per {
                    let v = k * per + j;
                    let i = ev.try_eval(t + threads * v)?;
                    if !(0..domain).contains(&i) {
                        return Err(Error::value(
                            OP,
                            format!("the TV layout {tv} maps thread {t}, value {v} to the index {i}, outside shared memory's domain of {domain} elements"),
                        ));
                    }
                    idx.push(i);
                }
                ts.push((t, lane));
            }
            instrs.push(PreInstr {
                warp: w,
                index: k,
                threads: ts,
                start,
            });
        }
    }
    Ok(Prepared {
        op,
        bits,
        per: per as usize,
        width: width_bits / 8,
        instrs,
        idx,
    })
}

/// The offsets of the prepared indices in `smem`.
fn offsets_of(p: &Prepared, smem: &Smem) -> Result<Vec<i64>> {
    let off = Offsets::new(smem)?;
    p.idx.iter().map(|&i| off.at(i)).collect()
}

/// The byte address of each thread's vector, checked to be one.
fn vector_at(p: &Prepared, offsets: &[i64], smem: &Smem, t: i64, at: usize) -> Result<i64> {
    let o = &offsets[at..at + p.per];
    let base = o[0];
    let contiguous = o
        .iter()
        .enumerate()
        .all(|(j, &x)| base.checked_add(j as i64) == Some(x));
    let width_bits = p.width * 8;
    let aligned = base
        .checked_mul(p.bits)
        .is_some_and(|b| b.rem_euclid(width_bits) == 0);
    if !(contiguous && aligned) {
        let shown: Vec<String> = o.iter().take(16).map(|x| x.to_string()).collect();
        let why = if contiguous {
            format!(
                "contiguous but not aligned to the vector's {} bytes",
                p.width
            )
        } else {
            "not contiguous in order".to_string()
        };
        return Err(Error::value(
            OP,
            format!(
                "thread {t}'s {} value{} of one {} are at the offsets [{}{}] of {smem}: {why}; a thread's values in one instruction must be one vector, contiguous and aligned in shared memory",
                p.per,
                if p.per == 1 { "" } else { "s" },
                p.op,
                shown.join(", "),
                if o.len() > 16 { ", ..." } else { "" }
            ),
        ));
    }
    base.checked_mul(p.bits)
        .map(|b| b / 8)
        .ok_or_else(|| Error::overflow(OP, format!("the offset {base} in bytes")))
}

/// The wavefronts of one phase: the most distinct words of one bank.
fn phase_wavefronts(words: &mut Vec<i64>) -> (i64, Option<i64>) {
    if words.is_empty() {
        return (0, None);
    }
    words.sort_unstable();
    words.dedup();
    let mut count = [0i64; BANKS as usize];
    for w in words.iter() {
        count[w.rem_euclid(BANKS) as usize] += 1;
    }
    let (mut bank, mut most) = (0, 0);
    for (b, &c) in count.iter().enumerate() {
        if c > most {
            (bank, most) = (b as i64, c);
        }
    }
    (most, Some(bank))
}

/// Runs the model over the prepared access with the offsets of a
/// shared-memory layout: the full report, or (`detail` false) the totals
/// only, in a report without instructions.
fn run(p: &Prepared, offsets: &[i64], smem: &Smem, detail: bool) -> Result<BankReport> {
    let (lanes, nphases) = p.phases();
    let mut report = BankReport {
        op: p.op,
        bits: p.bits,
        width_bytes: p.width,
        instructions: Vec::new(),
        wavefronts: 0,
        ideal: 0,
    };
    let mut words: Vec<i64> = Vec::with_capacity(128);
    let mut accesses: Vec<ThreadAccess> = Vec::with_capacity(32);
    for pi in &p.instrs {
        let mut phases = Vec::new();
        let (mut wave, mut ideal) = (0, 0);
        let mut k = 0;
        for ph in 0..nphases {
            words.clear();
            accesses.clear();
            while k < pi.threads.len() && pi.threads[k].1 / lanes == ph {
                let t = pi.threads[k].0;
                let byte = vector_at(p, offsets, smem, t, pi.start + k * p.per)?;
                let a = ThreadAccess {
                    thread: t,
                    byte,
                    bytes: p.width,
                };
                words.extend(a.words());
                accesses.push(a);
                k += 1;
            }
            let (w, bank) = phase_wavefronts(&mut words);
            wave += w;
            ideal += i64::from(!accesses.is_empty());
            if detail {
                let conflict = bank.map_or_else(Vec::new, |b| {
                    let mut c: Vec<(i64, Vec<i64>)> = Vec::new();
                    for w in words.iter().filter(|w| w.rem_euclid(BANKS) == b) {
                        let ts = accesses
                            .iter()
                            .filter(|a| a.words().any(|x| x == *w))
                            .map(|a| a.thread)
                            .collect();
                        c.push((w * BANK_BYTES, ts));
                    }
                    c
                });
                phases.push(Phase {
                    index: ph,
                    accesses: accesses.clone(),
                    wavefronts: w,
                    bank,
                    conflict,
                });
            }
        }
        report.wavefronts += wave;
        report.ideal += ideal;
        if detail {
            report.instructions.push(Instruction {
                warp: pi.warp,
                index: pi.index,
                phases,
                wavefronts: wave,
                ideal,
            });
        }
    }
    Ok(report)
}

/// The wavefronts of an access (see the module's documentation for the
/// model): `tv: (thread, value) -> index` of `smem`'s domain, elements of
/// `bits` bits, the instruction `op`; the value mode is what one thread
/// moves in one instruction.
///
/// # Errors
/// `ValueError` for a TV layout that is not of rank 2 or maps outside
/// `smem`'s domain, a thread whose values are not one vector (contiguous,
/// in order, aligned) in shared memory, a width that does not fit the op,
/// more threads than [`MAX_THREADS`] or more thread-value pairs than
/// [`MAX_VALUES`]; `TypeError` for strides that do not give integer
/// indices or offsets.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // 32 threads reading consecutive f32: one wavefront
/// let r = bank_conflicts(&l("(32, 1):(1, 0)"), &l("32:1").into(), 32, Op::Ld).unwrap();
/// assert_eq!((r.wavefronts, r.ideal), (1, 1));
/// // a thread's two values 2 apart are not a vector
/// assert!(bank_conflicts(&l("(32, 2):(1, 64)"), &l("(32, 4):(4, 1)").into(), 32, Op::Ld).is_err());
/// ```
pub fn bank_conflicts(tv: &Layout, smem: &Smem, bits: i64, op: Op) -> Result<BankReport> {
    bank_conflicts_of(&Access::new(tv.clone(), bits, op), smem)
}

/// [`bank_conflicts`] of an [`Access`] (a tiled copy's, several
/// instructions per thread).
///
/// # Errors
/// As [`bank_conflicts`].
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts_of, Access, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // two 16-byte loads per thread, each over 512 consecutive bytes
/// let mut a = Access::new(l("(32, (4, 2)):(4, (1, 128))"), 32, Op::Ld);
/// a.values_per_instruction = Some(4);
/// let r = bank_conflicts_of(&a, &l("256:1").into()).unwrap();
/// assert_eq!((r.instructions.len(), r.wavefronts, r.ideal), (2, 8, 8));
/// ```
pub fn bank_conflicts_of(access: &Access, smem: &Smem) -> Result<BankReport> {
    let p = prepare(access, smem.size()?)?;
    let offsets = offsets_of(&p, smem)?;
    run(&p, &offsets, smem, true)
}

// ---------------------------------------------------------------------------
// The swizzle chooser
// ---------------------------------------------------------------------------

/// A candidate layout of a tile: the tile itself, a swizzle of it, or the
/// tile with its leading dimension padded.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Choice;
/// use cute_dynamic::swizzle::Swizzle;
/// assert_eq!(Choice::Swizzle(Swizzle::new(3, 3, 3).unwrap()).to_string(), "Swizzle<3,3,3>");
/// assert_eq!(Choice::Pad(8).to_string(), "pad 8");
/// assert_eq!(Choice::None.to_string(), "none");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The tile as given.
    None,
    /// `Swizzle<B,M,S>` after the tile's offsets.
    Swizzle(Swizzle),
    /// The leading dimension padded by this many elements.
    Pad(i64),
}

impl Choice {
    /// The tie-breaking order: the tile, then swizzles by fewest bits,
    /// widest base, smallest shift, then paddings, smallest first.
    fn order(&self) -> (u8, i64, i64, i64) {
        match *self {
            Choice::None => (0, 0, 0, 0),
            Choice::Swizzle(s) => (1, s.bits, -s.base, s.shift),
            Choice::Pad(p) => (2, p, 0, 0),
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::None => f.write_str("none"),
            Choice::Swizzle(s) => write!(f, "Swizzle<{},{},{}>", s.bits, s.base, s.shift),
            Choice::Pad(p) => write!(f, "pad {p}"),
        }
    }
}

/// A ranked candidate of [`choose_swizzle`].
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// What it is.
    pub choice: Choice,
    /// The shared-memory layout it is.
    pub smem: Smem,
    /// The total wavefronts of the accesses.
    pub wavefronts: i64,
    /// The total ideal.
    pub ideal: i64,
    /// The wavefronts of each access, in the order given.
    pub per_access: Vec<i64>,
    /// The footprint: the bytes from the lowest offset to the end of the
    /// highest.
    pub bytes: i64,
}

/// What [`choose_swizzle`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The valid candidates, best first.
    pub candidates: Vec<Candidate>,
    /// The candidates under which an access is not a vector, each with the
    /// reason.
    pub rejected: Vec<(Choice, String)>,
}

impl Ranking {
    /// The best candidate ([`choose_swizzle`] ranks at least one).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{choose_swizzle, Access, ChooseOptions, Choice, Op};
    /// // a column of a 32 x 32 f32 array, and its rows
    /// let col = Access::new("(32, 1):(1, 0)".parse().unwrap(), 32, Op::Ld);
    /// let row = Access::new("(32, 1):(32, 0)".parse().unwrap(), 32, Op::St);
    /// let r = choose_swizzle(&"(32, 32):(32, 1)".parse().unwrap(), &[col, row], &ChooseOptions::default()).unwrap();
    /// let best = r.best().unwrap();
    /// assert_eq!((best.wavefronts, best.bytes), (2, 4096));
    /// assert_eq!(best.choice.to_string(), "Swizzle<5,0,5>");
    /// ```
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }
}

impl fmt::Display for Ranking {
    /// A table: rank, candidate, wavefronts (ideal), bytes, the wavefronts
    /// of each access; then the number of rejected candidates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<5} {:<16} {:>11} {:>7} {:>8}  per access",
            "rank", "candidate", "wavefronts", "ideal", "bytes"
        )?;
        for (k, c) in self.candidates.iter().enumerate() {
            let per: Vec<String> = c.per_access.iter().map(|w| w.to_string()).collect();
            writeln!(
                f,
                "{:<5} {:<16} {:>11} {:>7} {:>8}  {}",
                k + 1,
                c.choice.to_string(),
                c.wavefronts,
                c.ideal,
                c.bytes,
                per.join(" + ")
            )?;
        }
        if !self.rejected.is_empty() {
            writeln!(
                f,
                "{} candidate{} rejected: an access is not a vector under {}",
                self.rejected.len(),
                if self.rejected.len() == 1 { "" } else { "s" },
                if self.rejected.len() == 1 {
                    "it"
                } else {
                    "them"
                }
            )?;
        }
        Ok(())
    }
}

/// The options of [`choose_swizzle`].
///
/// # Examples
/// ```
/// use cute_dynamic::banks::ChooseOptions;
/// let o = ChooseOptions::default();
/// assert!(o.padding);
/// assert_eq!(o.max_swizzle_bits, 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseOptions {
    /// Also try paddings of the leading dimension.
    pub padding: bool,
    /// The most bits `B` of a swizzle tried (1 to 8).
    pub max_swizzle_bits: i64,
}

impl Default for ChooseOptions {
    fn default() -> ChooseOptions {
        ChooseOptions {
            padding: true,
            max_swizzle_bits: 5,
        }
    }
}

/// The tile with its leading dimension padded by `p`: the stride-1 leaf's
/// extent `n` becomes the pitch `n + p` of every other stride (a multiple
/// of `n`). `None` when the tile has no such form.
fn padded(tile: &Layout, p: i64) -> Option<Layout> {
    let leaves = tile.leaves();
    let unit: Vec<_> = leaves
        .iter()
        .filter(|(s, d)| *s > 1 && *d == Scalar::Int(1))
        .collect();
    let [(n, _)] = unit[..] else { return None };
    let n = *n;
    let mut ok = true;
    let t = tile
        .try_map_leaves(|s, d| {
            let d = match d {
                Scalar::Int(d) => *d,
                _ => {
                    ok = false;
                    return Ok((*s, d.clone()));
                }
            };
            if *s <= 1 || d == 1 {
                return Ok((*s, Scalar::Int(d)));
            }
            if d < n || d % n != 0 {
                ok = false;
                return Ok((*s, Scalar::Int(d)));
            }
            let nd = (d / n)
                .checked_mul(n + p)
                .ok_or_else(|| Error::overflow(CHOOSE, "a padded stride"))?;
            Ok((*s, Scalar::Int(nd)))
        })
        .ok()?;
    ok.then_some(t)
}

/// The footprint in bytes of offsets spanning `lo ..= hi` (saturating at
/// `i64::MAX`).
fn footprint(lo: i64, hi: i64, bits: i64) -> i64 {
    let bytes = ((i128::from(hi) - i128::from(lo) + 1) * i128::from(bits) + 7) / 8;
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

/// Ranks the swizzles and paddings of `tile` by the total wavefronts of
/// `accesses` (see the module's documentation for the candidates and the
/// order).
///
/// # Pre-conditions
/// `tile` has integer strides; the accesses' TV layouts index its domain
/// and share one element width; at least one access.
///
/// # Errors
/// `ValueError` if a pre-condition fails, if an access fails under the
/// tile for a reason no layout changes (as [`bank_conflicts`]), if no
/// candidate keeps every access a vector, or if the work exceeds
/// [`MAX_CHOOSER_WORK`] or the tile [`MAX_TILE`] elements.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{choose_swizzle, Access, ChooseOptions, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // an 8 x 64 fp16 tile: 128-bit stores of its rows, ldmatrix reads of its columns
/// // (64 threads: thread t stores 8 values of row t / 8, from column 8 (t % 8))
/// let st = Access::new(l("((8, 8), 8):((64, 1), 8)"), 16, Op::St);
/// let ld = Access::new(l("((8, 4), 8):((1, 64), 8)"), 16, Op::LDMATRIX);
/// let r = choose_swizzle(&l("(8, 64):(64, 1)"), &[st, ld], &ChooseOptions::default()).unwrap();
/// assert_eq!(r.best().unwrap().choice.to_string(), "Swizzle<3,3,3>");
/// assert_eq!((r.candidates[0].wavefronts, r.candidates[0].ideal, r.candidates[0].per_access.clone()), (12, 12, vec![8, 4]));
/// // without it, the reads take 32 wavefronts
/// let none = r.candidates.iter().find(|c| c.choice.to_string() == "none").unwrap();
/// assert_eq!(none.per_access, [8, 32]);
/// ```
pub fn choose_swizzle(
    tile: &Layout,
    accesses: &[Access],
    options: &ChooseOptions,
) -> Result<Ranking> {
    if accesses.is_empty() {
        return Err(Error::value(CHOOSE, "no access to rank the layouts by"));
    }
    if let Some(d) = tile.strides().find(|d| !matches!(d, Scalar::Int(_))) {
        return Err(Error::type_error(
            CHOOSE,
            format!("the tile {tile} has the stride {d}: give the plain layout, the candidates add the swizzle"),
        ));
    }
    if !(1..=8).contains(&options.max_swizzle_bits) {
        return Err(Error::value(
            CHOOSE,
            format!(
                "max_swizzle_bits is {}; it must be from 1 to 8",
                options.max_swizzle_bits
            ),
        ));
    }
    let size = tile.size()?;
    if size > MAX_TILE {
        return Err(Error::value(
            CHOOSE,
            format!(
                "the tile {tile} has {size} elements, more than the {MAX_TILE} the chooser takes"
            ),
        ));
    }
    let bits = accesses[0].bits;
    if let Some(a) = accesses.iter().find(|a| a.bits != bits) {
        return Err(Error::value(
            CHOOSE,
            format!("the accesses' element widths differ ({bits} and {} bits): the tile holds elements of one width", a.bits),
        ));
    }
    let base = Smem::Layout(tile.clone());
    let prepared = accesses
        .iter()
        .map(|a| prepare(a, size))
        .collect::<Result<Vec<_>>>()?;
    let base_offsets = prepared
        .iter()
        .map(|p| offsets_of(p, &base))
        .collect::<Result<Vec<_>>>()?;
    let ev = tile.evaluator()?;
    let tile_offsets: Vec<i64> = (0..size)
        .map(|i| ev.try_eval(i))
        .collect::<Result<Vec<_>>>()?;
    // the candidates
    let (lo, hi) = tile_offsets
        .iter()
        .fold((i64::MAX, i64::MIN), |(a, b), &o| (a.min(o), b.max(o)));
    // (offsets past 2^32 elements are not shared memory's: the swizzles
    // stay in the low 32 bits)
    let k = if hi <= 0 {
        0
    } else {
        (64 - i64::from((hi as u64).leading_zeros())).min(32)
    };
    let mut choices = vec![Choice::None];
    for b in 1..=options.max_swizzle_bits.min(k) {
        for m in 0..=(k - 2 * b) {
            for s in b..=(k - m - b) {
                choices.push(Choice::Swizzle(Swizzle::new(b, m, s)?));
            }
        }
    }
    if options.padding && padded(tile, 1).is_some() {
        for p in 1..=(1024 / bits).clamp(1, 128) {
            choices.push(Choice::Pad(p));
        }
    }
    let work_each = prepared.iter().map(|p| p.idx.len() as i64).sum::<i64>() + size;
    let work = work_each.saturating_mul(choices.len() as i64);
    if work > MAX_CHOOSER_WORK {
        return Err(Error::value(
            CHOOSE,
            format!("{} candidates over {work_each} thread-value pairs and tile elements are {work} steps, more than the {MAX_CHOOSER_WORK} the chooser takes", choices.len()),
        ));
    }
    let mut candidates = Vec::new();
    let mut rejected = Vec::new();
    let mut first_error = None;
    for choice in choices {
        let (smem, offsets, bytes) = match choice {
            Choice::None => (base.clone(), base_offsets.clone(), footprint(lo, hi, bits)),
            Choice::Swizzle(sw) => {
                let offs: Vec<Vec<i64>> = base_offsets
                    .iter()
                    .map(|o| o.iter().map(|&x| sw.apply(x)).collect())
                    .collect();
                let (a, b) = tile_offsets
                    .iter()
                    .fold((i64::MAX, i64::MIN), |(a, b), &o| {
                        let x = sw.apply(o);
                        (a.min(x), b.max(x))
                    });
                let smem = Smem::Swizzled(SwizzledLayout {
                    swizzle: sw,
                    layout: tile.clone(),
                });
                (smem, offs, footprint(a, b, bits))
            }
            Choice::Pad(p) => {
                let Some(l) = padded(tile, p) else { continue };
                let smem = Smem::Layout(l.clone());
                let offs = prepared
                    .iter()
                    .map(|pr| offsets_of(pr, &smem))
                    .collect::<Result<Vec<_>>>()?;
                let ev = l.evaluator()?;
                let (mut a, mut b) = (i64::MAX, i64::MIN);
                for i in 0..size {
                    let x = ev.try_eval(i)?;
                    (a, b) = (a.min(x), b.max(x));
                }
                (smem, offs, footprint(a, b, bits))
            }
        };
        let mut per_access = Vec::with_capacity(prepared.len());
        let (mut wave, mut ideal) = (0, 0);
        let mut failed = None;
        for (p, o) in prepared.iter().zip(&offsets) {
            match run(p, o, &smem, false) {
                Ok(r) => {
                    per_access.push(r.wavefronts);
                    wave += r.wavefronts;
                    ideal += r.ideal;
                }
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        match failed {
            Some(e) => {
                if first_error.is_none() {
                    first_error = Some(e.clone());
                }
                rejected.push((choice, e.to_string()));
            }
            None => candidates.push(Candidate {
                choice,
                smem,
                wavefronts: wave,
                ideal,
                per_access,
                bytes,
            }),
        }
    }
    if candidates.is_empty() {
        let why = first_error.map_or_else(String::new, |e| format!(": {e}"));
        return Err(Error::value(
            CHOOSE,
            format!("no candidate layout keeps every access a vector{why}"),
        ));
    }
    candidates.sort_by_key(|c| (c.wavefronts, c.bytes, c.choice.order()));
    Ok(Ranking {
        candidates,
        rejected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn sw(b: i64, m: i64, s: i64, layout: &str) -> Smem {
        Smem::Swizzled(SwizzledLayout {
            swizzle: Swizzle::new(b, m, s).unwrap(),
            layout: l(layout),
        })
    }

    fn waves(tv: &str, smem: &Smem, bits: i64, op: &str) -> (i64, i64) {
        let r = bank_conflicts(&l(tv), smem, bits, op.parse().unwrap()).unwrap();
        (r.wavefronts, r.ideal)
    }

    #[test]
    fn test_banks_known_answers() {
        let ldsm = "((8, 4), 8):((1, 64), 8)";
        let tile: Smem = l("(8, 64):(64, 1)").into();
        assert_eq!(waves(ldsm, &tile, 16, "ldmatrix"), (32, 4));
        assert_eq!(
            waves(ldsm, &sw(3, 3, 3, "(8, 64):(64, 1)"), 16, "ldmatrix"),
            (4, 4)
        );
        // consecutive f32; a column of a 32 x 32 array, and padded
        assert_eq!(waves("(32, 1):(1, 0)", &l("32:1").into(), 32, "ld"), (1, 1));
        assert_eq!(
            waves("(32, 1):(1, 0)", &l("(32, 32):(32, 1)").into(), 32, "ld"),
            (32, 1)
        );
        assert_eq!(
            waves("(32, 1):(1, 0)", &l("(32, 32):(33, 1)").into(), 32, "ld"),
            (1, 1)
        );
        // 16 consecutive bytes per thread
        assert_eq!(
            waves("(32, 16):(16, 1)", &l("512:1").into(), 8, "ld"),
            (4, 4)
        );
        // F2 strides: the swizzled 8 x 32 f32 tile's columns
        let f2: Smem = l("(8, 32):(F36, F1)").into();
        assert_eq!(waves("(8, 1):(1, 0)", &f2, 32, "ld"), (1, 1));
        assert_eq!(
            waves("(8, 1):(1, 0)", &l("(8, 32):(32, 1)").into(), 32, "ld"),
            (8, 1)
        );
    }

    #[test]
    fn test_banks_matrix_counts_and_warps() {
        let tile: Smem = l("(8, 64):(64, 1)").into();
        // x1 and x2 from the threads
        assert_eq!(waves("(8, 8):(1, 8)", &tile, 16, "ldmatrix"), (8, 1));
        assert_eq!(
            waves("((8, 2), 8):((1, 64), 8)", &tile, 16, "stmatrix"),
            (16, 2)
        );
        // .x1 named: threads 8-31 are not read
        assert_eq!(
            waves("((8, 4), 8):((1, 0), 8)", &tile, 16, "ldmatrix.x1.trans"),
            (8, 1)
        );
        // two warps of 128-bit loads
        assert_eq!(
            waves("(64, 8):(8, 1)", &l("512:1").into(), 16, "ld"),
            (8, 8)
        );
        // 64-bit: two phases
        assert_eq!(waves("(32, 2):(2, 1)", &l("64:1").into(), 32, "ld"), (2, 2));
        // 8 threads reading the same vector: one wavefront per phase
        assert_eq!(waves("(8, 4):(0, 1)", &l("4:1").into(), 32, "ld"), (1, 1));
    }

    #[test]
    fn test_banks_errors_are_clear() {
        let tile: Smem = l("(8, 64):(64, 1)").into();
        let err = |tv: &str, bits: i64, op: Op| {
            bank_conflicts(&l(tv), &tile, bits, op)
                .unwrap_err()
                .to_string()
        };
        assert!(err("32:1", 16, Op::Ld).contains("not of rank 2"));
        assert!(err("(32, 2):(1, 64)", 16, Op::Ld).contains("not contiguous"));
        // thread 1's two values are at offsets 1 and 2
        let e = err("(32, 2):(8, 8)", 16, Op::Ld);
        assert!(
            e.contains("thread 1's 2 values") && e.contains("not aligned"),
            "{e}"
        );
        assert!(err("(32, 16):(1, 8)", 16, Op::Ld).contains("256 bits"));
        assert!(err("(32, 4):(1, 8)", 16, Op::LDMATRIX).contains("a row of 16 bytes"));
        assert!(err("(24, 8):(1, 8)", 16, Op::LDMATRIX).contains("24 threads"));
        assert!(err("(32, 8):(64, 1)", 16, Op::Ld).contains("outside"));
        assert!(err("(32, 8):(8, 1)", 12, Op::Ld).contains("power of two"));
        assert!(err("(2048, 1):(1, 0)", 16, Op::St).contains("1024"));
        assert!(err("(32, 1):(1, 0)", 16, Op::CpAsync).contains("4, 8 or 16 bytes"));
        // the values reversed are not a vector
        let rev: Smem = l("4:-1").into();
        let e = bank_conflicts(&l("(1, 4):(0, 1)"), &rev, 16, Op::Ld).unwrap_err();
        assert!(e.to_string().contains("not contiguous"), "{e}");
        let coord: Smem = l("(4, 8):(1@0, 1@1)").into();
        assert!(bank_conflicts(&l("(1, 1):(0, 0)"), &coord, 32, Op::Ld).is_err());
    }

    #[test]
    fn test_banks_ops_parse() {
        for s in [
            "ld",
            "st",
            "ldmatrix",
            "ldmatrix.trans",
            "stmatrix",
            "stmatrix.trans",
            "cp.async",
            "ldmatrix.x4.trans",
        ] {
            assert_eq!(s.parse::<Op>().unwrap().to_string(), s);
        }
        for s in [
            "",
            "ld.x4",
            "cp",
            "ldmatrix.x2.x2",
            "ldmatrix.trans.trans",
            "LD",
        ] {
            assert!(s.parse::<Op>().is_err(), "{s}");
        }
    }

    #[test]
    fn test_banks_chooser_gmma_atoms() {
        for ty in [ValueType::F16, ValueType::F32, ValueType::U8] {
            for sw in [SmemSwizzle::SW32, SmemSwizzle::SW64, SmemSwizzle::SW128] {
                let bits = ty.bits();
                let row = sw.row_bytes() * 8 / bits; // elements per row
                let vec = 128 / bits; // elements per 16 bytes
                let chunks = row / vec;
                let tile = l(&format!("(8, {row}):({row}, 1)"));
                // ldmatrix: thread t gives row t % 8 of chunk t / 8
                let ld = Access::new(
                    l(&format!("((8, {chunks}), {vec}):((1, {}), 8)", 8 * vec)),
                    bits,
                    Op::LDMATRIX,
                );
                let r = choose_swizzle(&tile, &[ld], &ChooseOptions::default()).unwrap();
                let want = gmma_smem_atom(Major::K, sw, ty).unwrap().swizzle;
                assert_eq!(
                    r.best().unwrap().choice,
                    Choice::Swizzle(want),
                    "{ty} {sw}\n{r}"
                );
            }
        }
    }
}
