//! The tensor and accessor examples of the specification, with its values,
//! and the properties of views and partitions.

use super::*;
use crate::accessor::{Ptr, SliceAccessor, SliceAccessorMut, TransformAccessor};
use crate::atuple::e;
use cute_core::ErrorClass;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}
fn p(s: &str) -> IntTuple {
    s.parse().unwrap()
}
fn c(s: &str) -> Coord {
    s.parse().unwrap()
}

#[test]
fn test_tensor_spec_class() {
    // T = make_tensor(Layout((4, 4), (4, 1))); T[1, 2] = 42.0
    let mut t = make_tensor::<f64>(&l("(4, 4):(4, 1)")).unwrap();
    t.set(&p("(1, 2)"), 42.0).unwrap();
    // T[1, 2] == 42.0
    assert_eq!(t.get(&p("(1, 2)")).unwrap(), 42.0);
    // shape(T) == (4, 4)
    assert_eq!(t.shape(), p("(4, 4)"));
    // T[1, None] == T[1, :]  (both are the same partial coordinate here)
    assert!(t.slice(&c("(1, None)")).unwrap() == t.slice(&c("(1, None)")).unwrap());
    assert!(t.slice(&c("(1, None)")).unwrap() != t.slice(&c("(2, None)")).unwrap());
    // shape(T[1, None]) == (4,)
    assert_eq!(t.slice(&c("(1, None)")).unwrap().shape(), p("(4,)"));
    // T[1, None][2] == 42.0, sharing T's storage
    assert_eq!(
        t.slice(&c("(1, None)")).unwrap().get(&p("2")).unwrap(),
        42.0
    );
    // coalesce(make_tensor(Layout((4, 4), (1, 4)))).layout == Layout(16, 1)
    let u = make_tensor::<f64>(&l("(4, 4):(1, 4)")).unwrap();
    assert_eq!(u.coalesce().unwrap().layout(), &l("16:1"));
}

#[test]
fn test_tensor_spec_getitem() {
    // T = make_tensor(Layout((4, 4), (4, 1))); T[2, 3] == 0.0; shape(T[None, 2]) == (4,)
    let t = make_tensor::<f64>(&l("(4, 4):(4, 1)")).unwrap();
    assert_eq!(t.get(&p("(2, 3)")).unwrap(), 0.0);
    assert_eq!(t.slice(&c("(None, 2)")).unwrap().shape(), p("(4,)"));
}

#[test]
fn test_setitem_needs_every_mode() {
    // Tensor.setitem: a slicing coordinate raises a ValueError. In Rust a
    // partial coordinate is a `Coord`, which `set` does not take; a
    // coordinate that names too few modes is rejected.
    let mut t = make_tensor::<f64>(&l("(4, 4):(4, 1)")).unwrap();
    assert_eq!(
        t.set(&p("(1, 2, 3)"), 1.0).unwrap_err().class(),
        ErrorClass::ValueError
    );
    assert_eq!(
        t.set(&p("(4, 0)"), 1.0).unwrap_err().class(),
        ErrorClass::IndexError
    );
    // the integral form of (1, 2) in a 4 x 4 shape is 1 + 2 * 4
    t.set(&p("9"), 5.0).unwrap();
    assert_eq!(t.get(&p("(1, 2)")).unwrap(), 5.0);
}

#[test]
fn test_tensor_get_mode() {
    let mut t = make_tensor::<i32>(&l("(3, (2, 4)):(1, (3, 6))")).unwrap();
    for i in 0..24 {
        t.set_at(i, i as i32 * 10).unwrap();
    }
    let m = t.mode(&[1, 1]).unwrap();
    assert_eq!(m.layout(), &l("4:6"));
    assert_eq!(m.to_vec().unwrap(), [0, 60, 120, 180]);
    assert!(t.mode(&[2]).is_err());
}

#[test]
fn test_make_tensor_spec() {
    // shape(make_tensor(Layout((4, 4), (4, 1)))) == (4, 4)
    assert_eq!(
        make_tensor::<f64>(&l("(4, 4):(4, 1)")).unwrap().shape(),
        p("(4, 4)")
    );
    // make_tensor((2, 3)).layout == Layout((2, 3), (1, 2))
    let t = make_tensor::<f64>(&Layout::compact(p("(2, 3)")).unwrap()).unwrap();
    assert_eq!(t.layout(), &l("(2, 3):(1, 2)"));
    // make_tensor(Layout((2, 2), (E(0), E(1)))) -> ValueError
    let err = make_tensor::<f64>(&l("(2, 2):(1@0, 1@1)")).unwrap_err();
    assert_eq!(err.class(), ErrorClass::ValueError);
    assert_eq!(err.op(), "make_tensor");
}

#[test]
fn test_identity_tensor_spec() {
    // identity_tensor((3, 4))[1, 2] == (1, 2); shape(identity_tensor((3, 4))) == (3, 4)
    let t = identity_tensor(&p("(3, 4)")).unwrap();
    let expected = e(&[0]).add(&e(&[1]).scale(2).unwrap()).unwrap();
    assert_eq!(t.get(&p("(1, 2)")).unwrap(), expected);
    assert_eq!(t.shape(), p("(3, 4)"));
    // tiled like a data tensor, a tile knows its global coordinates
    let tiler = Tiler::Tuple(vec![Tiler::Int(3), Tiler::Int(2)]);
    let tile = t.local_tile(&tiler, &c("(0, 1)")).unwrap();
    assert_eq!(tile.get(&p("(2, 1)")).unwrap().to_string(), "(2, 3)");
}

#[test]
fn test_is_tensor() {
    // is_tensor is a question about the type in Rust; both spec examples:
    fn is_tensor<T: 'static>(_: &T) -> bool {
        core::any::type_name::<T>().starts_with("cute_dynamic::tensor::Tensor<")
    }
    assert!(is_tensor(
        &make_tensor::<f64>(&l("Layout((2, 2))")).unwrap()
    ));
    assert!(!is_tensor(&l("Layout((2, 2))")));
}

#[test]
fn test_ptr_tensor_spec() {
    // data = array.array('d', [1.0, 2.0, 3.0, 4.0])
    // T = Tensor(Ptr(data), Layout((2, 2), (2, 1))); T[1, 0] = 9.0
    let mut data = vec![1.0f64, 2.0, 3.0, 4.0];
    {
        let mut t = Tensor::new(Ptr::from_mut_slice(&mut data), l("(2, 2):(2, 1)")).unwrap();
        t.set(&p("(1, 0)"), 9.0).unwrap();
    }
    // data.tolist() == [1.0, 2.0, 9.0, 4.0]
    assert_eq!(data, [1.0, 2.0, 9.0, 4.0]);
    // the same through a borrowed slice
    let mut t = Tensor::new(SliceAccessorMut::new(&mut data), l("(2, 2):(2, 1)")).unwrap();
    t.set(&p("(0, 1)"), 7.0).unwrap();
    assert_eq!(data, [1.0, 7.0, 9.0, 4.0]);
}

#[test]
fn test_transform_tensor() {
    let data: Vec<i32> = (0..6).collect();
    let sq = TransformAccessor::new(SliceAccessor::new(&data), |x: i32| x * x);
    let t = Tensor::new(sq, l("(2, 3):(3, 1)")).unwrap();
    assert_eq!(t.get(&p("(1, 2)")).unwrap(), 25);
    let row = t.slice(&c("(1, None)")).unwrap();
    assert_eq!(row.to_vec().unwrap(), [9, 16, 25]);
    assert!(Tensor::new(sq_of(&data), l("7:1")).is_err());
}

fn sq_of(data: &[i32]) -> TransformAccessor<SliceAccessor<'_, i32>, fn(i32) -> i32> {
    TransformAccessor::new(SliceAccessor::new(data), |x| x * x)
}

#[test]
fn test_views_share_storage() {
    let mut t = make_tensor::<u8>(&l("(4, 4):(4, 1)")).unwrap();
    {
        let mut row = t.slice_mut(&c("(2, None)")).unwrap();
        row.set(&p("3"), 7).unwrap();
        row.set_at(0, 1).unwrap();
    }
    assert_eq!(t.get(&p("(2, 3)")).unwrap(), 7);
    assert_eq!(t.accessor().as_slice()[8], 1);
    // a fully named coordinate gives a view of shape ()
    let one = t.slice(&c("(2, 3)")).unwrap();
    assert_eq!(one.shape(), p("()"));
    assert_eq!(one.at(0).unwrap(), 7);
}

#[test]
fn test_negative_strides() {
    // reversed rows: make_tensor allocates below offset 0
    let mut t = make_tensor::<i64>(&l("(3, 4):(-4, 1)")).unwrap();
    assert_eq!(t.accessor().len(), 12);
    for i in 0..12 {
        t.set_at(i, i).unwrap();
    }
    assert_eq!(t.get(&p("(2, 3)")).unwrap(), 11);
    assert_eq!(t.accessor().as_slice()[0], 2); // offset -8 is (2, 0)
    let data: Vec<i64> = (0..8).collect();
    let r = Tensor::new(SliceAccessor::with_origin(&data, 7), l("8:-1")).unwrap();
    assert_eq!(r.to_vec().unwrap(), [7, 6, 5, 4, 3, 2, 1, 0]);
}

#[test]
fn test_swizzled_tensor() {
    let data: Vec<u16> = (0..64).collect();
    let t = Tensor::new(SliceAccessor::new(&data), l("(8, 8):(F8, F1)")).unwrap();
    // (1, 1) -> 8 ^ 1
    assert_eq!(t.get(&p("(1, 1)")).unwrap(), 9);
}

#[test]
fn test_views_of_swizzled_tensors_combine_offsets_by_xor() {
    // T = Tensor(a, Layout((2, 8), (F2(3), F2(1)))): T[1, j] is a[3 XOR j]
    let mut a = vec![0i32; 64];
    let mut t = Tensor::new(SliceAccessorMut::new(&mut a), l("(2, 8):(F3, F1)")).unwrap();
    t.set(&p("(1, 5)"), 77).unwrap();
    assert_eq!(t.slice(&c("(1, None)")).unwrap().get(&p("5")).unwrap(), 77);
    t.slice_mut(&c("(1, None)"))
        .unwrap()
        .set(&p("5"), 11)
        .unwrap();
    assert_eq!(t.get(&p("(1, 5)")).unwrap(), 11);
    assert_eq!((a[3 ^ 5], a[3 + 5]), (11, 0));

    // over exact-size storage (cosize 8): the slice is in bounds
    let mut e = make_tensor::<i32>(&l("(2, 8):(F3, F1)")).unwrap();
    assert_eq!(e.accessor().len(), 8);
    e.set(&p("(1, 5)"), 77).unwrap();
    let row = e.slice(&c("(1, None)")).unwrap();
    assert_eq!(row.to_vec().unwrap()[5], 77);
    assert_eq!(
        row.to_vec().unwrap(),
        (0..8)
            .map(|j| e.get(&p(&format!("(1, {j})"))).unwrap())
            .collect::<Vec<_>>()
    );

    // local_tile of a swizzled 8 x 8 tile, (m, n) -> 8 m + (n XOR m)
    let data: Vec<i64> = (0..64).collect();
    let s = Tensor::new(SliceAccessor::new(&data), l("(8, 8):(F9, F1)")).unwrap();
    let tiler = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(4)]);
    let tile = s.local_tile(&tiler, &c("(1, 1)")).unwrap();
    for (m, n) in [(0, 0), (1, 2), (3, 3), (2, 1)] {
        let want = s.get(&HTuple::from_leaves([4 + m, 4 + n])).unwrap();
        assert_eq!(want, 8 * (4 + m) + ((4 + n) ^ (4 + m)));
        assert_eq!(tile.get(&HTuple::from_leaves([m, n])).unwrap(), want);
    }
    // a view of a view moves twice, by XOR both times
    let row = tile.slice(&c("(3, None)")).unwrap();
    assert_eq!(row.get(&p("2")).unwrap(), s.get(&p("(7, 6)")).unwrap());
    let mine = s.local_partition(&l("(2, 2):(1, 2)"), 3).unwrap();
    assert_eq!(
        mine.get(&p("(2, 1)")).unwrap(),
        s.get(&p("(5, 3)")).unwrap()
    );
}

#[test]
fn test_f2_moves_of_accessors() {
    let data: Vec<i32> = (0..16).collect();
    let a = SliceAccessor::new(&data);
    let f = |x| Scalar::F2(crate::F2(x));
    let v = a.offset(&f(6)).unwrap();
    assert_eq!(v.xor_mask(), 6);
    assert_eq!(v.read(3), Some(3 ^ 6));
    assert_eq!(v.read_at(&f(3)).unwrap(), 3 ^ 6);
    // F2 moves compose by XOR, and 0 moves nothing
    let v5 = v.offset(&f(5)).unwrap();
    let w = v5.offset(&Scalar::Int(0)).unwrap();
    assert_eq!(w.xor_mask(), 3);
    assert_eq!(w, a.offset(&f(3)).unwrap());
    assert!(w.memory().is_none() && a.memory().is_some());
    // an integer move after an F2 one does not add
    let e = v.offset(&Scalar::Int(1)).unwrap_err();
    assert_eq!(e.class(), ErrorClass::TypeError);
    // an integer move then an F2 one: offset i at 4 + (i XOR 1)
    let a4 = a.offset(&Scalar::Int(4)).unwrap();
    let u = a4.offset(&f(1)).unwrap();
    assert_eq!((u.read(0), u.read(1)), (Some(5), Some(4)));
    let e = u.read_at(&Scalar::Int(12)).unwrap_err();
    assert!(e.to_string().contains("XOR"), "{e}");
    // the same through a Ptr
    let mut buf: Vec<i32> = (0..16).collect();
    let p0 = Ptr::from_mut_slice(&mut buf);
    let mut q = p0.offset(&f(9)).unwrap();
    q.write(2, -1).unwrap();
    assert_eq!(q.read(2), Some(-1));
    assert!(q.offset(&Scalar::Int(2)).is_err());
    assert_eq!(buf[9 ^ 2], -1);
}

#[test]
fn test_storage_span_of_f2_views() {
    // the reach of an F2 view is the bit span of its offsets, not a sum
    assert_eq!(storage_span(0..8, 3).unwrap(), 0..8);
    assert_eq!(storage_span(0..5, 9).unwrap(), 8..16);
    assert_eq!(storage_span(0..1, 9).unwrap(), 9..10);
    assert_eq!(storage_span(0..0, 9).unwrap(), 0..0);
    assert_eq!(storage_span(-3..5, 0).unwrap(), -3..5);
    assert_eq!(
        storage_span(-3..5, 1).unwrap_err().class(),
        ErrorClass::ValueError
    );
    assert!(storage_span(0..i64::MAX, 1).is_err());
    // a view whose positions leave the storage is refused, naming them
    let data = [0u8; 8];
    let base = SliceAccessor::new(&data);
    let v = base.offset(&Scalar::F2(crate::F2(8))).unwrap();
    let e = Tensor::new(v, l("4:F1")).unwrap_err();
    assert!(e.to_string().contains("positions 8..12"), "{e}");
    let v = base.offset(&Scalar::F2(crate::F2(4))).unwrap();
    assert!(Tensor::new(v, l("4:F1")).is_ok());
}

#[test]
fn test_algebra_rewraps() {
    let data: Vec<i32> = (0..32).collect();
    let t = Tensor::new(SliceAccessor::new(&data), l("(4, 8):(1, 4)")).unwrap();
    let z = t
        .clone()
        .zipped_divide(Tiler::Tuple(vec![Tiler::Int(2), Tiler::Int(4)]))
        .unwrap();
    assert_eq!(z.layout(), &l("((2, 4), (2, 2)):((1, 4), (2, 16))"));
    assert_eq!(z.accessor(), t.accessor());
    let d = t.clone().logical_divide(Tiler::Layout(l("4:2"))).unwrap();
    assert_eq!(d.size().unwrap(), 32);
    let s = t
        .clone()
        .composition(Tiler::Layout(l("(2, 2):(8, 1)")))
        .unwrap();
    assert_eq!(s.to_vec().unwrap(), [0, 8, 1, 9]);
    // a composition reaching past the storage is refused
    assert!(t.composition(Tiler::Layout(l("2:32"))).is_err());
}

#[test]
fn test_element_types() {
    fn roundtrip<T: Copy + Default + PartialEq + core::fmt::Debug>(v: T) {
        let mut t = make_tensor::<T>(&l("(2, 3):(3, 1)")).unwrap();
        t.set(&p("(1, 1)"), v).unwrap();
        assert_eq!(t.get(&p("(1, 1)")).unwrap(), v);
        assert_eq!(t.at(0).unwrap(), T::default());
    }
    roundtrip(1.5f32);
    roundtrip(2.5f64);
    roundtrip(-3i32);
    roundtrip(-4i64);
    roundtrip(5u8);
    #[derive(Clone, Copy, Default, PartialEq, Debug)]
    struct Complex(f32, f32);
    roundtrip(Complex(1.0, -1.0));
}

#[test]
fn test_display() {
    let t = make_tensor::<f32>(&l("(2, 2):(1, 2)")).unwrap();
    assert_eq!(t.to_string(), "Array(4, f32) o (2, 2):(1, 2)");
    let i = identity_tensor(&p("(2, 2)")).unwrap();
    assert_eq!(
        format!("{i:?}"),
        "Tensor(ImplicitAccessor { origin: Int(0) }, Layout((2, 2), (1@0, 1@1)))"
    );
}

#[test]
fn test_local_partition_tensor_writes() {
    // every thread of a 2 x 4 layout writes its id into its partition
    let threads = l("(2, 4):(4, 1)");
    let mut t = make_tensor::<i32>(&l("(4, 8):(8, 1)")).unwrap();
    for tid in 0..8 {
        let mut mine = t.local_partition_mut(&threads, tid).unwrap();
        mine.fill(tid as i32).unwrap();
    }
    // element (m, n) belongs to thread (m % 2, n % 4) = 4 (m % 2) + n % 4
    for m in 0..4 {
        for n in 0..8 {
            let want = 4 * (m % 2) + n % 4;
            assert_eq!(t.get(&HTuple::from_leaves([m, n])).unwrap(), want as i32);
        }
    }
}

#[test]
fn test_gemm_projections_read_the_right_elements() {
    // A (M, K), B (N, K), C (M, N), column-major, element (i, j) of each
    // holding 1000 i + j; a (4, 8, 2) CTA tiler at tile coordinate (1, 1, k)
    let (m, n, k) = (8, 16, 6);
    let fill = |rows: i64, cols: i64| {
        let mut t = make_tensor::<i64>(&l(&format!("({rows}, {cols}):(1, {rows})"))).unwrap();
        for i in 0..rows {
            for j in 0..cols {
                t.set(&HTuple::from_leaves([i, j]), 1000 * i + j).unwrap();
            }
        }
        t
    };
    let (a, b, mut cm) = (fill(m, k), fill(n, k), fill(m, n));
    let cta = crate::layout::Tiler::Tuple(vec![
        crate::layout::Tiler::Int(4),
        crate::layout::Tiler::Int(8),
        crate::layout::Tiler::Int(2),
    ]);
    let at = c("(1, 1, None)");
    let g_a = a.local_tile_proj(&cta, &at, &c("(1, None, 1)")).unwrap();
    let g_b = b.local_tile_proj(&cta, &at, &c("(None, 1, 1)")).unwrap();
    assert_eq!(g_a.shape(), p("(4, 2, 3)"));
    assert_eq!(g_b.shape(), p("(8, 2, 3)"));
    for kt in 0..3 {
        for kk in 0..2 {
            for i in 0..4 {
                let want = 1000 * (4 + i) + 2 * kt + kk;
                assert_eq!(g_a.get(&HTuple::from_leaves([i, kk, kt])).unwrap(), want);
            }
            for j in 0..8 {
                let want = 1000 * (8 + j) + 2 * kt + kk;
                assert_eq!(g_b.get(&HTuple::from_leaves([j, kk, kt])).unwrap(), want);
            }
        }
    }
    // the C tile (1, 1) is rows 4..8, columns 8..16, and is writable
    let mut g_c = cm
        .local_tile_proj_mut(&cta, &at, &c("(1, 1, None)"))
        .unwrap();
    assert_eq!(g_c.shape(), p("(4, 8)"));
    g_c.set(&p("(3, 7)"), -1).unwrap();
    assert_eq!(cm.get(&p("(7, 15)")).unwrap(), -1);
    assert_eq!(cm.get(&p("(3, 7)")).unwrap(), 3007);
    // a 2 x 4 thread layout, projected to its rows for the A tile: thread 5
    // is (1, 2), so it takes rows 1 and 3 of the tile, every k
    let threads = l("(2, 4):(1, 2)");
    let mine = g_a
        .local_partition_proj(&threads, 5, &c("(1, None)"))
        .unwrap();
    assert_eq!(mine.shape(), p("(2, 2, 3)"));
    assert_eq!(
        mine.get(&p("(1, 1, 2)")).unwrap(),
        1000 * (4 + 3) + 2 * 2 + 1
    );
    assert_eq!(mine.get(&p("(0, 0, 0)")).unwrap(), 1000 * (4 + 1));
}

/// The first `k` elements `for_each` visits, stopping it there (it has
/// no other way to stop).
fn first_visited<A: Accessor>(t: &Tensor<A>, k: usize) -> Vec<(i64, A::Value)> {
    let mut seen = Vec::new();
    let stop = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        t.for_each(|i, v| {
            seen.push((i, v));
            if seen.len() == k {
                std::panic::panic_any("enough");
            }
        })
    }));
    assert!(stop.is_err(), "for_each ended before {k} elements");
    seen
}

#[test]
fn test_huge_tensors_fail_cleanly() {
    // One mode of 3 * 2^61 coordinates. Over 3 elements of memory (the
    // second leaf broadcasts) and over no storage: to_vec refuses before
    // allocating, and for_each visits elements at once (nothing of the
    // tensor's size is built first).
    let data = [10, 20, 30];
    let t = Tensor::new(
        SliceAccessor::new(&data),
        l("((3, 2305843009213693952),):((1, 0),)"),
    )
    .unwrap();
    let e = t.to_vec().unwrap_err();
    assert_eq!(e.class(), ErrorClass::ValueError);
    assert!(e.to_string().contains("cannot allocate"), "{e}");
    assert_eq!(
        first_visited(&t, 5),
        [(0, 10), (1, 20), (2, 30), (3, 10), (4, 20)]
    );
    let t = Tensor::new(
        ImplicitAccessor::new(0),
        l("((3, 2305843009213693952),):((1, 4),)"),
    )
    .unwrap();
    assert_eq!(t.to_vec().unwrap_err().class(), ErrorClass::ValueError);
    let want: Vec<(i64, Scalar)> = [0, 1, 2, 4, 5]
        .iter()
        .zip(0..)
        .map(|(&o, i)| (i, Scalar::Int(o)))
        .collect();
    assert_eq!(first_visited(&t, 5), want);
    // a size beyond i64 is an error, not a wrapped count
    let over = Tensor::new(
        ImplicitAccessor::new(0),
        l("(4, 4611686018427387904):(1, 4)"),
    )
    .unwrap();
    assert!(over.to_vec().is_err());
    assert!(over.for_each(|_, _| {}).is_err());
}
mod views;
