//! The modes of a layout: indexing (`A[i]`), a range of modes, the
//! sub-layout at a mode path (`get[mode](A)`), and the mode-wise surgery the
//! algebra's mode-subscripted and by-mode forms are built on.
//!
//! Python's slices of modes (`A[1:-1]`, `A[::2]`) are the expression
//! language's (cute-expr resolves a slice to the positions it selects, and
//! joins those modes with [`super::make_layout`]); a Rust caller names a
//! range of modes with [`Layout::mode_range`].

use core::ops::{Bound, Range, RangeBounds};

use cute_core::{DynInt, Error, Result};

use super::{Layout, TilerRef, View};

impl<I: DynInt> Layout<I> {
    /// The sub-layout at top-level mode `i` (`A[i]`), with Python's tuple
    /// indexing: negative indices count from the end. A layout whose shape is
    /// a scalar behaves as the 1-tuple it denotes, so its mode 0 (and -1) is
    /// itself.
    ///
    /// # Pre-conditions
    /// `-rank <= i < rank`.
    ///
    /// # Post-conditions
    /// `A.mode_range(i..j)?.mode(k) == A.mode(i + k)` for `0 <= i <= i + k < j <= rank`.
    ///
    /// # Errors
    /// `IndexError` if `i` is out of range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2, 3, 5):(1, 2, 6)".parse().unwrap();
    /// assert_eq!(a.mode(1).unwrap(), "3:2".parse().unwrap());
    /// assert_eq!(a.mode(-1).unwrap(), "5:6".parse().unwrap());
    /// let b: Layout = "8:1".parse().unwrap();
    /// assert_eq!(b.mode(-1).unwrap(), b);
    /// assert!(a.mode(3).is_err());
    /// assert!(a.mode(-4).is_err());
    /// ```
    pub fn mode(&self, i: i64) -> Result<Layout<I>> {
        let n = self.rank() as i64;
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(Error::out_of_range(
                "Layout[]",
                i,
                Some(n.into()),
                format!("mode {i} of {self:?}, whose rank is {n}"),
            ));
        }
        let m = self.view().modes().nth(k as usize).expect("k < rank");
        Ok(m.to_layout())
    }

    /// The top-level modes in `range` as one layout, whose shape is the
    /// tuple of them: `A.mode_range(1..3)` is Python's `A[1:3]` for bounds
    /// within the rank. The result stays a tuple for one mode or none, and a
    /// layout whose shape is a scalar has one mode, itself.
    ///
    /// # Pre-conditions
    /// `range` lies within `0..=rank`, its start no later than its end.
    ///
    /// # Post-conditions
    /// `rank(result) == range.len()`, and `result.mode(k) ==
    /// A.mode(range.start + k)`.
    ///
    /// # Errors
    /// `IndexError` if the range ends past the rank, or starts after it
    /// ends.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2, 3, 5, 7):(1, 2, 6, 30)".parse().unwrap();
    /// assert_eq!(a.mode_range(1..3).unwrap(), "(3, 5):(2, 6)".parse().unwrap());
    /// assert_eq!(a.mode_range(..).unwrap(), a);
    /// assert_eq!(format!("{:?}", a.mode_range(1..=1).unwrap()), "Layout((3,), (2,))");
    /// assert_eq!(format!("{:?}", a.mode_range(4..).unwrap()), "Layout((), ())");
    /// assert_eq!(format!("{:?}", "8:1".parse::<Layout>().unwrap().mode_range(0..1).unwrap()),
    ///            "Layout((8,), (1,))");
    /// assert!(a.mode_range(2..5).is_err());
    /// assert!(a.mode_range(3..2).is_err());
    /// ```
    pub fn mode_range(&self, range: impl RangeBounds<usize>) -> Result<Layout<I>> {
        let Range { start, end } = self.modes_in(range)?;
        let mut out = Layout::building();
        out.open();
        for m in self.view().modes().skip(start).take(end - start) {
            out.push_view(m);
        }
        out.close();
        Ok(out)
    }

    /// `range` as the positions of the top-level modes it names.
    ///
    /// # Errors
    /// `IndexError` if it ends past the rank, or starts after it ends.
    fn modes_in(&self, range: impl RangeBounds<usize>) -> Result<Range<usize>> {
        let n = self.rank();
        let start = match range.start_bound() {
            Bound::Included(&s) => Some(s),
            Bound::Excluded(&s) => s.checked_add(1),
            Bound::Unbounded => Some(0),
        };
        let end = match range.end_bound() {
            Bound::Included(&e) => e.checked_add(1),
            Bound::Excluded(&e) => Some(e),
            Bound::Unbounded => Some(n),
        };
        match (start, end) {
            (Some(s), Some(e)) if s <= e && e <= n => Ok(s..e),
            _ => {
                let text =
                    |b: Option<usize>| b.map_or("past usize::MAX".to_string(), |b| b.to_string());
                // the bound at fault: the end past the rank, else the start
                let index = match end {
                    Some(e) if e <= n => start.unwrap_or(usize::MAX),
                    _ => end.unwrap_or(usize::MAX),
                };
                Err(Error::out_of_range(
                    "Layout.mode_range",
                    index,
                    Some(n.into()),
                    format!(
                        "the modes from {} to {} of {self:?}, whose rank is {n}",
                        text(start),
                        text(end)
                    ),
                ))
            }
        }
    }

    /// The sub-layout at the mode path `mode` (`A.get(mode)`, `get[mode](A)`);
    /// the empty path is the whole layout.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.get(&[1, 0]).unwrap(), "2:1".parse().unwrap());
    /// assert_eq!(a.get(&[]).unwrap(), a);
    /// assert!(a.get(&[2]).is_err());
    /// ```
    pub fn get(&self, mode: &[usize]) -> Result<Layout<I>> {
        Ok(self.at("Layout.get", mode)?.to_layout())
    }

    /// The sub-layout at `mode`, borrowed; errors name `op`.
    pub(crate) fn at(&self, op: &'static str, mode: &[usize]) -> Result<View<'_, I>> {
        view_at(op, self.view(), mode)
    }

    /// The top-level modes named by `mode`, in the order given
    /// (`select[mode](A)`); [`super::make_layout`] joins them back into one
    /// layout.
    ///
    /// # Post-conditions
    /// `result.len() == mode.len()`; `result[i] == A.mode(mode[i])`.
    ///
    /// # Errors
    /// `IndexError` if an index is out of range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::{make_layout, Layout};
    /// let a: Layout = "(2, 3, 5, 7):(1, 2, 6, 30)".parse().unwrap();
    /// assert_eq!(make_layout(&a.select(&[3, 1]).unwrap()), "(7, 3):(30, 2)".parse().unwrap());
    /// assert!(a.select(&[4]).is_err());
    /// ```
    pub fn select(&self, mode: &[usize]) -> Result<Vec<Layout<I>>> {
        mode.iter().map(|&i| self.get(&[i])).collect()
    }

    /// The top-level modes, as layouts (a scalar-shaped layout has one mode,
    /// itself).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.modes().map(|m| m.to_string()).collect::<Vec<_>>(), ["3:2", "(2, 4):(1, 6)"]);
    /// ```
    pub fn modes(&self) -> impl ExactSizeIterator<Item = Layout<I>> + '_ {
        let n = self.rank();
        self.view()
            .modes()
            .map(View::to_layout)
            .collect::<Vec<_>>()
            .into_iter()
            .take(n)
    }

    /// `size[mode](self)`: the size of the sub-layout at `mode`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode; `ValueError` on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.size_mode(&[0]).unwrap(), 6);
    /// assert!(a.size_mode(&[2]).is_err());
    /// ```
    pub fn size_mode(&self, mode: &[usize]) -> Result<I> {
        let v = self.at("Layout.get", mode)?;
        v.size().map_err(|e| match e {
            Error::Overflow { .. } => v.to_layout().size_error(e),
            e => e,
        })
    }

    /// `rank[mode](self)`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.rank_mode(&[0]).unwrap(), 2);
    /// assert!(a.rank_mode(&[0, 5]).is_err());
    /// ```
    pub fn rank_mode(&self, mode: &[usize]) -> Result<usize> {
        Ok(self.at("Layout.get", mode)?.rank())
    }

    /// `depth[mode](self)`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(1, (3, 6))".parse().unwrap();
    /// assert_eq!(a.depth_mode(&[1]).unwrap(), 1);
    /// assert!(a.depth_mode(&[3]).is_err());
    /// ```
    pub fn depth_mode(&self, mode: &[usize]) -> Result<usize> {
        Ok(self.at("Layout.get", mode)?.depth())
    }
}

/// The sub-layout of `v` at `mode`; an index past the rank is an
/// `IndexError` of `op`.
pub(crate) fn view_at<'a, I: DynInt>(
    op: &'static str,
    v: View<'a, I>,
    mode: &[usize],
) -> Result<View<'a, I>> {
    v.at(mode).map_err(|(depth, rank)| {
        let m = mode[depth];
        Error::out_of_range(
            op,
            m,
            Some(rank.into()),
            format!("mode {mode:?} of {v:?}: index {m} at depth {depth} for rank {rank}"),
        )
    })
}

/// Appends `a` with the sub-layout at `mode` replaced by what `f` appends
/// for it: every other mode is copied as it is. A leaf is the 1-tuple it
/// denotes, so a mode path through a leaf wraps the result in a 1-tuple
/// there (the mode-subscripted `composition[0]` of `6:1` and `3:1` is
/// `(3,):(1,)`).
///
/// # Errors
/// `IndexError` of `op` if `mode` names no mode of `a`; the errors of `f`.
#[inline]
pub(crate) fn at_mode<I: DynInt>(
    op: &'static str,
    a: &Layout<I>,
    mode: &[usize],
    out: &mut Layout<I>,
    f: impl FnOnce(View<'_, I>, &mut Layout<I>) -> Result<()>,
) -> Result<()> {
    if mode.is_empty() {
        return f(a.view(), out);
    }
    a.at(op, mode)?;
    replace(a.view(), mode, &mut Some(f), out)
}

/// `e` as an error of the operation `op`, whose operands `header`
/// describes: a divisibility error, or one of strides that overlap, gets
/// `header` before its message (the values the user gave and those the
/// operation made of them, such as a complement, or the mode they are
/// in); other errors are returned unchanged.
#[cold]
pub(crate) fn framed(e: Error, op: &'static str, header: impl FnOnce() -> String) -> Error {
    match e {
        Error::Divisibility { lhs, rhs, msg, .. } => Error::Divisibility {
            op,
            lhs,
            rhs,
            msg: format!("{}: {msg}", header()),
        },
        Error::NotInjective { msg, .. } => Error::NotInjective {
            op,
            msg: format!("{}: {msg}", header()),
        },
        e => e,
    }
}

/// A mode path as errors print it: `1` for `[1]`, `(0, 1)` for `[0, 1]`.
pub(crate) fn mode_path(path: &[usize]) -> String {
    match path {
        [m] => m.to_string(),
        p => {
            let parts: Vec<String> = p.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// An operation of A and a tiler B, on the mode `mode` of A (all of A for
/// an empty path) as [`at_mode`] places it: `f` appends its result for a
/// mode of A and B. The result's size is checked, and the errors name `op`
/// (and, framed as [`framed`] frames them, the mode).
///
/// # Errors
/// As [`at_mode`]; `ValueError` of `op` if the result's size overflows.
#[inline]
pub(crate) fn by_tiler<I: DynInt>(
    op: &'static str,
    a: &Layout<I>,
    b: TilerRef<'_, I>,
    mode: &[usize],
    f: impl FnOnce(View<'_, I>, TilerRef<'_, I>, &mut Layout<I>) -> Result<()>,
) -> Result<Layout<I>> {
    let mut out = Layout::building();
    at_mode(op, a, mode, &mut out, |m, out| {
        f(m, b, out).map_err(|e| match mode {
            [] => e,
            _ => framed(e, op, || format!("in mode {} of A", mode_path(mode))),
        })
    })
    .and_then(|()| out.check_size(op))
    .map_err(|e| e.in_op(op))?;
    Ok(out)
}

fn replace<I: DynInt, F: FnOnce(View<'_, I>, &mut Layout<I>) -> Result<()>>(
    v: View<'_, I>,
    mode: &[usize],
    f: &mut Option<F>,
    out: &mut Layout<I>,
) -> Result<()> {
    let Some((&m, rest)) = mode.split_first() else {
        return f.take().expect("the new mode is placed once")(v, out);
    };
    out.open();
    for (i, c) in v.modes().enumerate() {
        if i == m {
            replace(c, rest, f, out)?;
        } else {
            out.push_view(c);
        }
    }
    out.close();
    Ok(())
}

/// A by-mode operation: appends the tuple of `f(a[i], t[i])` for each
/// element of the tuple `t`, the remaining modes of `a` unchanged.
///
/// # Errors
/// `ValueError` of `op` if `t` has more modes than `a`; the errors of `f`.
pub(crate) fn by_mode<'t, I: DynInt, T>(
    op: &'static str,
    a: View<'_, I>,
    t: &'t [T],
    out: &mut Layout<I>,
    mut f: impl FnMut(View<'_, I>, &'t T, &mut Layout<I>) -> Result<()>,
) -> Result<()> {
    let n = a.rank();
    if t.len() > n {
        return Err(Error::rank_mismatch(
            op,
            n,
            t.len(),
            format!("a by-mode tiler of rank {} for {a:?} of rank {n}", t.len()),
        ));
    }
    out.open();
    for (i, m) in a.modes().enumerate() {
        match t.get(i) {
            Some(ti) => f(m, ti, out)
                .map_err(|e| framed(e, op, || format!("in mode {i} of A and of the tiler")))?,
            None => out.push_view(m),
        }
    }
    out.close();
    Ok(())
}
