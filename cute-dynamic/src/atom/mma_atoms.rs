//! MMA atoms: an instruction's shape and thread-value layouts, as data.

use cute_core::{Error, Result};

use super::ValueType;
use crate::Layout;

pub use super::mma_ops::{Major, MmaOp};

/// An MMA atom (CuTe C++'s `MMA_Atom<Op>`): what one matrix
/// multiply-accumulate instruction computes, `D = A * B + C` on an
/// `(M, N, K)` block, and which thread holds which element of each operand.
///
/// - `thr_id`: the instruction's threads, `thread id -> thread index` in
///   the block (32 lanes for `mma.sync`, a quad-pair for SM70, 128 threads
///   of a warpgroup for `wgmma`);
/// - `layout_a_tv`, `layout_b_tv`, `layout_c_tv`: `(thread, value) ->
///   coordinate` of A `(M, K)`, B `(N, K)` and C `(M, N)`, each coordinate
///   the column-major index into the operand's tile (`m + M * k` for A).
///
/// Atoms are built from an instruction's name ([`MmaAtom::new`] of an
/// [`MmaOp`]) or, for an instruction of one's own, from its parts
/// ([`MmaAtom::from_parts`]).
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{MmaAtom, MmaOp};
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap();
/// assert_eq!(atom.shape_mnk(), [16, 8, 16]);
/// assert_eq!(atom.layout_c_tv().to_string(), "((4, 8), (2, 2)):((32, 1), (16, 8))");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MmaAtom {
    name: String,
    types: [ValueType; 4],
    shape_mnk: [i64; 3],
    thr_id: Layout,
    a: Layout,
    b: Layout,
    c: Layout,
}

impl MmaAtom {
    /// An atom from its parts: a name, the value types of D, A, B and C,
    /// the shape `(M, N, K)`, the thread ID layout and the three
    /// thread-value layouts.
    ///
    /// # Errors
    /// `ValueError` unless every extent of the shape is positive, each
    /// thread-value layout is a pair `(thread, value)` whose thread mode has
    /// the size of `thr_id`, and its values stay inside the operand's tile
    /// (`0 <= layout(t, v) < M * K` for A).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{MmaAtom, ValueType};
    /// let l = |s: &str| s.parse().unwrap();
    /// let fma = MmaAtom::from_parts("FMA", [ValueType::F32; 4], [1, 1, 1], l("1:0"),
    ///                               l("(1, 1):(0, 0)"), l("(1, 1):(0, 0)"), l("(1, 1):(0, 0)"));
    /// assert!(fma.is_ok());
    /// // A's values leave the 2 x 1 tile
    /// assert!(MmaAtom::from_parts("bad", [ValueType::F32; 4], [2, 1, 1], l("1:0"),
    ///                             l("(1, 2):(0, 2)"), l("(1, 1):(0, 0)"), l("(1, 2):(0, 1)")).is_err());
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        name: impl Into<String>,
        types: [ValueType; 4],
        shape_mnk: [i64; 3],
        thr_id: Layout,
        a: Layout,
        b: Layout,
        c: Layout,
    ) -> Result<MmaAtom> {
        let name = name.into();
        const OP: &str = "MMA_Atom";
        if shape_mnk.iter().any(|&e| e <= 0) {
            return Err(Error::value(
                OP,
                format!("{name}: the shape {shape_mnk:?} has an extent that is not positive"),
            ));
        }
        let [m, n, k] = shape_mnk;
        let threads = thr_id.size()?;
        for (what, layout, extent) in [("A", &a, m * k), ("B", &b, n * k), ("C", &c, m * n)] {
            check_tv(OP, &name, what, layout, threads, extent)?;
        }
        Ok(MmaAtom {
            name,
            types,
            shape_mnk,
            thr_id,
            a,
            b,
            c,
        })
    }

    /// The instruction's name (CuTe C++'s, `SM80_16x8x16_F32F16F16F32_TN`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value types of D, A, B and C.
    pub fn value_types(&self) -> [ValueType; 4] {
        self.types
    }

    /// The instruction's shape `(M, N, K)` (CuTe's `Shape_MNK`).
    pub fn shape_mnk(&self) -> [i64; 3] {
        self.shape_mnk
    }

    /// The instruction's threads (CuTe's `ThrID`).
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }

    /// `(thread, value) -> (m, k)` of A (CuTe's `ALayout`).
    pub fn layout_a_tv(&self) -> &Layout {
        &self.a
    }

    /// `(thread, value) -> (n, k)` of B (CuTe's `BLayout`).
    pub fn layout_b_tv(&self) -> &Layout {
        &self.b
    }

    /// `(thread, value) -> (m, n)` of C (CuTe's `CLayout`).
    pub fn layout_c_tv(&self) -> &Layout {
        &self.c
    }
}

/// Checks that `layout` is a thread-value layout of `threads` threads into
/// a tile of `extent` elements.
pub(super) fn check_tv(
    op: &'static str,
    name: &str,
    what: &str,
    layout: &Layout,
    threads: i64,
    extent: i64,
) -> Result<()> {
    if layout.rank() != 2 {
        return Err(Error::value(
            op,
            format!("{name}: the {what} layout {layout} is not a pair (thread, value)"),
        ));
    }
    let t = layout.size_mode(&[0])?;
    if t != threads {
        return Err(Error::value(
            op,
            format!("{name}: the {what} layout {layout} has {t} threads, the thread ID layout {threads}"),
        ));
    }
    let span = crate::tensor::offset_span(layout)?;
    if span.start < 0 || span.end > extent {
        return Err(Error::value(
            op,
            format!(
                "{name}: the {what} layout {layout} reaches outside its tile of {extent} elements"
            ),
        ));
    }
    Ok(())
}

impl core::fmt::Display for MmaAtom {
    /// CuTe C++'s `print(MMA_Atom)`, headed by the instruction's name.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let [m, n, k] = self.shape_mnk;
        writeln!(f, "MMA_Atom {}", self.name)?;
        writeln!(f, "  ThrID:      {}", self.thr_id)?;
        writeln!(f, "  Shape_MNK:  ({m}, {n}, {k})")?;
        writeln!(f, "  LayoutA_TV: {}", self.a)?;
        writeln!(f, "  LayoutB_TV: {}", self.b)?;
        write!(f, "  LayoutC_TV: {}", self.c)
    }
}
