//! TiledCopy: a copy atom tiled over the threads and values of a block
//! (CuTe C++'s `TiledCopy`, `ThrCopy`, `make_tiled_copy`,
//! `make_tiled_copy_A/B/C`).

use core::fmt;

use cute_core::{DynInt, Error, Result};

use super::tiled_mma::{check_divides, col_major, lift, lift_tiler, zero_unit_strides};
use super::{upcast, CopyAtom, TiledMma};
use crate::algebra::{
    coalesce_by, composition, logical_product, raked_product, right_inverse, zipped_divide,
};
use crate::htuple::{product_each, HTuple, IntTuple};
use crate::layout::{make_layout, Layout, Tiler};
use crate::shape::CoordLeaf;
use crate::typedefs::Scalar;

/// A copy atom tiled over a block (CuTe C++'s `TiledCopy`): a thread-value
/// layout `(thread, value) -> coordinate` of a tile, and the tile's shape
/// (the *tiler*). Each thread moves its values with the atom; a thread's
/// values are grouped by the atom's `NumVal`.
///
/// [`make_tiled_copy`] builds one from a thread layout and a value layout,
/// [`make_tiled_copy_a`] (and `_b`, `_c`) from a [`TiledMma`]'s operand
/// layout, so that the copy's destination is that MMA's register fragment.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_copy, CopyAtom, CopyOp, ValueType};
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// let ca = CopyAtom::new(CopyOp::universal(ValueType::U128), ValueType::F16).unwrap();
/// // 16 x 8 threads, row-major, each moving a row of 8 f16 values
/// let tc = make_tiled_copy(ca, &l("(16, 8):(8, 1)"), &l("(1, 8):(1, 1)")).unwrap();
/// assert_eq!(tc.get_layout_s_tv().unwrap().to_string(), "((8, 16), (8, 1)):((128, 1), (16, 0))");
/// // thread 7's elements of a row-major 128 x 64 tile: 8 in a row, 8 tiles down
/// let (off, s) = tc.get_slice(7).unwrap().partition_s(&l("(128, 64):(64, 1)")).unwrap();
/// assert_eq!((off, s.to_string()), (cute_dynamic::Scalar::Int(56), "((8, 1), 8, 1):((1, 0), 1024, 0)".into()));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TiledCopy {
    atom: CopyAtom,
    layout_tv: Layout,
    tiler: Vec<Tiler>,
}

/// CuTe C++'s `make_tiled_copy(atom, thr_layout, val_layout)`: the threads
/// laid out by `thr_layout` (`(m, n) -> thread`), each moving the block
/// `val_layout` (`(m, n) -> value`). The tile is their
/// [`raked_product`], and the thread-value layout its right inverse with
/// the shape `(size(thr_layout), size(val_layout))`. The layout of fewer
/// modes is padded with `1:0` modes to the other's rank (CuTe's default
/// value layout is `1:0`).
///
/// # Errors
/// As [`raked_product`] and [`right_inverse`]; as [`TiledCopy::new`] when
/// the threads or values do not hold whole atoms.
pub fn make_tiled_copy(
    atom: CopyAtom,
    thr_layout: &Layout,
    val_layout: &Layout,
) -> Result<TiledCopy> {
    // the two of one rank, the shorter one padded with 1:0 modes (as CuTe
    // C++'s raked_product pads them)
    let rank = |l: &Layout| if l.is_tuple() { l.rank() } else { 1 };
    let r = rank(thr_layout).max(rank(val_layout));
    let pad = |l: &Layout| -> Layout {
        let mut modes: Vec<Layout> = if l.is_tuple() {
            l.modes().collect()
        } else {
            vec![l.clone()]
        };
        if modes.len() == r {
            return l.clone();
        }
        modes.resize(r, Layout::leaf(1, Scalar::Int(0)));
        make_layout(&modes)
    };
    let layout_mn = raked_product(&pad(thr_layout), &pad(val_layout))?;
    let shape_tv = HTuple::Tuple(vec![
        HTuple::Leaf(thr_layout.size()?),
        HTuple::Leaf(val_layout.size()?),
    ]);
    let layout_tv = composition(&right_inverse(&layout_mn)?, &Layout::compact(shape_tv)?)?;
    let tiler = shape_tiler(&product_each(&layout_mn.shape())?);
    TiledCopy::new(atom, layout_tv, tiler)
}

/// The tiler of a shape: one integer per mode.
fn shape_tiler(shape: &IntTuple) -> Vec<Tiler> {
    match shape {
        HTuple::Leaf(n) => vec![Tiler::Int(*n)],
        HTuple::Tuple(t) => t
            .iter()
            .map(|m| match m {
                HTuple::Leaf(n) => Tiler::Int(*n),
                m => Tiler::Int(crate::htuple::product(m).unwrap_or(0)),
            })
            .collect(),
    }
}

/// CuTe C++'s `make_tiled_copy_A(atom, mma)`: a tiled copy whose
/// thread-value layout is `mma`'s A layout over its `(M, K)` tile.
///
/// # Errors
/// As [`TiledMma::get_layout_a_tv`] and [`TiledCopy::new`].
pub fn make_tiled_copy_a(atom: CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    TiledCopy::new(
        atom,
        mma.get_layout_a_tv()?,
        vec![Tiler::Int(mma.tile_size(0)?), Tiler::Int(mma.tile_size(2)?)],
    )
}

/// CuTe C++'s `make_tiled_copy_B(atom, mma)`: over `mma`'s B layout and
/// `(N, K)` tile.
///
/// # Errors
/// As [`make_tiled_copy_a`].
pub fn make_tiled_copy_b(atom: CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    TiledCopy::new(
        atom,
        mma.get_layout_b_tv()?,
        vec![Tiler::Int(mma.tile_size(1)?), Tiler::Int(mma.tile_size(2)?)],
    )
}

/// CuTe C++'s `make_tiled_copy_C(atom, mma)`: over `mma`'s C layout and
/// `(M, N)` tile.
///
/// # Errors
/// As [`make_tiled_copy_a`].
pub fn make_tiled_copy_c(atom: CopyAtom, mma: &TiledMma) -> Result<TiledCopy> {
    TiledCopy::new(
        atom,
        mma.get_layout_c_tv()?,
        vec![Tiler::Int(mma.tile_size(0)?), Tiler::Int(mma.tile_size(1)?)],
    )
}

impl TiledCopy {
    /// A tiled copy from its parts (CuTe's `make_tiled_copy_impl`): the
    /// atom, the thread-value layout `(thread, value) -> coordinate` and
    /// the tiler (one entry per mode of the tile).
    ///
    /// # Errors
    /// `ValueError` unless `layout_tv` is a pair whose thread count is a
    /// multiple of the atom's and whose value count is a multiple of the
    /// atom's (CuTe's "TiledCopy uses too few thrs/vals for selected
    /// CopyAtom").
    pub fn new(atom: CopyAtom, layout_tv: Layout, tiler: Vec<Tiler>) -> Result<TiledCopy> {
        const OP: &str = "make_tiled_copy";
        if layout_tv.rank() != 2 || !layout_tv.is_tuple() {
            return Err(Error::value(
                OP,
                format!("the thread-value layout {layout_tv} is not a pair (thread, value)"),
            ));
        }
        let reference = atom.val_layout_ref()?;
        let (at, av) = (reference.size_mode(&[0])?, reference.size_mode(&[1])?);
        let (tt, tv) = (layout_tv.size_mode(&[0])?, layout_tv.size_mode(&[1])?);
        if at == 0 || tt % at != 0 {
            return Err(Error::value(
                OP,
                format!("{tt} threads do not hold whole atoms of {} ({at} threads each): the TiledCopy uses too few threads for its atom", atom.name()),
            ));
        }
        if av == 0 || tv % av != 0 {
            return Err(Error::value(
                OP,
                format!("{tv} values per thread do not hold whole atoms of {} ({av} values each in {}): the TiledCopy uses too few values for its atom", atom.name(), atom.value_type()),
            ));
        }
        Ok(TiledCopy {
            atom,
            layout_tv,
            tiler,
        })
    }

    /// The atom.
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }

    /// `(thread, value) -> coordinate` of the tile (CuTe's `TiledLayout_TV`).
    pub fn layout_tv(&self) -> &Layout {
        &self.layout_tv
    }

    /// The tile's tiler (CuTe's `Tiler_MN`).
    pub fn tiler(&self) -> &[Tiler] {
        &self.tiler
    }

    /// The tile's extents, one per mode (the sizes of the tiler's entries).
    ///
    /// # Errors
    /// None in practice.
    pub fn tile_shape(&self) -> Result<Vec<i64>> {
        self.tiler
            .iter()
            .map(|t| match t {
                Tiler::Int(n) => Ok(*n),
                Tiler::Layout(l) => l.size(),
                t => Err(Error::value("tile_size", format!("tiler entry {t:?}"))),
            })
            .collect()
    }

    /// The number of threads (CuTe's `TiledNumThr`).
    ///
    /// # Errors
    /// None in practice.
    pub fn num_threads(&self) -> Result<i64> {
        self.layout_tv.size_mode(&[0])
    }

    /// `(src thread, src value) -> (ref thread, ref value)` or the same for
    /// the destination.
    fn ref2trg(&self, src: bool) -> Result<Layout> {
        let reference = self.atom.val_layout_ref()?;
        let trg = if src {
            self.atom.val_layout_src()?
        } else {
            self.atom.val_layout_dst()?
        };
        composition(&right_inverse(&reference)?, &trg)
    }

    /// `((trg_tid, rest_tid), (trg_val, rest_val)) -> (m, n)`: the
    /// threads and values of the tiled copy through the atom's
    /// `(thread, value) -> (ref thread, ref value)` map `ref2trg`.
    fn thrval2mn(&self, ref2trg: &Layout) -> Result<Layout> {
        let reference = self.atom.val_layout_ref()?;
        let (at, av) = (reference.size_mode(&[0])?, reference.size_mode(&[1])?);
        // ((atom_tid, atom_val), (rest_tid, rest_val)) -> (m, n)
        let atom_tv = zipped_divide(&self.layout_tv, (at, av))?;
        // ((trg_tid, trg_val), (rest_tid, rest_val)) -> (m, n)
        let trg = composition(&atom_tv.mode(0)?, ref2trg)?;
        let (rest_t, rest_v) = {
            let rest = atom_tv.mode(1)?;
            (rest.mode(0)?, rest.mode(1)?)
        };
        // ((trg_tid, rest_tid), (trg_val, rest_val)) -> (m, n)
        let zipped = make_layout(&[
            make_layout(&[trg.mode(0)?, rest_t]),
            make_layout(&[trg.mode(1)?, rest_v]),
        ]);
        let thrval2mn = coalesce_by(
            &zipped,
            Tiler::Tuple(vec![
                Tiler::Int(1),
                Tiler::Tuple(vec![Tiler::Int(1), Tiler::Int(1)]),
            ]),
        )?;
        Ok(thrval2mn)
    }

    /// CuTe's `tile2thrfrg`: a layout `((tile), (rest...))` into `(thread,
    /// (FrgV, FrgX), (rest...))`.
    fn tile2thrfrg<I: DynInt>(&self, tensor: &Layout<I>, ref2trg: &Layout) -> Result<Layout<I>> {
        // the tile mode through the threads and values, then unfolded
        let tile = composition(&tensor.mode(0)?, &lift(&self.thrval2mn(ref2trg)?)?)?;
        let mut modes = vec![tile.mode(0)?, tile.mode(1)?];
        modes.extend(tensor.modes().skip(1));
        zero_unit_strides(&make_layout(&modes))
    }

    fn tidfrg<I: DynInt>(&self, layout: &Layout<I>, src: bool) -> Result<Layout<I>> {
        let name = if src { "tidfrg_S" } else { "tidfrg_D" };
        let rank = if layout.is_tuple() { layout.rank() } else { 1 };
        if rank < self.tiler.len() {
            return Err(Error::value(
                name,
                format!(
                    "{layout} has {rank} modes, fewer than the tile's {}",
                    self.tiler.len()
                ),
            ));
        }
        check_divides(name, layout, &self.tile_shape()?)?;
        let tiler = self
            .tiler
            .iter()
            .map(lift_tiler)
            .collect::<Result<Vec<Tiler<I>>>>()?;
        let z = zipped_divide(layout, Tiler::Tuple(tiler))?;
        self.tile2thrfrg(&z, &self.ref2trg(src)?)
    }

    /// CuTe's `tidfrg_S`: a layout of the source tiled into `(thread, (FrgV,
    /// FrgX), (RestM, RestN, ...))`: FrgV the values of one atom, FrgX the
    /// atoms of one thread, Rest the tiles.
    ///
    /// # Errors
    /// `ValueError` if `layout` has fewer modes than the tile; as
    /// [`zipped_divide`] (a tile that does not divide `layout`).
    pub fn tidfrg_s<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>> {
        self.tidfrg(layout, true)
    }

    /// CuTe's `tidfrg_D`: as [`TiledCopy::tidfrg_s`] for the destination.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    pub fn tidfrg_d<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>> {
        self.tidfrg(layout, false)
    }

    fn layout_tv_of(&self, src: bool) -> Result<Layout> {
        let shape: IntTuple =
            HTuple::Tuple(self.tile_shape()?.into_iter().map(HTuple::Leaf).collect());
        let reference = col_major(&HTuple::Tuple(vec![shape, HTuple::Leaf(1)]))?;
        let t = self.tile2thrfrg(&reference, &self.ref2trg(src)?)?;
        let (_, l) = t.offset_and_slice(&HTuple::Tuple(vec![
            HTuple::Leaf(None),
            HTuple::Leaf(None),
            HTuple::Leaf(Some(0)),
        ]))?;
        zero_unit_strides(&l)
    }

    /// CuTe's `get_layoutS_TV`: `(thread, value) -> (m, n)`, the
    /// column-major index into the tile, of the source.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    pub fn get_layout_s_tv(&self) -> Result<Layout> {
        self.layout_tv_of(true)
    }

    /// CuTe's `get_layoutD_TV`: as [`TiledCopy::get_layout_s_tv`] for the
    /// destination.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    pub fn get_layout_d_tv(&self) -> Result<Layout> {
        self.layout_tv_of(false)
    }

    /// Thread `thr`'s view (CuTe's `get_slice`).
    ///
    /// # Errors
    /// `IndexError` if `thr` is negative or not below the number of threads
    /// (CuTe C++ does not check).
    pub fn get_slice(&self, thr: i64) -> Result<ThrCopy<'_>> {
        let n = self.num_threads()?;
        if !(0..n).contains(&thr) {
            return Err(Error::out_of_range(
                "get_slice",
                thr,
                Some(n.into()),
                format!("thread {thr} of a TiledCopy of {n} threads"),
            ));
        }
        Ok(ThrCopy { tiled: self, thr })
    }

    /// CuTe's `retile`: a thread's fragment `(V, M, N, ...)` (of a tensor
    /// or of registers) regrouped as the copy moves it: `((atom values,
    /// atoms), RestM, RestN, ...)`.
    ///
    /// # Errors
    /// As [`upcast`], [`zipped_divide`] and [`composition`].
    pub fn retile<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        const OP: &str = "retile";
        let rank = if layout.is_tuple() { layout.rank() } else { 1 };
        let v = if layout.is_tuple() {
            layout.size_mode(&[0])?
        } else {
            layout.size()?
        };
        let v = v.try_const().ok_or_else(|| {
            Error::value(
                OP,
                format!("the first mode of {layout:?} has the size {v}: the values of a thread's fragment must be known"),
            )
        })?;
        let threads = self.num_threads()?;
        let shape: IntTuple =
            HTuple::Tuple(self.tile_shape()?.into_iter().map(HTuple::Leaf).collect());
        let inv = composition(&right_inverse(&self.layout_tv)?, &Layout::compact(shape)?)?;
        let n = threads
            .checked_mul(v)
            .ok_or_else(|| Error::overflow(OP, "threads times values"))?;
        // (m, n) -> v index: the shape and order of the V inside the TV layout
        let frg_mn = upcast(&inv, n)?;
        let av = self.atom.val_layout_ref()?.size_mode(&[1])?;
        let frg_v = zipped_divide(
            &logical_product(&col_major(&HTuple::Leaf(v))?, &right_inverse(&frg_mn)?)?,
            &col_major(&HTuple::Leaf(av))?,
        )?;
        let mut tiler = vec![Tiler::Int(v)];
        tiler.extend(shape_tiler(&product_each(&frg_mn.shape())?));
        let tiler = tiler
            .iter()
            .map(lift_tiler)
            .collect::<Result<Vec<Tiler<I>>>>()?;
        let t = zipped_divide(layout, Tiler::Tuple(tiler))?;
        let tile = composition(&t.mode(0)?, &lift(&frg_v)?)?;
        let zero = || HTuple::Leaf(Some(I::from_i64(0)));
        let mut crd: Vec<HTuple<Option<I>>> = vec![zero()];
        crd.resize(rank, HTuple::Leaf(None));
        let rest = t.mode(1)?;
        let (_, rest) = if rest.is_tuple() {
            rest.offset_and_slice(&HTuple::Tuple(crd))?
        } else {
            rest.offset_and_slice(&zero())?
        };
        let mut modes = vec![tile];
        if rest.is_tuple() {
            modes.extend(rest.modes());
        }
        zero_unit_strides(&make_layout(&modes))
    }
}

/// One thread's view of a [`TiledCopy`] (CuTe C++'s `ThrCopy`).
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<'a> {
    tiled: &'a TiledCopy,
    thr: i64,
}

impl ThrCopy<'_> {
    /// The thread's index.
    pub fn thread(&self) -> i64 {
        self.thr
    }

    fn partition<I: DynInt>(&self, layout: &Layout<I>, src: bool) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        let t = self.tiled.tidfrg(layout, src)?;
        let rank = if layout.is_tuple() { layout.rank() } else { 1 };
        let rest = if rank == 1 && !t.mode(2)?.is_tuple() {
            HTuple::Leaf(None)
        } else {
            HTuple::Tuple(vec![HTuple::Leaf(None); t.mode(2)?.rank()])
        };
        t.offset_and_slice(&HTuple::Tuple(vec![
            HTuple::Leaf(Some(I::from_i64(self.thr))),
            HTuple::Leaf(None),
            rest,
        ]))
    }

    /// CuTe's `partition_S`: the thread's elements of a source layout,
    /// `((FrgV, FrgX), RestM, RestN, ...)`, with their offset.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    pub fn partition_s<I: DynInt>(&self, layout: &Layout<I>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.partition(layout, true)
    }

    /// CuTe's `partition_D`: the thread's elements of a destination layout.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_d`].
    pub fn partition_d<I: DynInt>(&self, layout: &Layout<I>) -> Result<(Scalar<I>, Layout<I>)>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.partition(layout, false)
    }

    /// CuTe's `retile_S`: [`TiledCopy::retile`] (the source and the
    /// destination are retiled alike).
    ///
    /// # Errors
    /// As [`TiledCopy::retile`].
    pub fn retile_s<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.tiled.retile(layout)
    }

    /// CuTe's `retile_D`: [`TiledCopy::retile`].
    ///
    /// # Errors
    /// As [`TiledCopy::retile`].
    pub fn retile_d<I: DynInt>(&self, layout: &Layout<I>) -> Result<Layout<I>>
    where
        Option<I>: CoordLeaf<Int = I>,
    {
        self.tiled.retile(layout)
    }
}

impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        let tiler: Vec<String> = self
            .tiler
            .iter()
            .map(|t| match t {
                Tiler::Int(n) => n.to_string(),
                Tiler::Layout(l) => l.to_string(),
                t => format!("{t:?}"),
            })
            .collect();
        writeln!(f, "  Tiler_MN:       ({})", tiler.join(", "))?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        write!(f, "{}", self.atom)
    }
}
