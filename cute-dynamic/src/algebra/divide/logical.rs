//! The logical divide `A / B = A o (B, B*)`, by mode for a tuple tiler,
//! and its forms at a mode and with an A of `None`.

use cute_core::{DynInt, Error, Result};

use super::{divide_layouts, OP};
use crate::algebra::composition::{land_at, rename};
use crate::layout::{
    by_mode, by_tiler, identity_of_tiler, Layout, Tiler, TilerArg, TilerRef, View,
};
use crate::typedefs::Scalar;

fn divide_tiler<I: DynInt>(a: View<'_, I>, b: TilerRef<'_, I>, out: &mut Layout<I>) -> Result<()> {
    match b {
        TilerRef::None => {
            out.push_view(a);
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            divide_layouts(OP, a, View::leaf(&leaf), out)
        }
        TilerRef::Layout(l) => divide_layouts(OP, a, l.view(), out),
        TilerRef::Tuple(ts) => {
            by_mode(OP, a, ts, out, |m, t, out| divide_tiler(m, t.as_ref(), out))
        }
    }
}

/// Splits layout A by the tile B: `A / B = A o (B, B*)`, with `B*` the
/// complement of B up to A's size.
///
/// Mode 0 of the result is the elements selected by B (the tile); mode 1 is
/// the layout of those tiles (the grid). B is a tiler (anything
/// `Into<TilerArg>`): a layout, an integer `n` (the layout `n:1`), a tuple
/// of tilers divided by-mode (the remaining modes of A unchanged), or
/// `Tiler::None`, which leaves A alone. [`logical_divide_at`] divides one
/// mode of A; [`logical_divide_identity`] is the specification's A of
/// `None`.
///
/// # Pre-conditions
/// B divides A (composition's divisibility conditions hold).
///
/// # Post-conditions
/// - `rank(result) == 2` when B is a layout
/// - `compatible(B, result[0])`
/// - `result[0] == composition(A, B)`
///
/// # Errors
/// `ValueError` if a divisibility condition fails, B's strides overlap, a
/// by-mode B has more modes than A, or on overflow; `Undecidable` for a
/// condition on symbols.
///
/// A divisibility error (`Error::Divisibility`, of `logical_divide`) names
/// only values the caller can find: A and B, the complement `B*` as it was
/// computed, printed with the arguments that give it again
/// (`B* = complement(B, (6, 4)) = Layout(8, 4)`: A's shape, or for a B of
/// coordinate strides the extent of each mode it divides), and the failing
/// condition: the leaf of B or of `B*` (`the leaf 8:4 of B*`), the mode of
/// A coalesced that it steps through with its index and extent, and which
/// condition fails (stride or shape divisibility, Whitepaper Eqs.
/// (20)-(21), or the carry check across the leaves of `(B, B*)`). A by-mode
/// or mode-subscripted divide says which mode of A (`in mode 1 of A`), and
/// A and B are then that mode and its tiler. A B whose strides overlap is a
/// `strides not injective` error naming A and B.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide;
/// use cute_dynamic::{tile, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide(&l("24:1"), &l("4:2")).unwrap(), l("(4, (2, 3)):(2, (1, 8))"));
/// assert_eq!(logical_divide(&l("(128, 64):(1, 128)"), tile!(8, 8)).unwrap(),
///            l("((8, 16), (8, 8)):((1, 8), (128, 1024))"));
/// // 3:1 does not divide the first mode (4) of A
/// assert!(logical_divide(&l("(4, 3):(3, 1)"), &l("3:1")).is_err());
/// // the error names B* = complement(B, shape(A)) as computed
/// let e = logical_divide(&l("(6, 4):(4, 1)"), &l("4:1")).unwrap_err().to_string();
/// assert!(e.contains("B* = complement(B, (6, 4)) = Layout(8, 4): the leaf 8:4 of B*"), "{e}");
/// ```
pub fn logical_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), &[], divide_tiler)
}

/// The mode-subscripted `logical_divide[mode](A, B)`: divides only the mode
/// `mode` of A by B (see [`logical_divide`]), every other mode unchanged.
///
/// # Pre-conditions
/// `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`logical_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide_at(&l("(3, 8):(1, 3)"), &l("4:2"), &[1]).unwrap(),
///            l("(3, (4, 2)):(1, (6, 3))"));
/// ```
pub fn logical_divide_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), mode, divide_tiler)
}

/// The logical divide with an A of `None` (the specification's
/// `logical_divide(None, B)`): A is the identity layout of B's domain, of
/// unknown extents, whose mode `i` has stride `E(i)`, so `A o (B, B*)`
/// takes the free complement `B*`.
///
/// A tuple B divides by-mode, as it does any A: mode `i` of the result is
/// the divide of the identity's mode `i` (the axis `E(i)`, of unknown
/// extent) by `B[i]`, that is `(B[i], B[i]*)` with the free complement
/// `B[i]*`, its strides placed on the axis: `logical_divide(None, (3, 5))`
/// is `((3, 1), (5, 1)):((E(0), 3 * E(0)), (E(1), 5 * E(1)))`. A nested
/// tuple divides its sub-modes on their axes (`E(0, 1)` for mode `(0,
/// 1)`), and a `None` mode leaves that mode of the identity as it is,
/// `1:E(i)`. A B that is not a tuple (a layout, or an integer `n`, the
/// layout `n:1`) gives `(B, B*)` itself: the identity of the integers when
/// B's strides are integers. ([`zipped_divide_identity`] divides by the
/// tiler promoted to one layout instead.) With a non-empty `mode`, the
/// result lands there and the modes it does not name are `1:0`.
///
/// # Post-conditions
/// For a tuple B, mode `i` of the result is `logical_divide_identity(B[i])`
/// with each stride `d` placed on the axis `i` (`d * E(i)`), and its mode
/// `(i, 0)`, the tile, is `composition_identity(B)[i]`.
///
/// # Errors
/// `TypeError` if B is `None` too, or a symbolic stride is placed on an
/// axis; `ValueError` for an invalid B or one whose strides overlap (it
/// has no complement).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide_identity;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide_identity(&l("4:2"), &[]).unwrap(), l("(4, (2, 1)):(2, (1, 8))"));
/// let r: Layout = logical_divide_identity((3, 5), &[]).unwrap();
/// assert_eq!(format!("{r:?}"), "Layout(((3, 1), (5, 1)), ((1@0, 3@0), (1@1, 5@1)))");
/// let r: Layout = logical_divide_identity((l("4:2"), Tiler::None), &[]).unwrap();
/// assert_eq!(r.to_string(), "((4, (2, 1)), 1):((2@0, (1@0, 8@0)), 1@1)");
/// assert_eq!(format!("{:?}", logical_divide_identity(&l("4:2"), &[1]).unwrap()),
///            "Layout((1, (4, (2, 1))), (0, (2, (1, 8))))");
/// ```
///
/// [`zipped_divide_identity`]: super::zipped_divide_identity
pub fn logical_divide_identity<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    if let TilerRef::None = b.get() {
        return Err(Error::type_error(
            OP,
            "None / None: neither A nor B is a layout".to_string(),
        ));
    }
    // each mode of B divided on its own, then placed on its axis as the
    // identity's modes are
    let divided = divide_identity_modes(b.get())?;
    let r = identity_of_tiler(divided.as_ref()).map_err(|e| rename(e, OP))?;
    land_at(mode, r)
}

/// The tiler whose leaves are the divides of the identity of the integers
/// by the leaves of `t`, `(T, T*)` with the free complement `T*`, in the
/// nesting of `t`; `None` modes stay `None`.
fn divide_identity_modes<I: DynInt>(t: TilerRef<'_, I>) -> Result<Tiler<I>> {
    match t {
        TilerRef::None => Ok(Tiler::None),
        TilerRef::Tuple(ts) => ts
            .iter()
            .map(|x| divide_identity_modes(x.as_ref()))
            .collect::<Result<_>>()
            .map(Tiler::Tuple),
        t => {
            let mut tile = identity_of_tiler(t).map_err(|e| rename(e, OP))?;
            let mut rest = crate::algebra::complement(&tile)?;
            let mut r = Layout::building();
            r.open();
            r.push_layout(&mut tile);
            r.push_layout(&mut rest);
            r.close();
            Ok(Tiler::Layout(r))
        }
    }
}
