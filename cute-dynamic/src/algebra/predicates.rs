//! Predicates of the algebra: whether a layout is tractable (its
//! complement tiles the codomain), and whether two layouts compose.

use cute_core::{DynInt, Result};

use super::complement;
use super::explain::compose;
use super::explain::Silent;
use crate::layout::{Layout, Mode, TilerArg};
use crate::typedefs::Scalar;

/// True iff `a` is tractable: its modes of nonzero stride, sorted by
/// stride `d_0 <= d_1 <= ...` with extents `s_k`, form a divisible chain,
/// each stride a multiple of the extent the modes before it cover
/// (`c_k = s_(k-1) * d_(k-1)` divides `d_k`, `c_0 = 1`; modes of extent 1
/// cover nothing and are left out; over coordinate strides `k@i`, each
/// axis on its own).
///
/// This is the condition of the complement tiling the codomain: `a` is
/// tractable exactly when [`complement`](fn@crate::algebra::complement)`(a)` succeeds and `a`'s modes of
/// nonzero stride beside `complement(a)` are a bijection onto
/// `0..N` (`make_layout(A, complement(A))` walks a contiguous range once),
/// and that is how it is decided, so that the condition lives in the
/// complement alone. A layout without a complement (overlapping strides,
/// F2 strides, a negative stride or extent) is not tractable; nor is one
/// whose sorted strides do not divide, whose complement does succeed (the
/// largest ordered layout that fits, its gaps rounded down) but leaves
/// holes. Over symbols, true only where the assumptions decide it.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::{complement, is_tractable};
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert!(is_tractable(&l("(4, 8):(1, 4)")));
/// assert!(is_tractable(&l("(2, 4):(12, 1)"))); // sorted: 4:1, 2:12; 4 divides 12
/// assert!(is_tractable(&l("(3, 5):(0, 2)"))); // a stride 0 reaches no offset but 0
/// // overlapping strides: no complement
/// assert!(!is_tractable(&l("(4, 3):(3, 2)")) && complement(&l("(4, 3):(3, 2)")).is_err());
/// // 2 does not divide 3: the complement exists, and leaves holes
/// assert!(!is_tractable(&l("(2, 3):(1, 3)")) && complement(&l("(2, 3):(1, 3)")).is_ok());
/// ```
pub fn is_tractable<I: DynInt>(a: &Layout<I>) -> bool {
    let Ok(c) = complement(a) else {
        return false;
    };
    let leaves = a.leaves();
    if leaves.iter().any(|(_, d)| matches!(d, Scalar::Arith(_))) {
        // a coordinate codomain: the complement takes each axis on its own
        let mut axes: Vec<(Vec<usize>, Vec<Mode<I>>)> = Vec::new();
        for (s, d) in leaves {
            let Scalar::Arith(t) = d else {
                continue;
            };
            if t.is_zero() {
                continue;
            }
            let Some((k, path)) = t.single_term() else {
                return false;
            };
            let m = (s.clone(), Scalar::Int(I::from_i64(k)));
            match axes.iter_mut().find(|(p, _)| *p == path) {
                Some((_, ms)) => ms.push(m),
                None => axes.push((path, vec![m])),
            }
        }
        return axes
            .into_iter()
            .all(|(_, ms)| Layout::from_modes(ms).is_ok_and(|l| is_tractable(&l)));
    }
    tiles(leaves, &c).unwrap_or(false)
}

/// Whether A's modes `a` of nonzero stride, beside their complement `c`,
/// are a bijection onto `0..N`: they are injective (the complement fills
/// only gaps, below each next stride), so they are exactly when their size
/// is their cosize.
fn tiles<I: DynInt>(a: &[Mode<I>], c: &Layout<I>) -> Result<bool> {
    let both = Layout::from_modes(
        a.iter()
            .filter(|(_, d)| !d.is_zero())
            .chain(c.leaves())
            .cloned(),
    )?;
    Ok(both.size()?.int_cmp(&both.cosize()?)?.is_eq())
}

/// True iff `composition(a, b)` succeeds: composition's conditions
/// checked without making the result, for each leaf `s:d` of B the
/// stride- and shape-divisibility conditions of its walk through A's
/// coalesced modes (Whitepaper, Eqs. (20)-(21)), the carry check across
/// B's leaves, and the rest composition checks (an extent of B that is
/// not positive, a negative stride outside A's last mode, F2 strides, a
/// by-mode B of more modes than A, a size or a stride past the 64-bit
/// range). The checks are composition's own: the kernel's walk and the
/// algebra's carry check, in composition's order, with an observer that
/// records nothing (the one a trace records with,
/// [`explain_composition`](super::explain::explain_composition)); a leaf
/// whose stride is a sum of coordinates is composed, as its terms' results
/// must add up. Over symbols, false where a condition is not decided.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::{composition, is_admissible};
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let a = l("(6, 2):(8, 2)");
/// assert!(is_admissible(&a, &l("(4, 3):(3, 1)")));
/// // stride divisibility: 5 and 6 do not divide one another
/// assert!(!is_admissible(&a, &l("(4, 3):(5, 1)")));
/// // shape divisibility: 6 / 2 = 3 steps of 2 do not divide 4
/// assert!(!is_admissible(&a, &l("4:2")));
/// assert!(is_admissible(&l("(12, 4):(1, 12)"), (4, 2)));
/// assert_eq!(is_admissible(&a, 7), composition(&a, 7).is_ok());
/// ```
pub fn is_admissible<'b, I: DynInt>(a: &Layout<I>, b: impl Into<TilerArg<'b, I>>) -> bool {
    let b = b.into();
    let t = b.get();
    compose::whole(a.view(), t, &mut Silent).is_ok()
}
