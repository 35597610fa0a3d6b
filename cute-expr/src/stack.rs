//! The stack a line may use.
//!
//! The parser and the evaluator recurse as deeply as the line nests. Each
//! measures the stack it has used from where it started ([`StackLimit`]) and
//! stops at a bound: on the caller's thread, which may have as little as
//! 2 MiB, a line may use [`SHALLOW_STACK`]; a line that needs more is run
//! again on a thread of its own with a [`DEEP_STACK`] ([`on_big_stack`]),
//! of which it may use [`DEEP_STACK_USE`].

use cute_core::{Error, Result};

/// How much stack a line may use on the caller's thread.
pub(crate) const SHALLOW_STACK: usize = 256 << 10;

/// The stack of the thread a deep line runs on.
pub(crate) const DEEP_STACK: usize = 256 << 20;

/// How much of a [`DEEP_STACK`] a line may use.
pub(crate) const DEEP_STACK_USE: usize = 192 << 20;

/// The address of a local of the caller: how deep the stack is.
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    core::ptr::addr_of!(marker) as usize
}

/// A bound on the stack used from where it was made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackLimit {
    base: usize,
    limit: usize,
}

impl StackLimit {
    /// A bound of `limit` bytes below the caller's frame.
    #[inline(always)]
    pub(crate) fn new(limit: usize) -> StackLimit {
        StackLimit {
            base: stack_address(),
            limit,
        }
    }

    /// True iff the caller's frame lies more than the limit below the
    /// frame the bound was made in.
    #[inline(always)]
    pub(crate) fn exceeded(&self) -> bool {
        self.base.abs_diff(stack_address()) > self.limit
    }
}

/// Runs `f` on a thread with a [`DEEP_STACK`], for input that nests deeply.
///
/// # Errors
/// `ValueError` if the thread cannot be started; whatever `f` returns. A
/// panic of `f` is resumed on the caller's thread.
pub(crate) fn on_big_stack<T: Send>(f: impl FnOnce() -> Result<T> + Send) -> Result<T> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, f)
            .map_err(|e| Error::value("eval", format!("cannot start the evaluation: {e}")))?;
        handle
            .join()
            .unwrap_or_else(|payload| std::panic::resume_unwind(payload))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[inline(never)]
    fn deeper(n: u32, limit: &StackLimit) -> bool {
        let pad = [0u8; 256];
        if n == 0 {
            return limit.exceeded();
        }
        // keep the frame from being merged into its caller's
        let r = deeper(n - 1, limit);
        core::hint::black_box(&pad);
        r
    }

    #[test]
    fn the_limit_measures_the_stack_used_since_it_was_made() {
        let limit = StackLimit::new(16 << 10);
        assert!(!limit.exceeded());
        assert!(!deeper(1, &limit));
        assert!(deeper(1000, &limit));
        assert_eq!(
            on_big_stack(|| Ok(deeper(1000, &StackLimit::new(DEEP_STACK_USE)))),
            Ok(false)
        );
    }
}
