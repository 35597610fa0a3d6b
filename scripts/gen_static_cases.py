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
    if name in ("coalesce",):
        if len(args) == 1 and not mode:
            out.append(Case("coalesce", expr, f"coalesce({rust_layout(a)})", f'ad::coalesce("{A}", None, &[])',
                            f"coalesce({mixed_a}).unwrap()"))
        elif len(args) <= 2:
            p = args[1] if len(args) == 2 else ("int", 1)
            if p[0] == "layout" or not mode_reaches_tuples(a, mode):
                return []
            pt = pad_mode(p, mode)
            if pt[0] != "tuple":
                return []
            out.append(Case("coalesce_by", expr, f"coalesce_by({rust_layout(a)}, {rust_tiler(pt)})",
                            f'ad::coalesce("{A}", Some({dyn_tiler(p)}), &[{ms}])',
                            f"coalesce_by({mixed_a}, {rust_tiler(pt)}).unwrap()"))
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
            out.append(Case(name, expr, f"{name}({rust_layout(a)})", f'ad::{name}("{A}")', f"{name}({mixed_a}).unwrap()"))
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
        if name == "zipped_divide" and bt[0] == "tuple" and not all(c[0] in ("int", "none", "layout") for c in bt[1]):
            # a nested tuple tiler is promoted to a coordinate layout
            return []
        rs = rust_tiler(bt)
        ref = f'ad::{name}("{A}", {dyn_tiler(b)}, &[{ms}])'
        # zipped_divide[m](A, B) divides mode m by the layout B: a by-mode
        # logical divide (a by-mode zipped divide would zip)
        fn = "logical_divide" if name == "zipped_divide" and mode else name
        out.append(Case(name, expr, f"{fn}({rust_layout(a)}, {rs})", ref,
                        f"{fn}({mixed_a}, {rs}).unwrap()"))
        out.append(Case(name, expr, None, ref, f"{fn}({mixed_a}, {tiler_mixed(bt, 5)}).unwrap()"))
        # CuTe C++'s regroupings of the same call
        if not mode and name == "zipped_divide":
            for g in ("tiled_divide", "flat_divide"):
                out.append(Case(g, expr, f"{g}({rust_layout(a)}, {rs})", f'ad::{g}("{A}", {dyn_tiler(b)})',
                                f"{g}({mixed_a}, {rs}).unwrap()"))
        if not mode and name == "logical_product" and (b[0] == "layout" or b[0] == "tuple" and all(c[0] in ("int", "layout") for c in b[1])):
            for g in ("zipped_product", "tiled_product", "flat_product"):
                if g != "zipped_product" and b[0] != "tuple":
                    continue
                out.append(Case(g, expr, f"{g}({rust_layout(a)}, {rs})", f'ad::{g}("{A}", {dyn_tiler(b)})',
                                f"{g}({rust_layout(a)}, {tiler_mixed(b, 9)}).unwrap()"))
        return out
    return []


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
    return exprs


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
            if per_op.get(c.op, 0) >= PER_OP:
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
                lines.append(f"    check_mixed(&{c.mixed}, {c.dynamic}, \"{c.op} (mixed): {label}\");")
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


if __name__ == "__main__":
    main()
