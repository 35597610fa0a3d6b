//! The static swizzles against cute-dynamic: every swizzle of a list of 70
//! (every sign of shift, overlapping and wide ones) on static and mixed
//! layouts, at every index; the rules on a grid of parameters, valid and
//! not; every GMMA shared-memory atom and its tilings.

use cute_dynamic::atom::{gmma_smem_atom, Major};
use cute_dynamic::swizzle::Swizzle as DynSwizzle;
use static_assertions::assert_type_eq_all;
use typenum::U10;
use typenum::{
    Bit, N1, N12, N2, N21, N23, N3, N4, N5, P1, P2, P3, U0, U1, U2, U20, U21, U22, U23, U3, U4,
    U40, U5, U6, Z0,
};

use super::*;
use crate::atom::{BFloat16, Half, MmaValue, TFloat32};
use crate::htuple::HTuple;
use crate::layout::{Eval, EvalCrd};
use crate::shape::Size;
use crate::{composition, layout, shape, Layout};

// ------------------------------------------------------------------ helpers

/// The run-time swizzle of `Sw`.
fn dynamic_of<Sw: SwizzleFn>() -> DynSwizzle {
    DynSwizzle::new(Sw::BITS, Sw::BASE, Sw::SHIFT).unwrap()
}

/// `Sw o L` evaluates as cute-dynamic's `Swizzle::apply(L(i))` at every
/// index of `L` (and a little past it), through `eval`, an integral `call`
/// and the run-time `SwizzledLayout`; the conversion round-trips.
fn check_layout<Sw, S, D>(l: Layout<S, D>)
where
    Sw: SwizzleFn,
    S: Eval<D> + EvalCrd<i64, D> + Size + crate::htuple::Congruent<D> + crate::shape::Extents,
    D: HTuple + PartialEq,
    S: PartialEq,
{
    let sw = dynamic_of::<Sw>();
    let dl = l.to_dynamic();
    let s = compose_swizzle(Sw::default(), l);
    let d = s.to_dynamic();
    assert_eq!(d.swizzle, sw);
    assert_eq!(d.layout, dl);
    let n = cute_core::KnownInt::get(&l.size());
    for i in 0..n + 3 {
        let want = sw.apply(dl.call_int(i).unwrap());
        assert_eq!(s.eval(i), want, "{} at {i}", s);
        assert_eq!(s.call(i), want, "{} at {i}", s);
        assert_eq!(d.call(i).unwrap(), want, "{} at {i}", s);
    }
    let back = Swizzled::<Sw, Layout<S, D>>::try_from(&d).unwrap();
    assert!(back == s);
    // the printed form is cute-dynamic's, with CuTe C++'s static markers
    let ours = s.to_string().replace('_', "");
    let theirs = d.to_string().replace(' ', "");
    assert_eq!(ours.replace(' ', ""), theirs);
}

/// Every check of one swizzle: its parameters, masks and span, `apply` on
/// offsets of every size and sign, and the swizzled layouts.
fn check_swizzle<Sw: SwizzleFn>() {
    let sw = dynamic_of::<Sw>();
    assert_eq!((Sw::YYY_MASK, Sw::ZZZ_MASK), (sw.yyy_mask(), sw.zzz_mask()));
    assert_eq!(Sw::SPAN, sw.size());
    assert_eq!(Sw::default().to_dynamic(), sw);
    assert_eq!(
        Sw::default().to_string(),
        format!("Sw<{},{},{}>", sw.bits, sw.base, sw.shift)
    );
    // offsets of every size and sign (a fixed pseudo-random sequence)
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    for k in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let v = (x as i64) >> (k % 64);
        assert_eq!(
            Sw::default().apply(v),
            sw.apply(v),
            "{} at {v}",
            Sw::default()
        );
    }
    for v in [0, 1, -1, i64::MAX, i64::MIN, (1 << 62) - 1] {
        assert_eq!(
            Sw::default().apply(v),
            sw.apply(v),
            "{} at {v}",
            Sw::default()
        );
    }
    // static layouts
    check_layout::<Sw, _, _>(layout!((8, 64) : (64, 1)));
    check_layout::<Sw, _, _>(layout!((64, 8) : (1, 64)));
    check_layout::<Sw, _, _>(layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128))));
    check_layout::<Sw, _, _>(layout!((3, 5) : (5, 1)));
    check_layout::<Sw, _, _>(layout!((4, (2, 8)) : (16, (1, 2))));
    check_layout::<Sw, _, _>(layout!(1024 : 1));
    check_layout::<Sw, _, _>(layout!((16, 16) : (1, 32)));
    check_layout::<Sw, _, _>(layout!((2, 3, 4) : (12, 4, 1)));
    check_layout::<Sw, _, _>(layout!((8, 2) : (0, 512)));
    // mixed layouts
    let (n, ld) = (64, 64);
    check_layout::<Sw, _, _>(layout!((8, {n}) : ({ld}, 1)).unwrap());
    let (m, a, b) = (16, 16, 64);
    check_layout::<Sw, _, _>(layout!(({m}, (4, 8)) : (1, ({a}, {b}))).unwrap());
    check_layout::<Sw, _, _>(layout!(({m}, {n}) : ({b}, {ld})).unwrap());
}

macro_rules! each_swizzle {
    ($f:ident; $(($b:ty, $m:ty, $s:ty)),* $(,)?) => {{
        let mut n = 0;
        $( $f::<Swizzle<$b, $m, $s>>(); n += 1; )*
        n
    }};
}

// ------------------------------------------------------------------ the functor

#[test]
fn swizzles_agree_with_cute_dynamic() {
    let n = each_swizzle!(check_swizzle;
        (U0, U0, N4), (U0, U0, N3), (U0, U0, U1), (U0, U0, U3), (U0, U0, U6),
        (U0, U3, N4), (U0, U3, N3), (U0, U3, U1), (U0, U3, U3), (U0, U3, U6),
        (U0, U4, N4), (U0, U4, N3), (U0, U4, U1), (U0, U4, U3), (U0, U4, U6),
        (U1, U0, N4), (U1, U0, N3), (U1, U0, U1), (U1, U0, U3), (U1, U0, U6),
        (U1, U3, N4), (U1, U3, N3), (U1, U3, U1), (U1, U3, U3), (U1, U3, U6),
        (U1, U4, N4), (U1, U4, N3), (U1, U4, U1), (U1, U4, U3), (U1, U4, U6),
        (U2, U0, N4), (U2, U0, N3), (U2, U0, U1), (U2, U0, U3), (U2, U0, U6),
        (U2, U3, N4), (U2, U3, N3), (U2, U3, U1), (U2, U3, U3), (U2, U3, U6),
        (U2, U4, N4), (U2, U4, N3), (U2, U4, U1), (U2, U4, U3), (U2, U4, U6),
        (U3, U0, N4), (U3, U0, N3), (U3, U0, U1), (U3, U0, U3), (U3, U0, U6),
        (U3, U3, N4), (U3, U3, N3), (U3, U3, U1), (U3, U3, U3), (U3, U3, U6),
        (U3, U4, N4), (U3, U4, N3), (U3, U4, U1), (U3, U4, U3), (U3, U4, U6),
        // overlapping right shifts (not involutions), a zero shift
        (U2, U0, U1), (U3, U1, U2), (U3, U2, U0), (U1, U0, U0),
        // wide ones, up to the 62-bit limit
        (U20, U20, U22), (U10, U5, N12), (U1, U40, N21), (U5, U0, N5),
        // signed spellings of the parameters
        (P2, Z0, P1), (Z0, P3, N3), (P3, P3, P3),
    );
    assert_eq!(n, 71);
}

#[test]
fn signed_and_unsigned_spellings_are_one_swizzle() {
    let (a, b) = (Swizzle::<U3, U3, U3>::new(), Swizzle::<P3, P3, P3>::new());
    assert_eq!(a.to_string(), b.to_string());
    assert!((0..4096).all(|i| a.apply(i) == b.apply(i)));
    assert_eq!(core::mem::size_of::<Swizzle<U3, U3, U3>>(), 0);
    const C: i64 = Swizzle::<U3, U4, U3>::new().apply(0b101_0000000); // a const fn
    assert_eq!(C, 0b101_0000000 | 0b101_0000);
}

/// The conditions of every triple of a grid, valid or not, are
/// cute-dynamic's `Swizzle::new`'s.
#[test]
fn rules_are_cute_dynamics() {
    fn one<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt>() -> bool
    where
        Swizzle<B, M, S>: SwizzleConditions,
    {
        let ours = <<Swizzle<B, M, S> as SwizzleConditions>::Valid as Bit>::BOOL;
        let theirs = DynSwizzle::new(B::I64, M::I64, S::I64).is_ok();
        assert_eq!(ours, theirs, "Swizzle({}, {}, {})", B::I64, M::I64, S::I64);
        ours
    }
    macro_rules! grid {
        ([$($b:ty),*], $ms:tt, $ss:tt) => {{ let mut v = 0; $( v += grid!(@m $b, $ms, $ss); )* v }};
        (@m $b:ty, [$($m:ty),*], $ss:tt) => {{ let mut v = 0; $( v += grid!(@s $b, $m, $ss); )* v }};
        (@s $b:ty, $m:ty, [$($s:ty),*]) => {{ let mut v = 0; $( v += one::<$b, $m, $s>() as usize; )* v }};
    }
    let valid = grid!(
        [N1, U0, U1, U3, U21, Z0, P2],
        [N2, U0, U4, U20, P1],
        [N23, N4, N3, N2, N1, Z0, U0, U1, U2, U22, U23, P3]
    );
    // bits and base non-negative: 5 x 4 of the 7 x 5 pairs; then the
    // shifts each admits (a negative one at least as long as bits, the
    // width at most 62)
    assert!(valid > 100 && valid < 7 * 5 * 12, "{valid}");
}

// ------------------------------------------------------------------ the swizzled layout

#[test]
fn composition_spelling() {
    let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    assert_type_eq_all!(
        crate::algebra::Composed<Swizzle<U3, U3, U3>, Layout![(8, 64) : (64, 1)]>,
        Swizzled<Swizzle<U3, U3, U3>, Layout![(8, 64) : (64, 1)]>,
        GmmaLayoutKSw128Atom<Half>
    );
    assert!(s == GmmaLayoutKSw128Atom::<Half>::new());
    assert_eq!(core::mem::size_of_val(&s), 0);
    let ld = 64;
    let m = composition(
        Swizzle::<U3, U3, U3>::new(),
        layout!((8, 64) : ({ld}, 1)).unwrap(),
    );
    type MixedAtom = Swizzled<Swizzle<U3, U3, U3>, Layout![(8, 64) : ({}, 1)]>;
    let m: MixedAtom = m.unwrap();
    assert_eq!(m.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(64,_1)");
    assert!((0..512).all(|i| m.eval(i) == s.eval(i)));
    assert_eq!(core::mem::size_of_val(&m), 8); // the one dynamic stride
                                               // coordinates of every profile
    assert_eq!(s.call((3, 17)), s.eval(3 + 8 * 17));
    assert_eq!(s.call(crate::coord!(3, 17)), s.eval(3 + 8 * 17));
    // shape, size, rank
    assert_type_eq_all!(typenum::U512, crate::shape::SizeOf<crate::Shape![8, 64]>);
    assert_eq!(
        (s.rank(), s.size(), *s.shape()),
        (2, typenum::U512::new(), shape!(8, 64))
    );
    assert_eq!(m.size(), typenum::U512::new());
    assert!(s.layout() == &layout!((8, 64) : (64, 1)));
    assert!(s.swizzle() == Swizzle::<U3, U3, U3>::new());
    const { assert!(GmmaLayoutKSw128Atom::<Half>::IS_STATIC) };
    const { assert!(!MixedAtom::IS_STATIC) };
}

#[test]
fn identity_prints_the_layout() {
    let s = compose_swizzle(Swizzle::<U0, U4, U3>::new(), layout!((8, 8) : (8, 1)));
    assert_eq!(s.to_string(), "(_8,_8):(_8,_1)");
    assert_eq!(s.to_dynamic().to_string(), "(8, 8):(8, 1)");
    assert!((0..64).all(|i| s.eval(i) == s.layout().eval(i)));
    // the identity may span more than the layout: CuTe composes it away
    let c: typenum::U64 = s.cosize();
    assert_eq!(c, typenum::U64::new());
}

#[test]
fn cosize_checks_the_span() {
    let sw = Swizzle::<U3, U4, U3>::new(); // spans 1024
    let c: typenum::U1024 = composition(sw, layout!((8, 128) : (128, 1))).cosize();
    assert_eq!(c, typenum::U1024::new());
    let c = composition(sw, layout!((8, 128, 3) : (128, 1, 1024))).cosize();
    fn unsigned<U: typenum::Unsigned>(_: U) -> i64 {
        U::I64
    }
    assert_eq!(unsigned(c), 3072);
    for rows in [8, 16, 24, 4, 12] {
        let m = composition(sw, layout!(({rows}, 128) : (128, 1)).unwrap()).unwrap();
        let cosize = rows * 128;
        let image_max = (0..cosize).map(|i| m.eval(i)).max().unwrap();
        if cosize % 1024 == 0 {
            assert_eq!(m.cosize(), Ok(cosize));
            assert_eq!(image_max, cosize - 1);
        } else {
            let e = m.cosize().unwrap_err();
            assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
            assert!(
                e.to_string()
                    .contains("the span 1024 of Sw<3,4,3> does not divide the layout's cosize"),
                "{e}"
            );
        }
    }
    // negative shift: ZZZ above YYY
    let t = Swizzle::<U2, U1, N3>::new(); // spans 64
    assert_eq!(
        composition(t, layout!({128} : 1).unwrap())
            .unwrap()
            .cosize(),
        Ok(128)
    );
}

// ------------------------------------------------------------------ GMMA atoms

/// The atom `$a<$w, $t>` of `$major` is cute-dynamic's, and so are its
/// evaluation at every index, its cosize and its tilings to `(128, 128)`
/// and `(256, 128, 2)`; its printed form is returned.
macro_rules! check_atom {
    ($major:ident, $a:ident, $w:ty, $t:ty) => {{
        let atom = $a::<$w, $t>::new();
        let (sw, ty) = (<$w as GmmaSwizzle>::DYNAMIC, <$t as MmaValue>::DYNAMIC);
        let want = gmma_smem_atom(Major::$major, sw, ty).unwrap();
        assert_eq!(atom.to_dynamic(), want, "{} {sw} {ty}", Major::$major);
        for i in 0..want.layout.size().unwrap() {
            assert_eq!(atom.eval(i), want.call(i).unwrap());
        }
        assert_eq!(
            cute_core::KnownInt::get(&atom.cosize()),
            want.layout.cosize().unwrap()
        );
        for (shape, tiled, cosize) in [
            {
                let t = tile_to_shape(atom, shape!(128, 128));
                (
                    "(128, 128)",
                    t.to_dynamic(),
                    cute_core::KnownInt::get(&t.cosize()),
                )
            },
            {
                let t = tile_to_shape(atom, shape!(256, 128, 2));
                (
                    "(256, 128, 2)",
                    t.to_dynamic(),
                    cute_core::KnownInt::get(&t.cosize()),
                )
            },
        ] {
            let want_t = want.tile_to_shape(&shape.parse().unwrap()).unwrap();
            assert_eq!(tiled, want_t, "{want} tiled to {shape}");
            assert_eq!(cosize, want_t.layout.cosize().unwrap());
            // the swizzle maps [0, cosize) onto itself
            let mut seen = vec![false; cosize as usize];
            for i in 0..want_t.layout.size().unwrap() {
                seen[want_t.call(i).unwrap() as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "{want_t}");
        }
        want.to_string()
    }};
}

macro_rules! all_atoms {
    ($($w:ty),*) => {{
        let mut v = Vec::new();
        $(
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, Half));
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, BFloat16));
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, f32));
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, TFloat32));
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, i8));
            v.push(check_atom!(K, GmmaLayoutKAtom, $w, u8));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, Half));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, BFloat16));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, f32));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, TFloat32));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, i8));
            v.push(check_atom!(MN, GmmaLayoutMNAtom, $w, u8));
        )*
        v
    }};
}

#[test]
fn gmma_atoms_are_cute_dynamics() {
    let all = all_atoms!(Inter, SW32, SW64, SW128);
    assert_eq!(all.len(), 48);
    // a few by name, as CuTe C++ prints them (without its static markers)
    assert!(all.contains(&"Sw<3,3,3> o 0 o (8, 64):(64, 1)".to_string()));
    assert!(all.contains(&"Sw<2,2,3> o 0 o (16, 8):(1, 16)".to_string()));
    assert!(all.contains(&"(8, 16):(16, 1)".to_string()));
}

#[test]
fn gmma_atom_names() {
    assert_type_eq_all!(
        GmmaLayoutKSw128Atom<Half>,
        Swizzled<Swizzle<U3, U3, U3>, Layout![(8, 64) : (64, 1)]>
    );
    assert_type_eq_all!(
        GmmaLayoutMNSw64Atom<f32>,
        Swizzled<Swizzle<U2, U2, U3>, Layout![(16, 8) : (1, 16)]>
    );
    assert_type_eq_all!(
        GmmaLayoutKInterAtom<i8>,
        Swizzled<Swizzle<U0, U4, U3>, Layout![(8, 16) : (16, 1)]>
    );
    assert_type_eq_all!(
        GmmaLayoutMNSw32Atom<TFloat32>,
        Swizzled<Swizzle<U1, U2, U3>, Layout![(8, 8) : (1, 8)]>
    );
    assert_type_eq_all!(GmmaLayoutKSw64Atom<BFloat16>, GmmaLayoutKAtom<SW64, Half>);
    assert_type_eq_all!(GmmaLayoutMNInterAtom<u8>, GmmaLayoutMNAtom<Inter, i8>);
    assert_type_eq_all!(GmmaLayoutKSw32Atom<f32>, GmmaLayoutKAtom<SW32, TFloat32>);
    assert_type_eq_all!(GmmaLayoutMNSw128Atom<Half>, GmmaLayoutMNAtom<SW128, BFloat16>);
    assert_eq!(core::mem::size_of::<GmmaLayoutKSw128Atom<Half>>(), 0);
}

// ------------------------------------------------------------------ tile_to_shape

#[test]
fn tile_to_shape_is_cute_dynamics() {
    fn same<S: HTuple, D: HTuple>(ours: Layout<S, D>, block: &str, shape: &str) {
        let want =
            cute_dynamic::atom::tile_to_shape(&block.parse().unwrap(), &shape.parse().unwrap())
                .unwrap();
        assert_eq!(ours.to_dynamic(), want, "tile_to_shape({block}, {shape})");
    }
    same(
        tile_to_shape(layout!((8, 64) : (64, 1)), shape!(128, 64)),
        "(8, 64):(64, 1)",
        "(128, 64)",
    );
    same(
        tile_to_shape(layout!((8, 64) : (64, 1)), shape!(128, 64, 4)),
        "(8, 64):(64, 1)",
        "(128, 64, 4)",
    );
    same(
        tile_to_shape(layout!(8 : 1), shape!(32, 4)),
        "8:1",
        "(32, 4)",
    );
    same(tile_to_shape(layout!(8 : 1), shape!(32)), "8:1", "32");
    same(
        tile_to_shape(layout!(8 : 1), typenum::U32::new()),
        "8:1",
        "32",
    );
    same(
        tile_to_shape(layout!((2, (2, 2)) : (1, (4, 2))), shape!(8, (2, 4))),
        "(2, (2, 2)):(1, (4, 2))",
        "(8, (2, 4))",
    );
    same(
        tile_to_shape(layout!((4, 8) : (8, 1)), shape!((4, 4), 16)),
        "(4, 8):(8, 1)",
        "((4, 4), 16)",
    );
    let t = tile_to_shape(layout!((8, 64) : (64, 1)), shape!(128, 64));
    assert_type_eq_all!(
        TiledToShape<Layout![(8, 64) : (64, 1)], crate::Shape![128, 64]>,
        Layout![((8, 16), (64, 1)) : ((64, 512), (1, 0))]
    );
    assert_eq!(core::mem::size_of_val(&t), 0);
}
