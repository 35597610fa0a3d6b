//! Tilers: what the algebra's second operand may be (see [`Tiler`]).

use cute_core::DynInt;

use super::Layout;

/// A tiler: an integer `n` (the layout `n:1`), a layout, or a tuple of
/// tilers applied mode by mode, with `None` standing for "leave this mode
/// alone" inside a tuple (the specification's `Tiler`,
/// `HTuple(Integer | Layout)`). The algebra's functions take any
/// `impl Into<TilerArg>`: a `&Layout` (borrowed, not copied), a `Layout`,
/// an integer, a tuple of up to four of these, a `Tiler` or a `&Tiler`, or
/// the [`tile!`](crate::tile) macro's tuple of any rank.
///
/// ```
/// use cute_dynamic::algebra::{composition, logical_divide, zipped_divide};
/// use cute_dynamic::{tile, Layout};
/// # fn main() -> cute_dynamic::Result<()> {
/// let a: Layout = "(128, 64):(1, 128)".parse()?;
/// let tile = "(4, 2):(1, 4)".parse::<Layout>()?;
/// let by_mode = logical_divide(&a, (8, 8))?;
/// assert_eq!(by_mode, logical_divide(&a, tile!(8, 8))?);
/// assert_eq!(by_mode.to_string(), "((8, 16), (8, 8)):((1, 8), (128, 1024))");
/// let zipped = zipped_divide(&a, (tile.clone(), 4))?;
/// assert_eq!(zipped.to_string(), "(((4, 2), 4), (16, 16)):(((1, 4), 128), (8, 512))");
/// assert_eq!(composition(&a, &tile)?.to_string(), "(4, 2):(1, 4)");
/// # Ok(())
/// # }
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq)]
pub enum Tiler<I: DynInt = i64> {
    /// No-op in this mode.
    None,
    /// An extent `n`, acting as the layout `n:1`.
    Int(I),
    /// A layout.
    Layout(Layout<I>),
    /// One tiler per mode.
    Tuple(Vec<Tiler<I>>),
}

/// A tiler as the algebra reads it, borrowed. (Every variant is one thin
/// reference, so that a `TilerRef` is two words, passed in registers: a
/// slice made it three, passed in memory and read back in wider loads than
/// the stores that had just written it, which waited for them.)
pub(crate) enum TilerRef<'a, I: DynInt> {
    None,
    Int(&'a I),
    Layout(&'a Layout<I>),
    Tuple(&'a Vec<Tiler<I>>),
}

// (the two words the documentation promises)
const _: () =
    assert!(core::mem::size_of::<TilerRef<'static, i64>>() == 2 * core::mem::size_of::<usize>());

impl<I: DynInt> Clone for TilerRef<'_, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: DynInt> Copy for TilerRef<'_, I> {}

impl<I: DynInt> Tiler<I> {
    /// The tiler, borrowed.
    #[inline]
    pub(crate) fn as_ref(&self) -> TilerRef<'_, I> {
        match self {
            Tiler::None => TilerRef::None,
            Tiler::Int(n) => TilerRef::Int(n),
            Tiler::Layout(l) => TilerRef::Layout(l),
            Tiler::Tuple(t) => TilerRef::Tuple(t),
        }
    }
}

/// The second operand of the algebra's functions: a tiler, borrowed or
/// owned. Made by `From` from a `&Layout` or a `&Tiler` (borrowed), or from
/// a `Layout`, a `Tiler`, an integer or a tuple of up to four tilers (see
/// [`Tiler`]).
pub struct TilerArg<'a, I: DynInt = i64>(Arg<'a, I>);

enum Arg<'a, I: DynInt> {
    Tiler(&'a Tiler<I>),
    Layout(&'a Layout<I>),
    Owned(Tiler<I>),
}

impl Tiler {
    /// This machine-integer tiler over another integer type, each integer
    /// a constant of it (an atom's tile applied to a symbolic layout).
    pub(crate) fn lifted<I: DynInt>(&self) -> cute_core::Result<Tiler<I>> {
        Ok(match self {
            Tiler::None => Tiler::None,
            Tiler::Int(n) => Tiler::Int(I::from_i64(*n)),
            Tiler::Layout(l) => Tiler::Layout(l.try_map_ints(|&x| Ok(I::from_i64(x)))?),
            Tiler::Tuple(ts) => Tiler::Tuple(
                ts.iter()
                    .map(Tiler::lifted)
                    .collect::<cute_core::Result<_>>()?,
            ),
        })
    }
}

impl<I: DynInt> TilerArg<'_, I> {
    /// The tiler, borrowed.
    #[inline]
    pub(crate) fn get(&self) -> TilerRef<'_, I> {
        match &self.0 {
            Arg::Tiler(t) => t.as_ref(),
            Arg::Layout(l) => TilerRef::Layout(l),
            Arg::Owned(t) => t.as_ref(),
        }
    }
}

impl<'a, I: DynInt> From<&'a Layout<I>> for TilerArg<'a, I> {
    #[inline]
    fn from(l: &'a Layout<I>) -> Self {
        TilerArg(Arg::Layout(l))
    }
}

impl<'a, I: DynInt> From<&'a Tiler<I>> for TilerArg<'a, I> {
    #[inline]
    fn from(t: &'a Tiler<I>) -> Self {
        TilerArg(Arg::Tiler(t))
    }
}

impl<I: DynInt> From<Tiler<I>> for TilerArg<'_, I> {
    #[inline]
    fn from(t: Tiler<I>) -> Self {
        TilerArg(Arg::Owned(t))
    }
}

impl<I: DynInt> From<Layout<I>> for TilerArg<'_, I> {
    #[inline]
    fn from(l: Layout<I>) -> Self {
        TilerArg(Arg::Owned(Tiler::Layout(l)))
    }
}

impl<I: DynInt> From<Layout<I>> for Tiler<I> {
    #[inline]
    fn from(l: Layout<I>) -> Self {
        Tiler::Layout(l)
    }
}

impl<I: DynInt> From<&Layout<I>> for Tiler<I> {
    #[inline]
    fn from(l: &Layout<I>) -> Self {
        Tiler::Layout(l.clone())
    }
}

impl<I: DynInt> From<Vec<Tiler<I>>> for Tiler<I> {
    #[inline]
    fn from(t: Vec<Tiler<I>>) -> Self {
        Tiler::Tuple(t)
    }
}

macro_rules! int_tilers {
    ($($t:ty),*) => {$(
        impl<I: DynInt> From<$t> for Tiler<I> {
            /// The extent `n`, acting as the layout `n:1`.
            #[inline]
            fn from(n: $t) -> Self {
                Tiler::Int(I::from_i64(i64::from(n)))
            }
        }
        impl<I: DynInt> From<$t> for TilerArg<'_, I> {
            #[inline]
            fn from(n: $t) -> Self {
                TilerArg(Arg::Owned(Tiler::from(n)))
            }
        }
    )*};
}
int_tilers!(i32, i64, u32);

macro_rules! tuple_tilers {
    ($($t:ident),*) => {
        impl<I: DynInt, $($t: Into<Tiler<I>>),*> From<($($t,)*)> for Tiler<I> {
            /// One tiler per mode.
            #[inline]
            #[allow(non_snake_case)]
            fn from(($($t,)*): ($($t,)*)) -> Self {
                Tiler::Tuple(vec![$($t.into()),*])
            }
        }
        impl<I: DynInt, $($t: Into<Tiler<I>>),*> From<($($t,)*)> for TilerArg<'_, I> {
            #[inline]
            fn from(t: ($($t,)*)) -> Self {
                TilerArg(Arg::Owned(Tiler::from(t)))
            }
        }
    };
}
tuple_tilers!(A);
tuple_tilers!(A, B);
tuple_tilers!(A, B, C);
tuple_tilers!(A, B, C, D);

/// A tuple tiler of any rank, each entry anything that converts into a
/// [`Tiler`] (an integer, a layout, a nested tuple, `Tiler::None`): CuTe
/// C++'s `make_tile`.
///
/// ```
/// use cute_dynamic::{tile, Layout, layout::Tiler};
/// let t: Tiler = tile!(8, 8);
/// assert_eq!(t, Tiler::Tuple(vec![Tiler::Int(8), Tiler::Int(8)]));
/// let l: Layout = "4:2".parse().unwrap();
/// let nested: Tiler = tile!((2, 3), l.clone(), Tiler::None, 4, 5);
/// assert_eq!(nested, Tiler::Tuple(vec![
///     Tiler::Tuple(vec![Tiler::Int(2), Tiler::Int(3)]),
///     Tiler::Layout(l), Tiler::None, Tiler::Int(4), Tiler::Int(5),
/// ]));
/// ```
#[macro_export]
macro_rules! tile {
    ($($t:expr),* $(,)?) => {
        $crate::layout::Tiler::Tuple(::std::vec![$($crate::layout::Tiler::from($t)),*])
    };
}
