//! The operations a trace explains: one entry point per operation of
//! [`OPERATIONS`], each calling the operation itself for the result and
//! its rule's narrator for the steps (through [`make`]), and [`explain`],
//! which calls one by its name.

use cute_core::{DynInt, Error, Result};

use super::{coalesce, complement, compose, inverse, make, tiling, Arg, Trace, OPERATIONS};
use crate::algebra::complement::Cotarget;
use crate::algebra::flat::Ones;
use crate::algebra::{
    blocked_product, coalesce as coalesce_op, complement as complement_op, complement_to,
    composition, left_inverse, logical_divide, logical_product, raked_product, right_inverse,
    zipped_divide,
};
use crate::htuple::HTuple;
use crate::layout::{Layout, Tiler, TilerArg, TilerRef};

/// The operand a tiler argument is: a layout, or another tiler.
fn tiler_arg<I: DynInt>(b: TilerRef<'_, I>) -> Arg<I> {
    fn owned<I: DynInt>(t: TilerRef<'_, I>) -> Tiler<I> {
        match t {
            TilerRef::None => Tiler::None,
            TilerRef::Int(n) => Tiler::Int(n.clone()),
            TilerRef::Layout(l) => Tiler::Layout(l.clone()),
            TilerRef::Tuple(ts) => Tiler::Tuple(ts.to_vec()),
        }
    }
    match b {
        TilerRef::Layout(l) => Arg::Layout(l.clone()),
        t => Arg::Tiler(owned(t)),
    }
}

pub(super) const COMPOSITION_RULE: &str = "A o B: each leaf s:d of B walks A's coalesced modes from the left (B's nesting is kept: composition is right-distributive): d is divided out of A's extents, then s is taken from what remains; both must split A's extents evenly (stride and shape divisibility, Whitepaper Eqs. (20)-(21)), and B's leaves together must not carry from one mode of A into the next (the carry check)";

/// The trace of [`composition`](fn@crate::algebra::composition)`(a, b)`: for each leaf `s:d` of B, the
/// modes of A (coalesced) it meets, the stride- and shape-divisibility
/// conditions with their numbers, the modes it makes, and the carry check
/// across B's leaves; a tuple B composes mode by mode.
///
/// # Post-conditions
/// `result == composition(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_composition;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_composition(&l("(6, 2):(8, 2)"), &l("(4, 2):(2, 1)"));
/// let text = t.to_string();
/// // 4:2 steps by 2 through A's first mode (extent 6), which holds 3 of
/// // its steps: 3 does not divide 4
/// assert!(text.contains("shape divisibility: the extent 6 holds 6 / 2 = 3 of B's steps, and 3 does not divide the 4 points B still needs [fails]"), "{text}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_composition<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "composition",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        COMPOSITION_RULE,
        |rec| compose::whole(a.view(), t, rec),
        composition(a, t_arg(t)),
    )
}

/// A tiler, borrowed again as an argument of the algebra's functions.
fn t_arg<'a, I: DynInt>(t: TilerRef<'a, I>) -> TilerArg<'a, I> {
    match t {
        TilerRef::Layout(l) => l.into(),
        TilerRef::None => Tiler::None.into(),
        TilerRef::Int(n) => Tiler::Int(n.clone()).into(),
        TilerRef::Tuple(ts) => Tiler::Tuple(ts.to_vec()).into(),
    }
}

/// The trace of [`complement`](fn@crate::algebra::complement)`(a)`: A's modes sorted by
/// stride, each step of the chain (the offsets covered so far, the gap up
/// to the next stride, the mode that fills it), and the free
/// complement's last mode.
///
/// # Post-conditions
/// `result == complement(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_complement;
/// use cute_dynamic::Layout;
/// let t = explain_complement(&"(2, 2):(1, 6)".parse::<Layout>().unwrap());
/// let text = t.to_string();
/// assert!(text.contains("the gap up to its stride 6 holds 6 / 2 = 3 copies of them: the complement's mode 3:2"), "{text}");
/// assert_eq!(t.result.unwrap().to_string(), "(3, 1):(2, 12)");
/// ```
pub fn explain_complement<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "complement",
        vec![Arg::Layout(a.clone())],
        complement::RULE,
        |rec| complement::narrate(a.view(), Cotarget::Free, rec),
        complement_op(a),
    )
}

/// The trace of [`complement_to`]`(a, cotarget)`: as
/// [`explain_complement`], the last mode repeating the pattern up to the
/// cotarget.
///
/// # Post-conditions
/// `result == complement_to(a, cotarget)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_complement_to;
/// use cute_dynamic::Layout;
/// let t = explain_complement_to(&"4:2".parse::<Layout>().unwrap(), 24);
/// assert!(t.to_string().contains("size(ceil_div(24, 8)) = 3"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(2, 3):(1, 8)");
/// ```
pub fn explain_complement_to<I: DynInt>(a: &Layout<I>, cotarget: impl Into<HTuple<I>>) -> Trace<I> {
    let e: HTuple<I> = cotarget.into();
    let c = match &e {
        HTuple::Leaf(x) => Cotarget::One(x),
        t => Cotarget::Shape(t),
    };
    make(
        "complement",
        vec![Arg::Layout(a.clone()), Arg::Shape(e.clone())],
        complement::RULE,
        |rec| complement::narrate(a.view(), c, rec),
        complement_to(a, e.clone()),
    )
}

/// The trace of [`coalesce`](fn@crate::algebra::coalesce)`(a)`: A's flat modes left to
/// right, each merged into the one before when its stride continues it
/// (`d1 == s0 * d0`), kept otherwise, a mode of extent 1 dropped.
///
/// # Post-conditions
/// `result == coalesce(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_coalesce;
/// use cute_dynamic::Layout;
/// let t = explain_coalesce(&"(2, (1, 6)):(1, (7, 2))".parse::<Layout>().unwrap());
/// let text = t.to_string();
/// assert!(text.contains("its stride 2 is 2 * 1"), "{text}");
/// assert_eq!(t.result.unwrap().to_string(), "12:1");
/// ```
pub fn explain_coalesce<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "coalesce",
        vec![Arg::Layout(a.clone())],
        coalesce::RULE,
        |rec| coalesce::narrate("coalesce", a.leaves(), Ones::KeepAlone, rec).map(|_| ()),
        coalesce_op(a),
    )
}

/// The trace of [`right_inverse`]`(a)`: each mode's place in A's domain,
/// the modes sorted by stride, and the chain from 1 upwards (a mode
/// extends it when its stride is the extent covered so far).
///
/// # Post-conditions
/// `result == right_inverse(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_right_inverse;
/// use cute_dynamic::Layout;
/// let t = explain_right_inverse(&"(4, 8):(8, 1)".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("extends the chain"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(8, 4):(4, 1)");
/// ```
pub fn explain_right_inverse<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "right_inverse",
        vec![Arg::Layout(a.clone())],
        inverse::RIGHT_RULE,
        |rec| inverse::right(a, rec),
        right_inverse(a),
    )
}

/// The trace of [`left_inverse`]`(a)`: the nonzero strides sorted, each
/// link of their ordered chain, and the modes of the inverse that stretch
/// over the holes in A's image.
///
/// # Post-conditions
/// `result == left_inverse(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_left_inverse;
/// use cute_dynamic::Layout;
/// let t = explain_left_inverse(&"(4, 3):(3, 2)".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("[fails]"), "{t}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_left_inverse<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "left_inverse",
        vec![Arg::Layout(a.clone())],
        inverse::LEFT_RULE,
        |rec| inverse::left(a, rec),
        left_inverse(a),
    )
}

/// The trace of [`logical_divide`]`(a, b)`: `A / B = A o (B, B*)`, the
/// complement `B*` of B up to A's shape step by step, and the composition
/// of A with B and with `B*`; a tuple B divides mode by mode.
///
/// # Post-conditions
/// `result == logical_divide(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_logical_divide;
/// use cute_dynamic::Layout;
/// let t = explain_logical_divide(&"24:1".parse::<Layout>().unwrap(), &"4:2".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("B* = complement(B, 24) = (2, 3):(1, 8)"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(4, (2, 3)):(2, (1, 8))");
/// ```
pub fn explain_logical_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "logical_divide",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::DIVIDE_RULE,
        |rec| tiling::logical_divide(a.view(), t, rec),
        logical_divide(a, t_arg(t)),
    )
}

/// The trace of [`zipped_divide`]`(a, b)`: the logical divide by the tiler
/// promoted to one layout (or, for a tuple of integer tilers, each mode of
/// A divided by its tiler), the tiles and the rests gathered into two
/// modes.
///
/// # Post-conditions
/// `result == zipped_divide(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_zipped_divide;
/// use cute_dynamic::Layout;
/// let t = explain_zipped_divide(&"(128, 64):(1, 128)".parse::<Layout>().unwrap(), (8, 8));
/// assert!(t.to_string().contains("zipped"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((8, 8), (16, 8)):((1, 128), (8, 1024))");
/// ```
pub fn explain_zipped_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "zipped_divide",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::ZIPPED_RULE,
        |rec| tiling::zipped_divide(a.view(), t, rec),
        zipped_divide(a, t_arg(t)),
    )
}

/// The trace of [`logical_product`]`(a, b)`: `A x B = (A, A* o B)`, the
/// free complement `A*` of A step by step, and its composition with B,
/// leaf by leaf; a tuple B multiplies mode by mode.
///
/// # Post-conditions
/// `result == logical_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_logical_product;
/// use cute_dynamic::Layout;
/// let t = explain_logical_product(&"(2, 2):(4, 1)".parse::<Layout>().unwrap(), 6);
/// assert!(t.to_string().contains("A* = complement(A) = (2, 1):(2, 8)"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((2, 2), (2, 3)):((4, 1), (2, 8))");
/// ```
pub fn explain_logical_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "logical_product",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::PRODUCT_RULE,
        |rec| tiling::logical_product(a.view(), t, rec),
        logical_product(a, t_arg(t)),
    )
}

/// The trace of [`blocked_product`]`(a, b)`: the logical product, mode by
/// mode of equal ranks, regrouped so that mode `i` is `(A_i, (A* o B)_i)`.
///
/// # Post-conditions
/// `result == blocked_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_blocked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_blocked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)"));
/// assert!(t.to_string().contains("regrouped"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((2, 3), (5, 4)):((5, 10), (1, 30))");
/// ```
pub fn explain_blocked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Trace<I> {
    make(
        "blocked_product",
        vec![Arg::Layout(a.clone()), Arg::Layout(b.clone())],
        tiling::BLOCKED_RULE,
        |rec| tiling::zipped_product("blocked_product", a, b, true, rec),
        blocked_product(a, b),
    )
}

/// The trace of [`raked_product`]`(a, b)`: the logical product, mode by
/// mode of equal ranks, regrouped so that mode `i` is `((A* o B)_i, A_i)`.
///
/// # Post-conditions
/// `result == raked_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_raked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_raked_product(&l("(2, 5):(5, 1)"), &l("3:1"));
/// assert!(t.to_string().contains("rank"), "{t}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_raked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Trace<I> {
    make(
        "raked_product",
        vec![Arg::Layout(a.clone()), Arg::Layout(b.clone())],
        tiling::RAKED_RULE,
        |rec| tiling::zipped_product("raked_product", a, b, false, rec),
        raked_product(a, b),
    )
}

/// The rules of the regroupings of the divides and the products (CuTe
/// C++'s): the divide or the product, then its modes regrouped.
const TILED_DIVIDE_RULE: &str = "tiled_divide(A, B): zipped_divide(A, B) with its rest mode unpacked, ((tile), rest_0, rest_1, ...): the zipped divide's steps, then the rest's modes laid out one by one";
const FLAT_DIVIDE_RULE: &str = "flat_divide(A, B): zipped_divide(A, B) with both modes unpacked, (tile_0, tile_1, ..., rest_0, rest_1, ...): the zipped divide's steps, then every mode laid out one by one";
const ZIPPED_PRODUCT_RULE: &str = "zipped_product(A, B): the logical product regrouped as zipped_divide regroups a divide, ((A's modes), (the copies' modes)): the logical product's steps, then the regrouping";
const TILED_PRODUCT_RULE: &str = "tiled_product(A, B): zipped_product(A, B) with the copies unpacked, ((A's modes), copy_0, copy_1, ...): the logical product's steps, then the regrouping";
const FLAT_PRODUCT_RULE: &str = "flat_product(A, B): zipped_product(A, B) with both modes unpacked: the logical product's steps, then the regrouping";

/// The trace of a regrouping of a divide (`tiled_divide`, `flat_divide`)
/// or of a product (`zipped_product`, `tiled_product`, `flat_product`):
/// the steps of the zipped divide or of the logical product, which the
/// regrouping takes as they are, and the operation's own result.
///
/// # Post-conditions
/// `result == op(a, b)`, errors included.
///
/// # Errors
/// `ValueError` if `op` is not one of the five regroupings.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_regrouping;
/// use cute_dynamic::Layout;
/// let a: Layout = "(128, 64):(1, 128)".parse().unwrap();
/// let t = explain_regrouping("tiled_divide", &a, (8, 8)).unwrap();
/// assert!(t.to_string().contains("rest mode unpacked"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((8, 8), 16, 8):((1, 128), 8, 1024)");
/// assert!(explain_regrouping("composition", &a, 2).is_err());
/// ```
pub fn explain_regrouping<'b, I: DynInt>(
    op: &str,
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Trace<I>> {
    use crate::algebra::{flat_divide, flat_product, tiled_divide, tiled_product, zipped_product};
    let b = b.into();
    let t = b.get();
    let operands = vec![Arg::Layout(a.clone()), tiler_arg(t)];
    let divide = |rec: &mut _| tiling::zipped_divide(a.view(), t, rec);
    let product = |rec: &mut _| tiling::logical_product(a.view(), t, rec);
    Ok(match op {
        "tiled_divide" => make(
            op,
            operands,
            TILED_DIVIDE_RULE,
            divide,
            tiled_divide(a, t_arg(t)),
        ),
        "flat_divide" => make(
            op,
            operands,
            FLAT_DIVIDE_RULE,
            divide,
            flat_divide(a, t_arg(t)),
        ),
        "zipped_product" => make(
            op,
            operands,
            ZIPPED_PRODUCT_RULE,
            product,
            zipped_product(a, t_arg(t)),
        ),
        "tiled_product" => make(
            op,
            operands,
            TILED_PRODUCT_RULE,
            product,
            tiled_product(a, t_arg(t)),
        ),
        "flat_product" => make(
            op,
            operands,
            FLAT_PRODUCT_RULE,
            product,
            flat_product(a, t_arg(t)),
        ),
        _ => {
            return Err(Error::value(
                "explain",
                format!("{op} is not a regrouping of a divide or a product"),
            ))
        }
    })
}

/// The trace of the operation named `op` (one of [`OPERATIONS`]) on
/// `args`: a layout A, then B for the binary operations (a tiler; a layout
/// for `blocked_product` and `raked_product`), or, for `complement`, an
/// optional cotarget (a shape, or a layout whose shape it is).
///
/// # Errors
/// `ValueError` for an operation that is not explained; `TypeError` for
/// operands of the wrong number or kind.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::{explain, Arg};
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::Layout;
/// let a = Arg::Layout("(4, 8):(1, 4)".parse::<Layout>().unwrap());
/// let t = explain("logical_divide", &[a.clone(), Arg::Tiler(Tiler::Int(2))]).unwrap();
/// assert_eq!(t.result.unwrap().to_string(), "(2, 16):(1, 2)");
/// assert!(explain("nullspace", &[a.clone()]).is_err());
/// assert!(explain("composition", &[a]).is_err());
/// ```
pub fn explain<I: DynInt>(op: &str, args: &[Arg<I>]) -> Result<Trace<I>> {
    let Some(&name) = OPERATIONS.iter().find(|&&o| o == op) else {
        return Err(Error::value(
            "explain",
            format!(
                "{op} is not an operation a trace explains; these are: {}",
                OPERATIONS.join(", ")
            ),
        ));
    };
    let wrong = || {
        let kinds: Vec<&str> = args
            .iter()
            .map(|a| match a {
                Arg::Layout(_) => "a layout",
                Arg::Tiler(_) => "a tiler",
                Arg::Shape(_) => "a shape",
            })
            .collect();
        Error::type_error(
            "explain",
            format!(
                "{name} takes {}; got {}",
                match name {
                    "complement" => "a layout A and an optional cotarget",
                    "coalesce" | "right_inverse" | "left_inverse" => "one layout A",
                    "blocked_product" | "raked_product" => "two layouts A and B",
                    _ => "a layout A and a tiler B",
                },
                if kinds.is_empty() {
                    "nothing".to_string()
                } else {
                    kinds.join(", ")
                }
            ),
        )
    };
    let tiler = |b: &Arg<I>| -> Option<Tiler<I>> {
        match b {
            Arg::Layout(l) => Some(Tiler::Layout(l.clone())),
            Arg::Tiler(t) => Some(t.clone()),
            Arg::Shape(_) => None,
        }
    };
    Ok(match (name, args) {
        ("coalesce", [Arg::Layout(a)]) => explain_coalesce(a),
        ("right_inverse", [Arg::Layout(a)]) => explain_right_inverse(a),
        ("left_inverse", [Arg::Layout(a)]) => explain_left_inverse(a),
        ("complement", [Arg::Layout(a)]) => explain_complement(a),
        ("complement", [Arg::Layout(a), Arg::Tiler(Tiler::None)]) => explain_complement(a),
        ("complement", [Arg::Layout(a), Arg::Shape(e)]) => explain_complement_to(a, e.clone()),
        ("complement", [Arg::Layout(a), Arg::Tiler(Tiler::Int(e))]) => {
            explain_complement_to(a, HTuple::Leaf(e.clone()))
        }
        ("complement", [Arg::Layout(a), Arg::Layout(e)]) => explain_complement_to(a, e.shape()),
        ("blocked_product", [Arg::Layout(a), Arg::Layout(b)]) => explain_blocked_product(a, b),
        ("raked_product", [Arg::Layout(a), Arg::Layout(b)]) => explain_raked_product(a, b),
        (
            "composition" | "logical_divide" | "zipped_divide" | "logical_product",
            [Arg::Layout(a), b],
        ) => {
            let b = tiler(b).ok_or_else(wrong)?;
            match name {
                "composition" => explain_composition(a, &b),
                "logical_divide" => explain_logical_divide(a, &b),
                "zipped_divide" => explain_zipped_divide(a, &b),
                _ => explain_logical_product(a, &b),
            }
        }
        (
            "tiled_divide" | "flat_divide" | "zipped_product" | "tiled_product" | "flat_product",
            [Arg::Layout(a), b],
        ) => explain_regrouping(name, a, &tiler(b).ok_or_else(wrong)?)?,
        _ => return Err(wrong()),
    })
}
