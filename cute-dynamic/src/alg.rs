//! Algorithms on tensors: copy.
//!
//! [`copy`] moves the elements of one tensor into another of the same size,
//! element `i` to element `i` (integral coordinates, colexicographic), whatever
//! the two layouts. It is planned with the layout algebra, as CuTe plans its
//! copies:
//!
//! 1. **Common vector.** `common = coalesce(src o right_inverse(dst))` maps
//!    destination offsets to source offsets; if its first mode has stride 1,
//!    its extent `V` is the longest run that is contiguous in *both* tensors
//!    ([`max_common_vector`]; [`max_common_layout`] is that run as a layout of
//!    the domain). Both layouts are then divided by the run
//!    (`logical_divide`), and each of the `size / V` runs is one slice copy.
//! 2. **Tiles.** When the two layouts share no run (a transpose: one is
//!    contiguous along the rows, the other along the columns), the domain is
//!    tiled by `(runs of dst, runs of src)`, two short runs taken from the
//!    right inverses of the two layouts; both layouts are divided by that
//!    tile, and each tile is copied by a small loop nest whose inner loop
//!    writes contiguously and reads from a few cache lines.
//! 3. Otherwise (no storage to slice, F2 or coordinate strides, a layout the
//!    algebra cannot invert), element by element.
//!
//! [`copy_ref`] is the plain element-by-element copy the others are checked
//! against.
//!
//! ```
//! use cute_dynamic::alg::copy;
//! use cute_dynamic::tensor::make_tensor;
//! use cute_dynamic::Layout;
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! let mut a = make_tensor::<f32>(&l("(4, 3):(3, 1)")).unwrap(); // row-major
//! for i in 0..12 { a.set_at(i, i as f32).unwrap(); }
//! let mut b = make_tensor::<f32>(&l("(4, 3):(1, 4)")).unwrap(); // column-major
//! copy(&a, &mut b).unwrap();
//! assert_eq!(b.accessor().as_slice(), &(0..12).map(|i| i as f32).collect::<Vec<_>>()[..]);
//! ```

use cute_core::{Error, Result};

use crate::accessor::{Accessor, MutableAccessor};
use crate::algebra::{coalesce, composition, logical_divide, right_inverse};
use crate::evaluator::Evaluator;
use crate::layout::{make_layout, Layout};
use crate::tensor::Tensor;
use crate::typedefs::Scalar;

const OP: &str = "copy";

/// The side of a tile of the tiled copy, in elements: 64 x 64 elements of
/// 4 bytes are 16 KiB a side, so a source tile and a destination tile stay
/// in a level-1 cache.
const TILE: i64 = 64;

/// A run shorter than this many elements is not worth a slice copy when the
/// tiled copy applies.
const MIN_RUN: i64 = 8;

/// The first leaf `(extent, stride)` of a layout with integer strides.
fn first_leaf(l: &Layout) -> Option<(i64, i64)> {
    match l.leaves().first()? {
        (e, Scalar::Int(s)) => Some((*e, *s)),
        _ => None,
    }
}

fn leaf(e: i64, s: i64) -> Layout {
    Layout::leaf(e, Scalar::Int(s))
}

/// CuTe's `max_common_layout(a, b)`: the layout of the domain whose image is
/// the longest run of coordinates, starting at coordinate 0, that both `a`
/// and `b` map to consecutive offsets `0, 1, 2, ...`: `a o result` and
/// `b o result` are both `V:1`. It is `right_inverse(b)` restricted to the
/// first mode of `coalesce(a o right_inverse(b))` when that mode has stride
/// 1, and `1:0` otherwise.
///
/// # Pre-conditions
/// `a` and `b` have integer strides and the same size.
///
/// # Post-conditions
/// `coalesce(composition(a, result)) == coalesce(composition(b, result)) ==
/// V:1` with `V == size(result)` (or `V == 1`).
///
/// # Errors
/// As the algebra's functions, for strides they do not take.
///
/// # Examples
/// ```
/// use cute_dynamic::alg::max_common_layout;
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(max_common_layout(&l("(4, 8):(1, 4)"), &l("32:1")).unwrap(), l("32:1"));
/// // contiguous along mode 1 in both: the run is the first row
/// assert_eq!(max_common_layout(&l("(4, 8):(8, 1)"), &l("(4, 8):(16, 1)")).unwrap(), l("8:4"));
/// assert_eq!(max_common_layout(&l("(4, 8):(8, 1)"), &l("(4, 8):(1, 4)")).unwrap(), l("1:0"));
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let inv_b = right_inverse(b)?;
    let common = coalesce(&composition(a, &inv_b)?)?;
    match first_leaf(&common) {
        Some((v, 1)) if v > 1 => coalesce(&composition(&inv_b, leaf(v, 1))?),
        _ => Ok(leaf(1, 0)),
    }
}

/// CuTe's `max_common_vector(a, b)`: the length of the longest run of
/// coordinates, from coordinate 0, contiguous in both `a` and `b`
/// (`size(max_common_layout(a, b))`); 1 if none, or if the algebra cannot
/// invert `b`.
///
/// # Examples
/// ```
/// use cute_dynamic::alg::max_common_vector;
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(max_common_vector(&l("(4096, 4096):(1, 4096)"), &l("(4096, 4096):(1, 4096)")), 1 << 24);
/// assert_eq!(max_common_vector(&l("(8, 2):(1, 16)"), &l("(8, 2):(1, 8)")), 8);
/// assert_eq!(max_common_vector(&l("(8, 8):(8, 1)"), &l("(8, 8):(1, 8)")), 1);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> i64 {
    max_common_layout(a, b).and_then(|r| r.size()).unwrap_or(1)
}

/// How [`copy`] moves the elements of a tensor of one layout to a tensor of
/// another (see the module documentation); [`plan_copy`] computes it, for
/// [`copy_with`] to run on any tensors of those two layouts.
#[derive(Clone, Debug)]
pub struct CopyPlan {
    src: Layout,
    dst: Layout,
    strategy: CopyStrategy,
}

/// The strategy of a [`CopyPlan`]. (More strategies may come: a `match`
/// needs a wildcard arm.)
#[non_exhaustive]
#[derive(Clone, Debug)]
pub enum CopyStrategy {
    /// `runs` runs of `len` elements, each contiguous in both tensors; run
    /// `k` starts at offset `src(k)` and `dst(k)`.
    Runs {
        /// Elements per run.
        len: i64,
        /// The start of each run in the source.
        src: Evaluator,
        /// The start of each run in the destination.
        dst: Evaluator,
    },
    /// Tiles: each tile is `extents` elements, with the strides `src_strides`
    /// and `dst_strides` inside the tile; tile `k` starts at offset
    /// `src(k)` and `dst(k)`.
    Tiles {
        /// The tile's extents (two modes).
        extents: [i64; 2],
        /// The source strides inside a tile.
        src_strides: [i64; 2],
        /// The destination strides inside a tile.
        dst_strides: [i64; 2],
        /// The start of each tile in the source.
        src: Evaluator,
        /// The start of each tile in the destination.
        dst: Evaluator,
    },
    /// Element by element, through the two layouts.
    Elements,
}

impl CopyPlan {
    /// The number of consecutive elements one step of the plan moves with
    /// one slice copy: the run length, or 1.
    pub fn vector(&self) -> i64 {
        match &self.strategy {
            CopyStrategy::Runs { len, .. } => *len,
            _ => 1,
        }
    }

    /// How the copy goes.
    pub fn strategy(&self) -> &CopyStrategy {
        &self.strategy
    }
}

/// Plans the copy from a tensor of layout `src` into one of layout `dst`
/// (see the module documentation). The plan depends on the layouts only.
///
/// # Pre-conditions
/// `size(src) == size(dst)`.
///
/// # Post-conditions
/// Executing the plan moves element `i` of the source to element `i` of the
/// destination, for every `i` in `0..size`.
///
/// # Errors
/// `ValueError` if the sizes differ.
///
/// # Examples
/// ```
/// use cute_dynamic::alg::{plan_copy, CopyStrategy};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let p = plan_copy(&l("(64, 64):(1, 64)"), &l("(64, 64):(1, 64)")).unwrap();
/// assert_eq!(p.vector(), 4096);
/// let t = plan_copy(&l("(64, 64):(64, 1)"), &l("(64, 64):(1, 64)")).unwrap();
/// assert!(matches!(t.strategy(), CopyStrategy::Tiles { extents: [64, 64], .. }));
/// assert!(plan_copy(&l("8:1"), &l("9:1")).is_err());
/// ```
pub fn plan_copy(src: &Layout, dst: &Layout) -> Result<CopyPlan> {
    let n = src.size()?;
    if n != dst.size()? {
        let m = dst.size()?;
        return Err(Error::size_mismatch(
            OP,
            n,
            m,
            format!("source {src} has {n} elements, destination {dst} has {m}"),
        ));
    }
    Ok(CopyPlan {
        src: src.clone(),
        dst: dst.clone(),
        strategy: strategy(src, dst, n),
    })
}

/// The strategy for `n` elements: runs if long ones are common to both
/// layouts, else tiles if the algebra finds them, else shorter runs, else
/// element by element.
fn strategy(src: &Layout, dst: &Layout, n: i64) -> CopyStrategy {
    if n == 0 {
        return CopyStrategy::Elements;
    }
    let runs = plan_runs(src, dst, n);
    if let Some(CopyStrategy::Runs { len, .. }) = &runs {
        if *len >= MIN_RUN {
            return runs.unwrap_or(CopyStrategy::Elements);
        }
    }
    if let Some(tiles) = plan_tiles(src, dst, n) {
        return tiles;
    }
    runs.unwrap_or(CopyStrategy::Elements)
}

/// Runs contiguous in both layouts, if the algebra finds some longer than 1.
fn plan_runs(src: &Layout, dst: &Layout, n: i64) -> Option<CopyStrategy> {
    let run = max_common_layout(src, dst).ok()?;
    let len = run.size().ok()?;
    if len <= 1 {
        return None;
    }
    let s = logical_divide(src, &run).ok()?;
    let d = logical_divide(dst, &run).ok()?;
    let (s0, s1) = (s.mode(0).ok()?, s.mode(1).ok()?);
    let (d0, d1) = (d.mode(0).ok()?, d.mode(1).ok()?);
    let unit = leaf(len, 1);
    let contiguous = |m: &Layout| coalesce(m).ok() == Some(unit.clone());
    if !contiguous(&s0) || !contiguous(&d0) || s1.size().ok()?.checked_mul(len)? != n {
        return None;
    }
    Some(CopyStrategy::Runs {
        len,
        src: s1.evaluator().ok()?,
        dst: d1.evaluator().ok()?,
    })
}

/// The domain's first `k` coordinates along the run of `l` that reaches
/// offsets `0, 1, ..., k - 1` (`right_inverse(l)` restricted to `k:1`), as a
/// single leaf `k:step`, with `k` the largest power of two up to [`TILE`]
/// that the run holds.
fn run_of(l: &Layout) -> Option<(i64, i64)> {
    let inv = coalesce(&right_inverse(l).ok()?).ok()?;
    let (e, step) = first_leaf(&inv)?;
    let mut k = TILE;
    while k > 1 && e % k != 0 {
        k /= 2;
    }
    (k > 1).then_some((k, step))
}

/// A single leaf `e:s` of a layout, after coalescing it.
fn as_leaf(l: &Layout) -> Option<(i64, i64)> {
    let c = coalesce(l).ok()?;
    match c.leaves() {
        [(e, Scalar::Int(s))] if !c.is_tuple() => Some((*e, *s)),
        _ => None,
    }
}

/// Tiles `(run of dst, run of src)` of the domain, if both layouts have runs
/// and dividing by the tile leaves each tile a 2-mode strided block.
fn plan_tiles(src: &Layout, dst: &Layout, n: i64) -> Option<CopyStrategy> {
    let (kd, step_d) = run_of(dst)?;
    let (ks, step_s) = run_of(src)?;
    let tile = make_layout(&[leaf(kd, step_d), leaf(ks, step_s)]);
    let s = logical_divide(src, &tile).ok()?;
    let d = logical_divide(dst, &tile).ok()?;
    let (st, sr) = (s.mode(0).ok()?, s.mode(1).ok()?);
    let (dt, dr) = (d.mode(0).ok()?, d.mode(1).ok()?);
    let (e0, a0) = as_leaf(&st.mode(0).ok()?)?;
    let (e1, a1) = as_leaf(&st.mode(1).ok()?)?;
    let (f0, b0) = as_leaf(&dt.mode(0).ok()?)?;
    let (f1, b1) = as_leaf(&dt.mode(1).ok()?)?;
    if (e0, e1) != (kd, ks) || (f0, f1) != (kd, ks) || sr.size().ok()?.checked_mul(kd * ks)? != n {
        return None;
    }
    Some(CopyStrategy::Tiles {
        extents: [kd, ks],
        src_strides: [a0, a1],
        dst_strides: [b0, b1],
        src: sr.evaluator().ok()?,
        dst: dr.evaluator().ok()?,
    })
}

/// Copies `src` into `dst`: element `i` of `src` to element `i` of `dst`,
/// for every integral coordinate `i` (the reference's `alg.copy`). Planned
/// with the layout algebra (see the module documentation): contiguous runs
/// common to both layouts move as slice copies, transposes go through
/// cache-sized tiles.
///
/// # Pre-conditions
/// `size(src) == size(dst)`; `dst`'s layout is injective (no two coordinates
/// write one element; if some do, which of their values lands there is not
/// specified).
///
/// # Post-conditions
/// `dst.at(i) == src.at(i)` for every `i` in `0..size`; the same as
/// [`copy_ref`].
///
/// # Errors
/// `ValueError` if the sizes differ; as [`Tensor::at`] for a tensor whose
/// offsets are not integers.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{SliceAccessor, SliceAccessorMut};
/// use cute_dynamic::alg::copy;
/// use cute_dynamic::tensor::Tensor;
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let a: Vec<u8> = (0..6).collect();
/// let mut b = vec![0u8; 6];
/// let src = Tensor::new(SliceAccessor::new(&a), l("(2, 3):(3, 1)")).unwrap();
/// let mut dst = Tensor::new(SliceAccessorMut::new(&mut b), l("(2, 3):(1, 2)")).unwrap();
/// copy(&src, &mut dst).unwrap();
/// assert_eq!(b, [0, 3, 1, 4, 2, 5]);
/// let mut short = vec![0u8; 5];
/// let mut bad = Tensor::new(SliceAccessorMut::new(&mut short), l("5:1")).unwrap();
/// assert!(copy(&src, &mut bad).is_err());
/// ```
pub fn copy<S, D, T>(src: &Tensor<S>, dst: &mut Tensor<D>) -> Result<()>
where
    S: Accessor<Value = T>,
    D: MutableAccessor<Value = T>,
    T: Copy,
{
    let plan = plan_copy(src.layout(), dst.layout())?;
    copy_with(&plan, src, dst)
}

/// Executes a plan made by [`plan_copy`] for the layouts of `src` and `dst`
/// (to copy many tensors of the same layouts with one plan).
///
/// # Pre-conditions
/// `plan` was made for `src.layout()` and `dst.layout()`.
///
/// # Errors
/// As [`copy`]; `ValueError` if the plan was made for other layouts.
pub fn copy_with<S, D, T>(plan: &CopyPlan, src: &Tensor<S>, dst: &mut Tensor<D>) -> Result<()>
where
    S: Accessor<Value = T>,
    D: MutableAccessor<Value = T>,
    T: Copy,
{
    if &plan.src != src.layout() || &plan.dst != dst.layout() {
        return Err(Error::value(
            OP,
            format!(
                "the plan copies {} to {}; the tensors have the layouts {} and {}",
                plan.src,
                plan.dst,
                src.layout(),
                dst.layout()
            ),
        ));
    }
    let n = src.size()?;
    let src_layout = src.layout().clone();
    let dst_layout = dst.layout().clone();
    let src_acc = src.accessor();
    match (
        &plan.strategy,
        src_acc.memory(),
        dst.accessor_mut().memory_mut(),
    ) {
        (
            CopyStrategy::Runs {
                len,
                src: rs,
                dst: rd,
            },
            Some((s, so)),
            Some((d, dor)),
        ) => {
            check_plan(rs.size() * len == n)?;
            let len = *len as usize;
            for k in 0..rs.size() {
                let a = (so + rs.eval(k)) as usize;
                let b = (dor + rd.eval(k)) as usize;
                d[b..b + len].copy_from_slice(&s[a..a + len]);
            }
            Ok(())
        }
        (
            CopyStrategy::Tiles {
                extents,
                src_strides,
                dst_strides,
                src: rs,
                dst: rd,
            },
            Some((s, so)),
            Some((d, dor)),
        ) => {
            check_plan(rs.size() * extents[0] * extents[1] == n)?;
            for k in 0..rs.size() {
                copy_tile(
                    s,
                    so + rs.eval(k),
                    *src_strides,
                    d,
                    dor + rd.eval(k),
                    *dst_strides,
                    *extents,
                );
            }
            Ok(())
        }
        (_, Some((s, so)), Some((d, dor))) => {
            match (src_layout.evaluator(), dst_layout.evaluator()) {
                (Ok(es), Ok(ed)) => {
                    for i in 0..n {
                        d[(dor + ed.eval(i)) as usize] = s[(so + es.eval(i)) as usize];
                    }
                    Ok(())
                }
                _ => copy_ref(src, dst),
            }
        }
        _ => match (src_layout.evaluator(), dst_layout.evaluator()) {
            (Ok(es), Ok(ed)) => {
                let dst_acc = dst.accessor_mut();
                for i in 0..n {
                    let v = src_acc
                        .read(es.eval(i))
                        .ok_or_else(|| unreachable_offset(&src_layout))?;
                    dst_acc.write(ed.eval(i), v)?;
                }
                Ok(())
            }
            _ => copy_ref(src, dst),
        },
    }
}

fn check_plan(ok: bool) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::value(
            OP,
            "the plan was made for layouts of another size",
        ))
    }
}

fn unreachable_offset(l: &Layout) -> Error {
    Error::out_of_range(
        OP,
        cute_core::Operand::Text(format!("an offset of {l}")),
        None,
        format!("an offset of {l} is outside the source's storage"),
    )
}

/// One tile: `dst[d0 + i b0 + j b1] = src[s0 + i a0 + j a1]` for `i < e0`,
/// `j < e1`, the inner loop over the mode in which the destination is
/// contiguous (or else the source). Every index is in the slices, since the
/// tensors' offsets were checked against their storage.
#[inline]
fn copy_tile<T: Copy>(
    src: &[T],
    s0: i64,
    [a0, a1]: [i64; 2],
    dst: &mut [T],
    d0: i64,
    [b0, b1]: [i64; 2],
    [e0, e1]: [i64; 2],
) {
    // inner loop: mode 0 unless mode 1 is the contiguous one
    let ((ei, ai, bi), (eo, ao, bo)) = if b1 == 1 || (b0 != 1 && a1 == 1) {
        ((e1, a1, b1), (e0, a0, b0))
    } else {
        ((e0, a0, b0), (e1, a1, b1))
    };
    if bi == 1 && ao == 1 && ai > 0 && bo >= ei && ei == TILE && eo % 4 == 0 {
        // a transpose: four destination runs filled from one source run of 4
        for j in (0..eo).step_by(4) {
            columns4::<T, { TILE as usize }>(
                src,
                (s0 + j) as usize,
                ai as usize,
                dst,
                (d0 + j * bo) as usize,
                bo as usize,
            );
        }
        return;
    }
    if bi == 1 && ai > 0 && ei == TILE {
        // the common case, a full tile: a fixed-length inner loop
        for j in 0..eo {
            column::<T, { TILE as usize }>(
                src,
                (s0 + j * ao) as usize,
                ai as usize,
                dst,
                (d0 + j * bo) as usize,
            );
        }
        return;
    }
    for j in 0..eo {
        let s = s0 + j * ao;
        let d = d0 + j * bo;
        for i in 0..ei {
            dst[(d + i * bi) as usize] = src[(s + i * ai) as usize];
        }
    }
}

/// Four destination runs of `K`: `dst[d + c * dstep + i] = src[s + i * sstep + c]`
/// for `i < K`, `c < 4`.
#[inline(always)]
fn columns4<T: Copy, const K: usize>(
    src: &[T],
    s: usize,
    sstep: usize,
    dst: &mut [T],
    d: usize,
    dstep: usize,
) {
    let (c0, rest) = dst[d..].split_at_mut(dstep);
    let (c1, rest) = rest.split_at_mut(dstep);
    let (c2, c3) = rest.split_at_mut(dstep);
    let c0: &mut [T; K] = (&mut c0[..K]).try_into().expect("K elements");
    let c1: &mut [T; K] = (&mut c1[..K]).try_into().expect("K elements");
    let c2: &mut [T; K] = (&mut c2[..K]).try_into().expect("K elements");
    let c3: &mut [T; K] = (&mut c3[..K]).try_into().expect("K elements");
    for i in 0..K {
        let at = s + i * sstep;
        let r: &[T; 4] = src[at..at + 4].try_into().expect("4 elements");
        c0[i] = r[0];
        c1[i] = r[1];
        c2[i] = r[2];
        c3[i] = r[3];
    }
}

/// `dst[d + i] = src[s + i * step]` for `i < K`.
#[inline(always)]
fn column<T: Copy, const K: usize>(src: &[T], s: usize, step: usize, dst: &mut [T], d: usize) {
    let out: &mut [T; K] = (&mut dst[d..d + K]).try_into().expect("K elements");
    for (i, o) in out.iter_mut().enumerate() {
        *o = src[s + i * step];
    }
}

/// The reference copy: `dst[i] = src[i]` for `i` in `0..size`, one element
/// at a time through the layouts, as the specification's `alg.ref.copy`.
///
/// # Pre-conditions
/// `size(src) == size(dst)`.
///
/// # Errors
/// `ValueError` if the sizes differ; as [`Tensor::at`] and
/// [`Tensor::set_at`].
///
/// # Examples
/// ```
/// use cute_dynamic::alg::copy_ref;
/// use cute_dynamic::tensor::{identity_tensor, make_tensor};
/// use cute_dynamic::{Layout, Scalar};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let mut t = make_tensor::<i64>(&l("(2, 2):(2, 1)")).unwrap();
/// let src = make_tensor::<i64>(&l("4:1")).unwrap();
/// copy_ref(&src, &mut t).unwrap();
/// assert!(copy_ref(&make_tensor::<i64>(&l("3:1")).unwrap(), &mut t).is_err());
/// ```
pub fn copy_ref<S, D, T>(src: &Tensor<S>, dst: &mut Tensor<D>) -> Result<()>
where
    S: Accessor<Value = T>,
    D: MutableAccessor<Value = T>,
{
    let n = src.size()?;
    if n != dst.size()? {
        let m = dst.size()?;
        return Err(Error::size_mismatch(
            "copy_ref",
            n,
            m,
            format!(
                "source {} has {n} elements, destination {} has {m}",
                src.layout(),
                dst.layout(),
            ),
        ));
    }
    for i in 0..n {
        dst.set_at(i, src.at(i)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accessor::{Ptr, SliceAccessor, SliceAccessorMut};
    use crate::htuple::HTuple;
    use crate::tensor::make_tensor;
    use proptest::prelude::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    /// Copies a tensor of layout `s` filled with 0, 1, 2, ... into one of
    /// layout `d` with `copy` and with `copy_ref`, and compares the storage.
    fn check(s: &Layout, d: &Layout) {
        let span = crate::tensor::offset_span(s).unwrap();
        let data: Vec<i32> = (0..(span.end - span.start) as i32).collect();
        let src = Tensor::new(SliceAccessor::with_origin(&data, -span.start), s.clone()).unwrap();
        let mut a = make_tensor::<i32>(d).unwrap();
        let mut b = make_tensor::<i32>(d).unwrap();
        a.fill(-1).unwrap();
        b.fill(-1).unwrap();
        copy(&src, &mut a).unwrap();
        copy_ref(&src, &mut b).unwrap();
        assert_eq!(
            a.accessor().as_slice(),
            b.accessor().as_slice(),
            "{s} -> {d}"
        );
    }

    #[test]
    fn test_copy_plans() {
        let p = plan_copy(&l("(8, 8):(1, 8)"), &l("64:1")).unwrap();
        assert_eq!(p.vector(), 64);
        let p = plan_copy(&l("(8, 8):(1, 16)"), &l("(8, 8):(1, 8)")).unwrap();
        assert_eq!(p.vector(), 8);
        let p = plan_copy(&l("(128, 64):(64, 1)"), &l("(128, 64):(1, 128)")).unwrap();
        match p.strategy() {
            CopyStrategy::Tiles {
                extents,
                src_strides,
                dst_strides,
                src,
                ..
            } => {
                assert_eq!(*extents, [64, 64]);
                assert_eq!(*src_strides, [64, 1]);
                assert_eq!(*dst_strides, [1, 128]);
                assert_eq!(src.size(), 2);
            }
            other => panic!("{other:?}"),
        }
        // F2 strides cannot be planned
        assert!(matches!(
            plan_copy(&l("(8, 8):(F8, F1)"), &l("64:1"))
                .unwrap()
                .strategy(),
            CopyStrategy::Elements
        ));
    }

    #[test]
    fn test_copy_cases() {
        for (s, d) in [
            ("(8, 8):(1, 8)", "64:1"),
            ("(8, 8):(8, 1)", "(8, 8):(1, 8)"),
            ("(64, 96):(96, 1)", "(64, 96):(1, 64)"),
            ("(64, 96):(1, 64)", "(64, 96):(96, 1)"),
            ("(4, (8, 2)):(2, (8, 1))", "(4, 16):(16, 1)"),
            ("(8, 8):(-8, 1)", "(8, 8):(1, 8)"),
            ("(8, 8):(0, 1)", "(8, 8):(1, 8)"),
            ("(8, 8):(F8, F1)", "(8, 8):(1, 8)"),
            ("(6, 10):(10, 1)", "(6, 10):(1, 6)"),
            ("(32, 32):(32, 1)", "((2, 16), 32):((1, 64), 2)"),
            ("1:0", "1:1"),
            ("0:1", "0:1"),
        ] {
            check(&l(s), &l(d));
        }
    }

    #[test]
    fn test_copy_through_f2_views() {
        // row 3 of a swizzled 8 x 8 tile, (m, n) -> 8 m + (n XOR m)
        let data: Vec<i32> = (0..64).collect();
        let t = Tensor::new(SliceAccessor::new(&data), l("(8, 8):(F9, F1)")).unwrap();
        let row = t.slice(&"(3, None)".parse().unwrap()).unwrap();
        let want: Vec<i32> = (0..8).map(|n| 8 * 3 + (n ^ 3)).collect();
        let mut out = make_tensor::<i32>(&l("8:1")).unwrap();
        copy(&row, &mut out).unwrap();
        assert_eq!(out.accessor().as_slice(), &want[..]);
        // into a view: the parent reads what was written
        let mut buf = vec![0i32; 64];
        {
            let mut p = Tensor::new(SliceAccessorMut::new(&mut buf), l("(8, 8):(F9, F1)")).unwrap();
            let mut dst = p.slice_mut(&"(3, None)".parse().unwrap()).unwrap();
            copy(&out, &mut dst).unwrap();
            for n in 0..8 {
                let got = p.get(&HTuple::from_leaves([3, n])).unwrap();
                assert_eq!(got, want[n as usize]);
            }
        }
        // an integer layout over an accessor an F2 value moved: runs are
        // not sliced out of its memory
        let base = SliceAccessor::new(&data);
        let moved = base.offset(&Scalar::F2(crate::F2(5))).unwrap();
        let src = Tensor::new(moved, l("4:1")).unwrap();
        let mut out = make_tensor::<i32>(&l("4:1")).unwrap();
        copy(&src, &mut out).unwrap();
        assert_eq!(out.accessor().as_slice(), &[5, 4, 7, 6]);
    }

    #[test]
    fn test_copy_through_ptr_and_errors() {
        let a: Vec<f64> = (0..16).map(f64::from).collect();
        let mut b = vec![0.0; 16];
        let src = Tensor::new(SliceAccessor::new(&a), l("(4, 4):(4, 1)")).unwrap();
        {
            let mut dst = Tensor::new(Ptr::from_mut_slice(&mut b), l("(4, 4):(1, 4)")).unwrap();
            copy(&src, &mut dst).unwrap();
        }
        // row-major to column-major: the storage is transposed
        let t: Vec<f64> = (0..16).map(|i| f64::from((i % 4) * 4 + i / 4)).collect();
        assert_eq!(b, t);
        let mut c = vec![0.0; 15];
        let mut dst = Tensor::new(SliceAccessorMut::new(&mut c), l("15:1")).unwrap();
        let e = copy(&src, &mut dst).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let plan = plan_copy(&l("15:1"), &l("15:1")).unwrap();
        assert!(copy_with(&plan, &src, &mut make_tensor::<f64>(&l("16:1")).unwrap()).is_err());
        // a plan for other layouts of the same size is refused, not run
        let plan = plan_copy(&l("(4, 4):(1, 4)"), &l("(4, 4):(1, 4)")).unwrap();
        let mut d = make_tensor::<f64>(&l("(4, 4):(1, 4)")).unwrap();
        let e = copy_with(&plan, &src, &mut d).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let plan = plan_copy(src.layout(), d.layout()).unwrap();
        copy_with(&plan, &src, &mut d).unwrap();
        assert_eq!(d.accessor().as_slice(), &t[..]);
    }

    /// A random flat layout: extents from `dims`, strides random (possibly
    /// 0 or negative) or, with `compact`, a permuted compact stride with
    /// optional gaps (injective).
    fn arb_pair() -> impl Strategy<Value = (Layout, Layout)> {
        let dims = prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4, 8, 16]), 1..4);
        dims.prop_flat_map(|dims| {
            let r = dims.len();
            (
                Just(dims.clone()),
                prop::collection::vec(-20i64..40, r),
                Just(dims).prop_shuffle(),
                prop::collection::vec(1i64..3, r),
                any::<bool>(),
            )
        })
        .prop_map(|(dims, sstr, perm_dims, gaps, split)| {
            let src = Layout::new(
                HTuple::from_leaves(dims.clone()),
                HTuple::from_leaves(sstr.into_iter().map(Scalar::Int)),
            )
            .unwrap();
            // an injective destination: the extents in another order, with
            // compact strides (times a gap) assigned in that order
            let mut order: Vec<usize> = (0..dims.len()).collect();
            order.sort_by_key(|&i| (perm_dims.iter().position(|&e| e == dims[i]), i));
            let mut strides = vec![0i64; dims.len()];
            let mut acc = 1;
            for (k, &i) in order.iter().enumerate() {
                strides[i] = acc * gaps[k];
                acc *= dims[i] * gaps[k];
            }
            let mut dst = Layout::new(
                HTuple::from_leaves(dims.clone()),
                HTuple::from_leaves(strides.into_iter().map(Scalar::Int)),
            )
            .unwrap();
            if split && dims.len() >= 2 {
                // the same function with another shape: group the first two modes
                let (s, d) = dst.into_parts();
                let (s, d) = (s.modes().to_vec(), d.modes().to_vec());
                let mut s2 = vec![HTuple::Tuple(s[..2].to_vec())];
                s2.extend_from_slice(&s[2..]);
                let mut d2 = vec![HTuple::Tuple(d[..2].to_vec())];
                d2.extend_from_slice(&d[2..]);
                dst = Layout::new(HTuple::Tuple(s2), HTuple::Tuple(d2)).unwrap();
            }
            (src, dst)
        })
    }

    proptest! {
        #[test]
        fn prop_copy_equals_reference((s, d) in arb_pair()) {
            check(&s, &d);
        }

        #[test]
        fn prop_transpose_equals_reference(m in 1i64..70, n in 1i64..70, pad in 0i64..3) {
            let s = Layout::new(HTuple::from_leaves([m, n]), HTuple::from_leaves([n + pad, 1].map(Scalar::Int))).unwrap();
            let d = Layout::new(HTuple::from_leaves([m, n]), HTuple::from_leaves([1, m + pad].map(Scalar::Int))).unwrap();
            check(&s, &d);
            check(&d, &s);
        }
    }
}
