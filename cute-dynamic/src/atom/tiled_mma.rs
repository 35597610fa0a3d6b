//! TiledMMA: an MMA atom tiled over a layout of atoms and a permutation of
//! the tile (CuTe C++'s `TiledMMA`, `ThrMMA`, `make_tiled_mma`).

use core::fmt;

use cute_core::{DynInt, Error, Result};

use super::MmaAtom;
use crate::algebra::{
    complement, composition, logical_divide, right_inverse, tiled_product, zipped_divide,
};
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{make_layout, Layout, Tiler};
use crate::shape::CoordLeaf;
use crate::typedefs::Scalar;

/// An MMA atom tiled over a block of threads (CuTe C++'s `TiledMMA`).
///
/// - the *atom layout* `(AM, AN, AK)` places copies of the atom: its
///   threads are `thr_layout_vmnk = tiled_product(thr_id, atom_layout)`,
///   `(V, M, N, K) -> thread index`, V the atom's own threads;
/// - the *permutation* `(PM, PN, PK)` says, per mode, which elements of the
///   tile the atoms take, in order: `None` keeps the natural order over
///   `atom extent * atoms` elements, an integer `n` the first `n` elements
///   (`n:1`), a layout its own order.
///
/// [`TiledMma::thrfrg_c`] tiles an `(M, N)` layout into
/// `((ThrV, (ThrM, ThrN)), (FrgV, (RestM, RestN)))`, and
/// [`TiledMma::get_slice`] gives one thread's view ([`ThrMma`]), whose
/// `partition_*` give the thread's elements of A, B and C.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap();
/// let tm = make_tiled_mma(atom, Some(&"(2, 2, 1):(1, 2, 4)".parse().unwrap()), &[]).unwrap();
/// assert_eq!(tm.tile_size(0).unwrap(), 32);
/// assert_eq!(tm.thr_layout_vmnk().to_string(), "(32, 2, 2, 1):(1, 32, 64, 0)");
/// let c = tm.get_slice(5).unwrap().partition_c(&"(128, 128):(1, 128)".parse().unwrap()).unwrap();
/// assert_eq!(c.1.to_string(), "((2, 2), 4, 8):((128, 8), 32, 2048)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TiledMma {
    atom: MmaAtom,
    thr_layout_vmnk: Layout,
    permutation: [Tiler; 3],
}

/// CuTe C++'s `make_tiled_mma(atom, atom_layout, permutation)`: `atom`
/// tiled over `atom_layout` (at most three modes `(M, N, K)`, the missing
/// ones `1:0`; `None` is one atom) with the permutation `permutation` (at
/// most three entries, the missing ones `None`).
///
/// # Errors
/// `ValueError` if `atom_layout` has more than three modes, or
/// `permutation` more than three entries or a tuple entry; as
/// [`tiled_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp, ValueType};
/// use cute_dynamic::layout::Tiler;
/// let fma = MmaAtom::new(MmaOp::UniversalFma(ValueType::F32)).unwrap();
/// let tm = make_tiled_mma(fma, Some(&"(16, 16, 1):(1, 16, 256)".parse().unwrap()), &[]).unwrap();
/// assert_eq!(tm.get_layout_c_tv().unwrap().to_string(), "(256, (1, (1, 1))):(1, (0, (0, 0)))");
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap();
/// let tm = make_tiled_mma(atom, Some(&"(2, 2, 1):(1, 2, 4)".parse().unwrap()),
///                         &[Tiler::Int(32), Tiler::Int(32), Tiler::Int(16)]).unwrap();
/// assert_eq!((tm.tile_size(0).unwrap(), tm.tile_size(1).unwrap()), (32, 32));
/// ```
pub fn make_tiled_mma(
    atom: MmaAtom,
    atom_layout: Option<&Layout>,
    permutation: &[Tiler],
) -> Result<TiledMma> {
    const OP: &str = "make_tiled_mma";
    let one = Layout::leaf(1, Scalar::Int(0));
    let mut modes: Vec<Layout> = match atom_layout {
        None => vec![],
        Some(l) if l.is_tuple() => l.modes().collect(),
        Some(l) => vec![l.clone()],
    };
    if modes.len() > 3 {
        return Err(Error::value(
            OP,
            format!(
                "the atom layout {} has {} modes; a TiledMMA takes at most three (M, N, K)",
                atom_layout.map(|l| l.to_string()).unwrap_or_default(),
                modes.len()
            ),
        ));
    }
    modes.resize(3, one);
    // CuTe's compact layouts put stride 0 on extent-1 modes (the same
    // function): so does a compact atom layout here, so that the results
    // print alike (a layout written with other strides keeps them)
    let given = make_layout(&modes);
    let atoms = if given == Layout::compact(given.shape())? {
        zero_unit_strides(&given)?
    } else {
        given
    };
    if permutation.len() > 3 {
        return Err(Error::value(
            OP,
            format!(
                "the permutation has {} entries; a TiledMMA takes at most three (M, N, K)",
                permutation.len()
            ),
        ));
    }
    let mut perm = [Tiler::None, Tiler::None, Tiler::None];
    for (p, t) in perm.iter_mut().zip(permutation) {
        match t {
            Tiler::Tuple(_) => {
                return Err(Error::value(
                    OP,
                    format!("the permutation entry {t:?} is a tuple; each mode of M, N, K takes an integer, a layout or None"),
                ))
            }
            t => *p = t.clone(),
        }
    }
    let thr_layout_vmnk = tiled_product(atom.thr_id(), &atoms)?;
    Ok(TiledMma {
        atom,
        thr_layout_vmnk,
        permutation: perm,
    })
}

/// Which operand a thread-value tiling is of, with its modes of `(M, N,
/// K)` and of `(V, M, N, K)`.
#[derive(Clone, Copy)]
enum Operand {
    A,
    B,
    C,
}

impl Operand {
    /// The modes of `(M, N, K)` the operand spans.
    fn mnk(self) -> [usize; 2] {
        match self {
            Operand::A => [0, 2],
            Operand::B => [1, 2],
            Operand::C => [0, 1],
        }
    }
}

impl TiledMma {
    /// The atom.
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// `(V, M, N, K) -> thread index`: the atom's threads tiled over the
    /// atom layout (CuTe's `get_thr_layout_vmnk`).
    pub fn thr_layout_vmnk(&self) -> &Layout {
        &self.thr_layout_vmnk
    }

    /// The permutation of `(M, N, K)`, `None` where none was given.
    pub fn permutation(&self) -> &[Tiler; 3] {
        &self.permutation
    }

    /// The number of threads: `size(thr_layout_vmnk)`.
    ///
    /// # Errors
    /// None in practice (the size of a layout built from atoms).
    pub fn size(&self) -> Result<i64> {
        self.thr_layout_vmnk.size()
    }

    fn vmnk_size(&self, mode: usize) -> Result<i64> {
        self.thr_layout_vmnk.size_mode(&[mode])
    }

    /// The permutation of mode `i` of `(M, N, K)` as a tiler: the given one,
    /// or `atom extent * atoms` elements in order.
    fn permutation_mnk(&self, i: usize) -> Result<Tiler> {
        Ok(match &self.permutation[i] {
            Tiler::None => Tiler::Int(self.atom.shape_mnk()[i] * self.vmnk_size(i + 1)?),
            t => t.clone(),
        })
    }

    /// The extent of the tile in mode `i` of `(M, N, K)` (CuTe's
    /// `tile_size<I>`): the size of the permutation of that mode.
    ///
    /// # Errors
    /// `IndexError` if `i > 2`.
    pub fn tile_size(&self, i: usize) -> Result<i64> {
        if i > 2 {
            return Err(Error::out_of_range(
                "tile_size",
                i as i64,
                Some(3_i64.into()),
                format!("mode {i} of a TiledMMA's (M, N, K)"),
            ));
        }
        match self.permutation_mnk(i)? {
            Tiler::Int(n) => Ok(n),
            Tiler::Layout(l) => l.size(),
            t => Err(Error::value("tile_size", format!("permutation {t:?}"))),
        }
    }

    /// The tile `(M, N, K)` (CuTe's `tile_shape`).
    ///
    /// # Errors
    /// As [`TiledMma::tile_size`].
    pub fn tile_shape(&self) -> Result<[i64; 3]> {
        Ok([self.tile_size(0)?, self.tile_size(1)?, self.tile_size(2)?])
    }

    /// The tiling of an operand's layout into `((ThrV, (Thr0, Thr1)), (FrgV,
    /// (Rest0, Rest1, ...)))`.
    fn thrfrg<I: DynInt>(&self, op: Operand, layout: &Layout<I>) -> Result<Layout<I>> {
        let [i, j] = op.mnk();
        let name = match op {
            Operand::A => "thrfrg_A",
            Operand::B => "thrfrg_B",
            Operand::C => "thrfrg_C",
        };
        if layout.rank() < 2 || !layout.is_tuple() {
            return Err(Error::value(
                name,
                format!("{layout} has fewer than two modes; the operand's tile needs two"),
            ));
        }
        check_divides(name, layout, &[self.tile_size(i)?, self.tile_size(j)?])?;
        // the atoms' order of the tile
        let t = logical_divide(
            layout,
            Tiler::Tuple(vec![
                lift_tiler(&self.permutation_mnk(i)?)?,
                lift_tiler(&self.permutation_mnk(j)?)?,
            ]),
        )?;
        // ((AtomI, AtomJ), (RestI, RestJ, ...))
        let shape = self.atom.shape_mnk();
        let atom_tile = Tiler::Tuple(vec![
            Tiler::Layout(lift(&col_major(&HTuple::Leaf(shape[i]))?)?),
            Tiler::Layout(lift(&col_major(&HTuple::Leaf(shape[j]))?)?),
        ]);
        let z = zipped_divide(&t, atom_tile)?;
        let tv_atom = match op {
            Operand::A => self.atom.layout_a_tv(),
            Operand::B => self.atom.layout_b_tv(),
            Operand::C => self.atom.layout_c_tv(),
        };
        // ((ThrV, FrgV), (RestI, RestJ, ...))
        let tv = composition(&z.mode(0)?, &lift(tv_atom)?)?;
        let rest = z.mode(1)?;
        // the rest divided by the atoms' threads in modes i and j
        let (ti, tj) = (self.vmnk_size(i + 1)?, self.vmnk_size(j + 1)?);
        let mut thr = Vec::new();
        let mut frg = Vec::new();
        for (k, mode) in rest.modes().enumerate() {
            let n = match k {
                0 => ti,
                1 => tj,
                _ => {
                    frg.push(mode);
                    continue;
                }
            };
            let d = logical_divide(&mode, &lift(&col_major(&HTuple::Leaf(n))?)?)?;
            thr.push(d.mode(0)?);
            frg.push(d.mode(1)?);
        }
        zero_unit_strides(&make_layout(&[
            make_layout(&[tv.mode(0)?, make_layout(&thr)]),
            make_layout(&[tv.mode(1)?, make_layout(&frg)]),
        ]))
    }

    /// CuTe's `thrfrg_C`: an `(M, N, ...)` layout tiled into `((ThrV, (ThrM,
    /// ThrN)), (FrgV, (RestM, RestN, ...)))`: divided by the permutation,
    /// zipped-divided by the atom's `(M, N)`, its atom mode composed with
    /// the atom's C layout, and its rest divided by the atoms' threads in M
    /// and N.
    ///
    /// # Errors
    /// `ValueError` if `layout` has fewer than two modes; as
    /// [`logical_divide`], [`zipped_divide`] and [`composition`] (a tile that
    /// the permutation or the atom does not divide).
    pub fn thrfrg_c<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>> {
        self.thrfrg(Operand::C, layout)
    }

    /// CuTe's `thrfrg_A`: as [`TiledMma::thrfrg_c`] for an `(M, K, ...)`
    /// layout and the atom's A layout: `((ThrV, (ThrM, ThrK)), (FrgV,
    /// (RestM, RestK, ...)))`.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn thrfrg_a<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>> {
        self.thrfrg(Operand::A, layout)
    }

    /// CuTe's `thrfrg_B`: as [`TiledMma::thrfrg_c`] for an `(N, K, ...)`
    /// layout and the atom's B layout: `((ThrV, (ThrN, ThrK)), (FrgV,
    /// (RestN, RestK, ...)))`.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn thrfrg_b<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>> {
        self.thrfrg(Operand::B, layout)
    }

    /// `thread index -> (V, M, N, K)` thread id: the right inverse of the
    /// thread layout completed by its complement, with one mode.
    fn thridx_2_thrid(&self) -> Result<Layout> {
        let vmnk = &self.thr_layout_vmnk;
        let full = make_layout(&[vmnk.clone(), complement(vmnk)?]);
        let n = vmnk.size()?;
        let head = Layout::from_ints(
            &HTuple::Tuple(vec![HTuple::Leaf(n), HTuple::Leaf(1)]),
            &HTuple::Tuple(vec![HTuple::Leaf(1), HTuple::Leaf(0)]),
        )?;
        composition(&head, &right_inverse(&full)?)
    }

    fn layout_tv(&self, op: Operand) -> Result<Layout> {
        let [i, j] = op.mnk();
        let reference = col_major(&pair(self.tile_size(i)?, self.tile_size(j)?))?;
        let tiled = self.thrfrg(op, &reference)?;
        let mut thr = tiled.mode(0)?;
        // the thread modes of A and B spread over the other operand's threads
        // with stride 0 (A does not depend on ThrN, B on ThrM)
        if !matches!(op, Operand::C) {
            let (m, n) = (self.vmnk_size(1)?, self.vmnk_size(2)?);
            let spread = match op {
                Operand::A => Layout::from_ints(&pair(m, n), &pair(1, 0))?,
                _ => Layout::from_ints(&pair(m, n), &pair(0, 1))?,
            };
            let inner = thr.mode(1)?;
            let spread_mode = composition(&inner.mode(0)?, &spread)?;
            let rest: Vec<Layout> = inner.modes().skip(1).collect();
            let mut modes = vec![spread_mode];
            modes.extend(rest);
            thr = make_layout(&[thr.mode(0)?, make_layout(&modes)]);
        }
        let thr = composition(&thr, &self.thridx_2_thrid()?)?;
        zero_unit_strides(&make_layout(&[thr, tiled.mode(1)?]))
    }

    /// CuTe's `get_layoutC_TV`: `(thread index, value) -> (m, n)`, the
    /// column-major index into the `(M, N)` tile, for every thread of the
    /// tiled MMA.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn get_layout_c_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::C)
    }

    /// CuTe's `get_layoutA_TV`: `(thread index, value) -> (m, k)`; the
    /// threads of different N hold the same elements.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn get_layout_a_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::A)
    }

    /// CuTe's `get_layoutB_TV`: `(thread index, value) -> (n, k)`; the
    /// threads of different M hold the same elements.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn get_layout_b_tv(&self) -> Result<Layout> {
        self.layout_tv(Operand::B)
    }

    /// Thread `thr`'s view of the tiled MMA (CuTe's `get_slice`): `thr` is
    /// a thread index, an offset of [`TiledMma::thr_layout_vmnk`], and its
    /// coordinate `(v, m, n, k)` there (each a one-dimensional index into
    /// its mode) says which atom and which of the atom's threads it is.
    ///
    /// # Errors
    /// `IndexError` if `thr` is negative; `ValueError` if it is not an
    /// offset of the thread layout (an SM70
    /// atom's quad-pair uses threads 0-3 and 16-19). CuTe C++ checks
    /// neither.
    pub fn get_slice(&self, thr: i64) -> Result<ThrMma<'_>> {
        if thr < 0 {
            return Err(Error::out_of_range(
                "get_slice",
                thr,
                None,
                format!("thread {thr} of a TiledMMA: a thread index is not negative"),
            ));
        }
        // the coordinate whose image is `thr` (CuTe's get_flat_coord: the
        // thread index is in the codomain of the thread layout)
        let crd = crate::tensor::partition::flat_coord(&self.thr_layout_vmnk, thr)?;
        let mut vmnk = [0_i64; 4];
        match &crd {
            HTuple::Tuple(c) if c.len() == 4 => {
                for (k, c) in c.iter().enumerate() {
                    if let HTuple::Leaf(c) = c {
                        vmnk[k] = *c;
                    }
                }
            }
            _ => {
                return Err(Error::value(
                    "get_slice",
                    format!(
                        "the thread layout {} has not four modes (V, M, N, K)",
                        self.thr_layout_vmnk
                    ),
                ))
            }
        }
        let back = self.thr_layout_vmnk.call(&HTuple::Tuple(
            vmnk.iter().map(|&x| HTuple::Leaf(x)).collect(),
        ))?;
        if back != Scalar::Int(thr) {
            return Err(Error::value(
                "get_slice",
                format!("thread {thr} is not a thread of the TiledMMA, whose threads are the offsets of {}", self.thr_layout_vmnk),
            ));
        }
        Ok(ThrMma {
            tiled: self,
            thr,
            vmnk,
        })
    }
}

/// A layout with stride 0 on its extent-1 leaves (the same function): CuTe
/// C++ writes `_1:_0` for the extent-1 modes its divides and complements
/// leave, and the atom layer's results print as it does.
pub(super) fn zero_unit_strides<I: DynInt>(l: &Layout<I>) -> Result<Layout<I>> {
    l.try_map_leaves(|s, d| {
        let one = s.try_const() == Some(1);
        Ok((
            s.clone(),
            if one {
                Scalar::Int(I::from_i64(0))
            } else {
                d.clone()
            },
        ))
    })
}

/// Checks that the tile `tile` divides the first modes of `layout` (where
/// their sizes are known): a partition of a tile that does not fit would
/// reach elements outside the layout's domain (CuTe C++ checks this only
/// for static shapes).
pub(super) fn check_divides<I: DynInt>(
    op: &'static str,
    layout: &Layout<I>,
    tile: &[i64],
) -> Result<()> {
    for (k, &t) in tile.iter().enumerate() {
        let size = if layout.is_tuple() {
            layout.size_mode(&[k])?
        } else {
            layout.size()?
        };
        if let Some(n) = size.try_const() {
            if t == 0 || n % t != 0 {
                return Err(Error::divisibility(
                    op,
                    n,
                    t,
                    format!("the tile's extent {t} in mode {k} does not divide {layout:?}'s {n}: the tile does not fit the layout"),
                ));
            }
        }
    }
    Ok(())
}

/// A machine-integer layout (an atom's, a tile's) as a layout over `I`.
pub(super) fn lift<I: DynInt>(l: &Layout) -> Result<Layout<I>> {
    l.try_map_ints(|&x| Ok(I::from_i64(x)))
}

/// A machine-integer tiler as a tiler over `I`.
pub(super) fn lift_tiler<I: DynInt>(t: &Tiler) -> Result<Tiler<I>> {
    t.lifted()
}

/// The compact column-major layout of `shape` as CuTe C++ writes it:
/// prefix-product strides, and stride 0 on extent-1 leaves.
pub(super) fn col_major(shape: &IntTuple) -> Result<Layout> {
    zero_unit_strides(&Layout::compact(shape.clone())?)
}

/// A partition whose extents and strides are all known integers (a
/// register fragment's shape must be).
fn constant<I: DynInt>(l: &Layout<I>) -> Result<Layout> {
    l.try_map_ints(|x| {
        x.try_const().ok_or_else(|| {
            Error::value(
                "partition_fragment",
                format!("{l:?} has the extent or stride {x}, not a known integer: a register fragment's shape must be"),
            )
        })
    })
}

/// The shape of [`constant`].
fn constant_shape<I: DynInt>(l: &Layout<I>) -> Result<IntTuple> {
    Ok(constant(&l.try_map_leaves(|s, _| Ok((s.clone(), Scalar::Int(I::from_i64(0)))))?)?.shape())
}

fn pair(a: i64, b: i64) -> IntTuple {
    HTuple::Tuple(vec![HTuple::Leaf(a), HTuple::Leaf(b)])
}

/// One thread's view of a [`TiledMma`] (CuTe C++'s `ThrMMA`): partitions
/// of A, B and C for that thread.
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<'a> {
    tiled: &'a TiledMma,
    thr: i64,
    vmnk: [i64; 4],
}

impl ThrMma<'_> {
    /// The thread's index.
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// The thread's coordinate `(v, m, n, k)` in the thread layout.
    pub fn vmnk(&self) -> [i64; 4] {
        self.vmnk
    }

    fn partition<I: DynInt>(
        &self,
        op: Operand,
        layout: &Layout<I>,
    ) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        let tiled = self.tiled.thrfrg(op, layout)?;
        let [i, j] = op.mnk();
        let [v, ..] = self.vmnk;
        let at = |x: i64| HTuple::Leaf(Some(I::from_i64(x)));
        let thr: HTuple<Option<I>> = HTuple::Tuple(vec![
            at(v),
            HTuple::Tuple(vec![at(self.vmnk[i + 1]), at(self.vmnk[j + 1])]),
        ]);
        let rest_rank = tiled.mode(1)?.mode(1)?.rank();
        let keep: HTuple<Option<I>> = HTuple::Tuple(vec![
            HTuple::Leaf(None),
            HTuple::Tuple(vec![HTuple::Leaf(None); rest_rank]),
        ]);
        tiled.offset_and_slice(&HTuple::Tuple(vec![thr, keep]))
    }

    /// CuTe's `partition_C`: the thread's elements of an `(M, N, ...)`
    /// layout, `(FrgV, RestM, RestN, ...)`, with their offset: `layout`'s
    /// element at `(FrgV, RestM, RestN)` is `offset + result(...)`.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    pub fn partition_c<I: DynInt>(&self, layout: &Layout<I>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.partition(Operand::C, layout)
    }

    /// CuTe's `partition_A`: the thread's elements of an `(M, K, ...)`
    /// layout, `(FrgV, RestM, RestK, ...)`, with their offset.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_a`].
    pub fn partition_a<I: DynInt>(&self, layout: &Layout<I>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.partition(Operand::A, layout)
    }

    /// CuTe's `partition_B`: the thread's elements of an `(N, K, ...)`
    /// layout, `(FrgV, RestN, RestK, ...)`, with their offset.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_b`].
    pub fn partition_b<I: DynInt>(&self, layout: &Layout<I>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.partition(Operand::B, layout)
    }

    /// CuTe's `partition_fragment_C`: the layout of the thread's register
    /// fragment of C, compact column-major over the shape of
    /// [`ThrMma::partition_c`] (accumulators follow no input's order).
    ///
    /// # Errors
    /// As [`ThrMma::partition_c`].
    pub fn partition_fragment_c<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        col_major(&constant_shape(&self.partition_c(layout)?.1)?)
    }

    /// CuTe's `partition_fragment_A`: the layout of the thread's register
    /// fragment of A, [`make_fragment_like`] of [`ThrMma::partition_a`].
    ///
    /// # Errors
    /// As [`ThrMma::partition_a`].
    pub fn partition_fragment_a<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        make_fragment_like(&constant(&self.partition_a(layout)?.1)?)
    }

    /// CuTe's `partition_fragment_B`: the layout of the thread's register
    /// fragment of B, [`make_fragment_like`] of [`ThrMma::partition_b`].
    ///
    /// # Errors
    /// As [`ThrMma::partition_b`].
    pub fn partition_fragment_b<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        make_fragment_like(&constant(&self.partition_b(layout)?.1)?)
    }
}

/// CuTe C++'s `make_fragment_like(layout)`: a compact layout of `layout`'s
/// shape for a register fragment. Its first mode (an atom's values) is
/// column-major, keeping `layout`'s stride-0 leaves at stride 0; the other
/// modes follow the order of `layout`'s strides
/// ([`make_ordered_layout`](crate::layout::make_ordered_layout)), and the
/// two are tiled (the first mode's copies laid out by the others).
///
/// # Errors
/// As [`tiled_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::make_fragment_like;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// assert_eq!(make_fragment_like(&l("((2, 2), 4, 2):((1, 0), 64, 8)")).unwrap(),
///            l("((2, 2), 4, 2):((1, 0), 4, 2)"));
/// ```
pub fn make_fragment_like(layout: &Layout) -> Result<Layout> {
    if !layout.is_tuple() || layout.rank() < 2 {
        return col_major(&layout.shape());
    }
    let first = layout.mode(0)?;
    // column-major over the leaves whose stride is not 0
    let mut next = 1_i64;
    let mut leaves = Vec::with_capacity(first.leaves().len());
    for (s, d) in first.leaves() {
        if d.is_zero() {
            leaves.push((*s, Scalar::Int(0)));
        } else {
            leaves.push((*s, Scalar::Int(next)));
            next = next.checked_mul(*s).ok_or_else(|| {
                Error::overflow("make_fragment_like", format!("{layout} is too large"))
            })?;
        }
    }
    let first = first.try_map_leaves({
        let mut it = leaves.into_iter();
        move |_, _| {
            it.next()
                .ok_or_else(|| Error::value("make_fragment_like", "leaves"))
        }
    })?;
    let rest: Vec<Layout> = layout.modes().skip(1).collect();
    let rest = make_layout(&rest);
    let ordered = zero_unit_strides(&crate::layout::make_ordered_layout(
        &rest.shape(),
        &stride_order(&rest),
    )?)?;
    zero_unit_strides(&tiled_product(&first, &ordered)?)
}

/// The strides of `layout` as an order (CuTe compares strides to order a
/// layout's modes): integers as they are.
fn stride_order(layout: &Layout) -> HTuple<i64> {
    fn go(d: &crate::typedefs::Stride) -> HTuple<i64> {
        match d {
            HTuple::Leaf(s) => HTuple::Leaf(s.as_int().unwrap_or(i64::MAX)),
            HTuple::Tuple(t) => HTuple::Tuple(t.iter().map(go).collect()),
        }
    }
    go(&layout.stride())
}

impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.thr_layout_vmnk)?;
        let perm: Vec<String> = self
            .permutation
            .iter()
            .map(|t| match t {
                Tiler::None => "_".to_string(),
                Tiler::Int(n) => n.to_string(),
                Tiler::Layout(l) => l.to_string(),
                Tiler::Tuple(_) => format!("{t:?}"),
            })
            .collect();
        writeln!(f, "  PermutationMNK: ({})", perm.join(", "))?;
        write!(f, "{}", self.atom)
    }
}
