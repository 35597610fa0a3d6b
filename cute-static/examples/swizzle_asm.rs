//! Small `#[inline(never)]` functions whose assembly shows what a static
//! swizzled layout's evaluation compiles to, as `asm.rs` does for layouts:
//! `cargo rustc -p cute-static --release --example swizzle_asm -- --emit asm`
//! writes it to `target/release/examples/swizzle_asm-*.s`.
//!
//! Each static function is a layout's index arithmetic (shifts and masks,
//! `lea`) and then the swizzle's mask, shift and XOR, with no division, no
//! loop and no branch; `main` checks each against the map written by hand.
//! On x86-64, `atom_eval` is the nine instructions of `hand_atom` (`sar`,
//! `and`, `shl`, `add`, then `shr`, `and`, `xor`), `atom_call` six,
//! `tile_eval` ten (one fewer than `hand_tile`), `left_eval` the seven of
//! `hand_left`, and `mixed_eval` adds one `imul` for its run-time stride.

use cute_static::atom::Half;
use cute_static::swizzle::{GmmaLayoutKSw128Atom, Swizzle, Swizzled, TiledToShape};
use cute_static::{composition, layout, tile_to_shape, Layout, Shape};
use typenum::{N3, U1, U2, U3};

/// `GMMA::Layout_K_SW128_Atom<half_t>`: `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`.
type Atom = GmmaLayoutKSw128Atom<Half>;
/// The atom tiled to a 128 x 64 tile: `Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))`.
type Tile = TiledToShape<Atom, Shape![128, 64]>;
/// A negative shift: `Sw<2,1,-3> o _0 o (_16,_4):(_4,_1)`.
type Left = Swizzled<Swizzle<U2, U1, N3>, Layout![(16, 4) : (4, 1)]>;
/// The atom's swizzle over a run-time leading dimension.
type Mixed = Swizzled<Swizzle<U3, U3, U3>, Layout![(8, 64) : ({}, 1)]>;

/// `Sw<3,3,3>` alone.
#[inline(never)]
pub fn swizzle_apply(x: i64) -> i64 {
    Swizzle::<U3, U3, U3>::new().apply(x)
}

/// `A(i)` of the atom.
#[inline(never)]
pub fn atom_eval(a: &Atom, i: i64) -> i64 {
    a.eval(i)
}

/// `A(m, k)` of the atom.
#[inline(never)]
pub fn atom_call(a: &Atom, m: i64, k: i64) -> i64 {
    a.call((m, k))
}

/// The atom written by hand.
#[inline(never)]
pub fn hand_atom(i: i64) -> i64 {
    let o = ((i & 7) << 6) + (i >> 3);
    o ^ ((o & 0b111_000_000) >> 3)
}

/// `T(i)` of the tiled atom.
#[inline(never)]
pub fn tile_eval(t: &Tile, i: i64) -> i64 {
    t.eval(i)
}

/// `T(m, k)` of the tiled atom.
#[inline(never)]
pub fn tile_call(t: &Tile, m: i64, k: i64) -> i64 {
    t.call((m, k))
}

/// The tiled atom written by hand.
#[inline(never)]
pub fn hand_tile(i: i64) -> i64 {
    let o = ((i & 7) << 6) + (((i >> 3) & 15) << 9) + ((i >> 7) & 63);
    o ^ ((o & 0b111_000_000) >> 3)
}

/// `L(i)` under a swizzle with a negative shift.
#[inline(never)]
pub fn left_eval(l: &Left, i: i64) -> i64 {
    l.eval(i)
}

/// The same written by hand.
#[inline(never)]
pub fn hand_left(i: i64) -> i64 {
    let o = ((i & 15) << 2) + (i >> 4);
    o ^ ((o & 0b110) << 3)
}

/// `A(i)` with the leading dimension dynamic.
#[inline(never)]
pub fn mixed_eval(l: &Mixed, i: i64) -> i64 {
    l.eval(i)
}

fn main() {
    let atom = Atom::new();
    let tile = tile_to_shape(atom, cute_static::shape!(128, 64));
    let _: Tile = tile;
    let left: Left = composition(Swizzle::<U2, U1, N3>::new(), layout!((16, 4) : (4, 1)));
    let ld = std::hint::black_box(64);
    let mixed: Mixed = composition(
        Swizzle::<U3, U3, U3>::new(),
        layout!((8, 64) : ({ ld }, 1)).unwrap(),
    )
    .expect("a valid layout");
    for i in 0..512 {
        assert_eq!(atom_eval(&atom, i), hand_atom(i));
        assert_eq!(atom_call(&atom, i % 8, i / 8), hand_atom(i));
        assert_eq!(mixed_eval(&mixed, i), hand_atom(i));
        assert_eq!(swizzle_apply(i), i ^ ((i & 0b111_000_000) >> 3));
    }
    for i in 0..128 * 64 {
        assert_eq!(tile_eval(&tile, i), hand_tile(i));
        assert_eq!(tile_call(&tile, i % 128, i / 128), hand_tile(i));
    }
    for i in 0..64 {
        assert_eq!(left_eval(&left, i), hand_left(i));
    }
    println!("{atom}, {tile} and {left} evaluate as the hand-written maps");
}
