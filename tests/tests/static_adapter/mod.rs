//! The one place where the static-vs-dynamic agreement tests call the
//! run-time algebra of `cute-dynamic`: when its API changes, only this file
//! changes. Operands are written in the run-time notation (`"(8, 6):(6, 1)"`)
//! and tilers as [`T`].
#![allow(dead_code)]

use cute_core::LayoutLike;
use cute_dynamic::algebra as alg;
use cute_dynamic::layout::Tiler;
use cute_dynamic::tensor::partition as part;
use cute_dynamic::{Coord, Evaluator, HTuple, IntTuple, Layout, Result, Scalar};

/// A run-time layout from its notation.
pub fn dl(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A tiler: a layout, an integer, `None`, or a tuple.
pub enum T {
    L(&'static str),
    I(i64),
    N,
    Tup(Vec<T>),
}

fn tiler(t: &T) -> Tiler {
    match t {
        T::L(s) => Tiler::Layout(dl(s)),
        T::I(n) => Tiler::Int(*n),
        T::N => Tiler::None,
        T::Tup(v) => Tiler::Tuple(v.iter().map(tiler).collect()),
    }
}

pub fn coalesce(a: &str, profile: Option<T>, mode: &[usize]) -> Result<Layout> {
    alg::coalesce_at(&dl(a), profile.map_or(Tiler::Int(1), |p| tiler(&p)), mode)
}
pub fn coalesce_z(a: &str, profile: Option<T>, mode: &[usize]) -> Result<Layout> {
    alg::coalesce_z_at(&dl(a), profile.map_or(Tiler::Int(1), |p| tiler(&p)), mode)
}
pub fn composition(a: &str, b: T, mode: &[usize]) -> Result<Layout> {
    alg::composition_at(&dl(a), tiler(&b), mode)
}
pub fn complement(a: &str, extend: Option<&str>) -> Result<Layout> {
    match extend {
        Some(s) => alg::complement_to(&dl(a), s.parse::<IntTuple>().expect("a shape")),
        None => alg::complement(&dl(a)),
    }
}
pub fn right_inverse(a: &str) -> Result<Layout> {
    alg::right_inverse(&dl(a))
}
pub fn left_inverse(a: &str) -> Result<Layout> {
    alg::left_inverse(&dl(a))
}
pub fn logical_divide(a: &str, b: T, mode: &[usize]) -> Result<Layout> {
    alg::logical_divide_at(&dl(a), tiler(&b), mode)
}
pub fn zipped_divide(a: &str, b: T, mode: &[usize]) -> Result<Layout> {
    alg::zipped_divide_at(&dl(a), tiler(&b), mode)
}
pub fn logical_product(a: &str, b: T, mode: &[usize]) -> Result<Layout> {
    alg::logical_product_at(&dl(a), tiler(&b), mode)
}
pub fn blocked_product(a: &str, b: &str) -> Result<Layout> {
    alg::blocked_product(&dl(a), &dl(b))
}
pub fn raked_product(a: &str, b: &str) -> Result<Layout> {
    alg::raked_product(&dl(a), &dl(b))
}

// ---- CuTe C++'s regroupings ---------------------------------------------

/// `((tile...), rest_0, rest_1, ...)`.
pub fn tiled_divide(a: &str, b: T) -> Result<Layout> {
    alg::tiled_divide(&dl(a), tiler(&b))
}
/// `(tile_0, ..., rest_0, ...)`.
pub fn flat_divide(a: &str, b: T) -> Result<Layout> {
    alg::flat_divide(&dl(a), tiler(&b))
}
/// `((A0, A1, ...), (R0, R1, ..., A_k...))` from the by-mode product (the
/// logical product for a layout tiler).
pub fn zipped_product(a: &str, b: T) -> Result<Layout> {
    alg::zipped_product(&dl(a), tiler(&b))
}
pub fn tiled_product(a: &str, b: T) -> Result<Layout> {
    alg::tiled_product(&dl(a), tiler(&b))
}
pub fn flat_product(a: &str, b: T) -> Result<Layout> {
    alg::flat_product(&dl(a), tiler(&b))
}

// ---- slicing and partitions ---------------------------------------------

/// A coordinate in the run-time notation, `None` for a free mode (and for
/// `X` in a projection).
fn crd(s: &str) -> Coord {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
pub fn offset_and_slice(a: &str, c: &str) -> Result<(Scalar, Layout)> {
    dl(a).offset_and_slice(&crd(c))
}
pub fn local_tile(a: &str, t: T, c: &str) -> Result<(Scalar, Layout)> {
    part::local_tile(&dl(a), &tiler(&t), &crd(c))
}
pub fn outer_partition(a: &str, t: T, c: &str) -> Result<(Scalar, Layout)> {
    part::outer_partition(&dl(a), &tiler(&t), &crd(c))
}
pub fn local_partition(a: &str, threads: &str, index: i64) -> Result<(Scalar, Layout)> {
    part::local_partition(&dl(a), &dl(threads), index)
}
pub fn local_tile_proj(a: &str, t: T, c: &str, proj: &str) -> Result<(Scalar, Layout)> {
    part::local_tile_proj(&dl(a), &tiler(&t), &crd(c), &crd(proj))
}
pub fn local_partition_proj(
    a: &str,
    threads: &str,
    index: i64,
    proj: &str,
) -> Result<(Scalar, Layout)> {
    part::local_partition_proj(&dl(a), &dl(threads), index, &crd(proj))
}

// ---- checking --------------------------------------------------------------

/// CuTe C++'s notation of a run-time layout whose leaves are all static.
pub fn cute_notation(l: &Layout) -> String {
    fn go<X>(t: &HTuple<X>, leaf: &dyn Fn(&X) -> String, out: &mut String) {
        match t {
            HTuple::Leaf(x) => out.push_str(&leaf(x)),
            HTuple::Tuple(v) => {
                out.push('(');
                for (i, c) in v.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    go(c, leaf, out);
                }
                out.push(')');
            }
        }
    }
    let mut s = String::new();
    go(&l.shape(), &|x: &i64| format!("_{x}"), &mut s);
    s.push(':');
    go(
        &l.stride(),
        &|x: &Scalar| match x {
            Scalar::Int(v) => format!("_{v}"),
            other => format!("{other}"),
        },
        &mut s,
    );
    s
}

/// A result of the static algebra: a static or mixed layout, or a run-time
/// one (the fallback for mixed operands).
pub trait Res {
    fn dynamic(&self) -> Layout;
    fn text(&self) -> String;
    /// `L(i)` by the result's own evaluation.
    fn at(&self, i: i64) -> i64;
}
impl<S, D> Res for cute_static::Layout<S, D>
where
    cute_static::Layout<S, D>: LayoutLike,
    S: cute_static::htuple::HTuple,
    D: cute_static::htuple::HTuple,
{
    fn dynamic(&self) -> Layout {
        self.to_dynamic()
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn at(&self, i: i64) -> i64 {
        LayoutLike::eval(self, i)
    }
}
impl Res for Layout {
    fn dynamic(&self) -> Layout {
        self.clone()
    }
    fn text(&self) -> String {
        cute_notation(self)
    }
    fn at(&self, i: i64) -> i64 {
        Evaluator::new(self).expect("an evaluable layout").eval(i)
    }
}

/// A static case: the result is the run-time algebra's, shape, stride and
/// nesting, and prints in CuTe C++'s notation with every leaf static.
pub fn check_static(r: &impl Res, want: Result<Layout>, case: &str) {
    let want = want.unwrap_or_else(|e| panic!("{case}: the run-time algebra fails: {e}"));
    assert_eq!(r.dynamic(), want, "{case}");
    assert_eq!(r.text(), cute_notation(&want), "{case}");
    let e = Evaluator::new(&want).expect("an evaluable layout");
    for i in 0..e.size().min(4096) {
        assert_eq!(r.at(i), e.eval(i), "{case} at {i}");
    }
}

/// A mixed case: the same function as the run-time algebra's result.
pub fn check_mixed<L: Res>(r: cute_core::Result<L>, want: Result<Layout>, case: &str) {
    let want = want.unwrap_or_else(|e| panic!("{case}: the run-time algebra fails: {e}"));
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            // the only refusal allowed where the run-time algebra succeeds:
            // CuTe C++'s structure for the mixed operands cannot express the
            // result (its dynamic leaves keep modes apart that the value
            // needs merged)
            assert!(
                is_cute_structure_refusal(&e),
                "{case}: the mixed algebra refuses ({e}) where the run-time algebra gives {want}"
            );
            return;
        }
    };
    let e = Evaluator::new(&want).expect("an evaluable layout");
    let got = Evaluator::new(&r.dynamic()).expect("an evaluable layout");
    assert_eq!(got.size(), e.size(), "{case}: size of {}", r.text());
    for i in 0..e.size().min(4096) {
        assert_eq!(r.at(i), e.eval(i), "{case} at {i}: {}", r.text());
    }
}

/// True iff `e` is the mixed algebra's refusal of a result CuTe C++'s
/// structure cannot express (which the specification's algebra, free to
/// coalesce dynamic values, may still compute).
pub fn is_cute_structure_refusal(e: &cute_core::Error) -> bool {
    e.to_string().contains("CuTe C++")
}

/// A partition or slice: the offset is the run-time one, and the layout is
/// the run-time one (`structural`: shape, stride, nesting and printed form;
/// otherwise the same function); an error is an error of the same class.
pub fn check_part<L: Res>(
    got: cute_core::Result<(i64, L)>,
    want: Result<(Scalar, Layout)>,
    structural: bool,
    case: &str,
) {
    match (got, want) {
        (Ok((off, l)), Ok((want_off, want))) => {
            assert_eq!(Scalar::Int(off), want_off, "{case}: offset of {}", l.text());
            if structural {
                check_static(&l, Ok(want), case);
            } else {
                check_mixed(Ok(l), Ok(want), case);
            }
        }
        (Err(e), Ok(_)) if !structural && is_cute_structure_refusal(&e) => {}
        (Err(e), Err(w)) => assert_eq!(e.class(), w.class(), "{case}: {e} / {w}"),
        (Ok((off, l)), Err(w)) => panic!(
            "{case}: {off} + {} where the run-time algebra fails: {w}",
            l.text()
        ),
        (Err(e), Ok((off, w))) => {
            panic!("{case}: {e} where the run-time algebra gives {off:?} + {w}")
        }
    }
}

/// The agreement of a batch of static results with the run-time algebra,
/// case by case: every disagreement is collected, so that one run lists
/// them all, and the cases compared are counted per operation.
#[derive(Default)]
pub struct Agreement {
    compared: std::collections::BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

impl Agreement {
    /// Case `id` of operation `op`: the run-time algebra must still accept
    /// the operands, and the static result must be its result: the same
    /// layout (shape, stride, nesting), printed the same through
    /// `to_dynamic()` and in CuTe C++'s notation, with the same offsets.
    pub fn check(&mut self, op: &'static str, id: &str, r: &impl Res, want: Result<Layout>) {
        *self.compared.entry(op).or_default() += 1;
        if let Err(why) = agree(r, want) {
            self.failures.push(format!("{id} ({op}): {why}"));
        }
    }

    /// Prints the counts and fails with the list of disagreements.
    pub fn finish(self, name: &str) {
        let total: usize = self.compared.values().sum();
        let per_op: Vec<String> = self
            .compared
            .iter()
            .map(|(op, n)| format!("{op} {n}"))
            .collect();
        println!(
            "{name}: {total} accepted cases compared ({}), {} disagree",
            per_op.join(", "),
            self.failures.len()
        );
        assert!(
            self.failures.is_empty(),
            "{name}: {} of {total} cases disagree with the run-time algebra:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn agree(r: &impl Res, want: Result<Layout>) -> std::result::Result<(), String> {
    let want = want.map_err(|e| {
        format!(
            "the run-time algebra refuses the operands ({e}); the static result is {}",
            r.text()
        )
    })?;
    let got = r.dynamic();
    if got != want || got.to_string() != want.to_string() {
        return Err(format!(
            "static {} (to_dynamic: {got}), run-time {want}",
            r.text()
        ));
    }
    if r.text() != cute_notation(&want) {
        return Err(format!(
            "static prints as {}, the run-time result as {}",
            r.text(),
            cute_notation(&want)
        ));
    }
    let e = Evaluator::new(&want).map_err(|e| format!("run-time result {want}: {e}"))?;
    for i in 0..e.size().min(4096) {
        if r.at(i) != e.eval(i) {
            return Err(format!(
                "static {} gives {} at {i}, run-time {want} gives {}",
                r.text(),
                r.at(i),
                e.eval(i)
            ));
        }
    }
    Ok(())
}
