//! Property tests: the regroupings are the zipped divide and product
//! regrouped, the same function; the zip of the by-mode divide is the
//! zipped divide.

use super::super::testkit as kit;
use super::*;
use crate::algebra::{logical_divide, logical_product, zipped_divide};
use crate::layout::{make_layout, Layout, Tiler};
use crate::typedefs::Scalar;
use cute_core::{Error, Result};
use proptest::prelude::*;

/// The top-level modes a regrouping unpacks `part` into.
fn unpacked(part: Layout) -> Vec<Layout> {
    if part.is_tuple() && part.rank() != 1 {
        part.modes().collect()
    } else {
        vec![part]
    }
}

/// `(z0, z1_0, z1_1, ...)` or `(z0_0, ..., z1_0, ...)` for a pair `z`.
fn regrouped(z: &Layout, flat: bool) -> Layout {
    let (tile, rest) = (z.mode(0).unwrap(), z.mode(1).unwrap());
    let mut modes = if flat { unpacked(tile) } else { vec![tile] };
    modes.extend(unpacked(rest));
    make_layout(&modes)
}

/// `x` and `y` are the same function of the index, of the same size.
fn same_function(x: &Layout, y: &Layout) -> std::result::Result<(), TestCaseError> {
    prop_assert_eq!(kit::size(x), kit::size(y), "{} and {}", x, y);
    for i in kit::sample(kit::size(x)) {
        prop_assert_eq!(kit::eval(x, i), kit::eval(y, i), "{} and {} at {}", x, y, i);
    }
    Ok(())
}

/// A tiler entry for one mode: an integer, a layout of one leaf (a
/// stride of 0 now and then), `None`, or a tuple of these.
fn entry() -> BoxedStrategy<Tiler> {
    let leaf = prop_oneof![
        3 => (1_i64..=4).prop_map(Tiler::Int),
        2 => (1_i64..=4, 0_i64..=3).prop_map(|(s, d)| Tiler::Layout(kit::leaf(s, Scalar::Int(d)))),
        1 => Just(Tiler::None),
    ];
    prop_oneof![
        3 => leaf.clone(),
        1 => prop::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
    ]
    .boxed()
}

/// [`entry`] with extents and nonzero strides powers of two: such
/// entries divide a mode of powers of two without a partial tile.
fn pow2_entry() -> BoxedStrategy<Tiler> {
    let p = |k: u32| 1_i64 << k;
    let leaf = prop_oneof![
        3 => (0_u32..=2).prop_map(move |k| Tiler::Int(p(k))),
        2 => (0_u32..=2, 0_u32..=3).prop_map(move |(s, d)| {
            Tiler::Layout(kit::leaf(p(s), Scalar::Int(if d == 3 { 0 } else { p(d) })))
        }),
        1 => Just(Tiler::None),
    ];
    prop_oneof![
        3 => leaf.clone(),
        1 => prop::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
    ]
    .boxed()
}

/// A tiler: mostly a tuple of entries, else an integer or a layout.
fn tiler_strategy() -> BoxedStrategy<Tiler> {
    prop_oneof![
        1 => (1_i64..=8).prop_map(Tiler::Int),
        1 => kit::chained_layout(true).prop_map(Tiler::Layout),
        4 => prop::collection::vec(entry(), 1..=3).prop_map(Tiler::Tuple),
    ]
    .boxed()
}

/// The tile and the copies of the mode `a` of A multiplied by the
/// entry `t`, from the logical products of its leaf entries: `(A_i,
/// logical_product(A_i, t)[1])`, `(A_i, 1:0)` for `None`, zipped in
/// the nesting of a tuple.
fn product_parts(a: &Layout, t: &Tiler) -> Result<(Layout, Layout)> {
    match t {
        Tiler::None => Ok((a.clone(), Layout::leaf(1, Scalar::Int(0)))),
        Tiler::Tuple(ts) => {
            let modes: Vec<Layout> = a.modes().collect();
            if ts.len() > modes.len() {
                return Err(Error::value("test", "a tiler longer than its mode"));
            }
            let (mut tiles, mut copies) = (Vec::new(), Vec::new());
            for (i, m) in modes.into_iter().enumerate() {
                match ts.get(i) {
                    Some(ti) => {
                        let (x, y) = product_parts(&m, ti)?;
                        tiles.push(x);
                        copies.push(y);
                    }
                    None => copies.push(m),
                }
            }
            Ok((make_layout(&tiles), make_layout(&copies)))
        }
        t => Ok((a.clone(), logical_product(a, t)?.mode(1)?)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The tiled and flat divides are the zipped divide regrouped: the
    /// same function, the rest (and for the flat divide the tile)
    /// unpacked; the flat divide is the tiled divide with its mode 0
    /// unpacked; an error is the zipped divide's.
    #[test]
    fn prop_divides_regroup_the_zipped_divide(a in kit::layout(), t in tiler_strategy()) {
        let (td, fd) = (tiled_divide(&a, &t), flat_divide(&a, &t));
        match zipped_divide(&a, &t) {
            Ok(z) => {
                let (td, fd) = (td.unwrap(), fd.unwrap());
                same_function(&z, &td)?;
                same_function(&z, &fd)?;
                prop_assert_eq!(&td, &regrouped(&z, false));
                prop_assert_eq!(&fd, &regrouped(&z, true));
                // the flat divide is the tiled divide, its mode 0 unpacked
                let mut modes = unpacked(td.mode(0).unwrap());
                modes.extend(td.modes().skip(1));
                prop_assert_eq!(&fd, &make_layout(&modes));
            }
            Err(e) => {
                for r in [td, fd] {
                    let r = r.unwrap_err();
                    prop_assert_eq!(r.class(), e.class());
                    let (r, e) = (r.to_string(), e.to_string());
                    prop_assert_eq!(r.split_once(": ").unwrap().1, e.split_once(": ").unwrap().1);
                }
            }
        }
    }

    /// The zipped product's parts are A's modes and the copies of each
    /// mode's logical product (`1:0` for `None`, the modes past the
    /// tiler among the copies); a tiler that is not a tuple gives the
    /// logical product. The tiled and flat products are the zipped
    /// product regrouped, the same function. An error is the logical
    /// product's.
    #[test]
    fn prop_products_zip_the_logical_product(a in kit::chained_layout(false), t in tiler_strategy()) {
        let zp = zipped_product(&a, &t);
        let (tp, fp) = (tiled_product(&a, &t), flat_product(&a, &t));
        match logical_product(&a, &t) {
            Ok(p) => {
                let zp = zp.unwrap();
                prop_assert_eq!(kit::size(&zp), kit::size(&p));
                if let Tiler::Tuple(_) = t {
                    let (tiles, copies) = product_parts(&a, &t).unwrap();
                    prop_assert_eq!(&zp, &make_layout(&[tiles, copies]));
                } else {
                    prop_assert_eq!(&zp, &p);
                }
                let (tp, fp) = (tp.unwrap(), fp.unwrap());
                same_function(&zp, &tp)?;
                same_function(&zp, &fp)?;
                prop_assert_eq!(&tp, &regrouped(&zp, false));
                prop_assert_eq!(&fp, &regrouped(&zp, true));
            }
            Err(e) => {
                for r in [zp, tp, fp] {
                    prop_assert_eq!(r.unwrap_err().class(), e.class());
                }
            }
        }
    }

    /// The by-mode divide zipped by its tiler, a `None` entry's mode in
    /// the rest, is the zipped divide: the same function, the same tile.
    /// (Where a tile does not divide its mode, the two rests differ: the
    /// by-mode divide's complement reaches the mode's shape by the
    /// hierarchical `ceil_div`, the zipped divide's its size.)
    #[test]
    fn prop_zip_of_the_by_mode_divide_is_the_zipped_divide(
        a in kit::pow2_layout(),
        t in prop::collection::vec(pow2_entry(), 1..=3),
    ) {
        let t = Tiler::Tuple(t);
        if let (Ok(d), Ok(z)) = (logical_divide(&a, &t), zipped_divide(&a, &t)) {
            let zipped = zip2_by(&d, &t, KeepIn::Rest).unwrap();
            same_function(&zipped, &z)?;
            prop_assert_eq!(zipped.mode(0).unwrap(), z.mode(0).unwrap());
        }
    }

    /// The mode-subscripted forms regroup the one mode they divide or
    /// multiply.
    #[test]
    fn prop_at_mode_is_the_regrouping_of_the_mode(a in kit::layout(), t in tiler_strategy(), k in 0_usize..4) {
        let modes: Vec<Layout> = a.modes().collect();
        let k = k % modes.len();
        type Op = fn(&Layout, &Tiler) -> Result<Layout>;
        type OpAt = fn(&Layout, &Tiler, &[usize]) -> Result<Layout>;
        let ops: [(Op, OpAt); 5] = [
            (|a, t| tiled_divide(a, t), |a, t, m| tiled_divide_at(a, t, m)),
            (|a, t| flat_divide(a, t), |a, t, m| flat_divide_at(a, t, m)),
            (|a, t| zipped_product(a, t), |a, t, m| zipped_product_at(a, t, m)),
            (|a, t| tiled_product(a, t), |a, t, m| tiled_product_at(a, t, m)),
            (|a, t| flat_product(a, t), |a, t, m| flat_product_at(a, t, m)),
        ];
        for (f, f_at) in ops {
            match (f(&modes[k], &t), f_at(&a, &t, &[k])) {
                (Ok(m), Ok(r)) => {
                    let mut want = modes.clone();
                    want[k] = m;
                    prop_assert_eq!(r, make_layout(&want));
                }
                (Err(x), Err(y)) => prop_assert_eq!(x.class(), y.class()),
                (x, y) => prop_assert!(false, "{:?} and {:?}", x, y),
            }
        }
    }
}
