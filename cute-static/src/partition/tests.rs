use super::*;
use crate::{coord, layout, tile, Layout};

// The expected values below were printed by CuTe C++ (CUTLASS 4.2,
// cute/tensor.hpp) for the same calls on tensors of the same layouts
// (`cute-static/examples/gemm_partition.cpp`; the offset is
// `tensor.data() - ptr`). CuTe prints a static leaf as `_N` and a
// run-time one as a plain number, as `Display` does here, so each
// string also says which leaves stay static; the `let _: Layout![...]`
// lines pin the same as types.
//
// The problem is (M, N, K) = (256, 384, 128) with run-time extents; A
// is M x K, B is N x K, C is M x N, column-major; the CTA tiler is
// Shape<_128, _128, _8> and the CTA coordinate (1, 2, _).

#[test]
fn test_gemm_tiles_like_cute_cpp() {
    let (m, n, k) = (256, 384, 128);
    let ma = layout!((m, k) : (1, m)).unwrap();
    let mb = layout!((n, k) : (1, n)).unwrap();
    let mc = layout!((m, n) : (1, m)).unwrap();
    let cta = tile!(128, 128, 8);
    // local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{})
    let (off, g_a) = local_tile_proj(ma, cta, (1, 2, Keep), (1, X, 1)).unwrap();
    assert_eq!(
        (off, g_a.to_string()),
        (128, "(_128,_8,16):(_1,256,2048)".into())
    );
    let _: Layout![(128, 8, {}) : (1, {}, {})] = g_a;
    // Step<X, _1, _1>
    let (off, g_b) = local_tile_proj(mb, cta, (1, 2, Keep), (X, 1, 1)).unwrap();
    assert_eq!(
        (off, g_b.to_string()),
        (256, "(_128,_8,16):(_1,384,3072)".into())
    );
    // Step<_1, _1, X>
    let (off, g_c) = local_tile_proj(mc, cta, (1, 2, Keep), (1, 1, X)).unwrap();
    assert_eq!(
        (off, g_c.to_string()),
        (65664, "(_128,_128):(_1,256)".into())
    );
    let _: Layout![(128, 128) : (1, {})] = g_c;
    // one k-tile: the coordinate (1, 2, 3)
    let (off, g_a3) = local_tile_proj(ma, cta, (1, 2, 3), (1, X, 1)).unwrap();
    assert_eq!((off, g_a3.to_string()), (6272, "(_128,_8):(_1,256)".into()));
    let _: Layout![(128, 8) : (1, {})] = g_a3;
    // the same tile without a projection: local_tile by the (M, K) tiler
    assert_eq!(
        local_tile(ma, tile!(128, 8), (1, Keep)).unwrap(),
        (128, g_a)
    );
}

#[test]
fn test_gemm_threads_like_cute_cpp() {
    let (m, n, k) = (256, 384, 128);
    let cta = tile!(128, 128, 8);
    let ma = layout!((m, k) : (1, m)).unwrap();
    let mb = layout!((n, k) : (1, n)).unwrap();
    let mc = layout!((m, n) : (1, m)).unwrap();
    let (oa, g_a) = local_tile_proj(ma, cta, (1, 2, Keep), (1, X, 1)).unwrap();
    let (ob, g_b) = local_tile_proj(mb, cta, (1, 2, Keep), (X, 1, 1)).unwrap();
    let (oc, g_c) = local_tile_proj(mc, cta, (1, 2, Keep), (1, 1, X)).unwrap();
    // static (16, 16) thread layouts, column-major
    let t = layout!((16, 16));
    // thread, then (offset, layout) of tCgC = local_partition(gC, tC, tid),
    // tCgA = local_partition(gA, tC, tid, Step<_1, X>{}),
    // tCgB = local_partition(gB, tC, tid, Step<X, _1>{})
    let cute = [
        (0, 65664, 128, 256),
        (17, 65921, 129, 257),
        (200, 68744, 136, 268),
    ];
    for (tid, c_off, a_off, b_off) in cute {
        let (off, c) = local_partition(g_c, t, tid).unwrap();
        assert_eq!(
            (oc + off, c.to_string()),
            (c_off, "(_8,_8):(_16,4096)".into())
        );
        let _: Layout![(8, 8) : (16, {})] = c;
        let (off, a) = local_partition_proj(g_a, t, tid, (1, X)).unwrap();
        assert_eq!(
            (oa + off, a.to_string()),
            (a_off, "(_8,_8,16):(_16,256,2048)".into())
        );
        let _: Layout![(8, 8, {}) : (16, {}, {})] = a;
        let (off, b) = local_partition_proj(g_b, t, tid, (X, 1)).unwrap();
        assert_eq!(
            (ob + off, b.to_string()),
            (b_off, "(_8,_8,16):(_16,384,3072)".into())
        );
    }
    // tAgA = local_partition(gA, tC, tid) with the (16, 16) threads over
    // the (128, 8, k) tile: the 16 threads of mode 1 overrun its extent
    // 8, and the rest of that mode has extent 1. `local_partition`
    // refuses it at compile time (mode 1 is static); the unchecked form
    // gives CuTe C++'s partition: a mixed layout is divided as CuTe C++
    // divides it, which gives that mode the static stride _0 (it prints
    // (_8,_1,16):(_16,_0,2048)).
    for (tid, off_cute) in [(0, 128), (17, 385), (200, 3208)] {
        let (off, a) = local_partition_unchecked(g_a, t, tid).unwrap();
        assert_eq!(
            (oa + off, a.to_string()),
            (off_cute, "(_8,_1,16):(_16,_0,2048)".into())
        );
        let _: Layout![(8, 1, {}) : (16, 0, {})] = a;
    }
}

#[test]
fn test_slice_like_cute_cpp() {
    // slice(make_coord(2, _), l) and slice_and_offset(make_coord(_, make_coord(1, _)), l)
    // for l = (_4, (_2, M)):(M, (_1, _2)), M = 256
    let m = 256;
    let l = layout!((4, (2, m)) : (m, (1, 2))).unwrap();
    let s = slice(l, (2, Keep));
    assert_eq!(s.to_string(), "((_2,256)):((_1,_2))");
    let _: Layout![((2, {}),) : ((1, 2),)] = s;
    assert_eq!(offset_and_slice(l, (2, Keep)).0, 512);
    let (off, s) = offset_and_slice(l, (Keep, (1, Keep)));
    assert_eq!((off, s.to_string()), (1, "(_4,256):(256,_2)".into()));
    let _: Layout![(4, {}) : ({}, 2)] = s;
}

#[test]
fn test_slice() {
    let a = layout!((3, (2, 4)) : (2, (1, 6)));
    // every coordinate with a free part: off + sub(j) == a(c with j)
    for i in 0..3 {
        let (off, sub) = offset_and_slice(a, (i, Keep));
        let _: Layout![((2, 4),) : ((1, 6),)] = sub;
        for j in 0..8 {
            assert_eq!(off + sub.eval(j), a.call((i, j)));
        }
    }
    for j in 0..4 {
        let (off, sub) = offset_and_slice(a, (Keep, (Keep, j)));
        assert_eq!(sub.to_string(), "(_3,_2):(_2,_1)");
        for i in 0..3 {
            for h in 0..2 {
                assert_eq!(off + sub.call((i, h)), a.call((i, (h, j))));
            }
        }
    }
    // `_` alone keeps the whole layout, as one mode; an integer keeps nothing
    assert_eq!(slice(a, Keep).to_string(), "((_3,(_2,_4))):((_2,(_1,_6)))");
    assert_eq!(offset_and_slice(a, 7), (8, layout!(())));
    // a static coordinate
    assert_eq!(offset_and_slice(a, coord!(1, _)).0, 2);
    // checked: an IndexError outside, naming the coordinate
    let e = try_offset_and_slice(a, (3, Keep)).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
    assert!(e.to_string().contains("(3, _)"), "{e}");
    assert!(try_offset_and_slice(a, (Keep, (2, 0))).is_err());
    assert!(try_offset_and_slice(a, (-1, Keep)).is_err());
    assert_eq!(try_offset_and_slice(a, (2, (Keep, 3))).unwrap().0, 4 + 18);
}

#[test]
fn test_partition_coordinates() {
    let a = layout!((8, 8, 3) : (1, 8, 64));
    // a coordinate shorter than the rest mode keeps the modes it does not reach
    let (off, t) = local_tile(a, tile!(4, 2), (1, 2)).unwrap();
    assert_eq!((off, t.to_string()), (36, "(_4,_2,_3):(_1,_8,_64)".into()));
    // an integral coordinate indexes the rest mode as a whole
    let (off, t) = local_tile(a, tile!(4, 2), 5).unwrap();
    assert_eq!(
        (off, t.to_string()),
        (4 + 2 * 2 * 8, "(_4,_2):(_1,_8)".into())
    );
    // `Keep` keeps a mode of tiles
    let (off, t) = local_tile(a, tile!(4, 2), (1, Keep, 2)).unwrap();
    assert_eq!(
        (off, t.to_string()),
        (4 + 128, "(_4,_2,_4):(_1,_8,_16)".into())
    );
    // a 1-tuple coordinate of a leaf mode
    let (off, t) = local_tile(layout!(32 : 2), layout!(8 : 1), (3,)).unwrap();
    assert_eq!((off, t.to_string()), (48, "(_8):(_2)".into()));
    // out of range, and a negative coordinate
    assert!(local_tile(a, tile!(4, 2), (2, 0)).is_err());
    assert!(local_tile(a, tile!(4, 2), (0, 0, 3)).is_err());
    assert!(outer_partition(a, tile!(4, 2), (-1, 0)).is_err());
    // a mixed layout: a run-time divisibility failure is an error
    let n = 3;
    let b = layout!(((n, 4), 8) : ((1, 10), 40)).unwrap();
    let e = local_tile(b, tile!(2, 4), (0, 0)).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    let n = 4;
    let b = layout!(((n, 4), 8) : ((1, 10), 40)).unwrap();
    assert_eq!(local_tile(b, tile!(2, 4), (1, 1)).unwrap().0, 2 + 160);
}

#[test]
fn test_partitions_cover() {
    // every offset of the layout is reached by exactly one thread
    fn cover<S: HTuple, D: HTuple, TS, TD>(a: Layout<S, D>, threads: Layout<TS, TD>)
    where
        Layout<S, D>: LocalPartition<Layout<TS, TD>>,
        LocalPartitioned<Layout<S, D>, Layout<TS, TD>>: cute_core::LayoutLike,
        Layout<S, D>: cute_core::LayoutLike,
        Layout<TS, TD>: cute_core::LayoutLike,
        TS: HTuple,
        TD: HTuple,
        Layout<TS, TD>: Copy,
    {
        let n = cute_core::LayoutLike::size(&a) as usize;
        let mut seen = [0_u32; 1024];
        for t in 0..cute_core::LayoutLike::size(&threads) {
            let (off, p) = local_partition(a, threads, t).unwrap();
            for j in 0..cute_core::LayoutLike::size(&p) {
                seen[(off + cute_core::LayoutLike::eval(&p, j)) as usize] += 1;
            }
        }
        assert!(seen[..n].iter().all(|&k| k == 1), "{a} by {threads}");
    }
    cover(layout!((16, 64) : (1, 16)), layout!((2, 16) : (1, 2)));
    cover(layout!((16, 64) : (64, 1)), layout!((2, 16) : (16, 1)));
    cover(layout!((8, 8) : (8, 1)), layout!(((2, 2), 4) : ((1, 8), 2)));
    cover(layout!(32 : 1), layout!(8 : 1));
    let w = 8;
    cover(layout!((w, 8) : (8, 1)).unwrap(), layout!((4, 2) : (2, 1)));
}

#[test]
fn test_divisibility_rule() {
    use cute_core::{Error, ErrorClass, Operand};
    fn values(e: &Error) -> (Operand, Operand) {
        match e {
            Error::Divisibility { lhs, rhs, .. } => (lhs.clone(), rhs.clone()),
            e => panic!("not a divisibility error: {e}"),
        }
    }
    // outer_partition: a mode of run-time size must be tiled exactly
    let n = 7;
    let b = layout!((8, n) : (1, 8)).unwrap();
    let e = outer_partition(b, tile!(4, 3), (0, 0)).unwrap_err();
    assert_eq!(e.class(), ErrorClass::ValueError);
    assert_eq!(e.op(), "outer_partition");
    assert_eq!(values(&e), (Operand::Int(3), Operand::Int(7)));
    assert!(outer_partition(b, tile!(4, 7), (0, 0)).is_ok());
    assert!(outer_partition(b, tile!(4, 1), (0, 0)).is_ok());
    // ... and the unchecked form is CuTe C++'s
    let (off, t) = outer_partition_unchecked(b, tile!(4, 3), (1, 2)).unwrap();
    assert_eq!((off, t.to_string()), (17, "(_2,3):(_4,_24)".into()));
    // a tiler entry past a mode's extent
    let e = outer_partition(b, tile!(4, 8), (0, 0)).unwrap_err();
    assert_eq!(values(&e), (Operand::Int(8), Operand::Int(7)));
    // Keep and missing entries divide nothing
    assert!(outer_partition(b, tile!(_, 1), (0, 0)).is_ok());
    assert!(outer_partition(b, tile!(4), 0).is_ok());
    // a nested entry divides the sub-modes; the mode is the top-level one
    let w = 6;
    let c = layout!((4, (2, w)) : (1, (4, 8))).unwrap();
    let e = outer_partition(c, tile!(2, (2, 4)), (0, (0, 0))).unwrap_err();
    assert_eq!(values(&e), (Operand::Int(4), Operand::Int(6)));
    assert!(e.to_string().contains("of mode 1 of the layout"), "{e}");
    assert!(outer_partition(c, tile!(2, (2, 3)), (0, (0, 0))).is_ok());
    // a layout tile: its span (the largest extent * stride) must divide
    // the mode: (2, 2):(1, 4) spans 8
    let m = 12;
    let d = layout!((m, 4)).unwrap();
    let tile = (layout!((2, 2) : (1, 4)), Keep);
    let e = outer_partition(d, tile, (0, 0)).unwrap_err();
    assert_eq!(values(&e), (Operand::Int(8), Operand::Int(12)));
    let m = 16;
    let d = layout!((m, 4)).unwrap();
    assert!(outer_partition(d, tile, (0, 0)).is_ok());
    // a tiler of the whole layout (not a tuple): the whole size
    let k = 30;
    let f = layout!(k : 1).unwrap();
    let e = outer_partition(f, layout!(8 : 1), 0).unwrap_err();
    assert_eq!(values(&e), (Operand::Int(8), Operand::Int(30)));
    assert!(e.to_string().contains("of the layout:"), "{e}");
    assert!(outer_partition(f, layout!(5 : 1), 0).is_ok());
    // local_partition: the sizes of the thread layout's modes, named as threads
    let m = 100;
    let g = layout!((m, 8)).unwrap();
    let e = local_partition(g, layout!((16, 2)), 0).unwrap_err();
    assert_eq!(e.op(), "local_partition");
    assert_eq!(values(&e), (Operand::Int(16), Operand::Int(100)));
    assert!(e.to_string().contains("the 16 threads of mode 0"), "{e}");
    // nested thread modes count as their size: ((2, 2), 2) has 4 threads in mode 0
    assert!(local_partition(g, layout!(((2, 2), 2)), 0).is_ok());
    assert!(local_partition(g, layout!(((2, 4), 2)), 0).is_err());
    // the projection form checks what it keeps
    let proj = local_partition_proj(g, layout!((16, 2)), 0, (X, 1));
    assert!(proj.is_ok());
    assert!(local_partition_proj(g, layout!((16, 2)), 0, (1, X)).is_err());
    // unchecked: CuTe C++'s partition of the threads past the mode
    let (off, t) = local_partition_unchecked(g, layout!((16, 2)), 9).unwrap();
    assert_eq!((off, t.to_string()), (9, "(7,_4):(_16,200)".into()));
    // local_tile: a mode of run-time size may end in a partial tile
    let (off, t) = local_tile(g, tile!(32, 8), (3, 0)).unwrap();
    assert_eq!((off, t.to_string()), (96, "(_32,_8):(_1,100)".into()));
    assert!(local_tile(g, tile!(32, 8), (4, 0)).is_err()); // past ceil(100 / 32)
    assert!(local_tile_proj(g, tile!(32, 4, 8), (3, 0, 0), (1, X, 1)).is_ok());
}

#[test]
fn test_flat_coord() {
    let threads = layout!((2, 16) : (16, 1));
    assert_eq!(flat_coord(&threads, 17).unwrap(), coord!({ 1 }, { 1 }));
    assert_eq!(flat_coord(&layout!(8 : 1), 5).unwrap(), 5);
    // a run-time stride, and a zero one
    let s = 4;
    let dyn_threads = layout!((4, 2) : (1, s)).unwrap();
    assert_eq!(flat_coord(&dyn_threads, 6).unwrap(), coord!({ 2 }, { 1 }));
    assert_eq!(
        flat_coord(&layout!((4, 2) : (1, 0)), 6).unwrap(),
        coord!({ 2 }, { 0 })
    );
    // errors: a negative index, a negative stride
    assert!(flat_coord(&threads, -3).is_err());
    let neg = layout!((2, 3) : ({ -1 }, 2)).unwrap();
    let e = flat_coord(&neg, 0).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    assert!(local_partition(layout!((8, 6) : (1, 8)), neg, 0).is_err());
}
