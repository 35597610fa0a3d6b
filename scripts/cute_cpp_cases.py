#!/usr/bin/env python3
"""Asks CuTe C++ what the layout algebra gives for mixed static/dynamic
layouts, and writes the cases and a test of cute-static against them.

Two steps, each a subcommand (`all`, the default, runs both):

  cases  Draws random mixed cases (operands of the specification's examples
         and conformance cases with each leaf made static or dynamic at
         random, fresh random operands, GEMM-like tilings), writes a C++
         driver program per batch, compiles and runs it with the CuTe C++
         host tool (its `run.sh`), and writes tests/data/cute_cpp_mixed.tsv:
         per case, CuTe's printed result for the mixed operands and for the
         same operands with every leaf static (or `static_assert` when CuTe
         refuses the case at compile time, or `crash: SIG...` when the
         program dies at run time).

  rust   Reads the TSV and writes the generated tests
         tests/tests/cute_cpp_mixed_*.rs (their shared code is
         tests/tests/cute_cpp_harness/mod.rs, written by hand). Unless
         --no-check, it compiles them and moves every case whose call does
         not compile with the current cute-static to a list the test reports
         as "not expressible", with the compiler's message.

The CuTe C++ host tool is a directory with `run.sh FILE.cpp` (compile
against CuTe's headers with g++ and run); give it with --tool DIR or the
environment variable CUTE_CPP_TOOL. Python 3 standard library only; run
from anywhere, by hand (never from the test suite):

    python3 scripts/cute_cpp_cases.py --tool DIR              # both steps
    python3 scripts/cute_cpp_cases.py rust                    # tests only
    python3 scripts/cute_cpp_cases.py rust --ops composition  # one operation
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV = os.path.join(ROOT, "tests", "data", "cute_cpp_mixed.tsv")
TEST_DIR = os.path.join(ROOT, "tests", "tests")
SCRIPT = "scripts/cute_cpp_cases.py"

# The nvidia-cutlass wheel whose headers the host tool compiles against.
CUTE_VERSION_RE = re.compile(r'"nvidia-cutlass==([^"]+)"')

OPS = [
    "coalesce", "coalesce_by", "composition", "complement", "complement_to",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
    "logical_product", "zipped_product", "tiled_product", "flat_product",
    "blocked_product", "raked_product", "right_inverse", "left_inverse",
]

# Relative number of cases per operation (scaled to --count).
WEIGHTS = {
    "composition": 200, "logical_divide": 110, "zipped_divide": 90,
    "tiled_divide": 55, "flat_divide": 55, "coalesce": 55, "coalesce_by": 40,
    "complement": 50, "complement_to": 50, "logical_product": 70,
    "zipped_product": 40, "tiled_product": 30, "flat_product": 30,
    "blocked_product": 50, "raked_product": 50, "right_inverse": 40,
    "left_inverse": 40,
}

# Generated test files: (name suffix, operations).
GROUPS = [
    ("composition", ["composition"]),
    ("divide", ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]),
    ("product", ["logical_product", "zipped_product", "tiled_product", "flat_product",
                 "blocked_product", "raked_product"]),
    ("other", ["coalesce", "coalesce_by", "complement", "complement_to",
               "right_inverse", "left_inverse"]),
]

UNARY = {"coalesce", "complement", "right_inverse", "left_inverse"}


# ====================================================================== values
#
# A tree is a Leaf or a Python tuple of trees. An operand is
#   ("layout", shape, stride)  ("int", Leaf)  ("keep",)  ("tuple", [operands])
#   ("shape", tree)            (a cotarget of complement_to)
# A coalescing profile is a ("tuple", ...) of ("int", Leaf(1)), ("keep",) and
# nested tuples.


class Leaf:
    __slots__ = ("v", "dyn")

    def __init__(self, v, dyn=False):
        self.v = v
        self.dyn = dyn


def tree_of(x):
    """A tree of static leaves from ints and tuples."""
    if isinstance(x, int):
        return Leaf(x)
    return tuple(tree_of(c) for c in x)


def values(t):
    """The ints of a tree."""
    if isinstance(t, Leaf):
        return t.v
    return tuple(values(c) for c in t)


def tree_leaves(t):
    if isinstance(t, Leaf):
        return [t]
    return [x for c in t for x in tree_leaves(c)]


def operand_leaves(x):
    """The leaves of an operand, shape leaves first for a layout."""
    if x is None:
        return []
    k = x[0]
    if k == "layout":
        return tree_leaves(x[1]) + tree_leaves(x[2])
    if k == "int":
        return [x[1]]
    if k == "shape":
        return tree_leaves(x[1])
    if k == "tuple":
        return [l for c in x[1] for l in operand_leaves(c)]
    return []


def L(shape, stride):
    return ("layout", tree_of(shape), tree_of(stride))


def copy_operand(x):
    if x is None:
        return None
    k = x[0]

    def ct(t):
        return Leaf(t.v, t.dyn) if isinstance(t, Leaf) else tuple(ct(c) for c in t)

    if k == "layout":
        return ("layout", ct(x[1]), ct(x[2]))
    if k == "int":
        return ("int", Leaf(x[1].v, x[1].dyn))
    if k == "shape":
        return ("shape", ct(x[1]))
    if k == "tuple":
        return ("tuple", [copy_operand(c) for c in x[1]])
    return x


def size_of(t):
    if isinstance(t, Leaf):
        return t.v
    n = 1
    for c in t:
        n *= size_of(c)
    return n


def flat_values(t):
    return [l.v for l in tree_leaves(t)]


def rank_of(t):
    return 1 if isinstance(t, Leaf) else len(t)


def modes_of(t):
    return [t] if isinstance(t, Leaf) else list(t)


def depth_of(t):
    if isinstance(t, Leaf):
        return 0
    return 1 + max((depth_of(c) for c in t), default=0)


# ================================================================== rendering


def tree_txt(t):
    if isinstance(t, Leaf):
        return f"{{{t.v}}}" if t.dyn else str(t.v)
    inner = [tree_txt(c) for c in t]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def operand_txt(x):
    """The TSV notation: `layout!`'s, `{}` around dynamic leaves; a tuple of
    tilers in parentheses, `_` for a mode left alone."""
    if x is None:
        return "-"
    k = x[0]
    if k == "layout":
        return f"{tree_txt(x[1])} : {tree_txt(x[2])}"
    if k == "int":
        return tree_txt(x[1])
    if k == "keep":
        return "_"
    if k == "shape":
        return tree_txt(x[1])
    inner = [operand_txt(c) for c in x[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def has_dyn(x):
    return any(l.dyn for l in operand_leaves(x))


def rs_tree(t):
    if isinstance(t, Leaf):
        return f"{{{t.v}}}" if t.dyn else str(t.v)
    inner = [rs_tree(c) for c in t]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rs_layout(x):
    text = f"layout!({rs_tree(x[1])} : {rs_tree(x[2])})"
    return text + ".unwrap()" if has_dyn(x) else text


def int_only(x):
    """True iff a tiler is integers, keeps and tuples of them (`tile!`)."""
    if x[0] in ("int", "keep"):
        return True
    return x[0] == "tuple" and all(int_only(c) for c in x[1])


def tile_body(x):
    if x[0] == "int":
        return rs_tree(x[1])
    if x[0] == "keep":
        return "_"
    inner = [tile_body(c) for c in x[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rs_tiler(x):
    k = x[0]
    if k == "layout":
        return rs_layout(x)
    if k == "int":
        return f"tile!({rs_tree(x[1])})"
    if k == "keep":
        return "Keep"
    if int_only(x):
        inner = [tile_body(c) for c in x[1]]
        return f"tile!({inner[0]},)" if len(inner) == 1 else "tile!(" + ", ".join(inner) + ")"
    inner = [rs_tiler(c) for c in x[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rs_shape(t):
    if isinstance(t, Leaf):
        return f"shape!({rs_tree(t)})"
    inner = [rs_tree(c) for c in t]
    return f"shape!({inner[0]},)" if len(inner) == 1 else "shape!(" + ", ".join(inner) + ")"


def rs_call(op, a, b):
    """The cute-static call of a case, and whether it returns a `Result`."""
    ra = rs_layout(a)
    if op in UNARY:
        return f"{op}({ra})"
    if op == "complement_to":
        return f"complement_to({ra}, {rs_shape(b[1])})"
    if op in ("blocked_product", "raked_product"):
        return f"{op}({ra}, {rs_layout(b)})"
    return f"{op}({ra}, {rs_tiler(b)})"


def cpp_leaf(l, all_static):
    if l.dyn and not all_static:
        return f"d({l.v})"
    return f"Int<{l.v}>{{}}"


def cpp_tree(t, maker, all_static):
    if isinstance(t, Leaf):
        return cpp_leaf(t, all_static)
    return f"{maker}(" + ", ".join(cpp_tree(c, maker, all_static) for c in t) + ")"


def cpp_operand(x, all_static, profile=False):
    k = x[0]
    if k == "layout":
        return (f"make_layout({cpp_tree(x[1], 'make_shape', all_static)}, "
                f"{cpp_tree(x[2], 'make_stride', all_static)})")
    if k == "int":
        return "Int<1>{}" if profile else cpp_leaf(x[1], all_static)
    if k == "keep":
        return "_"
    if k == "shape":
        return cpp_tree(x[1], "make_shape", all_static)
    items = list(x[1])
    if profile:
        # CuTe's `_` in a profile coalesces the mode; a mode left alone is
        # one the profile does not reach (the generator only leaves the
        # last modes alone)
        while items and items[-1][0] == "keep":
            items.pop()
        return "make_tuple(" + ", ".join(cpp_operand(c, all_static, True) for c in items) + ")"
    return "make_tile(" + ", ".join(cpp_operand(c, all_static) for c in items) + ")"


def cpp_call(op, a, b, all_static):
    ca = cpp_operand(a, all_static)
    if op in UNARY:
        return f"{op}({ca})"
    if op == "coalesce_by":
        return f"coalesce({ca}, {cpp_operand(b, all_static, profile=True)})"
    if op == "complement_to":
        return f"complement({ca}, {cpp_operand(b, all_static)})"
    return f"{op}({ca}, {cpp_operand(b, all_static)})"


# ================================================================== parsing
#
# Expressions of the specification's examples and conformance cases:
# `f(Layout(shape, stride), (1, None, Layout(...)))`.

TOKEN = re.compile(r"\s*(?:(-?\d+)|([A-Za-z_][A-Za-z_0-9]*)|(.))")


class ParseError(Exception):
    pass


def tokenize(s):
    out, pos = [], 0
    while pos < len(s):
        m = TOKEN.match(s, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        if m.group(1) is not None:
            out.append(("int", int(m.group(1))))
        elif m.group(2):
            out.append(("name", m.group(2)))
        elif m.group(3) and not m.group(3).isspace():
            out.append(("p", m.group(3)))
    return out


class SpecParser:
    def __init__(self, s):
        self.t, self.i = tokenize(s), 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ("end", None)

    def take(self, kind=None, val=None):
        tok = self.peek()
        if (kind and tok[0] != kind) or (val is not None and tok[1] != val):
            raise ParseError(f"expected {kind} {val}, got {tok}")
        self.i += 1
        return tok

    def args(self):
        self.take("p", "(")
        out, trailing = [], False
        while self.peek() != ("p", ")"):
            out.append(self.expr())
            trailing = False
            if self.peek() == ("p", ","):
                self.take()
                trailing = True
        self.take("p", ")")
        return out, trailing

    def expr(self):
        tok = self.peek()
        if tok[0] == "int":
            self.take()
            return ("int", tok[1])
        if tok == ("p", "("):
            items, trailing = self.args()
            if len(items) == 1 and not trailing:
                return items[0]
            return ("tuple", items)
        if tok[0] == "name":
            self.take()
            if tok[1] == "None":
                return ("none",)
            if self.peek() != ("p", "("):
                raise ParseError(f"name {tok[1]}")
            args, _ = self.args()
            return ("call", tok[1], args)
        raise ParseError(f"unexpected {tok}")


def parse_spec(s):
    p = SpecParser(s)
    e = p.expr()
    if p.peek()[0] != "end":
        raise ParseError("trailing tokens")
    return e


def py_tree(e):
    if e[0] == "int":
        return e[1]
    if e[0] == "tuple":
        return tuple(py_tree(c) for c in e[1])
    raise ParseError("not an integer tuple")


def col_major(shape, acc=1):
    if isinstance(shape, int):
        return acc, acc * shape
    out = []
    for s in shape:
        d, acc = col_major(s, acc)
        out.append(d)
    return tuple(out), acc


def congruent(a, b):
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int)
    return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))


def spec_operand(e):
    """A tiler, layout or integer of the specification's notation."""
    if e[0] == "call" and e[1] == "Layout":
        args = e[2]
        if not args or len(args) > 2:
            raise ParseError("Layout arity")
        shape = py_tree(args[0])
        stride = py_tree(args[1]) if len(args) == 2 else col_major(shape)[0]
        if not congruent(shape, stride):
            raise ParseError("not congruent")
        return L(shape, stride)
    if e[0] == "int":
        return ("int", Leaf(e[1]))
    if e[0] == "none":
        return ("keep",)
    if e[0] == "tuple":
        return ("tuple", [spec_operand(c) for c in e[1]])
    raise ParseError("operand")


def fits(x):
    """True iff an all-static operand is one cute-static and CuTe take:
    non-negative static strides, positive extents, small values."""
    if x is None:
        return True
    k = x[0]
    if k == "layout":
        s, d = flat_values(x[1]), flat_values(x[2])
        if len(s) > 8 or depth_of(x[1]) > 3 or size_of(x[1]) > 1 << 16:
            return False
        return all(1 <= v <= 4096 for v in s) and all(0 <= v <= 1 << 16 for v in d)
    if k == "int":
        return 1 <= x[1].v <= 4096
    if k == "tuple":
        return 0 < len(x[1]) <= 4 and all(fits(c) for c in x[1])
    return True


def read_spec_sources():
    """(family, expression text, ok) of the examples and conformance cases."""
    out = []
    with open(os.path.join(ROOT, "tests", "data", "examples.tsv")) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) == 4 and p[0] == "api" and p[1].startswith("algebra.") and p[2] == "check" and "==" in p[3]:
                out.append(("spec", p[3].split("==")[0].strip(), True))
    with open(os.path.join(ROOT, "tests", "data", "conformance.tsv")) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) == 3:
                out.append((f"conformance:{p[0]}", p[1], p[2].startswith("ok ")))
    return out


def spec_cases():
    """Operand pairs of the specification's data, per operation:
    op -> [(a, b, origin, ok)]."""
    by_op = {op: [] for op in OPS}
    for origin, text, ok in read_spec_sources():
        if "E(" in text or "F2(" in text or "[" in text:
            continue
        try:
            e = parse_spec(text)
        except (ParseError, RecursionError):
            continue
        if e[0] != "call":
            continue
        name, args = e[1], e[2]
        try:
            ops = [spec_operand(x) for x in args]
        except ParseError:
            continue
        if not ops or ops[0][0] != "layout" or not all(fits(x) for x in ops):
            continue
        a = ops[0]
        b = ops[1] if len(ops) > 1 else None
        ra = rank_of(a[1])
        add = lambda op, bb=b: by_op[op].append((a, bb, origin, ok))
        if name == "coalesce" and len(ops) == 1:
            add("coalesce")
        elif name == "coalesce" and len(ops) == 2 and b[0] == "tuple":
            prof = profile_of(b)
            if prof is not None and len(prof[1]) <= ra and not isinstance(a[1], Leaf):
                add("coalesce_by", prof)
        elif name == "composition" and len(ops) == 2:
            if b[0] == "layout" or (b[0] == "tuple" and len(b[1]) == ra and not isinstance(a[1], Leaf)
                                    and all(c[0] in ("layout", "int", "keep") for c in b[1])):
                add("composition")
        elif name == "complement" and len(ops) == 1:
            add("complement")
        elif name == "complement" and len(ops) == 2 and b[0] == "int":
            add("complement_to", ("shape", b[1]))
        elif name in ("right_inverse", "left_inverse") and len(ops) == 1:
            add(name)
        elif name in ("logical_divide", "zipped_divide") and len(ops) == 2:
            if b[0] == "tuple" and (isinstance(a[1], Leaf) or len(b[1]) > ra):
                continue
            if name == "logical_divide":
                add("logical_divide")
            else:
                for op in ("zipped_divide", "tiled_divide", "flat_divide"):
                    add(op)
        elif name == "logical_product" and len(ops) == 2:
            if b[0] == "tuple" and (isinstance(a[1], Leaf) or len(b[1]) > ra):
                continue
            for op in ("logical_product", "zipped_product", "tiled_product", "flat_product"):
                if op != "logical_product" and b[0] == "int":
                    continue
                add(op)
        elif name in ("blocked_product", "raked_product") and len(ops) == 2 and b[0] == "layout":
            if rank_of(a[1]) == rank_of(b[1]):
                add(name)
    return by_op


def profile_of(b):
    """A coalescing profile of the specification as one CuTe can say: the
    integer entries coalesce, `None` only at the end (a mode CuTe's profile
    does not reach)."""
    items = []
    for c in b[1]:
        if c[0] == "int":
            items.append(("int", Leaf(1)))
        elif c[0] == "keep":
            items.append(("keep",))
        else:
            return None
    seen_keep = False
    for it in items:
        if it[0] == "keep":
            seen_keep = True
        elif seen_keep:
            return None
    return ("tuple", items)


# ================================================================== drawing


class Rng(random.Random):
    def extent(self):
        x = self.random()
        if x < 0.22:
            return 1
        if x < 0.62:
            return self.choice([2, 4, 8, 16])
        return self.choice([3, 5, 6, 7, 9, 10, 12, 14, 15, 3, 6, 12])

    def shape(self, rank=None, max_size=2048, nest=0.3):
        for _ in range(100):
            r = rank or self.choice([1, 1, 2, 2, 2, 3, 3])
            modes = []
            for _ in range(r):
                if self.random() < nest:
                    modes.append(tuple(self.extent() for _ in range(self.choice([2, 2, 3]))))
                else:
                    modes.append(self.extent())
            s = modes[0] if r == 1 and not isinstance(modes[0], tuple) and self.random() < 0.8 else tuple(modes)
            if size_py(s) <= max_size:
                return s
        return (2, 4)

    def stride(self, shape, kind=None):
        flat = flat_py(shape)
        n = len(flat)
        kind = kind or self.choices(
            ["col", "perm", "gaps", "zeros", "random"], [30, 18, 20, 14, 18])[0]
        if kind == "random":
            d = [self.choice([0, 1, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 64]) for _ in flat]
        else:
            order = list(range(n))
            if kind in ("perm", "gaps") and self.random() < 0.7:
                self.shuffle(order)
            d = [0] * n
            acc = 1
            for i in order:
                if kind == "gaps" and self.random() < 0.4:
                    acc *= self.choice([2, 3, 4])
                d[i] = acc
                acc *= flat[i]
            if kind == "zeros":
                for i in range(n):
                    if self.random() < 0.35:
                        d[i] = 0
        return unflat_py(shape, d)

    def layout(self, **kw):
        s = self.shape(**kw)
        return L(s, self.stride(s))

    def divisor(self, n):
        return self.choice([k for k in range(1, n + 1) if n % k == 0])

    def factor(self, n, parts):
        """`n` as a product of up to `parts` factors (a list)."""
        out = []
        for _ in range(parts - 1):
            k = self.divisor(n)
            out.append(k)
            n //= k
        out.append(n)
        return [x for x in out if x > 1] or [1]


def size_py(s):
    if isinstance(s, int):
        return s
    n = 1
    for c in s:
        n *= size_py(c)
    return n


def flat_py(s):
    return [s] if isinstance(s, int) else [x for c in s for x in flat_py(c)]


def unflat_py(shape, vals):
    it = iter(vals)

    def go(s):
        return next(it) if isinstance(s, int) else tuple(go(c) for c in s)

    return go(shape)


def sub_tile(rng, s):
    """A layout tile inside an extent `s`: `k:d` with `k * d` dividing `s`
    mostly, something that does not fit sometimes."""
    if rng.random() < 0.8:
        k = rng.divisor(s)
        d = rng.divisor(s // k) if rng.random() < 0.5 else 1
        k1 = rng.divisor(k)
        if rng.random() < 0.3 and 1 < k1 < k:
            gap = rng.choice([1, 1, 2])
            return L((k1, k // k1), (d, d * k1 * gap))
        return L(k, d)
    return L(rng.choice([2, 3, 4, 5, 8]), rng.choice([1, 2, 3]))


def draw_composition(rng):
    a = rng.layout(max_size=1024)
    n = size_of(a[1])
    x = rng.random()
    if x < 0.5:
        # B inside A's domain: a factorization of a divisor, compact or strided
        m = rng.divisor(n)
        parts = rng.factor(m, rng.choice([1, 2, 2, 3]))
        shape = parts[0] if len(parts) == 1 else tuple(parts)
        if rng.random() < 0.5:
            stride = col_major(shape, rng.choice([1, 1, 2, rng.divisor(n)]))[0]
        else:
            stride = rng.stride(shape)
        b = L(shape, stride)
    elif x < 0.6:
        b = ("int", Leaf(rng.divisor(n) if rng.random() < 0.8 else rng.extent()))
    elif x < 0.75 and not isinstance(a[1], Leaf):
        items = []
        for m in a[1]:
            sm = size_of(m)
            y = rng.random()
            if y < 0.25:
                items.append(("keep",))
            elif y < 0.5:
                items.append(("int", Leaf(rng.divisor(sm))))
            else:
                items.append(sub_tile(rng, sm))
        b = ("tuple", items)
    else:
        b = rng.layout(max_size=64)
    return a, b


def draw_divide_tiler(rng, a, tuple_only=False):
    sa = a[1]
    n = size_of(sa)
    x = rng.random()
    if not tuple_only and (x < 0.35 or isinstance(sa, Leaf)):
        if rng.random() < 0.3:
            return ("int", Leaf(rng.divisor(n) if rng.random() < 0.8 else rng.extent()))
        return sub_tile(rng, n)
    modes = modes_of(sa)
    k = len(modes) if rng.random() < 0.7 else rng.randint(1, len(modes))
    items = []
    for m in modes[:k]:
        sm = size_of(m)
        y = rng.random()
        if y < 0.15:
            items.append(("keep",))
        elif y < 0.55:
            items.append(("int", Leaf(rng.divisor(sm) if rng.random() < 0.75 else rng.extent())))
        elif y < 0.65 and not isinstance(m, Leaf):
            items.append(("tuple", [("int", Leaf(rng.divisor(c.v))) for c in m]))
        else:
            items.append(sub_tile(rng, sm))
    return ("tuple", items)


def draw_divide(rng):
    a = rng.layout(max_size=2048)
    return a, draw_divide_tiler(rng, a)


def draw_zipped_divide(rng):
    a = rng.layout(max_size=2048)
    return a, draw_divide_tiler(rng, a, tuple_only=rng.random() < 0.7)


def injective(rng, max_size=256):
    """A layout whose modes do not overlap: compact in some order, with gaps."""
    s = rng.shape(max_size=max_size)
    return L(s, rng.stride(s, kind=rng.choice(["col", "perm", "gaps", "gaps"])))


def draw_product_tiler(rng, a, tuple_only=False):
    if not tuple_only and (rng.random() < 0.5 or isinstance(a[1], Leaf)):
        if rng.random() < 0.15:
            return ("int", Leaf(rng.choice([2, 3, 4, 8])))
        s = rng.shape(max_size=64, nest=0.15)
        return L(s, rng.stride(s, kind=rng.choice(["col", "col", "perm", "gaps", "random"])))
    modes = modes_of(a[1])
    k = len(modes) if rng.random() < 0.7 else rng.randint(1, len(modes))
    items = []
    for _ in modes[:k]:
        y = rng.random()
        if y < 0.15:
            items.append(("keep",))
        elif y < 0.4:
            items.append(("int", Leaf(rng.choice([1, 2, 3, 4, 8]))))
        else:
            s = rng.shape(rank=rng.choice([1, 1, 2]), max_size=16, nest=0)
            items.append(L(s, rng.stride(s, kind=rng.choice(["col", "col", "gaps", "random"]))))
    return ("tuple", items)


def draw_product(rng, tuple_only=False):
    a = injective(rng, max_size=64) if rng.random() < 0.85 else rng.layout(max_size=64)
    return a, draw_product_tiler(rng, a, tuple_only)


def draw_rank_product(rng):
    r = rng.choice([1, 2, 2, 2, 3])
    a = injective(rng, max_size=64)
    while rank_of(a[1]) != r:
        s = rng.shape(rank=r, max_size=64, nest=0.2)
        if r == 1 and isinstance(s, tuple) and rng.random() < 0.7:
            s = s[0] if isinstance(s[0], int) else s
        a = L(s, rng.stride(s, kind=rng.choice(["col", "perm", "gaps"])))
    s = rng.shape(rank=r, max_size=64, nest=0.2)
    while rank_of(tree_of(s)) != r:
        s = rng.shape(rank=r, max_size=64, nest=0.2)
    b = L(s, rng.stride(s, kind=rng.choice(["col", "col", "perm", "gaps", "random"])))
    return a, b


def draw_coalesce(rng):
    return rng.layout(max_size=4096), None


def draw_coalesce_by(rng):
    a = rng.layout(rank=rng.choice([2, 2, 3]), max_size=4096, nest=0.5)
    items = []
    modes = modes_of(a[1])
    k = len(modes) if rng.random() < 0.6 else rng.randint(1, len(modes))
    for m in modes[:k]:
        if not isinstance(m, Leaf) and rng.random() < 0.3:
            items.append(("tuple", [("int", Leaf(1)) for _ in m]))
        else:
            items.append(("int", Leaf(1)))
    items += [("keep",)] * (len(modes) - k if rng.random() < 0.5 else 0)
    return a, ("tuple", items)


def draw_complement(rng):
    a = injective(rng, max_size=256) if rng.random() < 0.75 else rng.layout(max_size=256)
    return a, None


def cosize_py(a):
    s, d = flat_values(a[1]), flat_values(a[2])
    return 1 + sum((x - 1) * abs(y) for x, y in zip(s, d))


def draw_complement_to(rng):
    a, _ = draw_complement(rng)
    c = cosize_py(a)
    x = rng.random()
    if x < 0.6:
        n = c * rng.choice([1, 2, 3, 4, 8])
    elif x < 0.85:
        n = rng.choice([c + 1, max(1, c - 1), rng.randint(1, 4 * c)])
    else:
        n = c * rng.choice([2, 4])
        k = rng.divisor(n)
        return a, ("shape", tree_of((k, n // k)))
    return a, ("shape", Leaf(n))


def draw_inverse(rng, left):
    if rng.random() < 0.75:
        a = injective(rng, max_size=512)
        if not left and rng.random() < 0.5:
            s = a[1]
            a = L(values(s), rng.stride(values(s), kind="perm"))
    else:
        a = rng.layout(max_size=512)
    return a, None


# ---------------------------------------------------------------- GEMM-like

MATRIX_EXTENTS = [64, 96, 128, 192, 256, 300, 384, 512, 1000, 1024]
TILES = [(128, 64), (64, 64), (128, 128), (64, 32), (32, 32), (16, 8), (8, 8), (128, 8), (256, 128)]


def gemm_matrix(rng, rank=2):
    m, n = rng.choice(MATRIX_EXTENTS), rng.choice(MATRIX_EXTENTS)
    if rank == 3:
        l = rng.choice([1, 2, 3, 8])
        if rng.random() < 0.5:
            return L((m, n, l), (1, m, m * n))
        return L((m, n, l), (n, 1, m * n))
    kind = rng.random()
    if kind < 0.55:
        ld = m if rng.random() < 0.7 else m + rng.choice([8, 16, 32])
        return L((m, n), (1, ld))
    if kind < 0.9:
        ld = n if rng.random() < 0.7 else n + rng.choice([8, 16])
        return L((m, n), (ld, 1))
    return L(((m, 1), n), ((1, 0), m))


def mark_gemm(rng, a, b):
    """The matrix's extents and strides dynamic (its unit strides often
    static), the tile static, now and then a tile extent dynamic or a matrix
    extent static."""
    for l in tree_leaves(a[1]):
        l.dyn = rng.random() < 0.9
    for l in tree_leaves(a[2]):
        l.dyn = l.v not in (0, 1) or rng.random() < 0.2
    for l in operand_leaves(b):
        l.dyn = rng.random() < 0.08


def gemm_tile(rng, a):
    t = rng.choice(TILES)
    r = rank_of(a[1])
    x = rng.random()
    if x < 0.55:
        items = [("int", Leaf(t[0])), ("int", Leaf(t[1]))]
    elif x < 0.7:
        items = [L(t[0], 1), L(t[1], 1)]
    elif x < 0.8:
        items = [("keep",), ("int", Leaf(t[1]))] if rng.random() < 0.5 else [("int", Leaf(t[0])), ("keep",)]
    else:
        # a thread arrangement as the tile: (m threads of v values)
        tm, vm = rng.choice([(16, 2), (8, 4), (32, 1), (4, 4)])
        items = [L((tm, vm), (vm, 1)) if rng.random() < 0.5 else L((tm, vm), (1, tm)), ("int", Leaf(t[1]))]
    if r == 3 and rng.random() < 0.5:
        items.append(("int", Leaf(1)) if rng.random() < 0.5 else ("keep",))
    return ("tuple", items[:r])


def draw_gemm(rng, op):
    if op in ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide"):
        a = gemm_matrix(rng, rank=3 if rng.random() < 0.2 else 2)
        b = gemm_tile(rng, a)
        if rng.random() < 0.15:
            b = ("int", Leaf(rng.choice([64, 128, 256])))
    elif op == "composition":
        # a tile of a matrix with a run-time leading dimension, composed
        # with a thread-value layout over the tile
        bm, bk = rng.choice([(16, 8), (32, 8), (64, 8), (8, 8), (16, 16)])
        ld = rng.choice([bm, 64, 128, 256, 300])
        a = L((bm, bk), (1, ld)) if rng.random() < 0.7 else L((bm, bk), (ld, 1))
        tm = rng.choice([k for k in (2, 4, 8, 16) if bm % k == 0])
        vm = bm // tm
        tk = rng.choice([k for k in (1, 2, 4, 8) if bk % k == 0])
        vk = bk // tk
        if rng.random() < 0.5:  # each thread holds a contiguous run
            b = L(((tm, tk), (vm, vk)), ((vm, bm * vk), (1, bm)))
        else:  # raked
            b = L(((tm, tk), (vm, vk)), ((1, bm), (tm, bm * tk)))
        if rng.random() < 0.2:
            b = L((tm * tk, vm * vk), (1, tm * tk))
    elif op in ("blocked_product", "raked_product"):
        tile = rng.choice([L((4, 8), (8, 1)), L((2, 4), (1, 2)), L((8, 8), (1, 8)), L((4, 4), (4, 1)), L((2, 2), (1, 2))])
        m, n = rng.choice([2, 4, 8, 16]), rng.choice([2, 3, 4, 8])
        grid = L((m, n), (1, m)) if rng.random() < 0.7 else L((m, n), (n, 1))
        if rng.random() < 0.5:
            a, b = tile, grid
        else:
            a, b = grid, tile
            a, b = copy_operand(a), copy_operand(b)
        for l in operand_leaves(a):
            l.dyn = rng.random() < 0.15
        for l in operand_leaves(b):
            l.dyn = rng.random() < 0.7
        return a, b
    elif op in ("logical_product", "zipped_product", "tiled_product", "flat_product"):
        a = rng.choice([L((4, 8), (8, 1)), L((2, 4), (1, 2)), L((8, 8), (1, 8)), L(32, 1), L((16, 2), (1, 16))])
        m, n = rng.choice([2, 4, 8, 16]), rng.choice([2, 3, 4, 8])
        if rank_of(a[1]) == 2 and rng.random() < 0.6:
            b = ("tuple", [L(m, 1), L(n, 1)])
        else:
            b = L((m, n), (1, m))
        for l in operand_leaves(b):
            l.dyn = rng.random() < 0.7
        for l in operand_leaves(a):
            l.dyn = rng.random() < 0.1
        return a, b
    elif op in ("coalesce", "coalesce_by"):
        # a divided matrix: ((tile, rest), (tile, rest)) with run-time leaves
        m, n = rng.choice(MATRIX_EXTENTS), rng.choice(MATRIX_EXTENTS)
        bm, bn = rng.choice(TILES)
        a = L(((bm, max(1, m // bm)), (bn, max(1, n // bn))), ((1, bm), (m, m * bn)))
        b = ("tuple", [("int", Leaf(1)), ("int", Leaf(1))]) if op == "coalesce_by" else None
        if op == "coalesce_by" and rng.random() < 0.5:
            b = ("tuple", [("int", Leaf(1)), ("keep",)])
    elif op in ("complement", "complement_to"):
        bm = rng.choice([8, 16, 32, 64, 128])
        m = rng.choice(MATRIX_EXTENTS)
        if rng.random() < 0.5:
            a = L(bm, 1)
        else:
            a = L((bm, rng.choice([2, 4, 8])), (1, m))
        b = ("shape", Leaf(m * rng.choice([1, 2, 4, 8]))) if op == "complement_to" else None
    else:  # inverses: a (threads, values) layout of a tile
        t = rng.choice([L((4, 8), (8, 1)), L(((4, 8), 2), ((2, 16), 1)), L((32, 4), (4, 1)), L((8, 4), (1, 64))])
        a = t
        b = None
    a, b = copy_operand(a), copy_operand(b)
    mark_gemm(rng, a, b)
    return a, b


def draw_fresh(rng, op):
    if op == "composition":
        return draw_composition(rng)
    if op == "logical_divide":
        return draw_divide(rng)
    if op in ("zipped_divide", "tiled_divide", "flat_divide"):
        return draw_zipped_divide(rng)
    if op == "logical_product":
        return draw_product(rng)
    if op in ("zipped_product", "tiled_product", "flat_product"):
        return draw_product(rng, tuple_only=rng.random() < 0.7)
    if op in ("blocked_product", "raked_product"):
        return draw_rank_product(rng)
    if op == "coalesce":
        return draw_coalesce(rng)
    if op == "coalesce_by":
        return draw_coalesce_by(rng)
    if op == "complement":
        return draw_complement(rng)
    if op == "complement_to":
        return draw_complement_to(rng)
    return draw_inverse(rng, op == "left_inverse")


MARKINGS = [("one", 32), ("random", 30), ("all", 10), ("a-all", 8), ("b-all", 7), ("shapes", 5), ("none", 4), ("strides", 4)]


def mark(rng, a, b):
    """Makes leaves of the operands dynamic; returns the marking's name."""
    kind = rng.choices([m for m, _ in MARKINGS], [w for _, w in MARKINGS])[0]
    la, lb = operand_leaves(a), operand_leaves(b)
    if b is not None and b[0] == "tuple" and all(c[0] in ("int", "keep") for c in b[1]) and kind == "b-all":
        kind = "one"
    if not lb and kind == "b-all":
        kind = "a-all"
    every = la + lb
    if kind == "one":
        rng.choice(every).dyn = True
    elif kind == "random":
        p = rng.choice([0.25, 0.5])
        for l in every:
            l.dyn = rng.random() < p
        if not any(l.dyn for l in every):
            rng.choice(every).dyn = True
    elif kind == "all":
        for l in every:
            l.dyn = True
    elif kind == "a-all":
        for l in la:
            l.dyn = True
    elif kind == "b-all":
        for l in lb:
            l.dyn = True
    elif kind == "shapes":
        for l in tree_leaves(a[1]):
            l.dyn = True
    elif kind == "strides":
        for l in tree_leaves(a[2]):
            l.dyn = True
    return kind


def negate_some(rng, a, b, p):
    """A few dynamic strides negative (static strides stay non-negative)."""
    for x in (a, b):
        if x is not None and x[0] == "layout":
            for l in tree_leaves(x[2]):
                if l.dyn and l.v > 0 and rng.random() < p:
                    l.v = -l.v


# The operations that complement A: CuTe complements a layout with a dynamic
# stride only if it has one mode (after dropping static extents 1 and static
# strides 0), and takes the left inverse of static strides only; most of
# their cases keep A's strides static so that CuTe answers.
COMPLEMENTED = {"complement", "complement_to", "left_inverse", "logical_product", "zipped_product",
                "tiled_product", "flat_product", "blocked_product", "raked_product"}


def static_strides(rng, a, b):
    for l in tree_leaves(a[2]):
        l.dyn = False
        if l.v < 0:
            l.v = -l.v
    every = tree_leaves(a[1]) + operand_leaves(b)
    if every and not any(l.dyn for l in every):
        rng.choice(every).dyn = True


def profile_marks(b):
    """A coalescing profile's integers stay static (their value is not read)."""
    for l in operand_leaves(b):
        l.dyn = False


class Case:
    def __init__(self, cid, op, a, b, origin):
        self.id, self.op, self.a, self.b, self.origin = cid, op, a, b, origin
        self.cute = self.cute_static = None
        self.note = ""

    def key(self):
        return (self.op, operand_txt(self.a), operand_txt(self.b))


def draw_cases(seed, count):
    rng = Rng(seed)
    spec = spec_cases()
    total = sum(WEIGHTS.values())
    cases, seen = [], set()
    for op in OPS:
        n = max(4, round(WEIGHTS[op] * count / total))
        pool = spec[op]
        valid = [c for c in pool if c[3]]
        invalid = [c for c in pool if not c[3]]
        gemm_share = 0.1 if op in ("right_inverse", "left_inverse") else 0.18
        k = 0
        tries = 0
        while k < n and tries < 50 * n:
            tries += 1
            x = rng.random()
            if x < 0.42 and pool:
                src = rng.choice(valid) if (rng.random() < 0.7 and valid) or not invalid else rng.choice(invalid)
                a, b = copy_operand(src[0]), copy_operand(src[1])
                origin = src[2] + ("" if src[3] else ":err")
                how = mark(rng, a, None if op == "coalesce_by" else b)
                negate_some(rng, a, b, 0.03)
            elif x < 0.42 + gemm_share:
                a, b = draw_gemm(rng, op)
                origin, how = "gemm", "gemm"
            else:
                a, b = draw_fresh(rng, op)
                origin = "random"
                how = mark(rng, a, None if op == "coalesce_by" else b)
                negate_some(rng, a, b, 0.05)
            if op == "coalesce_by":
                profile_marks(b)
            if op in COMPLEMENTED and origin != "gemm" and rng.random() < 0.7:
                static_strides(rng, a, b)
            if op in ("complement", "complement_to") and how == "none" and rng.random() < 0.5:
                continue
            c = Case(None, op, a, b, f"{origin} ({how})")
            if c.key() in seen:
                continue
            seen.add(c.key())
            k += 1
            c.id = f"{op}#{k}"
            cases.append(c)
    return cases


# ================================================================== CuTe C++

DRIVER_HEAD = r"""// A driver of cute_cpp_cases.py: one case per line, each run in a child process.
#include <cute/layout.hpp>
#include <cute/util/print.hpp>
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>
using namespace cute;
volatile int cute_cases_zero = 0;
// A run-time int the compiler cannot see through.
static int d(int v) { return v + cute_cases_zero; }
struct Entry { const char* id; void (*f)(); };
"""

DRIVER_TAIL = r"""
static const char* signame(int s) {
  switch (s) {
    case SIGFPE: return "SIGFPE";
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGALRM: return "SIGALRM (timeout)";
    default: return "signal";
  }
}
int main() {
  for (const Entry& e : entries) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(20);
      printf("%s\t", e.id);
      e.f();
      printf("\n");
      fflush(stdout);
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
      printf("%s\tcrash: %s\n", e.id, WIFSIGNALED(st) ? signame(WTERMSIG(st)) : "exit");
    }
  }
  return 0;
}
"""


class Job:
    """One C++ program of one variant of a case: (case, all_static)."""

    def __init__(self, case, all_static):
        self.case, self.all_static = case, all_static
        self.tag = f"{case.id}{'/s' if all_static else ''}"
        self.result = None
        self.note = ""


def write_driver(path, jobs):
    lines = DRIVER_HEAD.rstrip("\n").split("\n")
    line_of = {}
    for i, j in enumerate(jobs):
        line_of[len(lines) + 1] = j
        lines.append(f"static void c{i}() {{ print({cpp_call(j.case.op, j.case.a, j.case.b, j.all_static)}); }}")
    lines.append("static const Entry entries[] = {")
    for i, j in enumerate(jobs):
        lines.append(f'  {{"{j.tag}", c{i}}},')
    lines.append("};")
    with open(path, "w") as f:
        f.write("\n".join(lines) + DRIVER_TAIL)
    return line_of


class Tool:
    def __init__(self, directory, work):
        self.run_sh = os.path.join(directory, "run.sh")
        if not os.path.isfile(self.run_sh):
            sys.exit(f"{SCRIPT}: no run.sh in {directory}")
        self.directory = directory
        self.work = work
        self.env = dict(os.environ)
        # keep the header cache where the tool puts it by default (under the
        # temporary directory), put the tool's scratch files in ours
        self.env.setdefault("CUTE_CPP_CACHE", os.path.join(tempfile.gettempdir(), "cute-cpp"))
        self.env["TMPDIR"] = work
        self.compiles = 0

    def version(self):
        try:
            with open(os.path.join(self.directory, "setup.sh")) as f:
                m = CUTE_VERSION_RE.search(f.read())
                return m.group(1) if m else "unknown"
        except OSError:
            return "unknown"

    def run(self, jobs, name):
        """Compiles and runs the jobs; returns (ok, stdout, stderr, line_of)."""
        path = os.path.join(self.work, f"{name}.cpp")
        line_of = write_driver(path, jobs)
        self.compiles += 1
        p = subprocess.run(["bash", self.run_sh, path], capture_output=True, text=True, env=self.env)
        return p.returncode == 0, p.stdout, p.stderr, line_of, os.path.basename(path)


ERROR_LINE = re.compile(r"error: (.*)$")


def implicated(stderr, fname, line_of):
    """The jobs whose lines the compiler's messages name, each with the first
    error reported under it."""
    out = {}
    ref = re.compile(re.escape(fname) + r":(\d+):\d+:")
    current = None
    for line in stderr.split("\n"):
        m = ref.search(line)
        if m and int(m.group(1)) in line_of:
            current = line_of[int(m.group(1))]
            out.setdefault(current.tag, [current, ""])
        e = ERROR_LINE.search(line)
        if e and current is not None and not out[current.tag][1]:
            out[current.tag][1] = e.group(1).strip()
    return list(out.values())


def run_jobs(tool, jobs, name, depth=0):
    """Runs a batch; isolates the jobs CuTe refuses at compile time (by the
    lines the compiler names, then by bisection)."""
    if not jobs:
        return
    ok, out, err, line_of, fname = tool.run(jobs, name)
    if ok:
        got = {}
        for line in out.split("\n"):
            if "\t" in line:
                tag, res = line.split("\t", 1)
                got[tag] = res.strip()
        for j in jobs:
            j.result = got.get(j.tag, "crash: no output")
        return
    if "error:" not in err:
        sys.exit(f"{SCRIPT}: the tool failed without a compile error:\n{err[-2000:]}")
    bad = implicated(err, fname, line_of)
    if bad and len(bad) < len(jobs):
        for j, msg in bad:
            j.result, j.note = "static_assert", msg
        rest = [j for j in jobs if j.result is None]
        run_jobs(tool, rest, name + "r", depth + 1)
        return
    if len(jobs) == 1:
        if not bad:
            sys.exit(f"{SCRIPT}: a driver with one case fails to compile, and no message names the case:\n"
                     + err[-3000:])
        jobs[0].result, jobs[0].note = "static_assert", bad[0][1]
        return
    half = len(jobs) // 2
    run_jobs(tool, jobs[:half], name + "a", depth + 1)
    run_jobs(tool, jobs[half:], name + "b", depth + 1)


def run_cute(tool, cases, batch, jobs_n):
    jobs = []
    for c in cases:
        jobs.append(Job(c, False))
        jobs.append(Job(c, True))
    batches = [jobs[i:i + batch] for i in range(0, len(jobs), batch)]
    done = [0]

    def one(k):
        run_jobs(tool, batches[k], f"batch{k}")
        done[0] += 1
        print(f"  batch {done[0]}/{len(batches)}", file=sys.stderr)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs_n) as ex:
        list(ex.map(one, range(len(batches))))
    for j in jobs:
        if j.all_static:
            j.case.cute_static = j.result
        else:
            j.case.cute = j.result
            j.case.note = j.note


# ================================================================== the TSV

TSV_COLUMNS = ["id", "op", "a", "b", "cute", "cute_all_static", "origin", "note"]


def write_tsv(cases, seed, count, version):
    head = [
        "# CuTe C++'s results for the layout algebra on mixed static/dynamic layouts.",
        f"# Made by {SCRIPT} (seed {seed}, {count} cases requested) with CuTe C++ from",
        f"# nvidia-cutlass {version}, compiled and run on the host with g++.",
        "# Columns: id, operation, A, B (the second operand: a layout, a tiler, a profile",
        "# or a cotarget; `-` for none) in the notation of cute-static's `layout!`",
        "# (`{}` around a dynamic leaf, `_` for a mode left alone, `:` inside a tuple",
        "# tiler for a layout entry), CuTe C++'s printed result for these operands,",
        "# CuTe C++'s printed result with every leaf static, the origin of the operands",
        "# (and how their leaves were made dynamic), and the compiler's first message",
        "# when CuTe refuses the mixed case at compile time. `static_assert`: CuTe",
        "# refuses the case at compile time; `crash: SIG...`: the program dies at run time.",
        "\t".join(TSV_COLUMNS),
    ]
    rows = []
    for c in cases:
        note = c.note.replace("\t", " ")
        rows.append("\t".join([c.id, c.op, operand_txt(c.a), operand_txt(c.b), c.cute,
                               c.cute_static, c.origin, note]))
    with open(TSV, "w") as f:
        f.write("\n".join(head + rows) + "\n")


class TsvRow:
    def __init__(self, fields):
        (self.id, self.op, self.a_txt, self.b_txt, self.cute, self.cute_static,
         self.origin, self.note) = (fields + [""] * 8)[:8]
        self.a = parse_operand(self.a_txt)
        self.b = None if self.b_txt == "-" else parse_operand(self.b_txt)
        if self.op == "complement_to":
            self.b = ("shape", as_tree(self.b))


def read_tsv():
    rows = []
    with open(TSV) as f:
        for line in f:
            if line.startswith("#") or line.startswith("id\t") or not line.strip():
                continue
            rows.append(TsvRow(line.rstrip("\n").split("\t")))
    return rows


# The TSV notation: item := tree [':' tree]; tree := int | {int} | _ | ( items ).
NOTE_TOKEN = re.compile(r"\s*(?:(\{-?\d+\})|(-?\d+)|(.))")


def parse_operand(s):
    toks = []
    pos = 0
    while pos < len(s):
        m = NOTE_TOKEN.match(s, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        if m.group(1):
            toks.append(("leaf", Leaf(int(m.group(1)[1:-1]), True)))
        elif m.group(2):
            toks.append(("leaf", Leaf(int(m.group(2)))))
        elif m.group(3) and not m.group(3).isspace():
            toks.append(("p", m.group(3)))
    i = [0]

    def peek():
        return toks[i[0]] if i[0] < len(toks) else ("end", None)

    def item():
        t = peek()
        if t[0] == "leaf":
            i[0] += 1
            x = ("int", t[1])
        elif t == ("p", "_"):
            i[0] += 1
            x = ("keep",)
        elif t == ("p", "("):
            i[0] += 1
            items, trailing = [], False
            while peek() != ("p", ")"):
                items.append(item())
                trailing = False
                if peek() == ("p", ","):
                    i[0] += 1
                    trailing = True
            i[0] += 1
            x = items[0] if len(items) == 1 and not trailing else ("tuple", items)
        else:
            raise ParseError(f"{s}: unexpected {t}")
        if peek() == ("p", ":"):
            i[0] += 1
            y = item()
            return ("layout", as_tree(x), as_tree(y))
        return x

    x = item()
    if peek()[0] != "end":
        raise ParseError(f"{s}: trailing tokens")
    return x


def as_tree(x):
    if x[0] == "int":
        return x[1]
    if x[0] == "tuple":
        return tuple(as_tree(c) for c in x[1])
    raise ParseError("not an integer tuple")


# ================================================================== Rust tests

RUST_HEAD = """{what}
//! Written by scripts/cute_cpp_cases.py from tests/data/cute_cpp_mixed.tsv;
//! do not edit by hand. For each case CuTe C++ accepts, the cute-static call
//! must print CuTe's result exactly where that result is the operation's
//! value, and be an error where it is not (see cute_cpp_harness).
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]

mod cute_cpp_harness;

#[allow(unused_imports)]
use cute_static::*;
use cute_cpp_harness::Run;

#[test]
fn cute_cpp_mixed_{name}() {{
    let mut run = Run::new("cute_cpp_mixed_{name}");
"""

RUST_TAIL = """    run.finish();
}
"""


def rs_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def case_line(r):
    call = rs_call(r.op, r.a, r.b)
    return (f"    run.case({rs_str(r.id)}, {rs_str(r.op)}, {rs_str(r.a_txt)}, {rs_str(r.b_txt)}, "
            f"{rs_str(r.cute)}, {rs_str(r.cute_static)}, || {call});")


def write_rust(rows, ops, excluded):
    """Writes the test files; returns {file path: {line: row}}."""
    lines_of = {}
    for name, group_ops in GROUPS:
        path = os.path.join(TEST_DIR, f"cute_cpp_mixed_{name}.rs")
        what = "\n".join("//! " + l for l in textwrap.wrap(
            "CuTe C++'s results for mixed static/dynamic layouts: " + ", ".join(group_ops) + ".", 74))
        lines = RUST_HEAD.format(what=what, name=name).split("\n")[:-1]
        at = {}
        for r in rows:
            if r.op not in group_ops:
                continue
            if r.cute == "static_assert":
                lines.append(f"    run.refused({rs_str(r.id)}, {rs_str(r.op)});")
            elif r.op not in ops:
                lines.append(f"    run.skipped({rs_str(r.id)}, {rs_str(r.op)}, \"not generated (the generator's --ops)\");")
            elif r.id in excluded:
                lines.append(f"    run.not_expressible({rs_str(r.id)}, {rs_str(r.op)}, {rs_str(r.a_txt)}, {rs_str(r.b_txt)}, "
                             f"{rs_str(r.cute)}, {rs_str(r.cute_static)}, {rs_str(excluded[r.id])});")
            else:
                at[len(lines) + 1] = r
                lines.append(case_line(r))
        lines += RUST_TAIL.split("\n")[:-1]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        lines_of[path] = at
    return lines_of


def clean_message(msg):
    msg = " ".join(msg.split())
    return msg if len(msg) <= 240 else msg[:237] + "..."


def spans_of(msg):
    out = []
    stack = [msg]
    while stack:
        m = stack.pop()
        for sp in m.get("spans", []):
            s = sp
            while s:
                out.append((s.get("file_name", ""), s.get("line_start", 0)))
                s = (s.get("expansion") or {}).get("span")
        stack.extend(m.get("children", []))
    return out


def compile_check(rows, ops, max_rounds):
    """Writes the tests and compiles them, moving the cases that do not
    compile to the "not expressible" list, until they compile."""
    excluded = {}
    names = [f"cute_cpp_mixed_{name}" for name, _ in GROUPS]
    for rnd in range(max_rounds):
        lines_of = write_rust(rows, ops, excluded)
        cmd = ["cargo", "test", "-p", "cute-tests", "--no-run", "--message-format=json"]
        for n in names:
            cmd += ["--test", n]
        print(f"compiling the tests (round {rnd + 1})...", file=sys.stderr)
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if p.returncode == 0:
            return excluded
        new = {}
        unplaced = []
        for line in p.stdout.split("\n"):
            try:
                m = json.loads(line)
            except ValueError:
                continue
            if m.get("reason") != "compiler-message" or m["message"].get("level") != "error":
                continue
            msg = m["message"]
            placed = False
            for fname, ln in spans_of(msg):
                for path, at in lines_of.items():
                    if fname and os.path.abspath(os.path.join(ROOT, fname)) == path and ln in at:
                        new.setdefault(at[ln].id, clean_message(msg.get("message", "")))
                        placed = True
            if not placed and not msg.get("message", "").startswith("aborting due to"):
                unplaced.append(msg.get("rendered") or msg.get("message", ""))
        if not new:
            sys.exit(f"{SCRIPT}: the tests do not compile, and no error names a case:\n"
                     + "\n".join(unplaced)[-4000:] + p.stderr[-2000:])
        excluded.update(new)
        print(f"  {len(new)} cases do not compile", file=sys.stderr)
    sys.exit(f"{SCRIPT}: the tests still do not compile after {max_rounds} rounds")


# ================================================================== main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", nargs="?", default="all", choices=["all", "cases", "rust"])
    ap.add_argument("--tool", default=os.environ.get("CUTE_CPP_TOOL"),
                    help="the CuTe C++ host tool's directory (or CUTE_CPP_TOOL)")
    ap.add_argument("--seed", type=int, default=20250917)
    ap.add_argument("--count", type=int, default=1000, help="cases to draw (about)")
    ap.add_argument("--batch", type=int, default=120, help="C++ functions per program")
    ap.add_argument("--jobs", type=int, default=2, help="programs compiled at once")
    ap.add_argument("--ops", default=",".join(OPS), help="operations whose tests to generate")
    ap.add_argument("--no-check", action="store_true", help="do not compile the tests")
    ap.add_argument("--rounds", type=int, default=8, help="compile rounds at most")
    ap.add_argument("--keep", action="store_true", help="keep the C++ programs")
    args = ap.parse_args()
    ops = [o.strip() for o in args.ops.split(",") if o.strip()]
    for o in ops:
        if o not in OPS:
            sys.exit(f"{SCRIPT}: unknown operation {o}")

    if args.step in ("all", "cases"):
        if not args.tool:
            sys.exit(f"{SCRIPT}: give the CuTe C++ host tool's directory (--tool or CUTE_CPP_TOOL)")
        cases = draw_cases(args.seed, args.count)
        print(f"{len(cases)} cases drawn", file=sys.stderr)
        work = tempfile.mkdtemp(prefix="cute-cpp-cases-")
        try:
            tool = Tool(os.path.abspath(args.tool), work)
            run_cute(tool, cases, args.batch, args.jobs)
            write_tsv(cases, args.seed, args.count, tool.version())
            print(f"{tool.compiles} C++ programs compiled", file=sys.stderr)
        finally:
            if args.keep:
                print(f"C++ programs kept in {work}", file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
        summary(read_tsv())

    if args.step in ("all", "rust"):
        rows = read_tsv()
        if args.no_check:
            write_rust(rows, ops, {})
            excluded = {}
        else:
            excluded = compile_check(rows, ops, args.rounds)
        by_op = {}
        for r in rows:
            if r.id in excluded:
                by_op.setdefault(r.op, []).append(r.id)
        for op, ids in sorted(by_op.items()):
            print(f"not expressible: {op}: {len(ids)}", file=sys.stderr)
        for rid, why in sorted(excluded.items()):
            print(f"  {rid}: {why}", file=sys.stderr)


def summary(rows):
    per = {}
    for r in rows:
        s = per.setdefault(r.op, [0, 0, 0])
        s[0] += 1
        if r.cute == "static_assert":
            s[1] += 1
        elif r.cute.startswith("crash"):
            s[2] += 1
    print("operation: cases, refused at compile time (static_assert), crashes", file=sys.stderr)
    for op in OPS:
        if op in per:
            print(f"  {op}: {per[op][0]}, {per[op][1]}, {per[op][2]}", file=sys.stderr)


if __name__ == "__main__":
    main()
