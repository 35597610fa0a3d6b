#!/usr/bin/env python3
"""Writes the static-vs-dynamic agreement tests of cute-static.

Reads the specification's examples (tests/data/examples.tsv) and the
conformance cases (tests/data/conformance.tsv), keeps the calls of the
algebra whose operands are layouts with integer strides that a static layout
can hold, and writes tests/tests/static_agree_N.rs: for each case, the
static result (computed by the compiler) must be the run-time algebra's
result (shape, stride, nesting, printed form, offsets); then the same case
with one leaf of each operand made dynamic must give the same function.

Python 3 standard library only. Run from the repository root:
    python3 scripts/gen_static_cases.py
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = 6  # test files, compiled in parallel
PER_OP = int(os.environ.get("PER_OP", "30"))  # static cases per operation
MAX_LEAF = 1 << 16
MAX_LEAVES = 10

# ---------------------------------------------------------------- parsing


class ParseError(Exception):
    pass


TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|(.))")


def tokenize(s):
    out = []
    pos = 0
    while pos < len(s):
        m = TOKEN.match(s, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        if m.group(1):
            out.append(("int", int(m.group(1))))
        elif m.group(2):
            out.append(("name", m.group(2)))
        elif m.group(3) and not m.group(3).isspace():
            out.append(("p", m.group(3)))
    return out


class Parser:
    def __init__(self, s):
        self.t = tokenize(s)
        self.i = 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ("end", None)

    def take(self, kind=None, val=None):
        tok = self.peek()
        if kind and tok[0] != kind or val is not None and tok[1] != val:
            raise ParseError(f"expected {kind} {val}, got {tok}")
        self.i += 1
        return tok

    def expr(self):
        tok = self.peek()
        if tok[0] == "int":
            self.take()
            return ("int", tok[1])
        if tok == ("p", "("):
            self.take()
            items = []
            trailing = False
            while self.peek() != ("p", ")"):
                items.append(self.expr())
                trailing = False
                if self.peek() == ("p", ","):
                    self.take()
                    trailing = True
            self.take("p", ")")
            if len(items) == 1 and not trailing:
                return items[0]
            return ("tuple", items)
        if tok[0] == "name":
            self.take()
            name = tok[1]
            if name == "None":
                return ("none",)
            mode = []
            if self.peek() == ("p", "["):
                self.take()
                while self.peek() != ("p", "]"):
                    mode.append(self.take("int")[1])
                    if self.peek() == ("p", ","):
                        self.take()
                self.take("p", "]")
            if self.peek() != ("p", "("):
                raise ParseError(f"bare name {name}")
            self.take()
            args = []
            while self.peek() != ("p", ")"):
                args.append(self.expr())
                if self.peek() == ("p", ","):
                    self.take()
            self.take("p", ")")
            if self.peek() == ("p", "."):
                raise ParseError("attribute")
            if name == "Layout":
                return layout_value(args)
            return ("call", name, mode, args)
        raise ParseError(f"unexpected {tok}")


def parse(s):
    p = Parser(s)
    e = p.expr()
    if p.peek()[0] != "end":
        raise ParseError("trailing tokens")
    return e


def is_int_tree(t):
    if t[0] == "int":
        return True
    return t[0] == "tuple" and all(is_int_tree(c) for c in t[1])


def to_py(t):
    return t[1] if t[0] == "int" else tuple(to_py(c) for c in t[1])


def col_major(shape, acc=1):
    """The compact column-major stride of a shape, and the next product."""
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


def layout_value(args):
    if not args or not is_int_tree(args[0]):
        raise ParseError("layout shape")
    shape = to_py(args[0])
    if len(args) == 1:
        stride = col_major(shape)[0]
    elif is_int_tree(args[1]):
        stride = to_py(args[1])
    else:
        raise ParseError("layout stride")
    if not congruent(shape, stride):
        raise ParseError("not congruent")
    return ("layout", shape, stride)


def leaves(t):
    if isinstance(t, int):
        return [t]
    return [x for c in t for x in leaves(c)]


def depth(t):
    if isinstance(t, int):
        return 0
    return 1 + max((depth(c) for c in t), default=0)


def fits(v):
    """True iff a value can be a static operand here."""
    kind = v[0]
    if kind == "layout":
        ls = leaves(v[1]) + leaves(v[2])
        if not leaves(v[1]) or len(leaves(v[1])) > MAX_LEAVES or depth(v[1]) > 3:
            return False
        return all(0 <= x <= MAX_LEAF for x in ls) and all(x >= 1 for x in leaves(v[1]))
    if kind == "int":
        return 1 <= v[1] <= MAX_LEAF
    if kind == "none":
        return True
    if kind == "tuple":
        return 0 < len(v[1]) <= 4 and all(fits(c) for c in v[1])
    return False


# ---------------------------------------------------------------- rendering


def py_tuple(t):
    if isinstance(t, int):
        return str(t)
    if len(t) == 1:
        return f"({py_tuple(t[0])},)"
    return "(" + ", ".join(py_tuple(c) for c in t) + ")"


def dyn_text(v):
    return f"{py_tuple(v[1])}:{py_tuple(v[2])}"


def mark(t, k, counter):
    """The tuple `t` with its `k`-th leaf (counting from `counter[0]`) in braces."""
    if isinstance(t, int):
        i = counter[0]
        counter[0] += 1
        return f"{{{t}}}" if i == k else str(t)
    inner = [mark(c, k, counter) for c in t]
    if len(inner) == 1:
        return f"({inner[0]},)"
    return "(" + ", ".join(inner) + ")"


def rust_layout(v, dyn=None):
    """`layout!(S : D)`; `dyn` is the index of a leaf (shape then stride) to
    make dynamic (then the macro's Result is unwrapped)."""
    c = [0]
    k = -1 if dyn is None else dyn
    s = mark(v[1], k, c)
    d = mark(v[2], k, c)
    text = f"layout!({s} : {d})"
    return text if dyn is None else text + ".unwrap()"


def n_leaves(v):
    return len(leaves(v[1])) + len(leaves(v[2]))


def rust_tiler(v, dyn=None):
    """A tiler in Rust; `dyn` = (path of a layout or integer in the tiler,
    leaf index) to make one leaf dynamic."""
    def go(v, path):
        kind = v[0]
        here = dyn is not None and dyn[0] == path
        if kind == "layout":
            return rust_layout(v, dyn[1] if here else None)
        if kind == "int":
            return f"tile!({{{v[1]}}})" if here else f"tile!({v[1]})"
        if kind == "none":
            return "Keep"
        items = v[1]
        if all(c[0] in ("int", "none") for c in items) and not (dyn is not None and dyn[0][: len(path)] == path and len(dyn[0]) > len(path)):
            body = ", ".join("_" if c[0] == "none" else str(c[1]) for c in items)
            return f"tile!({body},)" if len(items) == 1 else f"tile!({body})"
        inner = [go(c, path + (i,)) for i, c in enumerate(items)]
        return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"
    return go(v, ())


def dyn_tiler(v):
    kind = v[0]
    if kind == "layout":
        return f'T::L("{dyn_text(v)}")'
    if kind == "int":
        return f"T::I({v[1]})"
    if kind == "none":
        return "T::N"
    return "T::Tup(vec![" + ", ".join(dyn_tiler(c) for c in v[1]) + "])"


def tiler_slots(v, path=()):
    """The layouts and integers of a tiler: (path, number of leaves)."""
    kind = v[0]
    if kind == "layout":
        return [(path, n_leaves(v))]
    if kind == "int":
        return [(path, 1)]
    if kind == "tuple":
        return [s for i, c in enumerate(v[1]) for s in tiler_slots(c, path + (i,))]
    return []


def pad_mode(b, mode):
    """`f[m0, m1](A, B)` as a by-mode tiler: B behind `m` Keeps at each level."""
    for m in reversed(mode):
        b = ("tuple", [("none",)] * m + [b])
    return b


def mode_reaches_tuples(a, mode):
    """True iff every step of `mode` goes into a tuple of A's shape."""
    s = a[1]
    for m in mode:
        if isinstance(s, int) or m >= len(s):
            return False
        s = s[m]
    return True


# ---------------------------------------------------------------- cases


class Case:
    def __init__(self, op, source, static, dynamic, mixed):
        self.op, self.source, self.static, self.dynamic, self.mixed = op, source, static, dynamic, mixed


def pick(seed, n):
    return (seed * 2654435761 + 12345) % max(n, 1)


def make_cases(expr, seed):
    """The cases of one call, or []."""
    if expr[0] != "call":
        return []
    _, name, mode, args = expr
    if not all(fits(a) for a in args):
        return []
    out = []

    def layout_arg(k):
        if k < len(args) and args[k][0] == "layout":
            return args[k]
        return None

    a = layout_arg(0)
    if a is None:
        return []
    A, Ad = dyn_text(a), None
    mixed_a = rust_layout(a, pick(seed, n_leaves(a)))

    def tiler_mixed(t, salt):
        slots = tiler_slots(t)
        if not slots:
            return rust_tiler(t)
        path, n = slots[pick(seed + salt, len(slots))]
        return rust_tiler(t, (path, pick(seed + 7 * salt, n)))

    ms = ", ".join(str(m) for m in mode)
    if name in ("coalesce", "coalesce_z"):
        if len(args) == 1 and not mode:
            out.append(Case(name, expr, f"{name}({rust_layout(a)})", f'ad::{name}("{A}", None, &[])',
                            f"{name}({mixed_a}).unwrap()"))
        elif len(args) <= 2:
            p = args[1] if len(args) == 2 else ("int", 1)
            if p[0] == "layout" or not mode_reaches_tuples(a, mode):
                return []
            pt = pad_mode(p, mode)
            if pt[0] != "tuple":
                return []
            out.append(Case(f"{name}_by", expr, f"{name}_by({rust_layout(a)}, {rust_tiler(pt)})",
                            f'ad::{name}("{A}", Some({dyn_tiler(p)}), &[{ms}])',
                            f"{name}_by({mixed_a}, {rust_tiler(pt)}).unwrap()"))
        return out
    if name == "complement":
        if mode:
            return []
        if len(args) == 1:
            out.append(Case("complement", expr, f"complement({rust_layout(a)})", f'ad::complement("{A}", None)',
                            f"complement({mixed_a}).unwrap()"))
        elif len(args) == 2 and args[1][0] in ("int", "tuple") and is_int_tree(args[1]):
            e = to_py(args[1])
            sh = py_tuple(e)
            body = sh[1:-1] if isinstance(e, tuple) and len(e) > 1 else sh
            c = [0]
            dyn_e = mark(e, pick(seed, len(leaves(e))), c)
            dyn_body = dyn_e[1:-1] if isinstance(e, tuple) and len(e) > 1 else dyn_e
            out.append(Case("complement_to", expr, f"complement_to({rust_layout(a)}, shape!({body}))",
                            f'ad::complement("{A}", Some("{sh}"))',
                            f"complement_to({rust_layout(a)}, shape!({dyn_body})).unwrap()"))
            out.append(Case("complement_to", expr, None, f'ad::complement("{A}", Some("{sh}"))',
                            f"complement_to({mixed_a}, shape!({body})).unwrap()"))
        return out
    if name in ("right_inverse", "left_inverse"):
        if len(args) == 1 and not mode:
            # CuTe C++'s left inverse sorts the strides at compile time:
            # only an extent may be dynamic
            inv_a = mixed_a if name == "right_inverse" else rust_layout(a, pick(seed, len(leaves(a[1]))))
            out.append(Case(name, expr, f"{name}({rust_layout(a)})", f'ad::{name}("{A}")', f"{name}({inv_a}).unwrap()"))
        return out
    if name in ("blocked_product", "raked_product"):
        b = layout_arg(1)
        if b is None or mode or len(args) != 2:
            return []
        B = dyn_text(b)
        mixed_b = rust_layout(b, pick(seed + 3, n_leaves(b)))
        out.append(Case(name, expr, f"{name}({rust_layout(a)}, {rust_layout(b)})", f'ad::{name}("{A}", "{B}")',
                        f"{name}({rust_layout(a)}, {mixed_b}).unwrap()"))
        out.append(Case(name, expr, None, f'ad::{name}("{A}", "{B}")', f"{name}({mixed_a}, {mixed_b}).unwrap()"))
        return out
    if name in ("composition", "logical_divide", "zipped_divide", "logical_product"):
        if len(args) != 2 or not mode_reaches_tuples(a, mode):
            return []
        b = args[1]
        if mode and b[0] == "tuple":
            return []
        bt = pad_mode(b, mode)
        rs = rust_tiler(bt)
        ref = f'ad::{name}("{A}", {dyn_tiler(b)}, &[{ms}])'
        # zipped_divide[m](A, B) divides mode m by the layout B: a by-mode
        # logical divide (a by-mode zipped divide would zip)
        fn = "logical_divide" if name == "zipped_divide" and mode else name
        # a tuple tiler with a nested tuple or a None entry is counted apart,
        # so that the first cases of each operation do not crowd it out
        nested = bt[0] == "tuple" and any(c[0] == "tuple" for c in bt[1])
        kept = bt[0] == "tuple" and any(c[0] == "none" for c in bt[1])
        tag = ""
        if name in ("zipped_divide", "logical_product"):
            tag = " (nested)" if nested else " (None)" if kept else ""
        out.append(Case(name + tag, expr, f"{fn}({rust_layout(a)}, {rs})", ref,
                        f"{fn}({mixed_a}, {rs}).unwrap()"))
        out.append(Case(name + tag, expr, None, ref, f"{fn}({mixed_a}, {tiler_mixed(bt, 5)}).unwrap()"))
        # CuTe C++'s regroupings of the same call
        if not mode and name == "zipped_divide":
            for g in ("tiled_divide", "flat_divide"):
                out.append(Case(g + tag, expr, f"{g}({rust_layout(a)}, {rs})", f'ad::{g}("{A}", {dyn_tiler(b)})',
                                f"{g}({mixed_a}, {rs}).unwrap()"))
        if not mode and name == "logical_product" and b[0] in ("layout", "tuple"):
            for g in ("zipped_product", "tiled_product", "flat_product"):
                if g != "zipped_product" and b[0] != "tuple":
                    continue
                # the mixed case makes a leaf of the tiler dynamic (the tile,
                # A, is complemented: static); a tiler of None entries only
                # has none
                mixed = f"{g}({rust_layout(a)}, {tiler_mixed(b, 9)}).unwrap()" if tiler_slots(b) else None
                out.append(Case(g + tag, expr, f"{g}({rust_layout(a)}, {rs})", f'ad::{g}("{A}", {dyn_tiler(b)})',
                                mixed))
        return out
    return []


# Calls the specification's data has no case of: nested tuple tilers of
# zipped_divide and zipped_product (through logical_product), None entries
# of zipped_product, coalesce_z by a profile.
HAND_CALLS = [
    "zipped_divide(Layout((8, (4, 6))), (2, (2, 3)))",
    "zipped_divide(Layout((8, (4, 6))), (2, (None, 3)))",
    "zipped_divide(Layout((8, (4, 6))), (2, (2,)))",
    "zipped_divide(Layout((8, (4, 6))), (Layout(2, 2), (2, Layout(3, 2))))",
    "zipped_divide(Layout((8, (4, 6)), (24, (1, 4))), (4, (Layout(2, 2), 2)))",
    "zipped_divide(Layout(((4, 2), (4, 6))), ((2, 2), (2, 3)))",
    "zipped_divide(Layout((16, (8, 8)), (1, (16, 128))), (None, (4, 2)))",
    "logical_product(Layout((2, (5, 3)), (1, (2, 10))), (3, (2, 2)))",
    "logical_product(Layout((2, (5, 3)), (1, (2, 10))), (3, (None, 2)))",
    "logical_product(Layout((2, (5, 3)), (1, (2, 10))), (Layout(3, 1), (2,)))",
    "logical_product(Layout((2, 5), (5, 1)), (None, Layout(3, 1)))",
    "logical_product(Layout((4, 8), (8, 1)), (2, None))",
    "coalesce_z(Layout((2, (1, 6)), (1, (6, 2))), (1, 1))",
    "coalesce_z(Layout((3, (2, 6, 1)), (1, (3, 6, 5))), (None, 1))",
    "coalesce_z(Layout((2, 1, 6, 1), (1, 7, 8, 0)), 1)",
]


def read_sources():
    exprs = []
    with open(os.path.join(ROOT, "tests/data/examples.tsv")) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 4 and parts[0] == "api" and parts[1].startswith("algebra.") and parts[2] == "check":
                text = parts[3]
                if "==" in text:
                    exprs.append(("spec", text.split("==")[0].strip()))
    with open(os.path.join(ROOT, "tests/data/conformance.tsv")) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3 and parts[2].startswith("ok "):
                exprs.append(("conformance", parts[1]))
    return exprs + [("hand", c) for c in HAND_CALLS]


# ---------------------------------------------------------------- partitions
#
# Slices and partitions (local_tile, outer_partition, local_partition and
# the projection forms) of the layouts the conformance cases divide by a
# static tiler, at coordinates read from the conformance result's rest and
# tile modes, and of hand-picked GEMM-shaped cases; each also with one leaf
# of the layout made dynamic. The offset must be the run-time one, and the
# layout the run-time one (static) or the same function (mixed); an error
# must be an error of the same class.

PART_FROM_CONFORMANCE = 24  # zipped_divide cases whose partitions are checked


def size_of(t):
    n = 1
    for x in leaves(t):
        n *= x
    return n


def top_modes(t):
    return [t] if isinstance(t, int) else list(t)


def render(c, none, leaf=str):
    """A coordinate or projection: `none` for a free mode (None), `leaf` of
    each integer, Rust's tuple syntax (a trailing comma for one element)."""
    if c is None:
        return none
    if isinstance(c, int):
        return leaf(c)
    inner = [render(x, none, leaf) for x in c]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rust_crd(c):
    """A partition or slicing coordinate in Rust: `Keep` for a free mode."""
    return render(c, "Keep")


def dyn_crd(c):
    """The same in the run-time notation: `None` for a free mode."""
    return render(c, "None")


def rust_proj(p):
    """A projection in Rust: `X` for a mode left out, `1` for a kept one."""
    return render(p, "X", lambda _: "1")


def mode_coords(mode, seed):
    """Coordinates of a mode of a zipped divide (its top-level modes): one
    in range, one leaving the first mode free (or an integral one), one
    outside."""
    ms = top_modes(mode)
    if isinstance(mode, int):
        return [pick(seed, mode), mode]
    c1 = tuple(pick(seed + 3 * i, size_of(m)) for i, m in enumerate(ms))
    out = [c1]
    if len(ms) >= 2:
        out.append((None,) + c1[1:-1] if len(ms) > 2 else (None,))
    else:
        out.append(pick(seed + 1, size_of(mode)))
    out.append((size_of(ms[0]),) + c1[1:])
    return out


def tile_span(t):
    """The extent a tiler entry (an integer or a layout) covers with its
    complement: the integer, or the largest s * d of the layout's leaves with
    s > 1 and d > 0 (1 if none)."""
    if t[0] == "int":
        return t[1]
    m = 1
    for e, d in zip(leaves(t[1]), leaves(t[2])):
        if e > 1 and d > 0:
            m = max(m, e * d)
    return m


def entry_uneven(t, mode):
    """True iff the tiler entry `t` leaves a partial tile on the mode (a
    shape): the partitions' divisibility rule."""
    if t[0] == "none":
        return False
    if t[0] == "tuple":
        return any(entry_uneven(e, m) for e, m in zip(t[1], top_modes(mode)))
    return size_of(mode) % tile_span(t) != 0


def tiler_uneven(shape, t):
    """The same for a whole tiler: a tuple mode by mode, else the whole shape."""
    if t[0] == "tuple":
        return any(entry_uneven(e, m) for e, m in zip(t[1], top_modes(shape)))
    return entry_uneven(t, shape)


def threads_tiler(thr):
    """`product_each(shape(threads))` as a tiler."""
    if isinstance(thr[1], int):
        return ("int", thr[1])
    return ("tuple", [("int", size_of(m)) for m in thr[1]])


def project(p, t):
    """CuTe's `dice(p, t)` of a projection and a tuple (as Python values,
    None for X)."""
    out = []
    for pe, te in zip(p, t):
        if pe is None:
            continue
        out.append(project(pe, te) if isinstance(pe, tuple) else te)
    return tuple(out)


class PartCase:
    def __init__(self, static, mixed, dynamic, label):
        self.static, self.mixed, self.dynamic, self.label = static, mixed, dynamic, label


def part_cases_of(fn, a, tiler_rust, tiler_dyn, coords, seed, label, tiler=None):
    """The cases of a partition by a tiler; one that leaves a partial tile
    calls the unchecked form, which is the run-time algebra's partition
    (the checked forms refuse it: at compile time for a static mode)."""
    out = []
    A = dyn_text(a)
    rs = fn + "_unchecked" if tiler is not None and tiler_uneven(a[1], tiler) else fn
    for k, c in enumerate(coords):
        mixed_a = rust_layout(a, pick(seed + 11 * k, n_leaves(a)))
        out.append(PartCase(
            f"{rs}({rust_layout(a)}, {tiler_rust}, {rust_crd(c)})",
            f"{rs}({mixed_a}, {tiler_rust}, {rust_crd(c)})",
            f'ad::{fn}("{A}", {tiler_dyn}, "{dyn_crd(c)}")',
            f"{rs}: {label} at {dyn_crd(c)}"))
    return out


def conformance_partitions():
    """Partitions of the layouts the conformance cases divide."""
    out = []
    n = 0
    with open(os.path.join(ROOT, "tests/data/conformance.tsv")) as f:
        lines = [l.rstrip("\n").split("\t") for l in f]
    for seed, parts in enumerate(lines):
        if n >= PART_FROM_CONFORMANCE:
            break
        if len(parts) != 3 or parts[0] != "zipped_divide" or not parts[2].startswith("ok Layout"):
            continue
        try:
            e = parse(parts[1])
            r = parse(parts[2][3:])
        except (ParseError, RecursionError):
            continue
        if e[0] != "call" or e[2] or len(e[3]) != 2 or not all(fits(x) for x in e[3]):
            continue
        a, b = e[3]
        if a[0] != "layout" or r[0] != "layout" or isinstance(r[1], int) or len(r[1]) != 2:
            continue
        if b[0] == "tuple" and not all(c[0] in ("int", "none", "layout") for c in b[1]):
            continue
        if b[0] not in ("tuple", "layout"):
            continue
        tile, rest = r[1]
        n += 1
        label = f"conformance: {parts[1]}"
        out += part_cases_of("local_tile", a, rust_tiler(b), dyn_tiler(b), mode_coords(rest, seed), seed, label, b)
        out += part_cases_of("outer_partition", a, rust_tiler(b), dyn_tiler(b), mode_coords(tile, seed + 5)[:2], seed, label, b)
    return out


def L(shape, stride):
    return ("layout", shape, stride)


def tiler_of(t):
    """A hand-written tiler: ints, None, layouts, tuples."""
    if t is None:
        return ("none",)
    if isinstance(t, int):
        return ("int", t)
    if isinstance(t, tuple) and t and t[0] == "layout":
        return t
    return ("tuple", [tiler_of(x) for x in t])


# (layout, tiler, tile coordinates)
HAND_TILES = [
    (L((128, 64), (64, 1)), (32, 16), [(2, 3), (2, None), 5, (0, 0), (3, 3), (4, 0), (None,)]),
    (L((128, 64), (1, 128)), (32, 16), [(2, 3), (None, 1), 15, 16]),
    (L((8, 8, 3), (1, 8, 64)), (4, 2), [(1, 2), (1, 2, 2), (1, None, 1), (1, 2, 3)]),
    (L((256, 128), (1, 256)), (128, 8), [(1, None), (1, 3), (2, 0)]),
    (L(((4, 8), 16), ((1, 4), 32)), (8, 4), [(1, 2), (None, 3), (3, 0)]),
    (L((8, 10), (1, 8)), (L((2, 2), (1, 4)), 5), [(1, 1), (None, 0)]),
    (L((6, 8), (8, 1)), (None, 4), [(5, 1), (None, 1), 3]),
    (L((16, 64), (1, 16)), L(8, 2), [1, 15, 16]),
]
# (layout, tiler, coordinates in the tile)
HAND_OUTER = [
    (L((8, 6), (1, 8)), (4, 3), [(1, 2), 5, (None, 1), (4, 0)]),
    (L((16, 64), (1, 16)), (2, 16), [(1, 1), (0, 15)]),
    (L((12, 10), (10, 1)), (3, 5), [(2, 4), (None, 4)]),
]
# (layout, threads, thread indices)
HAND_THREADS = [
    (L((16, 64), (1, 16)), L((2, 16), (1, 2)), [0, 3, 17, 31, 32, -1]),
    (L((16, 64), (64, 1)), L((2, 16), (16, 1)), [0, 17, 30]),
    (L((8, 8), (8, 1)), L(((2, 2), 4), ((1, 8), 2)), [0, 13, 15]),
    (L((4, 8), (8, 1)), L((2, 4), (4, 1)), [5]),
    (L(32, 1), L(8, 1), [3, 7]),
    (L((128, 8), (1, 128)), L((32, 8), (1, 32)), [0, 100, 255]),
    (L((128, 128), (1, 128)), L((16, 16), (1, 16)), [0, 17, 200]),
    (L((8, 8), (1, 8)), L((4, 2), (1, 0)), [5]),
]
# (layout, tiler, coordinate, projection)
GEMM_TILER = (128, 128, 8)
HAND_TILE_PROJ = [
    (L((256, 128), (1, 256)), GEMM_TILER, (1, 2, None), (1, None, 1)),
    (L((384, 128), (1, 384)), GEMM_TILER, (1, 2, None), (None, 1, 1)),
    (L((256, 384), (1, 256)), GEMM_TILER, (1, 2, None), (1, 1, None)),
    (L((256, 128), (1, 256)), GEMM_TILER, (1, 2, 3), (1, None, 1)),
    (L((256, 128), (128, 1)), GEMM_TILER, (1, 2, None), (1, None, 1)),
    (L((256, 128), (1, 256)), GEMM_TILER, (2, 0, None), (1, None, 1)),
    (L((16, 64), (1, 16)), ((4, 2), 8), ((3, None), 1), ((1, None), 1)),
]
# (layout, threads, thread indices, projection)
HAND_THREAD_PROJ = [
    (L((128, 8), (1, 128)), L((16, 16), (1, 16)), [0, 17, 200], (1, None)),
    (L((128, 8), (1, 128)), L((16, 16), (1, 16)), [0, 17, 200], (None, 1)),
    (L((128, 128), (1, 128)), L((16, 16), (1, 16)), [0, 17, 200], (1, 1)),
    (L((8, 4), (1, 8)), L((2, 16, 1), (16, 1, 1)), [5, 19], (1, None, 1)),
    (L((32, 4), (1, 32)), L((2, 16, 1), (16, 1, 1)), [5, 19], (None, 1, 1)),
    (L((8, 32), (1, 8)), L((2, 16, 1), (16, 1, 1)), [5, 19], (1, 1, None)),
]
# Partitions with a partial tile (a tile or a thread layout that does not
# divide a mode): the checked forms refuse them, the unchecked forms are the
# run-time algebra's partitions. (function, layout, tiler or threads,
# coordinates or thread indices)
HAND_UNEVEN = [
    ("local_tile", L((100, 64), (1, 100)), (32, 16), [(3, 0), (0, 3), (4, 0)]),
    ("local_tile", L((8, 12), (12, 1)), (L(4, 4), 5), [(0, 2), (1, None)]),
    ("outer_partition", L((8, 6), (1, 8)), (4, 4), [(1, 3), (0, 0), (None, 2)]),
    ("local_partition", L((128, 8), (1, 128)), L((16, 16), (1, 16)), [0, 17, 200]),
]
# (layout, slicing coordinates)
HAND_SLICES = [
    (L((4, (2, 8)), (16, (1, 2))), [(2, None), (None, (1, None)), (1, 3), (None, None), None, 5, (3, (None, 7))]),
    (L((3, (2, 4)), (2, (1, 6))), [(1, (None, 2)), (None, 5), ((None), (1, 3))]),
    (L(((2, 2), (3, 4)), ((1, 2), (4, 12))), [((1, None), (None, 2)), ((None, None), 3), (3, None)]),
]


def hand_partitions():
    out = []
    seed = 7
    for a, t, cs in HAND_TILES:
        b = tiler_of(t)
        out += part_cases_of("local_tile", a, rust_tiler(b), dyn_tiler(b), cs, seed, f"hand: {dyn_text(a)} by {dyn_tiler(b)}", b)
        seed += 13
    for a, t, cs in HAND_OUTER:
        b = tiler_of(t)
        out += part_cases_of("outer_partition", a, rust_tiler(b), dyn_tiler(b), cs, seed, f"hand: {dyn_text(a)} by {dyn_tiler(b)}", b)
        seed += 13
    for a, thr, tids in HAND_THREADS:
        A, T = dyn_text(a), dyn_text(thr)
        assert not tiler_uneven(a[1], threads_tiler(thr)), f"{A} by threads {T}"
        for k, tid in enumerate(tids):
            mixed_a = rust_layout(a, pick(seed + k, n_leaves(a)))
            out.append(PartCase(
                f"local_partition({rust_layout(a)}, {rust_layout(thr)}, {tid})",
                f"local_partition({mixed_a}, {rust_layout(thr)}, {tid})",
                f'ad::local_partition("{A}", "{T}", {tid})',
                f"local_partition: hand: {A} by threads {T}, thread {tid}"))
        seed += 13
    for a, t, c, p in HAND_TILE_PROJ:
        b = tiler_of(t)
        A = dyn_text(a)
        assert not tiler_uneven(a[1], tiler_of(project(p, t))), f"{A} by {t}"
        mixed_a = rust_layout(a, pick(seed, n_leaves(a)))
        args = f"{rust_tiler(b)}, {rust_crd(c)}, {rust_proj(p)}"
        out.append(PartCase(
            f"local_tile_proj({rust_layout(a)}, {args})",
            f"local_tile_proj({mixed_a}, {args})",
            f'ad::local_tile_proj("{A}", {dyn_tiler(b)}, "{dyn_crd(c)}", "{dyn_crd(p)}")',
            f"local_tile_proj: hand: {A} by {dyn_tiler(b)} at {dyn_crd(c)}, projection {dyn_crd(p)}"))
        seed += 13
    for a, thr, tids, p in HAND_THREAD_PROJ:
        A, T = dyn_text(a), dyn_text(thr)
        thr_p = project(p, thr[1] if isinstance(thr[1], tuple) else (thr[1],))
        assert not tiler_uneven(a[1], ("tuple", [("int", size_of(m)) for m in thr_p])), f"{A} by threads {T}"
        for k, tid in enumerate(tids):
            mixed_a = rust_layout(a, pick(seed + k, n_leaves(a)))
            out.append(PartCase(
                f"local_partition_proj({rust_layout(a)}, {rust_layout(thr)}, {tid}, {rust_proj(p)})",
                f"local_partition_proj({mixed_a}, {rust_layout(thr)}, {tid}, {rust_proj(p)})",
                f'ad::local_partition_proj("{A}", "{T}", {tid}, "{dyn_crd(p)}")',
                f"local_partition_proj: hand: {A} by threads {T}, thread {tid}, projection {dyn_crd(p)}"))
        seed += 13
    for a, cs in HAND_SLICES:
        A = dyn_text(a)
        for k, c in enumerate(cs):
            mixed_a = rust_layout(a, pick(seed + k, n_leaves(a)))
            out.append(PartCase(
                f"Ok(offset_and_slice({rust_layout(a)}, {rust_crd(c)}))",
                f"Ok(offset_and_slice({mixed_a}, {rust_crd(c)}))",
                f'ad::offset_and_slice("{A}", "{dyn_crd(c)}")',
                f"offset_and_slice: hand: {A} at {dyn_crd(c)}"))
        seed += 13
    for fn, a, t, cs in HAND_UNEVEN:
        A = dyn_text(a)
        if fn == "local_partition":
            assert tiler_uneven(a[1], threads_tiler(t))
            T = dyn_text(t)
            for k, tid in enumerate(cs):
                mixed_a = rust_layout(a, pick(seed + k, n_leaves(a)))
                out.append(PartCase(
                    f"local_partition_unchecked({rust_layout(a)}, {rust_layout(t)}, {tid})",
                    f"local_partition_unchecked({mixed_a}, {rust_layout(t)}, {tid})",
                    f'ad::local_partition("{A}", "{T}", {tid})',
                    f"local_partition_unchecked: hand: {A} by threads {T}, thread {tid}"))
        else:
            b = tiler_of(t)
            assert tiler_uneven(a[1], b)
            out += part_cases_of(fn, a, rust_tiler(b), dyn_tiler(b), cs, seed, f"hand: {dyn_text(a)} by {dyn_tiler(b)}", b)
        seed += 13
    return out


def write_partitions():
    cases = conformance_partitions() + hand_partitions()
    lines = [
        "//! Static-vs-dynamic agreement of slices and partitions.",
        "//! Written by scripts/gen_static_cases.py from the conformance cases of",
        "//! zipped_divide and hand-picked GEMM-shaped cases; do not edit by hand.",
        "#![cfg_attr(rustfmt, rustfmt::skip)]",
        "#![allow(clippy::all)]",
        "",
        "mod static_adapter;",
        "",
        "use cute_static::*;",
        "use static_adapter::{self as ad, check_part, T};",
        "",
        "#[test]",
        "fn agree_partitions() {",
        "    let (mut statics, mut mixed) = (0, 0);",
    ]
    for c in cases:
        label = c.label.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f"    check_part({c.static}, {c.dynamic}, true, \"{label}\");")
        lines.append("    statics += 1;")
        lines.append(f"    check_part({c.mixed}, {c.dynamic}, false, \"{label} (mixed)\");")
        lines.append("    mixed += 1;")
    lines.append('    println!("static_agree_partition: {statics} static cases, {mixed} mixed cases");')
    lines.append("}")
    with open(os.path.join(ROOT, "tests/tests/static_agree_partition.rs"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(cases)} partition cases (static and mixed)", file=sys.stderr)



def main():
    cases = []
    seen = set()
    for seed, (origin, text) in enumerate(read_sources()):
        try:
            e = parse(text)
        except (ParseError, RecursionError):
            continue
        for c in make_cases(e, seed):
            key = (c.static, c.mixed)
            if key in seen:
                continue
            seen.add(key)
            c.text = text
            c.origin = origin
            cases.append(c)
    # at most PER_OP static cases per operation (and the mixed cases of
    # their calls), spread over the sources
    per_op = {}
    kept_calls = set()
    chosen = []
    for c in cases:
        if c.static:
            # a tagged kind of a call (its tiler nested, or with None entries)
            # keeps fewer cases, the hand-written ones first
            cap = PER_OP if "(" not in c.op else 8
            if per_op.get(c.op, 0) >= cap:
                continue
            per_op[c.op] = per_op.get(c.op, 0) + 1
            kept_calls.add(c.text)
            chosen.append(c)
        elif c.text in kept_calls:
            chosen.append(c)
    cases = chosen
    files = [[] for _ in range(FILES)]
    for i, c in enumerate(cases):
        files[i % FILES].append(c)
    total_s = total_m = 0
    for n, fc in enumerate(files):
        lines = [
            f"//! Static-vs-dynamic agreement of the layout algebra, part {n + 1} of {FILES}.",
            "//! Written by scripts/gen_static_cases.py from the specification's examples",
            "//! and the conformance cases; do not edit by hand.",
            "#![cfg_attr(rustfmt, rustfmt::skip)]",
            "#![allow(clippy::all)]",
            "",
            "mod static_adapter;",
            "",
            "use cute_static::*;",
            "use static_adapter::{self as ad, check_mixed, check_static, T};",
            "",
            "#[test]",
            f"fn agree_{n + 1}() {{",
            "    let (mut statics, mut mixed) = (0, 0);",
        ]
        for c in fc:
            label = f"{c.origin}: {c.text}".replace("\\", "\\\\").replace('"', '\\"')
            if c.static:
                lines.append(f"    check_static(&{c.static}, {c.dynamic}, \"{c.op}: {label}\");")
                lines.append("    statics += 1;")
                total_s += 1
            if c.mixed:
                # the operation's own Result: a mixed operation may refuse
                # what CuTe C++'s structure cannot express
                mixed = c.mixed[: -len(".unwrap()")] if c.mixed.endswith(".unwrap()") else f"Ok({c.mixed})"
                lines.append(f"    check_mixed({mixed}, {c.dynamic}, \"{c.op} (mixed): {label}\");")
                lines.append("    mixed += 1;")
                total_m += 1
        lines.append(f'    println!("static_agree_{n + 1}: {{statics}} static cases, {{mixed}} mixed cases");')
        lines.append("}")
        with open(os.path.join(ROOT, f"tests/tests/static_agree_{n + 1}.rs"), "w") as f:
            f.write("\n".join(lines) + "\n")
    ops = {}
    for c in cases:
        ops[c.op] = ops.get(c.op, 0) + (1 if c.static else 0)
    print(f"{total_s} static cases, {total_m} mixed cases in {FILES} files", file=sys.stderr)
    print(", ".join(f"{k}: {v}" for k, v in sorted(ops.items())), file=sys.stderr)
    write_partitions()


if __name__ == "__main__":
    main()
