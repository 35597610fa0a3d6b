//! What an analysis reads: an [`Access`] of shared memory (a TV layout, the
//! width of its elements and its instruction, or a tiled copy's), and a
//! [`ThreadAccess`], the vector one thread moves in one instruction.

use cute_core::{Error, Result};

use super::op::{Op, Side};
use super::{BANK_BYTES, OP};
use crate::atom::{CopyOp, TiledCopy};
use crate::htuple::{product_each, HTuple, IntTuple};
use crate::layout::make_layout;
use crate::Layout;

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
