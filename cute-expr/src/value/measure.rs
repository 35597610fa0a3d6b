//! What a value weighs: the elements it holds, nested ones included, and
//! how deeply they nest. A statement's budgets count them
//! ([`crate::eval::MAX_ELEMENTS`]), and values nested too deeply are
//! refused before printing, comparing or dropping them could exhaust the
//! stack.

use cute_core::DynInt;
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::Layout;
use cute_dynamic::typedefs::{Scalar, Stride};

use super::Value;

impl Value {
    /// The number of elements the value holds, nested ones included (a
    /// leaf counts 1, a tuple 1 plus its elements, a layout 1 plus its
    /// leaves, a string 1 plus its bytes), counted up to `cap`: a result
    /// above `cap` means "more than `cap`", and the count stops there.
    pub(crate) fn weight(&self, cap: u64) -> u64 {
        self.measure(cap).weight
    }

    /// The value's weight (as [`Value::weight`], counted up to `cap`) and
    /// its nesting depth: tuples in tuples, ArithTuples in ArithTuples,
    /// values held by functions (a lambda's defaults and the parameters it
    /// closes over, a `ModeOpDecorator`'s function).
    pub(crate) fn measure(&self, cap: u64) -> Measure {
        match self {
            Value::Tuple(v) | Value::List(v) => {
                let mut m = Measure {
                    weight: 1 + v.len() as u64,
                    depth: 1,
                };
                for x in v {
                    if m.weight > cap {
                        break;
                    }
                    if !x.is_atom() {
                        m.add(x.measure(cap - m.weight));
                    }
                }
                m
            }
            Value::Str(s) => Measure {
                weight: 1 + s.len() as u64,
                depth: 0,
            },
            Value::Arith(a) => arith_measure(a),
            Value::Layout(l) => layout_measure(l),
            Value::SymLayout(l) => layout_measure(l),
            Value::BasisScalar(b) => {
                let mut m = Measure {
                    weight: 1,
                    depth: 1,
                };
                m.add(b.measure(cap));
                m
            }
            Value::Function(f) => held_measure(f.held(), cap),
            // the memory is shared, and counted once, when it is allocated
            Value::Accessor(a) => held_measure(a.transforms.iter(), cap),
            Value::Tensor(t) => {
                let mut m = held_measure(t.transforms.iter(), cap);
                // the layout's leaves and nodes, not the layout itself
                let l = layout_measure(t.layout());
                m.weight += l.weight - 1;
                m.depth = m.depth.max(l.depth);
                m
            }
            _ => Measure {
                weight: 1,
                depth: 0,
            },
        }
    }

    /// True iff the value holds no other value (its weight is 1).
    #[inline]
    fn is_atom(&self) -> bool {
        matches!(
            self,
            Value::None
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Sym(_)
                | Value::Float(_)
                | Value::F2(_)
                | Value::Fraction(..)
                | Value::Swizzle(_)
                | Value::Function(_)
                | Value::Slice(_)
                | Value::Dtype(_)
                | Value::Module(_)
                | Value::Atom(_)
        )
    }

    /// Nesting depth of the value (as [`Value::measure`] counts it),
    /// counted up to `cap`.
    pub(crate) fn depth(&self, cap: usize) -> usize {
        if cap == 0 {
            return 0;
        }
        match self {
            Value::Tuple(x) | Value::List(x) => {
                1 + x.iter().map(|y| y.depth(cap - 1)).max().unwrap_or(0)
            }
            Value::BasisScalar(b) => 1 + b.depth(cap - 1),
            Value::Function(f) => f
                .held()
                .map(|y| y.depth(cap - 1))
                .max()
                .map_or(0, |d| d + 1),
            Value::Accessor(a) => a
                .transforms
                .iter()
                .map(|y| y.depth(cap - 1))
                .max()
                .map_or(0, |d| d + 1),
            Value::Tensor(t) => {
                let held = t.transforms.iter().map(|y| y.depth(cap - 1) + 1).max();
                held.unwrap_or(0).max(layout_measure(t.layout()).depth)
            }
            Value::Layout(_) | Value::SymLayout(_) | Value::Arith(_) => {
                self.measure(u64::MAX).depth
            }
            _ => 0,
        }
    }
}

/// The measure of a value holding `held` (a function's defaults and
/// closure, an accessor's functions), counted up to `cap`.
fn held_measure<'a>(held: impl Iterator<Item = &'a Value>, cap: u64) -> Measure {
    let mut m = Measure {
        weight: 1,
        depth: 0,
    };
    for x in held {
        if m.weight > cap {
            break;
        }
        m.add(x.measure(cap - m.weight));
    }
    m
}

/// What a value holds: its elements, nested ones included, and how deeply
/// they nest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Measure {
    pub(crate) weight: u64,
    pub(crate) depth: usize,
}

impl Measure {
    /// Counts a part held one level down.
    fn add(&mut self, part: Measure) {
        self.weight += part.weight;
        self.depth = self.depth.max(part.depth + 1);
    }
}

/// The measure of a layout: its shape's and its stride's.
fn layout_measure<I: DynInt>(l: &Layout<I>) -> Measure {
    let s = shape_measure(&l.shape());
    let d = stride_measure(&l.stride());
    Measure {
        weight: 1 + s.weight + d.weight,
        depth: s.depth.max(d.depth),
    }
}

/// The leaves of a tree and its inner nodes, and its depth, each leaf
/// measured by `leaf`.
fn tree_measure<T>(t: &HTuple<T>, leaf: &impl Fn(&T) -> Measure) -> Measure {
    match t {
        HTuple::Leaf(x) => leaf(x),
        HTuple::Tuple(c) => {
            let mut m = Measure {
                weight: 1,
                depth: 1,
            };
            for x in c {
                m.add(tree_measure(x, leaf));
            }
            m
        }
    }
}

/// The leaves of a shape and its inner nodes, and its depth.
fn shape_measure<I>(t: &HTuple<I>) -> Measure {
    tree_measure(t, &|_| Measure {
        weight: 1,
        depth: 0,
    })
}

/// The leaves of a stride (an ArithTuple's entries included) and its inner
/// nodes, and its depth (ArithTuples nested in it included).
fn stride_measure<I>(t: &Stride<I>) -> Measure {
    tree_measure(t, &|x| match x {
        Scalar::Arith(a) => arith_measure(a),
        _ => Measure {
            weight: 1,
            depth: 0,
        },
    })
}

fn arith_measure(a: &ArithTuple) -> Measure {
    let mut m = Measure {
        weight: 1,
        depth: 1,
    };
    for x in a.data() {
        m.add(stride_measure(x));
    }
    m
}
