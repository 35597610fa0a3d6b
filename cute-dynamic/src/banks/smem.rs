//! The shared-memory layout an access reads or writes: [`Smem`] (a layout,
//! or a swizzle after one), and [`Offsets`], the fast evaluator of its
//! offsets that the analysis runs.

use core::fmt;

use cute_core::{Error, Result};

use super::OP;
use crate::atom::SwizzledLayout;
use crate::swizzle::Swizzle;
use crate::typedefs::Scalar;
use crate::{Evaluator, Layout};

/// A shared-memory layout: `index -> offset` in elements.
///
/// - [`Smem::Layout`]: a layout with integer strides (plain, padded:
///   `(32, 32):(33, 1)`) or F2 strides (a swizzle written as strides,
///   `(8, 32):(F36, F1)`, whose F2 values are the offsets);
/// - [`Smem::Swizzled`]: a swizzle after a layout (CuTe's composed layout,
///   the language's `composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))`).
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Smem;
/// use cute_dynamic::Layout;
/// let f2: Smem = "(8, 32):(F36, F1)".parse::<Layout>().unwrap().into();
/// assert_eq!(f2.offset(1).unwrap(), 36); // row 1, column 0: 32 XOR 4
/// assert_eq!(f2.size().unwrap(), 256);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Smem {
    /// A layout: offsets are its values (integers, or F2 values).
    Layout(Layout),
    /// A swizzle applied to a layout's offsets.
    Swizzled(SwizzledLayout),
}

impl From<Layout> for Smem {
    fn from(l: Layout) -> Smem {
        Smem::Layout(l)
    }
}

impl From<SwizzledLayout> for Smem {
    fn from(s: SwizzledLayout) -> Smem {
        Smem::Swizzled(s)
    }
}

impl fmt::Display for Smem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Smem::Layout(l) => write!(f, "{l}"),
            Smem::Swizzled(s) => write!(f, "{s}"),
        }
    }
}

impl Smem {
    /// The layout whose domain is the indices (the swizzled one's layout).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Smem;
    /// let s: Smem = "(4, 8):(8, 1)".parse::<cute_dynamic::Layout>().unwrap().into();
    /// assert_eq!(s.layout().to_string(), "(4, 8):(8, 1)");
    /// ```
    pub fn layout(&self) -> &Layout {
        match self {
            Smem::Layout(l) => l,
            Smem::Swizzled(s) => &s.layout,
        }
    }

    /// The size of the domain.
    ///
    /// # Errors
    /// As [`Layout::size`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Smem;
    /// let s: Smem = "(4, 8):(8, 1)".parse::<cute_dynamic::Layout>().unwrap().into();
    /// assert_eq!(s.size().unwrap(), 32);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.layout().size()
    }

    /// The offset, in elements, of the index `idx`.
    ///
    /// # Errors
    /// `TypeError` for a layout whose values are coordinates (arithmetic
    /// tuples); `ValueError` for an F2 value past the 64-bit range; as
    /// [`Layout::call_index`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::SwizzledLayout;
    /// use cute_dynamic::banks::Smem;
    /// use cute_dynamic::swizzle::Swizzle;
    /// let s = Smem::Swizzled(SwizzledLayout {
    ///     swizzle: Swizzle::new(3, 3, 3).unwrap(),
    ///     layout: "(8, 64):(64, 1)".parse().unwrap(),
    /// });
    /// assert_eq!(s.offset(1).unwrap(), 64 + 8); // row 1: its first 8 values move to column 8
    /// ```
    pub fn offset(&self, idx: i64) -> Result<i64> {
        Offsets::new(self)?.at(idx)
    }

    /// The offsets of the indices `0..n`, evaluated with one evaluator.
    pub(crate) fn offsets_upto(&self, n: i64) -> Result<Vec<i64>> {
        let off = Offsets::new(self)?;
        (0..n).map(|i| off.at(i)).collect()
    }
}

/// A fast evaluator of a [`Smem`].
pub(super) enum Offsets<'a> {
    /// Integer strides, with a swizzle after them (none for a plain layout).
    Int(Box<Evaluator>, Option<Swizzle>),
    /// F2 strides, or any other layout.
    Generic(&'a Layout),
}

impl<'a> Offsets<'a> {
    pub(super) fn new(smem: &'a Smem) -> Result<Offsets<'a>> {
        let (layout, swizzle) = match smem {
            Smem::Layout(l) => (l, None),
            Smem::Swizzled(s) => (&s.layout, Some(s.swizzle)),
        };
        let ints = layout.strides().all(|d| matches!(d, Scalar::Int(_)));
        if ints {
            return Ok(Offsets::Int(Box::new(layout.evaluator()?), swizzle));
        }
        if swizzle.is_some() {
            return Err(Error::type_error(
                OP,
                format!("a swizzle permutes integer offsets; {layout} has strides that are not integers"),
            ));
        }
        Ok(Offsets::Generic(layout))
    }

    pub(super) fn at(&self, idx: i64) -> Result<i64> {
        match self {
            Offsets::Int(ev, sw) => {
                let o = ev.try_eval(idx)?;
                Ok(sw.map_or(o, |s| s.apply(o)))
            }
            Offsets::Generic(l) => match l.call_index(idx)? {
                Scalar::Int(o) => Ok(o),
                Scalar::F2(v) => i64::try_from(v.0).map_err(|_| {
                    Error::overflow(OP, format!("the F2 offset {v} leaves the 64-bit range"))
                }),
                other => Err(Error::type_error(
                    OP,
                    format!(
                        "shared memory maps indices to offsets; {l} maps index {idx} to {other}"
                    ),
                )),
            },
        }
    }
}
