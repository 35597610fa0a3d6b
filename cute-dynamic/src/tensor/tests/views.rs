//! The property of every view: a view or partition of a tensor over memory
//! reads and writes the storage element the parent tensor reads and writes
//! at the corresponding coordinate, for integer and F2 (swizzled) strides
//! alike, over storage of the exact size and over a larger buffer.

use super::*;
use crate::swizzle::F2;
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};

type Par<'a> = Tensor<SliceAccessorMut<'a, i64>>;

/// A layout of 1 to 3 top-level modes of 1 or 2 leaves each (extents 1 to
/// 4), with F2 strides (`F1` to `F63`) or integer strides (-6 to 6).
fn arb_layout() -> impl Strategy<Value = Layout> {
    let mode = prop::collection::vec((1i64..=4, 1u64..64, -6i64..=6), 1..=2);
    (prop::collection::vec(mode, 1..=3), any::<bool>()).prop_map(|(modes, f2)| {
        let leaf = |&(e, f, s): &(i64, u64, i64)| {
            let d = if f2 {
                Scalar::F2(F2(f))
            } else {
                Scalar::Int(s)
            };
            (HTuple::Leaf(e), HTuple::Leaf(d))
        };
        let (shape, stride): (Vec<_>, Vec<_>) = modes
            .iter()
            .map(|m| match m.as_slice() {
                [one] => leaf(one),
                _ => {
                    let (s, d): (Vec<_>, Vec<_>) = m.iter().map(leaf).unzip();
                    (HTuple::Tuple(s), HTuple::Tuple(d))
                }
            })
            .unzip();
        Layout::new(HTuple::Tuple(shape), HTuple::Tuple(stride)).unwrap()
    })
}

/// The sizes of the top-level modes.
fn mode_sizes(l: &Layout) -> Vec<i64> {
    l.shape()
        .modes()
        .iter()
        .map(|m| crate::htuple::product(m).unwrap())
        .collect()
}

/// `j` split colexicographically over `sizes` (the last keeping the rest).
fn split(mut j: i64, sizes: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(sizes.len());
    for (k, &n) in sizes.iter().enumerate() {
        if k + 1 == sizes.len() {
            out.push(j);
        } else {
            out.push(j % n);
            j /= n;
        }
    }
    out
}

/// The integral index of a flat coordinate over `sizes`.
fn join(flat: &[i64], sizes: &[i64]) -> i64 {
    flat.iter()
        .zip(sizes)
        .rev()
        .fold(0, |acc, (&c, &n)| acc * n + c)
}

/// A divisor of `n` (`n > 0`), picked by `r`.
fn divisor(n: i64, r: u32) -> i64 {
    let ds: Vec<i64> = (1..=n).filter(|d| n % d == 0).collect();
    ds[r as usize % ds.len()]
}

/// The views checked, each drawn from the parent's mode sizes.
#[derive(Clone, Debug)]
enum Spec {
    /// `slice` by a flat coordinate: an index or `None` per mode.
    Slice(Vec<Option<i64>>),
    /// `local_tile` by tile extents per mode, at tile coordinates per mode.
    Tile(Vec<i64>, Vec<i64>),
    /// `local_partition` by the compact thread layout of per-mode extents,
    /// for one thread.
    Partition(Vec<i64>, i64),
    /// `zipped_divide` by tile extents per mode.
    Zipped(Vec<i64>),
    /// `logical_divide` by tile extents per mode.
    Divide(Vec<i64>),
    /// `composition` with `n:d`.
    Compose(i64, i64),
    /// `local_tile`, then a slice of the tile by an index or `None` per mode.
    TileSlice(Vec<i64>, Vec<i64>, Vec<Option<i64>>),
}

fn tiler(t: &[i64]) -> Tiler {
    Tiler::Tuple(t.iter().map(|&x| Tiler::Int(x)).collect())
}

fn coord(c: &[Option<i64>]) -> Coord {
    HTuple::from_leaves(c.iter().copied())
}

fn fixed(c: &[i64]) -> Coord {
    HTuple::from_leaves(c.iter().map(|&x| Some(x)))
}

/// The compact (colexicographic) thread layout of extents `t`.
fn threads(t: &[i64]) -> Layout {
    let mut stride = Vec::with_capacity(t.len());
    let mut p = 1;
    for &x in t {
        stride.push(Scalar::Int(p));
        p *= x;
    }
    Layout::new(
        HTuple::from_leaves(t.iter().copied()),
        HTuple::from_leaves(stride),
    )
    .unwrap()
}

/// The views of a parent of mode sizes `sizes`, drawn from `r`.
fn specs(sizes: &[i64], r: &[u32]) -> Vec<Spec> {
    let mut r = r.iter().copied().cycle();
    let mut next = || r.next().unwrap_or(0);
    let pick = |n: i64, next: &mut dyn FnMut() -> u32| i64::from(next()) % n.max(1);
    let slice = |sizes: &[i64], next: &mut dyn FnMut() -> u32| -> Vec<Option<i64>> {
        sizes
            .iter()
            .map(|&n| (next() % 2 == 0).then(|| i64::from(next()) % n))
            .collect()
    };
    let tiles = |next: &mut dyn FnMut() -> u32| -> Vec<i64> {
        sizes.iter().map(|&n| divisor(n, next())).collect()
    };
    let t = tiles(&mut next);
    let k: Vec<i64> = sizes
        .iter()
        .zip(&t)
        .map(|(&n, &x)| pick(n / x, &mut next))
        .collect();
    let th = tiles(&mut next);
    let id = pick(th.iter().product(), &mut next);
    let z = tiles(&mut next);
    let dv = tiles(&mut next);
    let size: i64 = sizes.iter().product();
    let d = 1 + pick(3, &mut next);
    let n = 1 + pick((size - 1) / d + 1, &mut next);
    let t2 = tiles(&mut next);
    let k2: Vec<i64> = sizes
        .iter()
        .zip(&t2)
        .map(|(&n, &x)| pick(n / x, &mut next))
        .collect();
    let inner = slice(&t2, &mut next);
    vec![
        Spec::Slice(slice(sizes, &mut next)),
        Spec::Tile(t, k),
        Spec::Partition(th, id),
        Spec::Zipped(z),
        Spec::Divide(dv),
        Spec::Compose(n, d),
        Spec::TileSlice(t2, k2, inner),
    ]
}

/// The parent's integral index of the view's integral index `j`, whose
/// flat coordinate over the view's modes is `v`.
fn to_parent(spec: &Spec, sizes: &[i64], j: i64, v: &[i64]) -> i64 {
    let flat: Vec<i64> = match spec {
        Spec::Slice(c) => {
            let mut free = v.iter();
            c.iter()
                .map(|x| x.unwrap_or_else(|| *free.next().unwrap()))
                .collect()
        }
        Spec::Tile(t, k) => t
            .iter()
            .zip(k)
            .zip(v)
            .map(|((t, k), i)| k * t + i)
            .collect(),
        Spec::Partition(th, id) => {
            let c = split(*id, th);
            th.iter()
                .zip(c)
                .zip(v)
                .map(|((t, c), i)| c + t * i)
                .collect()
        }
        Spec::Zipped(t) => {
            let rest: Vec<i64> = sizes.iter().zip(t).map(|(n, t)| n / t).collect();
            let (i, r) = (split(v[0], t), split(v[1], &rest));
            t.iter()
                .zip(i)
                .zip(r)
                .map(|((t, i), r)| i + t * r)
                .collect()
        }
        Spec::Divide(_) => v.to_vec(),
        Spec::Compose(_, d) => return j * d,
        Spec::TileSlice(t, k, c) => {
            let mut free = v.iter();
            let inner: Vec<i64> = c
                .iter()
                .map(|x| x.unwrap_or_else(|| *free.next().unwrap()))
                .collect();
            t.iter()
                .zip(k)
                .zip(inner)
                .map(|((t, k), i)| k * t + i)
                .collect()
        }
    };
    join(&flat, sizes)
}

/// Whether the layout algebra gives the view at all (a tiler that does not
/// divide a nested mode, a composition that leaves a mode): the tensor
/// must give it exactly then.
fn algebra_gives(l: &Layout, spec: &Spec) -> bool {
    use crate::algebra;
    match spec {
        Spec::Slice(c) => l.offset_and_slice(&coord(c)).is_ok(),
        Spec::Tile(t, k) => partition::local_tile(l, &tiler(t), &fixed(k)).is_ok(),
        Spec::Partition(th, id) => partition::local_partition(l, &threads(th), *id).is_ok(),
        Spec::Zipped(t) => algebra::zipped_divide(l, tiler(t)).is_ok(),
        Spec::Divide(t) => algebra::logical_divide(l, tiler(t)).is_ok(),
        Spec::Compose(n, d) => algebra::composition(l, Layout::leaf(*n, Scalar::Int(*d))).is_ok(),
        Spec::TileSlice(t, k, c) => partition::local_tile(l, &tiler(t), &fixed(k))
            .and_then(|(_, tile)| tile.offset_and_slice(&coord(c)))
            .is_ok(),
    }
}

/// Every element of `view` reads what the parent reads at its index.
fn check_reads<V: Accessor<Value = i64>>(
    p: &Par<'_>,
    spec: &Spec,
    view: &Tensor<V>,
) -> core::result::Result<(), TestCaseError> {
    let sizes = mode_sizes(p.layout());
    let vsizes = mode_sizes(view.layout());
    prop_assert_eq!(view.size().unwrap(), vsizes.iter().product::<i64>());
    for j in 0..view.size().unwrap() {
        let pj = to_parent(spec, &sizes, j, &split(j, &vsizes));
        prop_assert_eq!(
            view.at(j).unwrap(),
            p.at(pj).unwrap(),
            "{:?} element {} (parent {}) of {}",
            spec,
            j,
            pj,
            p.layout()
        );
    }
    Ok(())
}

/// The view of `spec`, read-only.
fn check_view(p: &Par<'_>, spec: &Spec) -> core::result::Result<Vec<i64>, TestCaseError> {
    let (view_sizes, size) = match spec {
        Spec::Slice(c) => {
            let v = p.slice(&coord(c)).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::Tile(t, k) => {
            let v = p.local_tile(&tiler(t), &fixed(k)).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::Partition(th, id) => {
            let v = p.local_partition(&threads(th), *id).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::Zipped(t) => {
            let v = p.view().unwrap().zipped_divide(tiler(t)).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::Divide(t) => {
            let v = p.view().unwrap().logical_divide(tiler(t)).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::Compose(n, d) => {
            let b = Layout::leaf(*n, Scalar::Int(*d));
            let v = p.view().unwrap().composition(&b).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
        Spec::TileSlice(t, k, c) => {
            let tile = p.local_tile(&tiler(t), &fixed(k)).unwrap();
            let v = tile.slice(&coord(c)).unwrap();
            check_reads(p, spec, &v)?;
            (mode_sizes(v.layout()), v.size().unwrap())
        }
    };
    prop_assert_eq!(view_sizes.iter().product::<i64>(), size);
    Ok(view_sizes)
}

/// Writes `m` at element `j` of the writable view of `spec`.
fn write_through(p: &mut Par<'_>, spec: &Spec, j: i64, m: i64) -> Result<()> {
    match spec {
        Spec::Slice(c) => p.slice_mut(&coord(c))?.set_at(j, m),
        Spec::Tile(t, k) => p.local_tile_mut(&tiler(t), &fixed(k))?.set_at(j, m),
        Spec::Partition(th, id) => p.local_partition_mut(&threads(th), *id)?.set_at(j, m),
        Spec::Zipped(t) => p.view_mut()?.zipped_divide(tiler(t))?.set_at(j, m),
        Spec::Divide(t) => p.view_mut()?.logical_divide(tiler(t))?.set_at(j, m),
        Spec::Compose(n, d) => p
            .view_mut()?
            .composition(Layout::leaf(*n, Scalar::Int(*d)))?
            .set_at(j, m),
        Spec::TileSlice(t, k, c) => {
            let mut tile = p.local_tile_mut(&tiler(t), &fixed(k))?;
            let mut v = tile.slice_mut(&coord(c))?;
            v.set_at(j, m)
        }
    }
}

/// Every element written through the view lands where the parent reads
/// it, and nowhere else (`marker` counts down the values written, each
/// unlike any other in the storage).
fn check_writes(
    p: &mut Par<'_>,
    spec: &Spec,
    vsizes: &[i64],
    marker: &mut i64,
) -> core::result::Result<(), TestCaseError> {
    let sizes = mode_sizes(p.layout());
    let n: i64 = vsizes.iter().product();
    for j in 0..n {
        let pj = to_parent(spec, &sizes, j, &split(j, vsizes));
        let before = p.accessor().memory().unwrap().0.to_vec();
        *marker -= 1;
        let m = *marker;
        write_through(p, spec, j, m).unwrap();
        let after = p.accessor().memory().unwrap().0;
        let changed = before.iter().zip(after).filter(|(a, b)| a != b).count();
        prop_assert_eq!(changed, 1, "{:?} element {} of {}", spec, j, p.layout());
        prop_assert_eq!(
            p.at(pj).unwrap(),
            m,
            "{:?} element {} (parent {})",
            spec,
            j,
            pj
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(0x7e25_0f2a),
        ..ProptestConfig::with_cases(256)
    })]

    /// Views and partitions of integer and swizzled tensors, over storage
    /// of the exact size and over a larger buffer, read and write the
    /// parent's elements.
    #[test]
    fn prop_views_read_and_write_the_parents_elements(
        l in arb_layout(),
        r in prop::collection::vec(any::<u32>(), 40),
        pad in (0usize..4, 0usize..4),
    ) {
        let span = offset_span(&l).unwrap();
        let len = usize::try_from(span.end - span.start).unwrap();
        for (lo, hi) in [(0, 0), pad] {
            let mut data: Vec<i64> = (0..(lo + len + hi) as i64).collect();
            let origin = lo as i64 - span.start;
            let mut p = Tensor::new(SliceAccessorMut::with_origin(&mut data, origin), l.clone()).unwrap();
            let sizes = mode_sizes(&l);
            let mut marker = 0;
            for spec in specs(&sizes, &r) {
                if !algebra_gives(&l, &spec) {
                    continue;
                }
                let vsizes = check_view(&p, &spec)?;
                check_writes(&mut p, &spec, &vsizes, &mut marker)?;
            }
        }
    }
}
