//! Shortcuts: the direct computation of the most common cases of the
//! algebra, beside the general steps that give the same results.
//!
//! These cases are computed directly where they arise, because kernels
//! meet them all the time and the general steps cost many times more:
//! - composition whose operands are known integers with few leaves
//!   (`composition.rs`: B's leaves composed over A's flat modes by the
//!   composition kernel's walk, [`cute_core::kernel::compose`]), including
//!   an A whose coalesced flat modes are one mode (`A o B` is B with its
//!   strides scaled: the products of a compact A, and the rest of every
//!   divide of one leaf);
//! - the divide of one leaf of A by a compact tile `k:1` (each mode of a
//!   matrix divided by an integer tile, `zipped_divide(A, (128, 64))`,
//!   in `divide.rs`);
//! - the complement of a layout of known integers (the complement kernel's
//!   chain, [`cute_core::kernel::complement`], on machine integers, in
//!   `complement.rs`).
//!
//! Each shortcut applies only where its result is the general steps' result
//! (and gives way to them where they would report an error), which the
//! properties here check: every operation gives the same answer with the
//! shortcuts and without them.

/// Whether the algebra takes its shortcuts: always, except inside
/// `without` in the tests that compare them with the general steps.
#[inline(always)]
pub(crate) fn on() -> bool {
    #[cfg(test)]
    {
        ON.with(core::cell::Cell::get)
    }
    #[cfg(not(test))]
    {
        true
    }
}

#[cfg(test)]
thread_local! {
    static ON: core::cell::Cell<bool> = const { core::cell::Cell::new(true) };
}

/// `f()` computed by the general steps alone.
#[cfg(test)]
pub(crate) fn without<R>(f: impl FnOnce() -> R) -> R {
    ON.with(|c| c.set(false));
    let r = f();
    ON.with(|c| c.set(true));
    r
}

#[cfg(test)]
mod tests {
    use super::super::testkit as kit;
    use super::*;
    use crate::algebra::{
        blocked_product, complement, complement_to, composition, logical_divide, logical_product,
        raked_product, zipped_divide,
    };
    use crate::layout::{Layout, Tiler};
    use cute_core::Result;
    use proptest::prelude::*;

    /// `op()` with and without the shortcuts: the same layout, or the same
    /// error.
    fn same(op: impl Fn() -> Result<Layout>) -> std::result::Result<(), TestCaseError> {
        let fast = op();
        let general = without(&op);
        prop_assert_eq!(fast, general);
        Ok(())
    }

    /// A tiler for one mode: an integer (0 and 1 included), a compact tile
    /// `k:1`, `None`, or any small layout.
    fn mode_tiler() -> BoxedStrategy<Tiler> {
        prop_oneof![
            3 => (0_i64..10).prop_map(Tiler::Int),
            2 => (1_i64..10).prop_map(|k| Tiler::Layout(kit::leaf(k, crate::Scalar::Int(1)))),
            1 => Just(Tiler::None),
            1 => kit::layout().prop_map(Tiler::Layout),
        ]
        .boxed()
    }

    /// A tiler: one layout, or a tuple of mode tilers.
    fn tiler() -> BoxedStrategy<Tiler> {
        prop_oneof![
            1 => mode_tiler(),
            2 => prop::collection::vec(mode_tiler(), 1..4).prop_map(Tiler::Tuple),
        ]
        .boxed()
    }

    /// A: any layout, one leaf among them often, and hostile values.
    fn operand() -> BoxedStrategy<Layout> {
        prop_oneof![
            2 => kit::layout(),
            1 => (0_i64..40, -6_i64..40).prop_map(|(s, d)| kit::leaf(s, crate::Scalar::Int(d))),
            1 => kit::wild_layout(),
        ]
        .boxed()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn prop_divides_are_the_general_steps(a in operand(), t in tiler()) {
            same(|| logical_divide(&a, &t))?;
            same(|| zipped_divide(&a, &t))?;
        }

        #[test]
        fn prop_composition_is_the_general_steps(a in operand(), b in operand(), t in tiler()) {
            same(|| composition(&a, &b))?;
            same(|| composition(&a, &t))?;
        }

        #[test]
        fn prop_products_are_the_general_steps(a in operand(), b in operand()) {
            same(|| logical_product(&a, &b))?;
            same(|| blocked_product(&a, &b))?;
            same(|| raked_product(&a, &b))?;
        }

        #[test]
        fn prop_complement_is_the_general_steps(
            k in -2_i64..40, d in -2_i64..3, a in operand(), n in -2_i64..100,
        ) {
            let leaf = kit::leaf(k, crate::Scalar::Int(d));
            same(|| complement_to(&leaf, n))?;
            same(|| complement_to(&a, n))?;
            same(|| complement(&a))?;
        }
    }
}
