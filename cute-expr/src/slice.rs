//! Python's slices: `start:stop:step` inside `[]`, and the positions one
//! selects from a sequence (`slice.indices`).
//!
//! This is the one implementation of Python's slice semantics in the
//! workspace: tuples, lists, strings and a layout's modes (`A[1:-1]`) are
//! all sliced through [`Slice::indices`]. A negative bound counts from the
//! end, an out-of-range bound is clamped rather than refused, a negative
//! step walks backwards, and a missing bound takes the default of the
//! step's direction. The arithmetic is checked: every `i64` bound and step
//! gives the positions Python gives, or an error, never a panic.

use core::iter::FusedIterator;

use cute_core::{Error, Result};

/// The bounds of a slice `start:stop:step`, each optional.
///
/// # Examples
/// ```
/// use cute_expr::Slice;
/// let s = Slice { start: Some(-1), stop: None, step: Some(-2) };
/// assert_eq!(s.indices(5).unwrap().collect::<Vec<_>>(), [4, 2, 0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    /// The first position.
    pub start: Option<i64>,
    /// The position the slice stops before.
    pub stop: Option<i64>,
    /// The step (1 if absent).
    pub step: Option<i64>,
}

impl Slice {
    /// The positions the slice selects from a sequence of `len` elements,
    /// in the order it selects them: Python's `range(*slice.indices(len))`.
    ///
    /// # Post-conditions
    /// Every position is below `len`; the positions are distinct, and
    /// ascend for a positive step, descend for a negative one.
    ///
    /// # Errors
    /// `ValueError` for a step of zero, or for a `len` beyond `i64::MAX`
    /// (no sequence of the language is that long).
    ///
    /// # Examples
    /// ```
    /// use cute_expr::Slice;
    /// let s = |start, stop, step| Slice { start, stop, step };
    /// let all = |s: Slice, len| s.indices(len).unwrap().collect::<Vec<_>>();
    /// assert_eq!(all(s(Some(1), Some(-1), None), 4), [1, 2]);
    /// assert_eq!(all(s(None, None, Some(-1)), 3), [2, 1, 0]);
    /// assert_eq!(all(s(Some(-99), Some(99), Some(2)), 5), [0, 2, 4]);
    /// assert_eq!(all(s(Some(i64::MIN), None, Some(i64::MAX)), 3), [0]);
    /// assert!(s(None, None, Some(0)).indices(3).is_err());
    /// ```
    pub fn indices(&self, len: usize) -> Result<SliceIndices> {
        let n = i64::try_from(len).map_err(|_| {
            Error::value(
                "slice",
                format!("a sequence of {len} elements is too long to slice"),
            )
        })?;
        let step = self.step.unwrap_or(1);
        if step == 0 {
            return Err(Error::value("slice", "slice step cannot be zero"));
        }
        // the bounds, normalized as CPython's PySlice_AdjustIndices does:
        // a negative bound counts from the end (x + n cannot overflow for a
        // negative x and a non-negative n), then clamps to the positions the
        // step's direction can start or stop at
        let (lo, hi) = if step > 0 { (0, n) } else { (-1, n - 1) };
        let bound = |x: Option<i64>, default: i64| match x {
            None => default,
            Some(x) if x < 0 => (x + n).max(lo),
            Some(x) => x.min(hi),
        };
        let start = bound(self.start, if step > 0 { 0 } else { n - 1 });
        let stop = bound(self.stop, if step > 0 { n } else { -1 });
        // both bounds lie in -1..=n, so their distance fits an i64; the
        // step's magnitude may not (i64::MIN), so it is taken unsigned
        let span = if step > 0 { stop - start } else { start - stop };
        let count = match u64::try_from(span) {
            Ok(d) if d > 0 => (d - 1) / step.unsigned_abs() + 1,
            _ => 0,
        };
        Ok(SliceIndices {
            next: start,
            step,
            // at most n positions, which fits a usize
            left: count as usize,
        })
    }
}

/// The positions a [`Slice`] selects from a sequence, in order
/// ([`Slice::indices`]).
#[derive(Clone, Debug)]
pub struct SliceIndices {
    /// The next position, if any is left.
    next: i64,
    step: i64,
    /// How many positions are left.
    left: usize,
}

impl Iterator for SliceIndices {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let here = self.next;
        self.left -= 1;
        if self.left > 0 {
            // a position is left, so this step lands inside the sequence
            self.next += self.step;
        }
        // every position the slice selects is within 0..len
        Some(here as usize)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for SliceIndices {}

impl FusedIterator for SliceIndices {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Slice {
        Slice { start, stop, step }
    }

    fn all(sl: Slice, len: usize) -> Vec<usize> {
        sl.indices(len).unwrap().collect()
    }

    /// Python's positions, read off its definition rather than computed as
    /// [`Slice::indices`] does: with unbounded integers, the bounds resolved
    /// (a negative one counts from the end) and clamped, then every
    /// position of the sequence kept whose distance from the start is a
    /// multiple of the step and that lies on the start's side of the stop.
    fn model(len: usize, start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Vec<usize> {
        let n = len as i128;
        let k = i128::from(step.unwrap_or(1));
        assert_ne!(k, 0);
        let resolve = |x: i64| {
            let x = i128::from(x);
            if x < 0 {
                x + n
            } else {
                x
            }
        };
        let (lo, hi) = if k > 0 { (0, n) } else { (-1, n - 1) };
        let start = start.map_or(if k > 0 { 0 } else { n - 1 }, |x| resolve(x).clamp(lo, hi));
        let stop = stop.map_or(if k > 0 { n } else { -1 }, |x| resolve(x).clamp(lo, hi));
        let on = |i: i128| (i - start) % k == 0;
        if k > 0 {
            (0..n)
                .filter(|&i| start <= i && i < stop && on(i))
                .map(|i| i as usize)
                .collect()
        } else {
            (0..n)
                .rev()
                .filter(|&i| stop < i && i <= start && on(i))
                .map(|i| i as usize)
                .collect()
        }
    }

    #[test]
    fn python_examples() {
        // the results of CPython's `list(range(len))[start:stop:step]`
        assert_eq!(all(s(Some(1), Some(99), None), 4), [1, 2, 3]);
        assert_eq!(all(s(Some(2), Some(2), None), 4), [] as [usize; 0]);
        assert_eq!(all(s(Some(-99), None, Some(3)), 4), [0, 3]);
        assert_eq!(all(s(None, None, Some(-1)), 4), [3, 2, 1, 0]);
        assert_eq!(all(s(Some(-2), Some(0), Some(-1)), 4), [2, 1]);
        assert_eq!(all(s(Some(10), Some(-10), Some(-3)), 5), [4, 1]);
        assert_eq!(all(s(Some(-1), Some(-1), Some(-1)), 5), [] as [usize; 0]);
        assert_eq!(all(s(None, Some(-6), Some(-1)), 5), [4, 3, 2, 1, 0]);
        assert_eq!(all(s(None, None, None), 0), [] as [usize; 0]);
        assert_eq!(all(s(None, None, Some(-1)), 0), [] as [usize; 0]);
        assert_eq!(all(s(Some(3), Some(1), None), 5), [] as [usize; 0]);
    }

    #[test]
    fn extreme_bounds_and_steps() {
        assert_eq!(all(s(None, None, Some(i64::MIN)), 3), [2]);
        assert_eq!(all(s(None, None, Some(i64::MAX)), 3), [0]);
        assert_eq!(all(s(Some(i64::MIN), Some(i64::MAX), None), 3), [0, 1, 2]);
        assert_eq!(
            all(s(Some(i64::MAX), Some(i64::MIN), Some(-1)), 3),
            [2, 1, 0]
        );
        assert_eq!(
            all(s(Some(i64::MAX), Some(i64::MIN), Some(i64::MIN)), 3),
            [2]
        );
        assert_eq!(
            all(s(Some(i64::MIN), Some(i64::MIN), Some(i64::MIN)), 3),
            [] as [usize; 0]
        );
        let e = s(None, None, Some(0)).indices(3).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let ok = s(Some(i64::MAX - 1), None, Some(i64::MAX)).indices(i64::MAX as usize);
        assert_eq!(ok.unwrap().collect::<Vec<_>>(), [i64::MAX as usize - 1]);
        assert!(s(None, None, None).indices(usize::MAX).is_err());
    }

    #[test]
    fn the_positions_are_counted_exactly() {
        let it = s(Some(1), None, Some(2)).indices(10).unwrap();
        assert_eq!(it.len(), 5);
        let mut it = s(None, None, Some(-4)).indices(10).unwrap();
        assert_eq!(it.size_hint(), (3, Some(3)));
        assert_eq!(it.next(), Some(9));
        assert_eq!(it.len(), 2);
        assert_eq!(it.by_ref().count(), 2);
        assert_eq!(it.next(), None);
    }

    /// A bound or a step: small, near the sequence's length, or extreme.
    fn arb_i64() -> impl Strategy<Value = i64> {
        prop_oneof![
            -12i64..12,
            any::<i64>(),
            Just(i64::MIN),
            Just(i64::MIN + 1),
            Just(i64::MAX),
            Just(i64::MAX - 1),
            (1i64..4).prop_map(|k| i64::MIN / k),
            (1i64..4).prop_map(|k| i64::MAX / k),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// The positions are Python's, whatever the bounds and the step.
        #[test]
        fn indices_follow_python(
            len in 0usize..40,
            start in proptest::option::of(arb_i64()),
            stop in proptest::option::of(arb_i64()),
            step in proptest::option::of(arb_i64()),
        ) {
            let sl = s(start, stop, step);
            match sl.indices(len) {
                Ok(it) => {
                    prop_assert_ne!(step, Some(0));
                    let n = it.len();
                    let got: Vec<usize> = it.collect();
                    prop_assert_eq!(got.len(), n);
                    prop_assert_eq!(got, model(len, start, stop, step));
                }
                Err(e) => {
                    prop_assert_eq!(step, Some(0));
                    prop_assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
                }
            }
        }
    }
}
