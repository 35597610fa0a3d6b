//! The checks of the generated tests `cute_cpp_mixed_*.rs`, which compare
//! cute-static with CuTe C++ on mixed static/dynamic operands (the cases
//! and CuTe's results are in `tests/data/cute_cpp_mixed.tsv`, written by
//! `scripts/cute_cpp_cases.py`).
//!
//! For each case the test decides at run time whether CuTe's printed result
//! is the operation's value: it parses CuTe's print, and compares it with
//! the run-time algebra's result for the same operands (all leaves run-time
//! values) as a function on its domain (same size, same offset at every
//! index), and, where the operation fixes them, mode by mode (a tile mode
//! refines the tiler's shape, a product's first mode is the tile, ...).
//!
//! - CuTe's print is the value: cute-static's result must print exactly as
//!   CuTe's (`to_string()`: the same values, the same static and dynamic
//!   leaves, the same nesting).
//! - It is not (CuTe checks its conditions on static leaves only and lets a
//!   wrong layout through), or the run-time algebra refuses the operands:
//!   cute-static must return `Err`.
//! - CuTe crashes at run time (a division by zero): no value to compare
//!   with; the case is counted, not judged.
//!
//! A test runs all its cases, prints a summary per operation and the cases
//! that fail, and fails if any does.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};

use cute_dynamic::algebra as alg;
use cute_dynamic::layout::Tiler;
use cute_dynamic::{Evaluator, HTuple, Layout, Scalar};

// ================================================================ results

/// What a call of cute-static gave.
pub enum Got {
    /// A layout: its `to_string()`, and whether it is a run-time
    /// `cute_dynamic::Layout` (the algebra's fallback) rather than a static
    /// or mixed `cute_static::Layout`.
    Layout { text: String, runtime: bool },
    /// An error.
    Err(String),
    /// A panic.
    Panic(String),
}

/// The result of a cute-static call: a layout, or a `Result` of one.
pub trait Outcome {
    fn outcome(self) -> Got;
}
impl<S: cute_static::HTuple, D: cute_static::HTuple> Outcome for cute_static::Layout<S, D> {
    fn outcome(self) -> Got {
        Got::Layout {
            text: self.to_string(),
            runtime: false,
        }
    }
}
impl Outcome for Layout {
    fn outcome(self) -> Got {
        Got::Layout {
            text: self.to_string(),
            runtime: true,
        }
    }
}
impl<T: Outcome> Outcome for cute_core::Result<T> {
    fn outcome(self) -> Got {
        match self {
            Ok(t) => t.outcome(),
            Err(e) => Got::Err(e.to_string()),
        }
    }
}

// ================================================================ notation

/// A shape or stride: `(leaf value, dynamic)` leaves.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    Leaf(i64, bool),
    Tup(Vec<Tree>),
}

/// An operand in the notation of the data (`layout!`'s): a layout, an
/// integer, `_`, or a tuple of operands.
#[derive(Clone, Debug)]
pub enum Item {
    Int(i64, bool),
    Keep,
    Layout(Tree, Tree),
    Tup(Vec<Item>),
}

struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn skip(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected `{}` at {}", c as char, self.i))
        }
    }
    fn int(&mut self) -> Result<i64, String> {
        self.skip();
        let start = self.i;
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .unwrap()
            .parse()
            .map_err(|_| format!("expected an integer at {start}"))
    }
    fn end(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(c) => Err(format!("unexpected `{}` at {}", c as char, self.i)),
        }
    }
}

/// Parses an operand of the data: `(4, {256}) : (1, {4})`, `8`, `{8}`, `_`,
/// `(3 : 3, (2, 4) : (1, 8))`. One item in parentheses without a trailing
/// comma is that item.
pub fn parse_item(s: &str) -> Result<Item, String> {
    fn item(c: &mut Cursor) -> Result<Item, String> {
        let x = match c.peek() {
            Some(b'_') => {
                c.i += 1;
                Item::Keep
            }
            Some(b'{') => {
                c.i += 1;
                let v = c.int()?;
                c.expect(b'}')?;
                Item::Int(v, true)
            }
            Some(b'(') => {
                c.i += 1;
                let mut items = Vec::new();
                let mut trailing = false;
                while !c.eat(b')') {
                    items.push(item(c)?);
                    trailing = c.eat(b',');
                    if !trailing && c.peek() != Some(b')') {
                        return Err(format!("expected `,` or `)` at {}", c.i));
                    }
                }
                if items.len() == 1 && !trailing {
                    items.pop().unwrap()
                } else {
                    Item::Tup(items)
                }
            }
            _ => Item::Int(c.int()?, false),
        };
        if c.eat(b':') {
            let y = item(c)?;
            return Ok(Item::Layout(tree_of(&x)?, tree_of(&y)?));
        }
        Ok(x)
    }
    let mut c = Cursor {
        s: s.as_bytes(),
        i: 0,
    };
    let x = item(&mut c)?;
    c.end()?;
    Ok(x)
}

fn tree_of(x: &Item) -> Result<Tree, String> {
    match x {
        Item::Int(v, d) => Ok(Tree::Leaf(*v, *d)),
        Item::Tup(v) => v
            .iter()
            .map(tree_of)
            .collect::<Result<_, _>>()
            .map(Tree::Tup),
        _ => Err("not an integer tuple".into()),
    }
}

/// Parses CuTe C++'s print of a layout: `(_4,(2,_8)):(_1,(4,_8))`, where
/// `_N` is static and every parenthesis is a tuple (`(_4)` has one mode).
pub fn parse_cute(s: &str) -> Result<(Tree, Tree), String> {
    fn tree(c: &mut Cursor) -> Result<Tree, String> {
        if c.eat(b'(') {
            let mut v = vec![tree(c)?];
            while c.eat(b',') {
                v.push(tree(c)?);
            }
            c.expect(b')')?;
            return Ok(Tree::Tup(v));
        }
        let stat = c.eat(b'_');
        Ok(Tree::Leaf(c.int()?, !stat))
    }
    let mut c = Cursor {
        s: s.as_bytes(),
        i: 0,
    };
    let shape = tree(&mut c)?;
    c.expect(b':')?;
    let stride = tree(&mut c)?;
    c.end()?;
    Ok((shape, stride))
}

fn shape_of(t: &Tree) -> HTuple<i64> {
    match t {
        Tree::Leaf(v, _) => HTuple::Leaf(*v),
        Tree::Tup(v) => HTuple::Tuple(v.iter().map(shape_of).collect()),
    }
}

fn stride_of(t: &Tree) -> HTuple<Scalar> {
    match t {
        Tree::Leaf(v, _) => HTuple::Leaf(Scalar::Int(*v)),
        Tree::Tup(v) => HTuple::Tuple(v.iter().map(stride_of).collect()),
    }
}

fn layout_of(s: &Tree, d: &Tree) -> Result<Layout, String> {
    Layout::new(shape_of(s), stride_of(d)).map_err(|e| e.to_string())
}

fn tiler_of(x: &Item) -> Result<Tiler, String> {
    Ok(match x {
        Item::Int(v, _) => Tiler::Int(*v),
        Item::Keep => Tiler::None,
        Item::Layout(s, d) => Tiler::Layout(layout_of(s, d)?),
        Item::Tup(v) => Tiler::Tuple(v.iter().map(tiler_of).collect::<Result<_, _>>()?),
    })
}

// ================================================================ the value

/// The run-time algebra's result for the operation on the operands, all
/// leaves values.
fn reference(op: &str, a: &Layout, b: Option<&Item>) -> Result<Layout, String> {
    let e = |r: cute_core::Result<Layout>| r.map_err(|e| e.to_string());
    let b = || b.ok_or_else(|| "no second operand".to_string());
    let t = || tiler_of(b()?);
    match op {
        "coalesce" => e(alg::coalesce(a)),
        "coalesce_by" => e(alg::coalesce_by(a, t()?)),
        "composition" => e(alg::composition(a, t()?)),
        "complement" => e(alg::complement(a)),
        "complement_to" => e(alg::complement_to(a, shape_of(&tree_of(b()?)?))),
        "right_inverse" => e(alg::right_inverse(a)),
        "left_inverse" => e(alg::left_inverse(a)),
        "logical_divide" => e(alg::logical_divide(a, t()?)),
        "zipped_divide" => e(alg::zipped_divide(a, t()?)),
        "tiled_divide" => e(alg::tiled_divide(a, t()?)),
        "flat_divide" => e(alg::flat_divide(a, t()?)),
        "logical_product" => e(alg::logical_product(a, t()?)),
        "zipped_product" => e(alg::zipped_product(a, t()?)),
        "tiled_product" => e(alg::tiled_product(a, t()?)),
        "flat_product" => e(alg::flat_product(a, t()?)),
        "blocked_product" | "raked_product" => {
            let bl = match b()? {
                Item::Layout(s, d) => layout_of(s, d)?,
                _ => return Err("the second operand is not a layout".into()),
            };
            if op == "blocked_product" {
                e(alg::blocked_product(a, &bl))
            } else {
                e(alg::raked_product(a, &bl))
            }
        }
        _ => Err(format!("unknown operation {op}")),
    }
}

/// What a mode of a result must be, beyond the whole result being the same
/// function as the value: the post-conditions of the operation that fix
/// its modes.
#[derive(Clone, Debug)]
enum Prof {
    /// The same function as the value's mode (size and offsets).
    Fun,
    /// The same function, of depth at most 1 (coalesced).
    Flat,
    /// A tuple of these modes, each checked.
    Tup(Vec<Prof>),
    /// A tuple whose first modes are these, the rest only as a whole.
    Prefix(Vec<Prof>),
}

/// The modes of a shape: where B has a tuple the result has a tuple
/// (`compatible(B, result)`), each leaf's mode the same function.
fn shape_prof(t: &Tree) -> Prof {
    match t {
        Tree::Leaf(..) => Prof::Fun,
        Tree::Tup(v) => Prof::Tup(v.iter().map(shape_prof).collect()),
    }
}

fn tree_modes(t: &Tree) -> Vec<Tree> {
    match t {
        Tree::Tup(v) => v.clone(),
        leaf => vec![leaf.clone()],
    }
}

/// Mode by mode for a tuple tiler: entry `i` with mode `i` of A, the modes
/// past the tiler left alone.
fn by_mode(sa: &Tree, v: &[Item], f: &dyn Fn(&Tree, &Item) -> Prof) -> Prof {
    if let Tree::Leaf(..) = sa {
        return Prof::Fun;
    }
    let m = tree_modes(sa);
    Prof::Tup(
        m.iter()
            .enumerate()
            .map(|(i, mi)| v.get(i).map_or_else(|| shape_prof(mi), |t| f(mi, t)))
            .collect(),
    )
}

fn compose_prof(sa: &Tree, t: &Item) -> Prof {
    match t {
        Item::Layout(s, _) => shape_prof(s),
        Item::Int(..) => Prof::Fun,
        Item::Keep => shape_prof(sa),
        Item::Tup(v) => by_mode(sa, v, &compose_prof),
    }
}

fn divide_prof(sa: &Tree, t: &Item) -> Prof {
    match t {
        Item::Layout(s, _) => Prof::Tup(vec![shape_prof(s), Prof::Fun]),
        Item::Int(..) => Prof::Tup(vec![Prof::Fun, Prof::Fun]),
        Item::Keep => shape_prof(sa),
        Item::Tup(v) => by_mode(sa, v, &divide_prof),
    }
}

fn product_prof(sa: &Tree, t: &Item) -> Prof {
    match t {
        Item::Layout(s, _) => Prof::Tup(vec![shape_prof(sa), shape_prof(s)]),
        Item::Int(..) => Prof::Tup(vec![shape_prof(sa), Prof::Fun]),
        Item::Keep => shape_prof(sa),
        Item::Tup(v) => by_mode(sa, v, &product_prof),
    }
}

/// The tile part of a zipped divide's entry: the tiler's shape (`_`: the
/// tile `1:0`).
fn divide_tile(sa: &Tree, t: &Item) -> Prof {
    match t {
        Item::Layout(s, _) => shape_prof(s),
        Item::Int(..) | Item::Keep => Prof::Fun,
        Item::Tup(v) => {
            let m = tree_modes(sa);
            Prof::Tup(
                v.iter()
                    .enumerate()
                    .map(|(i, t)| m.get(i).map_or(Prof::Fun, |mi| divide_tile(mi, t)))
                    .collect(),
            )
        }
    }
}

/// The tile part of a zipped product's entry: the mode of A.
fn product_tile(sa: &Tree, t: &Item) -> Prof {
    match t {
        Item::Tup(v) => {
            let m = tree_modes(sa);
            Prof::Tup(
                v.iter()
                    .enumerate()
                    .map(|(i, t)| m.get(i).map_or(Prof::Fun, |mi| product_tile(mi, t)))
                    .collect(),
            )
        }
        _ => shape_prof(sa),
    }
}

fn coalesce_prof(sa: &Tree, p: &Item) -> Prof {
    match p {
        Item::Keep => shape_prof(sa),
        Item::Tup(v) => by_mode(sa, v, &coalesce_prof),
        _ => Prof::Flat,
    }
}

/// The post-conditions on the modes of `op(A, B)`.
fn prof_of(op: &str, sa: &Tree, b: Option<&Item>) -> Prof {
    let rank = tree_modes(sa).len();
    let rests = |tiles: Prof| {
        let mut v = vec![tiles];
        v.extend(vec![Prof::Fun; rank]);
        v
    };
    match (op, b) {
        ("coalesce", _) => Prof::Flat,
        ("coalesce_by", Some(p)) => coalesce_prof(sa, p),
        ("composition", Some(t)) => compose_prof(sa, t),
        ("logical_divide", Some(t)) => divide_prof(sa, t),
        ("zipped_divide", Some(t @ Item::Tup(_))) => Prof::Tup(vec![divide_tile(sa, t), Prof::Fun]),
        ("zipped_divide", Some(t)) => divide_prof(sa, t),
        ("tiled_divide", Some(t @ Item::Tup(_))) => Prof::Tup(rests(divide_tile(sa, t))),
        ("tiled_divide", Some(t)) => Prof::Prefix(vec![divide_tile(sa, t)]),
        ("flat_divide", Some(t @ Item::Tup(v))) => {
            let Prof::Tup(mut tiles) = divide_tile(sa, t) else {
                unreachable!()
            };
            tiles.truncate(v.len());
            tiles.extend(vec![Prof::Fun; rank]);
            Prof::Tup(tiles)
        }
        ("flat_divide", Some(Item::Layout(Tree::Tup(s), _))) => {
            Prof::Prefix(s.iter().map(shape_prof).collect())
        }
        ("logical_product", Some(t)) => product_prof(sa, t),
        ("zipped_product", Some(t @ Item::Tup(_))) => {
            Prof::Tup(vec![product_tile(sa, t), Prof::Fun])
        }
        ("zipped_product", Some(t)) => product_prof(sa, t),
        ("tiled_product", Some(t @ Item::Tup(_))) => Prof::Tup(rests(product_tile(sa, t))),
        ("tiled_product", Some(_)) => Prof::Prefix(vec![shape_prof(sa)]),
        ("flat_product", Some(t @ Item::Tup(v))) => {
            let Prof::Tup(mut tiles) = product_tile(sa, t) else {
                unreachable!()
            };
            tiles.truncate(v.len());
            tiles.extend(vec![Prof::Fun; rank]);
            Prof::Tup(tiles)
        }
        ("flat_product", Some(_)) => Prof::Prefix(tree_modes(sa).iter().map(shape_prof).collect()),
        ("blocked_product" | "raked_product", Some(Item::Layout(sb, _))) => {
            let (ma, mb) = (tree_modes(sa), tree_modes(sb));
            if ma.len() != mb.len() || matches!(sa, Tree::Leaf(..)) {
                return Prof::Fun;
            }
            Prof::Tup(
                ma.iter()
                    .zip(&mb)
                    .map(|(x, y)| {
                        let (x, y) = (shape_prof(x), shape_prof(y));
                        Prof::Tup(if op == "blocked_product" {
                            vec![x, y]
                        } else {
                            vec![y, x]
                        })
                    })
                    .collect(),
            )
        }
        _ => Prof::Fun,
    }
}

fn sub(l: &Layout, i: usize) -> Option<Layout> {
    let (s, d) = (l.shape(), l.stride());
    match (s, d) {
        (HTuple::Tuple(s), HTuple::Tuple(d)) => {
            Some(Layout::new(s.get(i)?.clone(), d.get(i)?.clone()).ok()?)
        }
        _ => None,
    }
}

fn rank(l: &Layout) -> Option<usize> {
    match l.shape() {
        HTuple::Tuple(v) => Some(v.len()),
        HTuple::Leaf(_) => None,
    }
}

/// The largest domain compared index by index; beyond it, a sample.
const FULL: i64 = 1 << 15;

fn indices(n: i64) -> Vec<i64> {
    if n <= FULL {
        return (0..n).collect();
    }
    let mut v: Vec<i64> = (0..4096).chain(n - 4096..n).collect();
    let step = (n / 8191) | 1;
    v.extend((0..n).step_by(step as usize));
    v
}

/// `c` is the same function as `v` on `v`'s domain, and has its size.
fn same_function(c: &Layout, v: &Layout, at: &str) -> Result<(), String> {
    let ec = Evaluator::new(c).map_err(|e| format!("{at}: {e}"))?;
    let ev = Evaluator::new(v).map_err(|e| format!("{at}: {e}"))?;
    if ec.size() != ev.size() {
        return Err(format!(
            "{at}size {} where the value's is {}",
            ec.size(),
            ev.size()
        ));
    }
    for i in indices(ev.size()) {
        let (x, y) = (ec.eval(i), ev.eval(i));
        if x != y {
            return Err(format!(
                "{at}offset {x} at index {i} where the value's is {y}"
            ));
        }
    }
    Ok(())
}

fn depth(t: &HTuple<i64>) -> usize {
    match t {
        HTuple::Leaf(_) => 0,
        HTuple::Tuple(v) => 1 + v.iter().map(depth).max().unwrap_or(0),
    }
}

/// Checks CuTe's layout `c` against the value `v` mode by mode. `Err(Ok)`:
/// CuTe's is not the value, why; `Err(Err)`: the value does not have the
/// modes the check expects (a fault of the check).
fn check_prof(p: &Prof, c: &Layout, v: &Layout, at: &str) -> Result<(), Result<String, String>> {
    match p {
        Prof::Fun => same_function(c, v, at).map_err(Ok),
        Prof::Flat => {
            same_function(c, v, at).map_err(Ok)?;
            if depth(&c.shape()) > 1 {
                return Err(Ok(format!("{at}not coalesced (depth above 1)")));
            }
            Ok(())
        }
        Prof::Tup(ps) if ps.len() == 1 => check_prof(&ps[0], &strip(c), &strip(v), at),
        Prof::Tup(ps) | Prof::Prefix(ps) => {
            let exact = matches!(p, Prof::Tup(_));
            let (c, v) = if ps.len() > 1 {
                (strip(c), strip(v))
            } else {
                (c.clone(), v.clone())
            };
            if !exact && ps.len() == 1 && (rank(&c).is_none() || rank(&v).is_none()) {
                // the first mode of a layout that is one mode
                return check_prof(&ps[0], &strip(&c), &strip(&v), at);
            }
            let rv = rank(&v).ok_or_else(|| Err(format!("{at}the value {v} is not a tuple")))?;
            if (exact && rv != ps.len()) || rv < ps.len() {
                return Err(Err(format!(
                    "{at}the value {v} has {rv} modes, the check expects {}",
                    ps.len()
                )));
            }
            let rc =
                rank(&c).ok_or_else(|| Ok(format!("{at}a leaf where the value has {rv} modes")))?;
            if (exact && rc != ps.len()) || rc < ps.len() {
                return Err(Ok(format!("{at}{rc} modes where the value has {rv}")));
            }
            for (i, p) in ps.iter().enumerate() {
                let (ci, vi) = (sub(&c, i).unwrap(), sub(&v, i).unwrap());
                check_prof(p, &ci, &vi, &format!("{at}mode {i}: "))?;
            }
            Ok(())
        }
    }
}

/// A layout of one mode, `(x)`, as that mode `x` (CuTe and the
/// specification nest a mode in a tuple of one at different places; the
/// function is the same).
fn strip(l: &Layout) -> Layout {
    let mut l = l.clone();
    while rank(&l) == Some(1) {
        l = sub(&l, 0).unwrap();
    }
    l
}

/// Whether CuTe's print is the value `v` of `op(A, B)`: `Ok(())`, or why not.
fn is_value(
    cute: &str,
    v: &Layout,
    op: &str,
    sa: &Tree,
    b: Option<&Item>,
) -> Result<(), Result<String, String>> {
    let (s, d) =
        parse_cute(cute).map_err(|e| Err(format!("CuTe's print `{cute}` does not parse: {e}")))?;
    let c = layout_of(&s, &d).map_err(Err)?;
    same_function(&c, v, "").map_err(Ok)?;
    check_prof(&prof_of(op, sa, b), &c, v, "")
}

// ================================================================ the run

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Verdict {
    Match,
    Mismatch,
    MissingErr,
    UnexpectedErr,
    Panic,
    /// CuTe crashed: no value to compare with.
    NoCute,
    /// CuTe's print is not the value, and ours is: better than an `Err`
    /// (where the specification decides what CuTe C++ leaves unchecked,
    /// such as a `Keep` entry of a zipped tiler).
    OursIsValue,
}

/// Why a case must give `Err` (or that it must print CuTe's result).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Expect {
    Print,
    /// The run-time algebra refuses the operands.
    ErrRefused,
    /// CuTe's print is not the value, and with every leaf static CuTe
    /// refuses the case or prints the value: a check CuTe makes on static
    /// leaves only.
    ErrNotValue,
    /// CuTe's print is not the value, and with every leaf static it is not
    /// either: CuTe and the specification differ whatever the leaves.
    ErrNotValueStatic,
    NoCute,
}

#[derive(Default)]
struct Counts {
    verdicts: BTreeMap<Verdict, usize>,
    expects: BTreeMap<Expect, usize>,
    runtime: usize,
    mixed: usize,
    all_static: usize,
    refused: usize,
    not_expressible: usize,
    skipped: usize,
}

/// The cases of one generated test file.
pub struct Run {
    name: &'static str,
    per_op: BTreeMap<&'static str, Counts>,
    failures: Vec<String>,
    faults: Vec<String>,
    no_cute: Vec<String>,
    not_expressible: Vec<String>,
}

fn count<K: Ord>(m: &mut BTreeMap<K, usize>, k: K) {
    *m.entry(k).or_default() += 1;
}

impl Run {
    pub fn new(name: &'static str) -> Run {
        Run {
            name,
            per_op: BTreeMap::new(),
            failures: Vec::new(),
            faults: Vec::new(),
            no_cute: Vec::new(),
            not_expressible: Vec::new(),
        }
    }

    /// A case CuTe refuses at compile time (a `static_assert`): nothing to
    /// run (cute-static should not compile it either).
    pub fn refused(&mut self, _id: &str, op: &'static str) {
        self.per_op.entry(op).or_default().refused += 1;
    }

    /// A case the generator left out (it ran for some operations only).
    pub fn skipped(&mut self, _id: &str, op: &'static str, _why: &str) {
        self.per_op.entry(op).or_default().skipped += 1;
    }

    /// A case whose call does not compile with cute-static today: reported
    /// with what it should give.
    #[allow(clippy::too_many_arguments)]
    pub fn not_expressible(
        &mut self,
        id: &str,
        op: &'static str,
        a: &str,
        b: &str,
        cute: &str,
        cute_static: &str,
        why: &str,
    ) {
        let (expect, _, _) = self.expectation(id, op, a, b, cute, cute_static);
        self.per_op.entry(op).or_default().not_expressible += 1;
        let should = match expect {
            Expect::Print => format!("should print {cute}"),
            Expect::NoCute => "CuTe crashes".to_string(),
            _ => format!("should be Err (CuTe prints {cute})"),
        };
        self.not_expressible
            .push(format!("{id}: {op}({a}, {b}): {should}; {why}"));
    }

    /// What a case must give, and why.
    fn expectation(
        &mut self,
        id: &str,
        op: &str,
        a: &str,
        b: &str,
        cute: &str,
        cute_static: &str,
    ) -> (Expect, String, Option<(Layout, Option<Item>, Tree)>) {
        let ia = parse_item(a).unwrap_or_else(|e| panic!("{id}: A `{a}`: {e}"));
        let Item::Layout(sa, da) = &ia else {
            panic!("{id}: A `{a}` is not a layout")
        };
        let ib = if b == "-" {
            None
        } else {
            Some(parse_item(b).unwrap_or_else(|e| panic!("{id}: B `{b}`: {e}")))
        };
        if cute.starts_with("crash") {
            return (Expect::NoCute, cute.to_string(), None);
        }
        match layout_of(sa, da).and_then(|la| reference(op, &la, ib.as_ref())) {
            Err(e) => (
                Expect::ErrRefused,
                format!("the run-time algebra refuses: {e}"),
                None,
            ),
            Ok(v) => match is_value(cute, &v, op, sa, ib.as_ref()) {
                Ok(()) => (Expect::Print, String::new(), Some((v, ib, sa.clone()))),
                Err(Err(fault)) => {
                    self.faults.push(format!("{id}: {fault}"));
                    (Expect::Print, String::new(), None)
                }
                Err(Ok(why)) => {
                    let static_too = cute_static != "static_assert"
                        && !cute_static.starts_with("crash")
                        && !matches!(is_value(cute_static, &v, op, sa, ib.as_ref()), Ok(()));
                    let e = if static_too {
                        Expect::ErrNotValueStatic
                    } else {
                        Expect::ErrNotValue
                    };
                    let why = format!("CuTe's print is not the value: {why} (the value: {v})");
                    (e, why, Some((v, ib, sa.clone())))
                }
            },
        }
    }

    /// A case: the operands in the data's notation, CuTe's print for them and
    /// with every leaf static, and the cute-static call.
    #[allow(clippy::too_many_arguments)]
    pub fn case<O: Outcome>(
        &mut self,
        id: &str,
        op: &'static str,
        a: &str,
        b: &str,
        cute: &str,
        cute_static: &str,
        call: impl FnOnce() -> O,
    ) {
        let all_static = !(a.contains('{') || b.contains('{'));
        let (expect, why, value) = self.expectation(id, op, a, b, cute, cute_static);

        // what cute-static gives
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let got = match panic::catch_unwind(AssertUnwindSafe(|| call().outcome())) {
            Ok(g) => g,
            Err(p) => Got::Panic(
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
            ),
        };
        panic::set_hook(hook);

        let c = self.per_op.entry(op).or_default();
        if all_static {
            c.all_static += 1;
        } else {
            c.mixed += 1;
        }
        if let Got::Layout { runtime: true, .. } = got {
            c.runtime += 1;
        }
        count(&mut c.expects, expect);
        let ours = match &got {
            Got::Layout { text, runtime } => format!(
                "{text}{}",
                if *runtime {
                    " [cute_dynamic::Layout]"
                } else {
                    ""
                }
            ),
            Got::Err(e) => format!("Err({e})"),
            Got::Panic(p) => format!("panic: {p}"),
        };
        let verdict = match (expect, &got) {
            (_, Got::Panic(_)) => Verdict::Panic,
            (Expect::NoCute, _) => Verdict::NoCute,
            (
                Expect::Print,
                Got::Layout {
                    text,
                    runtime: false,
                },
            ) if text == cute => Verdict::Match,
            // operands that are all static take the specification's algebra,
            // whose result is the run-time algebra's (CuTe C++ decides only
            // what stays static in a mixed result)
            (
                Expect::Print,
                Got::Layout {
                    text,
                    runtime: false,
                },
            ) if all_static
                && value.as_ref().is_some_and(|(v, _, _)| {
                    parse_cute(text)
                        .ok()
                        .and_then(|(s, d)| layout_of(&s, &d).ok())
                        .is_some_and(|o| &o == v)
                }) =>
            {
                Verdict::Match
            }
            (Expect::Print, Got::Layout { .. }) => Verdict::Mismatch,
            (Expect::Print, Got::Err(_)) => Verdict::UnexpectedErr,
            (_, Got::Err(_)) => Verdict::Match,
            (
                Expect::ErrNotValue | Expect::ErrNotValueStatic,
                Got::Layout {
                    text,
                    runtime: false,
                },
            ) if value.as_ref().is_some_and(|(v, ib, sa)| {
                matches!(is_value(text, v, op, sa, ib.as_ref()), Ok(()))
            }) =>
            {
                Verdict::OursIsValue
            }
            (_, Got::Layout { .. }) => Verdict::MissingErr,
        };
        count(&mut c.verdicts, verdict);
        let line =
            format!("{id}: {op}({a}, {b}): CuTe {cute} (all static: {cute_static}); ours {ours}");
        match verdict {
            Verdict::Match | Verdict::OursIsValue => {}
            Verdict::NoCute => self.no_cute.push(line),
            Verdict::Mismatch | Verdict::UnexpectedErr | Verdict::Panic => {
                self.failures.push(format!("[{verdict:?}] {line}"))
            }
            Verdict::MissingErr => {
                let tag = match expect {
                    Expect::ErrRefused if cute_static == "static_assert" => {
                        "refused; CuTe refuses it all-static"
                    }
                    Expect::ErrRefused => "refused; CuTe accepts it all-static too",
                    Expect::ErrNotValueStatic => "not the value, nor is CuTe's all-static print",
                    _ => "not the value",
                };
                self.failures
                    .push(format!("[MissingErr, {tag}] {line}; {why}"))
            }
        }
    }

    /// Prints the summary and the failures; fails if any case failed.
    pub fn finish(self) {
        let mut out = String::new();
        let total = |f: &dyn Fn(&Counts) -> usize| self.per_op.values().map(f).sum::<usize>();
        let _ = writeln!(
            out,
            "{}: {} cases run ({} mixed, {} all-static); {} refused by CuTe at compile time, {} not expressible today, {} skipped",
            self.name,
            total(&|c| c.mixed + c.all_static),
            total(&|c| c.mixed),
            total(&|c| c.all_static),
            total(&|c| c.refused),
            total(&|c| c.not_expressible),
            total(&|c| c.skipped),
        );
        let _ = writeln!(
            out,
            "{:<16} {:>5} {:>6} {:>9} {:>8} {:>10} {:>9} {:>5} {:>6} | {:>6} {:>7} {:>9} {:>9} | {:>7} {:>8} {:>7}",
            "operation", "run", "match", "oursValue", "mismatch", "missingErr", "unexpErr", "panic", "noCuTe",
            "value", "refused", "notValue", "notValueS", "runtime", "CuTe-SA", "notExpr"
        );
        for (op, c) in &self.per_op {
            let v = |k| c.verdicts.get(&k).copied().unwrap_or(0);
            let e = |k| c.expects.get(&k).copied().unwrap_or(0);
            let _ = writeln!(
                out,
                "{:<16} {:>5} {:>6} {:>9} {:>8} {:>10} {:>9} {:>5} {:>6} | {:>6} {:>7} {:>9} {:>9} | {:>7} {:>8} {:>7}",
                op,
                c.mixed + c.all_static,
                v(Verdict::Match),
                v(Verdict::OursIsValue),
                v(Verdict::Mismatch),
                v(Verdict::MissingErr),
                v(Verdict::UnexpectedErr),
                v(Verdict::Panic),
                v(Verdict::NoCute),
                e(Expect::Print),
                e(Expect::ErrRefused),
                e(Expect::ErrNotValue),
                e(Expect::ErrNotValueStatic),
                c.runtime,
                c.refused,
                c.not_expressible,
            );
        }
        let _ = writeln!(
            out,
            "(oursValue = CuTe's print is not the value and ours is, which passes; expected: value = CuTe's print is the value; refused = the run-time algebra refuses the operands; \
             notValue = CuTe's print is not the value, its all-static print is or it refuses; notValueS = not the value \
             with all leaves static either. runtime = results that are cute_dynamic::Layout; CuTe-SA = cases CuTe refuses \
             at compile time, not run)"
        );
        if !self.faults.is_empty() {
            let _ = writeln!(
                out,
                "\nchecks that do not fit the value (CuTe's print taken as the value):"
            );
            for f in &self.faults {
                let _ = writeln!(out, "  {f}");
            }
        }
        if !self.no_cute.is_empty() {
            let _ = writeln!(out, "\ncases where CuTe crashes at run time (not judged):");
            for f in &self.no_cute {
                let _ = writeln!(out, "  {f}");
            }
        }
        if !self.not_expressible.is_empty() {
            let _ = writeln!(
                out,
                "\nnot expressible with cute-static today (the call does not compile):"
            );
            for f in &self.not_expressible {
                let _ = writeln!(out, "  {f}");
            }
        }
        if !self.failures.is_empty() {
            let _ = writeln!(out, "\nfailures ({}):", self.failures.len());
            for f in &self.failures {
                let _ = writeln!(out, "  {f}");
            }
        }
        println!("{out}");
        assert!(
            self.failures.is_empty(),
            "{}: {} cases fail (see above)",
            self.name,
            self.failures.len()
        );
    }
}
