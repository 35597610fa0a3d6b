//! Between machine-integer and symbolic layouts: a layout over `i64` seen
//! as one over [`Sym`], a symbolic layout with values substituted for its
//! symbols, and one whose leaves are all constants turned back into
//! machine integers.

use cute_core::bridge::{Display, LeafValue, Node};
use cute_core::sym::Sym;
use cute_core::{DynInt, Error, IntLeaf, LayoutLike, Result};

use super::{Layout, Leaves};
use crate::typedefs::Scalar;

impl<I: DynInt> Layout<I> {
    /// The same profile with every integer of the layout (each extent, each
    /// integer stride) mapped through `f`; F2 and coordinate strides, which
    /// hold machine integers in every layout, are kept.
    ///
    /// # Errors
    /// The first error of `f`; `ValueError` if an extent maps to a negative
    /// integer.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(4, 8):(1, 4)".parse().unwrap();
    /// let doubled = l.try_map_ints(|x| Ok(2 * x)).unwrap();
    /// assert_eq!(doubled.to_string(), "(8, 16):(2, 8)");
    /// assert!(l.try_map_ints(|x| Ok(-x)).is_err());
    /// ```
    pub fn try_map_ints<J: DynInt>(&self, mut f: impl FnMut(&I) -> Result<J>) -> Result<Layout<J>> {
        let mut leaves: Leaves<J> = Leaves::with_capacity(self.leaves.len());
        for (s, d) in &self.leaves {
            let s = f(s)?;
            if super::is_negative(&s)? {
                return Err(Error::value(
                    "Layout",
                    format!("the extent {s} of {self:?} would be negative"),
                ));
            }
            let d = match d {
                Scalar::Int(x) => Scalar::Int(f(x)?),
                Scalar::F2(x) => Scalar::F2(*x),
                Scalar::Arith(x) => Scalar::Arith(x.clone()),
            };
            leaves.push((s, d));
        }
        Ok(Layout {
            tok: self.tok.clone(),
            leaves,
        })
    }
}

impl Layout {
    /// This layout over symbolic integers, each leaf a constant: the form
    /// the algebra takes when it meets a symbolic operand.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(4, 8):(1, 4)".parse().unwrap();
    /// assert_eq!(l.to_symbolic().to_string(), "(4, 8):(1, 4)");
    /// assert_eq!(l.to_symbolic().to_int(), Some(l));
    /// ```
    pub fn to_symbolic(&self) -> Layout<Sym> {
        self.try_map_ints(|&x| Ok(Sym::from(x)))
            .expect("a machine-integer layout has non-negative extents")
    }
}

impl Layout<Sym> {
    /// The machine-integer layout this one is when each symbol `n` has the
    /// value `values(n)`.
    ///
    /// # Errors
    /// `ValueError` for a symbol without a value, a value its assumptions
    /// exclude (a positive symbol given 0), a negative extent, or overflow.
    ///
    /// ```
    /// use cute_core::sym::Sym;
    /// use cute_dynamic::{Layout, Scalar};
    /// let m = Sym::symbol("M").unwrap();
    /// let l = Layout::from_modes([
    ///     (m.clone(), Scalar::Int(Sym::from(1))),
    ///     (Sym::from(8), Scalar::Int(m)),
    /// ])
    /// .unwrap();
    /// assert_eq!(l.to_string(), "(M, 8):(1, M)");
    /// let at = l.subs(&|n| (n == "M").then_some(100)).unwrap();
    /// assert_eq!(at.to_string(), "(100, 8):(1, 100)");
    /// assert!(l.subs(&|_| None).is_err());
    /// ```
    pub fn subs(&self, values: &impl Fn(&str) -> Option<i64>) -> Result<Layout> {
        self.try_map_ints(|x| x.eval(values))
    }

    /// The machine-integer layout, if every extent and stride is a
    /// constant.
    pub fn to_int(&self) -> Option<Layout> {
        self.try_map_ints(|x| {
            x.try_const()
                .ok_or_else(|| Error::value("Layout", "symbolic"))
        })
        .ok()
    }

    /// True iff an extent or stride of the layout holds a symbol.
    pub fn is_symbolic(&self) -> bool {
        self.leaves.iter().any(|(s, d)| {
            s.try_const().is_none() || matches!(d, Scalar::Int(x) if x.try_const().is_none())
        })
    }
}

impl Layout<Sym> {
    /// The symbolic layout of any layout (static, mixed or dynamic, through
    /// the bridge [`LayoutLike`]) whose run-time leaves are named by
    /// `symbols`: its static leaves stay constants, and each leaf that is
    /// not static (the shape's, left to right, then the stride's) becomes
    /// the next of `symbols`. This is how a kernel generator turns a mixed
    /// layout into the index code over its run-time parameters.
    ///
    /// A symbol that is a plain symbol (not an expression) must admit the
    /// value the layout holds for its leaf now, so that the symbolic layout
    /// describes the layout it came from.
    ///
    /// # Errors
    /// `ValueError` if the number of symbols is not the number of leaves
    /// that are not static, or a symbol's assumptions exclude the value of
    /// its leaf (a positive multiple of 8 named for an extent of 12).
    ///
    /// ```
    /// use cute_core::sym::{Assumptions, Lang, Sym};
    /// use cute_dynamic::codegen::Coords;
    /// use cute_dynamic::Layout;
    /// // every leaf of a dynamic layout is a run-time leaf
    /// let a: Layout = "(100, 8):(1, 100)".parse().unwrap();
    /// let m = Sym::symbol_with("M", Assumptions::positive()).unwrap();
    /// let s = Layout::symbolic_of(&a, &[m.clone(), 8.into(), 1.into(), m]).unwrap();
    /// assert_eq!(s.to_string(), "(M, 8):(1, M)");
    /// assert_eq!(s.index_code(Coords::Modes(&["i", "j"]), Lang::C).unwrap(), "M * j + i");
    /// assert!(Layout::symbolic_of(&a, &[]).is_err());
    /// ```
    pub fn symbolic_of<L: LayoutLike + ?Sized>(layout: &L, symbols: &[Sym]) -> Result<Self> {
        const OP: &str = "symbolic_of";
        let mut leaves = Vec::new();
        let mut nodes = Vec::new();
        layout.walk(&mut |n| {
            if let Node::Leaf(m) = n {
                leaves.push(m);
            }
            nodes.push(n);
        });
        let dynamic = leaves.iter().filter(|m| !m.extent.is_static).count()
            + leaves.iter().filter(|m| !m.stride.is_static).count();
        if dynamic != symbols.len() {
            return Err(Error::value(
                OP,
                format!(
                    "{} has {dynamic} run-time leaves, and {} symbols name them",
                    Display(layout),
                    symbols.len()
                ),
            ));
        }
        let mut names = symbols.iter();
        let mut take = |v: LeafValue| -> Result<Sym> {
            if v.is_static {
                return Ok(Sym::from(v.value));
            }
            let s = names.next().expect("counted").clone();
            if let Some((name, assume)) = s.as_symbol() {
                if !assume.admits(v.value) {
                    return Err(Error::value(
                        OP,
                        format!("the symbol {name} does not admit the value {}", v.value),
                    ));
                }
            }
            Ok(s)
        };
        let extents: Vec<Sym> = leaves
            .iter()
            .map(|m| take(m.extent))
            .collect::<Result<_>>()?;
        let strides: Vec<Sym> = leaves
            .iter()
            .map(|m| take(m.stride))
            .collect::<Result<_>>()?;
        let mut out = Layout::building();
        let mut k = 0;
        for n in nodes {
            match n {
                Node::Open => out.open(),
                Node::Close => out.close(),
                Node::Leaf(_) => {
                    out.push_leaf(extents[k].clone(), Scalar::Int(strides[k].clone()));
                    k += 1;
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use cute_core::sym::{Assumptions, Sym};
    use cute_core::Error;

    use crate::layout::Layout;
    use crate::typedefs::Scalar;

    fn int(x: i64) -> Scalar<Sym> {
        Scalar::Int(Sym::from(x))
    }

    #[test]
    fn test_extents_that_may_be_zero() {
        // an extent must be decided 0 or positive: a non-negative symbol,
        // which may be either, would divide coordinates undecidably
        let k = Sym::symbol_with("K", Assumptions::nonnegative()).unwrap();
        let e = Layout::from_modes([(k.clone(), int(1))]).unwrap_err();
        assert!(matches!(e, Error::Undecidable { .. }), "{e}");
        let m = Sym::symbol("M").unwrap();
        let m1 = m.checked_sub(&Sym::from(1)).unwrap();
        assert!(matches!(
            Layout::from_modes([(m1, int(1))]),
            Err(Error::Undecidable { .. })
        ));
        // a positive symbol's layout is not empty: its cosize is decided
        let p = Layout::from_modes([(m.clone(), int(1)), (Sym::from(4), Scalar::Int(m))]).unwrap();
        assert_eq!(p.cosize().unwrap().to_string(), "4*M");
        // and an extent decided negative is an error
        assert!(Layout::from_modes([(Sym::from(-1), int(1))]).is_err());
        // a product that may be 0 comes from no layout: K * 0 is 0
        let z = k.checked_mul(&Sym::from(0)).unwrap();
        let l = Layout::from_modes([(z, int(1))]).unwrap();
        assert_eq!(l.cosize().unwrap(), Sym::from(0));
    }
}
