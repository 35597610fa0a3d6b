//! Copy atoms: a copy instruction's thread-value layouts (in bits), with
//! the type of the values it moves.

use cute_core::{Error, Result};

use super::{recast_layout, ValueType};
use crate::Layout;

pub use super::copy_ops::CopyOp;

/// A copy atom (CuTe C++'s `Copy_Atom<Op, T>`): a copy instruction and the
/// type `T` of the values it moves.
///
/// The instruction's layouts are in bits (CuTe's `Copy_Traits`):
/// `thr_id` (the instruction's threads), and `src`, `dst`, `ref`:
/// `(thread, bit) -> bit offset` of the source, of the destination, and
/// of the reference the tilings are written against. In values of `T`
/// they are [`recast_layout`]ed from 1 bit to `T`'s width
/// ([`CopyAtom::val_layout_src`]); each must keep a thread mode of the
/// size of `thr_id`.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{CopyAtom, CopyOp, ValueType};
/// let op = CopyOp::from_name("SM75_U32x4_LDSM_N").unwrap();
/// let ca = CopyAtom::new(op, ValueType::F16).unwrap();
/// assert_eq!(ca.val_layout_src().unwrap().to_string(), "(32, 8):(8, 1)");
/// assert_eq!(ca.num_val_src().unwrap(), 8);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CopyAtom {
    name: String,
    value_type: ValueType,
    thr_id: Layout,
    src: Layout,
    dst: Layout,
    reference: Layout,
}

impl CopyAtom {
    /// A copy atom from its parts: a name, the value type, the thread ID
    /// layout and the source, destination and reference layouts in bits.
    ///
    /// # Errors
    /// `ValueError` unless each layout is a pair `(thread, bits)` and, in
    /// values of `value_type`, keeps a thread mode of the size of `thr_id`
    /// (CuTe's "CopyOperation is not valid for Src of ValType").
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{CopyAtom, ValueType};
    /// let l = |s: &str| s.parse().unwrap();
    /// let c = CopyAtom::from_parts("Copy32", ValueType::F16, l("1:0"), l("(1, 32):(0, 1)"),
    ///                              l("(1, 32):(0, 1)"), l("(1, 32):(0, 1)")).unwrap();
    /// assert_eq!(c.val_layout_dst().unwrap().to_string(), "(1, 2):(0, 1)");
    /// // the thread ID layout has two threads, the layouts one
    /// assert!(CopyAtom::from_parts("Copy32", ValueType::F16, l("2:1"), l("(1, 32):(0, 1)"),
    ///                              l("(1, 32):(0, 1)"), l("(1, 32):(0, 1)")).is_err());
    /// ```
    pub fn from_parts(
        name: impl Into<String>,
        value_type: ValueType,
        thr_id: Layout,
        src: Layout,
        dst: Layout,
        reference: Layout,
    ) -> Result<CopyAtom> {
        let atom = CopyAtom {
            name: name.into(),
            value_type,
            thr_id,
            src,
            dst,
            reference,
        };
        let threads = atom.thr_id.size()?;
        for (what, bits) in [
            ("Src", &atom.src),
            ("Dst", &atom.dst),
            ("Ref", &atom.reference),
        ] {
            let valid = bits.rank() == 2
                && atom
                    .in_values(bits)
                    .and_then(|v| v.size_mode(&[0]))
                    .is_ok_and(|t| t == threads)
                && atom.in_values(bits).is_ok();
            if !valid {
                return Err(Error::value(
                    "Copy_Atom",
                    format!(
                        "{} is not valid for {what} of {}: its layout {bits} (in bits) does not keep {threads} threads in values of {} bits",
                        atom.name,
                        value_type,
                        value_type.bits()
                    ),
                ));
            }
        }
        Ok(atom)
    }

    /// The instruction's name (`SM75_U32x4_LDSM_N`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The type of the values moved.
    pub fn value_type(&self) -> ValueType {
        self.value_type
    }

    /// The instruction's threads (CuTe's `ThrID`).
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }

    /// `(thread, bit) -> bit` of the source (CuTe's `SrcLayout`).
    pub fn layout_src_bits(&self) -> &Layout {
        &self.src
    }

    /// `(thread, bit) -> bit` of the destination (CuTe's `DstLayout`).
    pub fn layout_dst_bits(&self) -> &Layout {
        &self.dst
    }

    /// `(thread, bit) -> bit` of the reference (CuTe's `RefLayout`).
    pub fn layout_ref_bits(&self) -> &Layout {
        &self.reference
    }

    fn in_values(&self, bits: &Layout) -> Result<Layout> {
        recast_layout(bits, 1, self.value_type.bits())
    }

    /// The source layout in values (CuTe's `ValLayoutSrc`).
    ///
    /// # Errors
    /// None for an atom built by [`CopyAtom::new`] or
    /// [`CopyAtom::from_parts`] (which check it).
    pub fn val_layout_src(&self) -> Result<Layout> {
        self.in_values(&self.src)
    }

    /// The destination layout in values (CuTe's `ValLayoutDst`).
    ///
    /// # Errors
    /// As [`CopyAtom::val_layout_src`].
    pub fn val_layout_dst(&self) -> Result<Layout> {
        self.in_values(&self.dst)
    }

    /// The reference layout in values (CuTe's `ValLayoutRef`).
    ///
    /// # Errors
    /// As [`CopyAtom::val_layout_src`].
    pub fn val_layout_ref(&self) -> Result<Layout> {
        self.in_values(&self.reference)
    }

    /// The values one thread moves from the source (CuTe's `NumValSrc`).
    ///
    /// # Errors
    /// As [`CopyAtom::val_layout_src`].
    pub fn num_val_src(&self) -> Result<i64> {
        self.val_layout_src()?.size_mode(&[1])
    }

    /// The values one thread moves to the destination (CuTe's `NumValDst`).
    ///
    /// # Errors
    /// As [`CopyAtom::val_layout_src`].
    pub fn num_val_dst(&self) -> Result<i64> {
        self.val_layout_dst()?.size_mode(&[1])
    }
}

impl core::fmt::Display for CopyAtom {
    /// CuTe C++'s `print(Copy_Atom)`, headed by the instruction's name and
    /// value type, with the layouts in values.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        writeln!(f, "Copy_Atom {} {}", self.name, self.value_type)?;
        writeln!(f, "  ThrID:        {}", self.thr_id)?;
        for (what, bits) in [
            ("ValLayoutSrc", &self.src),
            ("ValLayoutDst", &self.dst),
            ("ValLayoutRef", &self.reference),
        ] {
            match self.in_values(bits) {
                Ok(v) => writeln!(f, "  {what}: {v}")?,
                Err(_) => writeln!(f, "  {what}: {bits} (bits)")?,
            }
        }
        Ok(())
    }
}
