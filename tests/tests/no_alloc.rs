//! The algebra on machine-integer layouts of up to 8 leaves makes no heap
//! allocation but its result's own storage: a result of up to `KEPT` (4)
//! leaves and 15 profile tokens lives inline too, so the operation makes
//! none at all; a larger result makes one for its leaves, and two (a box
//! and a buffer) for its tokens when they do not fit inline. A counting
//! global allocator counts the allocations each operation makes on the
//! inputs of the algebra benchmarks (`benches/benches/algebra.rs` and
//! `inverse.rs`) and on operands of up to 8 leaves, built before the count
//! starts; the count covers the call alone.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::hint::black_box;

use cute_dynamic::algebra::{
    blocked_product, coalesce, coalesce_z, complement, complement_to, composition, composition_at,
    greatest_common_domain, layout_add, left_inverse, logical_divide, logical_product, nullspace,
    raked_product, right_inverse, zipped_divide,
};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::{tile, IntTuple, Result};

/// The system allocator, counting the allocations of the thread that makes
/// them (so that the test harness's other threads do not count).
struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // (a thread being torn down has no counter left: it is not counted)
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is passed on to `System` unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes beyond what its result's own storage may
/// take (none for a result stored inline), its result dropped after the
/// count.
fn allocations<T: Stored>(f: impl FnOnce() -> Result<T>) -> usize {
    let before = ALLOCS.with(Cell::get);
    let r = black_box(f());
    let n = ALLOCS.with(Cell::get) - before;
    let r = r.expect("the benchmarked inputs are valid");
    n.saturating_sub(r.own())
}

/// A result whose own storage may be on the heap.
trait Stored {
    /// The most allocations its storage can take as it grows.
    fn own(&self) -> usize;
}

/// The allocations of a small vector that keeps `inline` elements inline
/// and grows, by doubling, to hold `len`.
fn growth(len: usize, inline: usize) -> usize {
    if len <= inline {
        return 0;
    }
    let (mut cap, mut n) = ((inline + 1).next_power_of_two(), 1);
    while cap < len {
        cap *= 2;
        n += 1;
    }
    n
}

/// The most allocations `len` profile tokens take: none up to the 15 kept
/// inline; past that, a box and a buffer of 30, which doubles as it grows.
fn token_growth(len: usize) -> usize {
    if len <= 15 {
        return 0;
    }
    let (mut cap, mut n) = (30, 2);
    while cap < len {
        cap *= 2;
        n += 1;
    }
    n
}

impl Stored for Layout {
    fn own(&self) -> usize {
        if self.is_inline() {
            return 0;
        }
        // a profile token per leaf, and two per tuple
        let leaves = self.leaves().len();
        let tuples = self.shape().to_string().matches('(').count();
        growth(leaves, cute_dynamic::layout::KEPT) + token_growth(leaves + 2 * tuples)
    }
}

impl Stored for IntTuple {
    fn own(&self) -> usize {
        0
    }
}

/// (A vector's storage is counted, to check the counter itself.)
impl Stored for Vec<u8> {
    fn own(&self) -> usize {
        0
    }
}

fn l(s: &str) -> Layout {
    s.parse().expect("a layout literal")
}

fn t(s: &[i64]) -> IntTuple {
    IntTuple::from_leaves(s.iter().copied())
}

#[test]
fn the_algebra_on_small_layouts_does_not_allocate() {
    let c1 = l("(2, (1, 6)):(1, (6, 2))");
    let cz = l("(2, 1, 6, 1):(1, 7, 8, 0)");
    let (ca, cb) = (l("(6, 2):(8, 2)"), l("(4, 3):(3, 1)"));
    let (ma, mb) = (l("(4, 6):(1, 4)"), l("3:2"));
    let (k1, k2) = (l("(2, 2):(1, 6)"), l("4:2"));
    let (pa, pb) = (l("(2, 2):(4, 1)"), l("6:1"));
    let (da, db) = (l("24:1"), l("4:2"));
    let za = l("(9, 32):(1, 9)");
    let zt: Tiler = tile!(l("3:3"), l("(2, 4):(1, 8)"));
    let (ba, bb) = (l("(2, 5):(5, 1)"), l("(3, 4):(1, 3)"));
    let tile = l("(128, 64):(1, 128)");
    let by: Tiler = tile!(8, 8);
    let (thr, val) = (l("(4, 8):(8, 1)"), l("(2, 4):(1, 2)"));
    let big = l("(128, 128):(1, 128)");
    let (tv, tvb) = (l("((4, 8), (2, 4)):((16, 1), (4, 64))"), l("(8, 4):(4, 1)"));
    // the inverse benchmarks
    let row = l("(4, 8):(8, 1)");
    let gap = l("(4, 8):(1, 5)");
    let swz = l("(8, 8):(F9, F1)");
    let tv2 = l("((4, 8), (2, 4)):((2, 32), (1, 8))");
    let z = l("(2, 4, 6):(1, 2, 0)");
    let (aa, ab) = (l("(5, 3, 4):(1, 5, 15)"), l("(10, 6):(1, 10)"));
    let (sa, sb) = (t(&[6, 35]), t(&[15, 14]));

    let counts: Vec<(&str, usize)> = vec![
        ("coalesce", allocations(|| coalesce(&c1))),
        ("coalesce_z", allocations(|| coalesce_z(&cz))),
        ("composition", allocations(|| composition(&ca, &cb))),
        (
            "composition[1]",
            allocations(|| composition_at(&ma, &mb, &[1])),
        ),
        ("complement", allocations(|| complement(&k1))),
        ("complement 4:2, 20", allocations(|| complement_to(&k2, 20))),
        ("logical_product", allocations(|| logical_product(&pa, &pb))),
        ("logical_divide", allocations(|| logical_divide(&da, &db))),
        ("zipped_divide", allocations(|| zipped_divide(&za, &zt))),
        ("blocked_product", allocations(|| blocked_product(&ba, &bb))),
        ("raked_product", allocations(|| raked_product(&ba, &bb))),
        (
            "gemm logical_divide",
            allocations(|| logical_divide(&tile, &by)),
        ),
        (
            "gemm logical_product",
            allocations(|| logical_product(&thr, &val)),
        ),
        (
            "gemm raked_product",
            allocations(|| raked_product(&thr, &val)),
        ),
        (
            "gemm zipped_divide",
            allocations(|| zipped_divide(&big, &by)),
        ),
        (
            "gemm composition tv",
            allocations(|| composition(&tv, &tvb)),
        ),
        ("right_inverse", allocations(|| right_inverse(&row))),
        ("right_inverse F2", allocations(|| right_inverse(&swz))),
        ("right_inverse TV", allocations(|| right_inverse(&tv2))),
        ("left_inverse", allocations(|| left_inverse(&gap))),
        ("left_inverse TV", allocations(|| left_inverse(&tv2))),
        ("nullspace", allocations(|| nullspace(&z))),
        ("layout_add", allocations(|| layout_add(&aa, &ab))),
        ("layout_add TV+TV", allocations(|| layout_add(&tv2, &tv2))),
        (
            "greatest_common_domain",
            allocations(|| greatest_common_domain(&sa, &sb)),
        ),
    ];
    // operands of up to 8 leaves: their intermediate layouts stay inline
    let a8 = l("((2, 2), (2, 2), (2, 2), (2, 2)):((1, 2), (4, 8), (16, 32), (64, 128))");
    let s8 = l("(2, 3, 2, 3, 2, 3, 2, 3):(1, 2, 6, 12, 36, 72, 216, 432)");
    let g8 = l("(4, 2, 4, 2, 4, 2, 4, 2):(1, 8, 32, 256, 1024, 8192, 32768, 262144)");
    let (b2, t6) = (
        l("(16, 16):(1, 16)"),
        l("(2, 2, 2, 2, 2, 2):(1, 4, 16, 64, 256, 1024)"),
    );
    let counts8: Vec<(&str, usize)> = vec![
        ("composition 8 o 2", allocations(|| composition(&a8, &b2))),
        ("composition 8 o 6", allocations(|| composition(&s8, &t6))),
        ("complement 8", allocations(|| complement(&g8))),
        (
            "logical_divide 8 / 6",
            allocations(|| logical_divide(&a8, &t6)),
        ),
        (
            "zipped_divide 8 / 2",
            allocations(|| zipped_divide(&g8, &b2)),
        ),
        (
            "logical_product 8 x 2",
            allocations(|| logical_product(&g8, &b2)),
        ),
        (
            "blocked_product 2 x 2",
            allocations(|| blocked_product(&b2, &b2)),
        ),
        ("right_inverse 8", allocations(|| right_inverse(&s8))),
        ("left_inverse 8", allocations(|| left_inverse(&g8))),
        ("coalesce 8", allocations(|| coalesce(&g8))),
    ];
    let counts: Vec<_> = counts.into_iter().chain(counts8).collect();
    for (op, n) in &counts {
        println!("{op}: {n} allocations");
    }
    let heavy: Vec<_> = counts.iter().filter(|(_, n)| *n > 0).collect();
    assert!(heavy.is_empty(), "allocations per call: {heavy:?}");
}

#[test]
fn the_counter_counts() {
    assert_eq!(
        allocations(|| Ok(black_box(Vec::<u8>::with_capacity(4)))),
        1
    );
    // parsing allocates; a copy of a small layout does not, and a copy of a
    // large one makes its own storage only
    assert!(allocations(|| Ok(black_box(l("4:2")))) > 0);
    let big = l("(2, 2, 2, 2, 2):(1, 2, 4, 8, 16)");
    assert_eq!(allocations(|| Ok(black_box(big.clone()))), 0);
    let a = l("((4, 8), (2, 4)):((16, 1), (4, 64))");
    assert_eq!(allocations(|| Ok(black_box(a.clone()))), 0);
}
