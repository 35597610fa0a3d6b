#!/usr/bin/env python3
"""Writes the refusal cases of the static layout algebra.

The rule they test: every pre-condition of cute-static's algebra on static
operands is a compile error exactly where the run-time algebra of
cute-dynamic returns an error for the same operands, and every case it
accepts gives the same layout.

Draws random static operand pairs for composition, the divides and the
products (seeded, so the output is reproducible), a good share of them
invalid on purpose: tiles that do not divide, strides that do not divide
extents, B's leaves carrying from one mode of A into the next, overlapping
layouts without a complement, extent-1 leaves, zero strides, nested shapes.
Each case is classified by the run-time algebra through `cute batch` (the
specification's language), and cute-static is asked which cases it
compiles today (one `cargo check` of a scratch crate under the target
directory; `--no-probe` skips it). The script writes:

- tests/data/refusals.tsv: every chosen case, its operation, its static
  call, its expression in the specification's language, what cute-static
  did with it, and the run-time verdict (`ok <layout>` or
  `err <Class> <message>`);
- tests/tests/static_refusal_agree_N.rs: the accepted cases, whose static
  result must be the run-time one (shape, stride, nesting, printed form),
  except those cute-static refused (they would not compile: they are held
  back, and ui-tests/tests/refusals.rs fails until it compiles them);
- ui-tests/refusals/*.rs: the refused cases, one function each, a file per
  topic (composition, the divides, the products, the blocked and raked
  products), which ui-tests/tests/refusals.rs compiles (in one
  compilation), expecting an error naming a rule of CuTe in every function.

Python 3 standard library only; needs cargo (it runs the workspace's
`cute batch`). Run by hand from the repository root:
    python3 scripts/gen_refusal_cases.py [--seed N]
When only the run-time algebra's error messages have changed (which
tests/tests/refusal_verdicts.rs reports), rewrite just that column:
    python3 scripts/gen_refusal_cases.py --refresh-verdicts
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = "tests/data/refusals.tsv"
AGREE = "tests/tests/static_refusal_agree_{}.rs"
REFUSED = "ui-tests/refusals/{}"
# the files of refused cases: the name, the topic, the operations (in the
# order of OPS, so that the files together keep the cases' order)
REFUSED_FILES = [
    ("composition.rs", "composition", ("composition",)),
    ("divides.rs", "the divides",
     ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide")),
    ("products.rs", "the products",
     ("logical_product", "zipped_product", "tiled_product", "flat_product")),
    ("blocked_raked.rs", "the blocked and raked products",
     ("blocked_product", "raked_product")),
]
AGREE_FILES = 3  # test files of accepted cases, compiled in parallel
DEFAULT_SEED = 20250611
CANDIDATES = 500  # random operand pairs drawn per operation

# (accepted, refused) cases kept per operation
QUOTA = {
    "composition": (44, 56),
    "logical_divide": (28, 28),
    "zipped_divide": (28, 28),
    "tiled_divide": (22, 22),
    "flat_divide": (22, 22),
    "logical_product": (28, 28),
    "zipped_product": (24, 24),
    "tiled_product": (22, 22),
    "flat_product": (22, 22),
    "blocked_product": (30, 30),
    "raked_product": (30, 30),
}
OPS = list(QUOTA)

# The static operation, and the call of the specification's language that
# decides it (CuTe C++'s regroupings are regroupings of the same result).
SPEC_OP = {
    "composition": "composition",
    "logical_divide": "logical_divide",
    "zipped_divide": "zipped_divide",
    "tiled_divide": "zipped_divide",
    "flat_divide": "zipped_divide",
    "logical_product": "logical_product",
    "zipped_product": "logical_product",
    "tiled_product": "logical_product",
    "flat_product": "logical_product",
    "blocked_product": "blocked_product",
    "raked_product": "raked_product",
}

# Operands the specification refuses because B's leaves together carry from
# one mode of A into the next, which cute-static compiled when this script
# was written: kept verbatim.
LISTED = [
    ("composition", ((4, 2), (1, 100)), ((3, 2), (1, 3))),
    ("composition", ((2, 6), (6, 1)), ((4, 2, 1), (1, 1, 0))),
    ("composition", (((4, 8), 4, 4), ((1, 32), 9, 9)), ((2, 2, 16), (8, 2, 1))),
    ("composition", ((8, (1, 8)), (8, (1, 1))), ((8, 16, 4), (2, 4, 2))),
    ("composition", (((8, 2, 1), 2, 2), ((8, 4, 2), 1, 2)), ((8, 16), (2, 4))),
]

# The run-time refusal of operands whose B's leaves carry from one mode of
# A into the next (the class of LISTED).
FOCUS = "carry from one mode of A into the next"

MAX_SIZE = 512  # size of a drawn layout A
MAX_TILE = 64  # size of a drawn tiler or B
MAX_VALUE = 4096  # any drawn extent or stride

# ---------------------------------------------------------------- values
#
# A layout is ("L", shape, stride) with shape and stride nested Python
# tuples of ints; a tiler is a layout, ("I", n), ("N",) (None / Keep) or
# ("T", [tilers]).


def leaves(t):
    if isinstance(t, int):
        return [t]
    return [x for c in t for x in leaves(c)]


def size(t):
    n = 1
    for x in leaves(t):
        n *= x
    return n


def modes(t):
    return [t] if isinstance(t, int) else list(t)


def rank(t):
    return 1 if isinstance(t, int) else len(t)


def depth(t):
    return 0 if isinstance(t, int) else 1 + max((depth(c) for c in t), default=0)


def rebuild(t, it):
    """`t`'s nesting filled from the iterator `it`."""
    if isinstance(t, int):
        return next(it)
    return tuple(rebuild(c, it) for c in t)


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


EXTENTS = [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 8, 8, 12, 16]


def draw_shape(rng, rnk, max_depth, budget):
    """A shape of `rnk` top modes, nested up to `max_depth`, of size at most
    `budget` (roughly)."""
    out = []
    for _ in range(rnk):
        if max_depth > 0 and rng.random() < 0.3:
            out.append(draw_shape(rng, rng.choice([1, 2, 2, 3]), max_depth - 1, budget))
        else:
            out.append(rng.choice(EXTENTS))
    shape = tuple(out)
    # shrink the largest leaves until the size fits
    while size(shape) > budget:
        ls = leaves(shape)
        k = max(range(len(ls)), key=lambda i: ls[i])
        ls[k] = max(1, ls[k] // 2)
        shape = rebuild(shape, iter(ls))
    return shape if rnk > 1 or rng.random() < 0.3 else shape[0]


def compact(shape, order, gaps=None):
    """Compact strides in the order `order` of the leaves, with gap factors
    after some leaves."""
    ls = leaves(shape)
    st = [0] * len(ls)
    acc = 1
    for k in order:
        st[k] = acc
        acc *= ls[k]
        if gaps and k in gaps:
            acc *= gaps[k]
    return st


def draw_stride(rng, shape, style):
    ls = leaves(shape)
    n = len(ls)
    order = list(range(n))
    if style == "col":
        st = compact(shape, order)
    elif style == "perm":
        rng.shuffle(order)
        st = compact(shape, order)
    elif style == "gaps":
        rng.shuffle(order)
        gaps = {rng.randrange(n): rng.choice([2, 3, 4])}
        st = compact(shape, order, gaps)
    elif style == "zero":
        rng.shuffle(order)
        st = compact(shape, order)
        st[rng.randrange(n)] = 0
    elif style == "overlap":
        rng.shuffle(order)
        st = compact(shape, order)
        k = rng.randrange(n)
        st[k] = max(1, st[k] // rng.choice([2, 3, 4])) if st[k] > 1 else rng.choice([0, 2])
    elif style == "scaled":
        st = [d * rng.choice([2, 3, 5]) for d in compact(shape, order)]
    else:  # random
        st = [rng.choice([0, 1, 1, 2, 3, 4, 6, 8, 9, 12, 16, 32, 100]) for _ in ls]
    st = [min(d, MAX_VALUE) for d in st]
    return rebuild(shape, iter(st))


STYLES = ["col", "col", "perm", "perm", "gaps", "zero", "overlap", "scaled", "random"]


def draw_layout(rng, rnk=None, max_depth=2, budget=MAX_SIZE, styles=STYLES):
    if rnk is None:
        rnk = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
    shape = draw_shape(rng, rnk, max_depth, budget)
    return ("L", shape, draw_stride(rng, shape, rng.choice(styles)))


def sub_layout(rng, a):
    """A B likely to compose with A: leaves that step through A's flat
    extents by their running products (CuTe's usual tiles), perhaps
    with a non-dividing extent or stride."""
    ext = [x for x in leaves(a[1]) if x > 1] or [1]
    prods = [1]
    for x in ext:
        prods.append(prods[-1] * x)
    n = rng.choice([1, 1, 2, 2, 3])
    sh, st = [], []
    for _ in range(n):
        k = rng.randrange(len(ext))
        d = prods[k] * rng.choice([1, 1, 1, 2])
        e = rng.choice(divisors(ext[k]) + [rng.choice([2, 3, 4, 5])])
        sh.append(e)
        st.append(d)
    if n == 1 and rng.random() < 0.5:
        return ("L", sh[0], st[0])
    return ("L", tuple(sh), tuple(st))


def carry_layout(rng, shape):
    """A B whose leaves each fit in a mode of A but together step past it
    (or just not): `(e1, e2):(p, p*d)` inside A's flat extent `s` at
    running product `p`, with `(e1-1) + (e2-1)*d` near `s`."""
    ext = leaves(shape)
    prods = [1]
    for x in ext:
        prods.append(prods[-1] * x)
    big = [k for k, x in enumerate(ext) if x >= 3] or [0]
    k = rng.choice(big)
    s, p = max(ext[k], 3), prods[k]
    e1 = rng.randint(2, s)
    if rng.random() < 0.7:
        # each leaf within the extent, (e2-1)*d < s, together reaching it
        d = rng.randint(1, s - 1)
        e2 = rng.randint(2, max(2, (s - 1) // d + 1))
        e1 = max(e1, min(s, s - (e2 - 1) * d + 1))
    else:
        d = rng.randint(1, s - 1)
        e2 = rng.randint(2, 4)
    sh, st = [e1, e2], [p, p * d]
    if rng.random() < 0.3:
        sh.append(rng.choice([1, 2, 3]))
        st.append(p * rng.choice([0, 1, s, 2 * s]))
    if rng.random() < 0.3:
        sh, st = [sh[0], tuple(sh[1:])], [st[0], tuple(st[1:])]
    return ("L", tuple(sh), tuple(st))


def draw_tile_entry(rng, mode, allow_keep=True, allow_nested=True):
    """A tiler entry for a mode (an int or a nested shape)."""
    r = rng.random()
    if allow_keep and r < 0.15:
        return ("N",)
    if allow_nested and not isinstance(mode, int) and r < 0.35:
        return ("T", [draw_tile_entry(rng, m, allow_keep, False) for m in mode[: rng.randrange(1, len(mode) + 1)]])
    s = size(mode)
    if r < 0.65:
        # an integer, dividing the mode or not
        return ("I", rng.choice(divisors(s) + [rng.choice([2, 3, 4, 5, 6, 8])]))
    # a layout within the mode
    ext = rng.choice(divisors(s) + [3, 5])
    if ext == 1 or rng.random() < 0.5:
        d = rng.choice([1, 1, 2, 3, 4])
        return ("L", ext, d)
    e2 = rng.choice([2, 2, 3, 4])
    return ("L", (ext, e2), (1, rng.choice([ext, ext * 2, ext + 1, 2])))


def draw_tiler(rng, a, op):
    """A tiler for A: a layout, an integer, or a tuple (by mode)."""
    r = rng.random()
    shape = a[1]
    if op == "composition":
        if r < 0.3:
            return sub_layout(rng, a)
        if r < 0.5:
            return carry_layout(rng, shape)
        if r < 0.75:
            b = draw_layout(rng, budget=MAX_TILE, max_depth=1)
            return b
        if r < 0.8:
            return ("I", rng.choice([2, 3, 4, 6, 8, 16]))
        ms = modes(shape)
        n = rng.choice([len(ms)] * 3 + [max(1, len(ms) - 1), len(ms) + 1])
        out = []
        for k in range(n):
            m = ms[k] if k < len(ms) else 4
            if rng.random() < 0.5:
                out.append(draw_tile_entry(rng, m, allow_nested=False))
            else:
                sub = ("L", m, compact_of(m))
                out.append(sub_layout(rng, sub) if rng.random() < 0.6 else draw_layout(rng, budget=16, max_depth=1, rnk=rng.choice([1, 2])))
        return ("T", out)
    if op.endswith("divide"):
        if r < 0.2:
            return carry_layout(rng, shape)
        if r < 0.4:
            if rng.random() < 0.5:
                return ("I", rng.choice(divisors(size(shape)) + [3, 5, 6, 8]))
            return draw_layout(rng, budget=MAX_TILE, max_depth=1, rnk=rng.choice([1, 1, 2]))
        ms = modes(shape)
        n = rng.choice([len(ms)] * 4 + [max(1, len(ms) - 1), len(ms) + 1])
        return ("T", [draw_tile_entry(rng, ms[k] if k < len(ms) else 4) for k in range(n)])
    # products
    if r < 0.5 or op == "logical_product" and r < 0.6:
        return draw_layout(rng, budget=MAX_TILE, max_depth=1)
    ms = modes(shape)
    n = rng.choice([len(ms)] * 4 + [max(1, len(ms) - 1)])
    out = []
    for k in range(n):
        x = rng.random()
        if x < 0.15:
            out.append(("N",))
        elif x < 0.45:
            out.append(("I", rng.choice([1, 2, 3, 4])))
        elif x < 0.55 and not isinstance(ms[k], int):
            out.append(("T", [("I", rng.choice([1, 2, 3])) if rng.random() < 0.7 else ("N",) for _ in modes(ms[k])[: rng.randrange(1, rank(ms[k]) + 1)]]))
        else:
            out.append(draw_layout(rng, budget=16, max_depth=1, rnk=rng.choice([1, 1, 2])))
    return ("T", out)


def compact_of(shape):
    return rebuild(shape, iter(compact(shape, list(range(len(leaves(shape)))))))


def draw_case(rng, op):
    if op in ("blocked_product", "raked_product"):
        a = draw_layout(rng, max_depth=1, budget=64)
        r = rank(a[1])
        b = draw_layout(rng, rnk=r, max_depth=1, budget=MAX_TILE)
        if rank(b[1]) != r:  # a rank-1 shape may come out as an integer
            b = ("L", modes(b[1]), modes(b[2]))
            a = ("L", modes(a[1]), modes(a[2]))
        if rank(a[1]) != rank(b[1]):
            return None
        return (a, b)
    if op.endswith("product"):
        a = draw_layout(rng, budget=64)
    else:
        a = draw_layout(rng)
    return (a, draw_tiler(rng, a, op))


def fits(v):
    """The values of a tiler or layout are small enough."""
    if v[0] == "L":
        return all(0 <= x <= MAX_VALUE for x in leaves(v[1]) + leaves(v[2])) and all(x >= 1 for x in leaves(v[1]))
    if v[0] == "I":
        return 1 <= v[1] <= MAX_VALUE
    if v[0] == "T":
        return bool(v[1]) and all(fits(c) for c in v[1])
    return True


# ---------------------------------------------------------------- rendering


def py_tuple(t):
    if isinstance(t, int):
        return str(t)
    if len(t) == 1:
        return f"({py_tuple(t[0])},)"
    return "(" + ", ".join(py_tuple(c) for c in t) + ")"


def spec_value(v):
    """A tiler or layout in the specification's language."""
    kind = v[0]
    if kind == "L":
        return f"Layout({py_tuple(v[1])}, {py_tuple(v[2])})"
    if kind == "I":
        return str(v[1])
    if kind == "N":
        return "None"
    inner = [spec_value(c) for c in v[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rust_layout(v):
    return f"layout!({py_tuple(v[1])} : {py_tuple(v[2])})"


def plain(v):
    """True iff a tiler is made of integers and Nones only (tile! writes it)."""
    if v[0] == "I" or v[0] == "N":
        return True
    return v[0] == "T" and all(plain(c) for c in v[1])


def tile_body(v):
    if v[0] == "I":
        return str(v[1])
    if v[0] == "N":
        return "_"
    inner = [tile_body(c) for c in v[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def rust_tiler(v):
    kind = v[0]
    if kind == "L":
        return rust_layout(v)
    if kind == "I":
        return f"tile!({v[1]})"
    if kind == "N":
        return "Keep"
    if plain(v):
        body = tile_body(v)[1:-1]
        return f"tile!({body})"
    inner = [rust_tiler(c) for c in v[1]]
    return f"({inner[0]},)" if len(inner) == 1 else "(" + ", ".join(inner) + ")"


def dyn_tiler(v):
    """A tiler for the agreement tests' adapter."""
    kind = v[0]
    if kind == "L":
        return f'T::L("{py_tuple(v[1])}:{py_tuple(v[2])}")'
    if kind == "I":
        return f"T::I({v[1]})"
    if kind == "N":
        return "T::N"
    return "T::Tup(vec![" + ", ".join(dyn_tiler(c) for c in v[1]) + "])"


class Case:
    def __init__(self, op, a, t, listed=False):
        self.op, self.a, self.t, self.listed = op, a, t, listed
        self.static = f"{op}({rust_layout(a)}, {rust_tiler(t)})"
        self.spec = f"{SPEC_OP[op]}({spec_value(a)}, {spec_value(t)})"
        self.verdict = None  # ("ok", repr) or ("err", class, message)
        self.today = "-"  # what cute-static did when the case was written

    def adapter(self):
        """The run-time call of the agreement tests' adapter."""
        a = f'"{py_tuple(self.a[1])}:{py_tuple(self.a[2])}"'
        if self.op in ("blocked_product", "raked_product"):
            return f'ad::{self.op}({a}, "{py_tuple(self.t[1])}:{py_tuple(self.t[2])}")'
        if self.op in ("composition", "logical_divide", "zipped_divide", "logical_product"):
            return f"ad::{self.op}({a}, {dyn_tiler(self.t)}, &[])"
        return f"ad::{self.op}({a}, {dyn_tiler(self.t)})"

    def tiler_kind(self):
        t = self.t
        if t[0] != "T":
            return t[0]
        if any(c[0] == "T" for c in t[1]):
            return "nested"
        if any(c[0] == "N" for c in t[1]):
            return "keep"
        return "tuple"


# ---------------------------------------------------------------- classifying


def batch(exprs):
    """The fields of `cute batch`'s answer to each expression: `ok`, repr;
    or `err`, class, message."""
    text = "".join(e + "\n" for e in exprs)
    out = subprocess.run(
        ["cargo", "run", "-q", "-p", "cute-cli", "--", "batch"],
        input=text, capture_output=True, text=True, cwd=ROOT, check=True,
    ).stdout.splitlines()
    if len(out) != len(exprs):
        sys.exit(f"cute batch answered {len(out)} lines for {len(exprs)} cases")
    return [line.split("\t") for line in out]


def classify(cases):
    """The run-time verdict of each case, by `cute batch`."""
    for c, parts in zip(cases, batch([c.spec for c in cases])):
        if parts[0] == "ok":
            c.verdict = ("ok", parts[1])
        else:
            c.verdict = ("err", parts[1], parts[2] if len(parts) > 2 else "")


def err_kind(c):
    """The rule a refusal names: its message with layouts, tuples and
    numbers blanked out."""
    msg, out, depth_ = c.verdict[2], [], 0
    for ch in msg:
        if ch == "(":
            depth_ += 1
        elif ch == ")":
            depth_ -= 1
        elif depth_ == 0:
            out.append(ch)
    msg = re.sub(r"Layout", "L", "".join(out))
    msg = re.sub(r"[0-9@]+", "#", msg)
    return (c.verdict[1], msg[:90])


def spread(cases, key, n):
    """Up to `n` cases, round robin over the values of `key`."""
    groups = {}
    for c in cases:
        groups.setdefault(key(c), []).append(c)
    out = []
    keys = sorted(groups)
    while len(out) < n and any(groups.values()):
        for k in keys:
            if groups[k] and len(out) < n:
                out.append(groups[k].pop(0))
    return out


# ---------------------------------------------------------------- probing


def probe(cases):
    """What cute-static does with each case today: `compiles` or `refuses`,
    from one `cargo check` of a scratch crate (under the target directory)
    holding one function per case."""
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    crate = os.path.join(target, "refusal-probe")
    os.makedirs(os.path.join(crate, "src"), exist_ok=True)
    with open(os.path.join(crate, "Cargo.toml"), "w") as f:
        f.write(
            '[package]\nname = "cute-refusal-probe"\nversion = "0.0.0"\nedition = "2021"\n'
            f'publish = false\n\n[dependencies]\ncute-static = {{ path = "{os.path.join(ROOT, "cute-static")}" }}\n\n'
            "[workspace]\n"
        )
    with open(os.path.join(ROOT, "Cargo.lock")) as src, open(os.path.join(crate, "Cargo.lock"), "w") as dst:
        dst.write(src.read())
    lines = ["#![allow(dead_code, unused_imports)]", "use cute_static::*;"]
    ranges = []
    for c in cases:
        lines.append(f"pub fn {c.id}() {{")
        ranges.append((len(lines), len(lines) + 2, c))
        lines.append(f"    let _ = {c.static};")
        lines.append("}")
    with open(os.path.join(crate, "src", "lib.rs"), "w") as f:
        f.write("\n".join(lines) + "\n")
    out = subprocess.run(
        ["cargo", "check", "--offline", "--message-format=json"],
        cwd=crate, capture_output=True, text=True,
        env=dict(os.environ, CARGO_TARGET_DIR=os.path.join(crate, "target")),
    ).stdout
    refused = set()
    for line in out.splitlines():
        try:
            m = json.loads(line)
        except ValueError:
            continue
        if m.get("reason") != "compiler-message" or not m["message"]["level"].startswith("error"):
            continue
        for span in m["message"]["spans"]:
            while span and span["file_name"] != "src/lib.rs":
                span = (span.get("expansion") or {}).get("span")
            if span:
                for a, b, c in ranges:
                    if a <= span["line_start"] <= b:
                        refused.add(c.id)
                break
    for c in cases:
        c.today = "refuses" if c.id in refused else "compiles"


# ---------------------------------------------------------------- writing


HEADER_RS = """\
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]
"""


def write_agree(cases, seed):
    files = [[] for _ in range(AGREE_FILES)]
    for i, c in enumerate(cases):
        files[i % AGREE_FILES].append(c)
    for n, fc in enumerate(files, 1):
        lines = [
            f"//! Static-vs-dynamic agreement on random operands, part {n} of {AGREE_FILES}:",
            "//! cases the run-time algebra accepts, whose static result must be its",
            "//! result (shape, stride, nesting, printed form). Accepted cases that",
            "//! cute-static refused when this was written are held back (`refuses` in",
            "//! tests/data/refusals.tsv; ui-tests/tests/refusals.rs reports them).",
            f"//! Written by scripts/gen_refusal_cases.py (seed {seed}) with",
            "//! tests/data/refusals.tsv; do not edit by hand.",
            HEADER_RS.rstrip("\n"),
            "",
            "mod static_adapter;",
            "",
            "use cute_static::*;",
            "use static_adapter::{self as ad, Agreement, T};",
            "",
            "#[test]",
            f"fn refusal_agree_{n}() {{",
            "    let mut r = Agreement::default();",
        ]
        for c in fc:
            lines.append(f'    r.check("{c.op}", "{c.id}", &{c.static}, {c.adapter()});')
        lines.append(f'    r.finish("static_refusal_agree_{n}");')
        lines.append("}")
        with open(os.path.join(ROOT, AGREE.format(n)), "w") as f:
            f.write("\n".join(lines) + "\n")


def write_refused(cases, seed):
    os.makedirs(os.path.join(ROOT, os.path.dirname(REFUSED)), exist_ok=True)
    listed = [op for _, _, ops in REFUSED_FILES for op in ops]
    assert sorted(listed) == sorted(OPS), "every operation in one file of refused cases"
    for name, topic, ops in REFUSED_FILES:
        lines = [
            f"//! Refused operands of {topic}: the run-time algebra returns an",
            "//! error for each, so each function must fail to compile with an error",
            "//! naming a rule of CuTe. ui-tests/tests/refusals.rs compiles them (with",
            "//! the other files here, as a library crate) and checks that. Written by",
            f"//! scripts/gen_refusal_cases.py (seed {seed}) with",
            "//! tests/data/refusals.tsv; do not edit by hand.",
            HEADER_RS.rstrip("\n"),
            "#![allow(dead_code, unused_imports)]",
            "",
            "use cute_static::*;",
        ]
        for c in cases:
            if c.op not in ops:
                continue
            lines.append("")
            lines.append(f"/// {c.spec}")
            lines.append(f"pub fn {c.id}() {{")
            lines.append(f"    let _ = {c.static};")
            lines.append("}")
        with open(os.path.join(ROOT, REFUSED.format(name)), "w") as f:
            f.write("\n".join(lines) + "\n")


def write_data(cases, seed, drawn):
    lines = [
        "# Refusal cases of the static layout algebra: random static operands of",
        "# composition, the divides and the products, each classified by the",
        "# run-time algebra (cute-dynamic, through `cute batch`).",
        f"# Written by scripts/gen_refusal_cases.py --seed {seed} ({drawn} operand pairs",
        "# drawn, these kept); do not edit by hand.",
        "# Columns: ID  OPERATION  STATIC_CALL  SPEC_EXPR  CUTE_STATIC  VERDICT.",
        "# SPEC_EXPR is the call of the specification's language that decides",
        "# the case (the regroupings of zipped_divide and logical_product are",
        "# decided by those); VERDICT is the run-time algebra's answer, `ok <layout>`",
        "# or `err <Class> <message>`. CUTE_STATIC is what cute-static did with",
        "# STATIC_CALL when the file was written (`compiles` or `refuses`; `-`",
        "# if not asked): accepted cases it refused are held back from the",
        "# agreement tests, and ui-tests/tests/refusals.rs fails until it",
        "# compiles them (then the script is run again).",
    ]
    for c in cases:
        v = c.verdict
        verdict = f"ok {v[1]}" if v[0] == "ok" else f"err {v[1]} {v[2]}"
        lines.append("\t".join([c.id, c.op, c.static, c.spec, c.today, verdict]))
    with open(os.path.join(ROOT, DATA), "w") as f:
        f.write("\n".join(lines) + "\n")


def refresh_verdicts():
    """Rewrites the VERDICT column of the existing data file with what the
    run-time algebra answers today, keeping every case and every other
    column (and so the generated test files) as they are. Refuses when a
    case changes between `ok` and `err`, or an accepted case changes its
    layout: the agreement tests and the refused files depend on those, so
    the whole set must be drawn again."""
    path = os.path.join(ROOT, DATA)
    with open(path) as f:
        lines = f.read().splitlines()
    header = [l for l in lines if l.startswith("#")]
    rows = [l.split("\t") for l in lines if l and not l.startswith("#")]
    changed = 0
    for r, parts in zip(rows, batch([r[3] for r in rows])):
        new = " ".join(parts[:2]) if parts[0] == "ok" else " ".join(parts[:3])
        old = r[5]
        if old.split(" ")[0] != parts[0] or (parts[0] == "ok" and old != new):
            sys.exit(f"{r[0]}: {old!r} is now {new!r}; draw the cases again (without --refresh-verdicts)")
        if old != new:
            changed += 1
            r[5] = new
    with open(path, "w") as f:
        f.write("\n".join(header + ["\t".join(r) for r in rows]) + "\n")
    print(f"{changed} of {len(rows)} verdicts reworded", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--no-probe", dest="probe", action="store_false",
                    help="do not ask cute-static which cases it compiles (none is held back)")
    ap.add_argument("--refresh-verdicts", action="store_true",
                    help="only reword the error messages of the existing cases (see refresh_verdicts)")
    args = ap.parse_args()
    if args.refresh_verdicts:
        refresh_verdicts()
        return
    rng = random.Random(args.seed)

    drawn = [Case(op, ("L",) + a, ("L",) + b, listed=True) for op, a, b in LISTED]
    seen = {c.static for c in drawn}
    for op in OPS:
        for _ in range(CANDIDATES):
            p = draw_case(rng, op)
            if p is None or not (fits(p[0]) and fits(p[1])):
                continue
            c = Case(op, *p)
            if c.static in seen:
                continue
            seen.add(c.static)
            drawn.append(c)
    classify(drawn)

    chosen = []
    for op in OPS:
        n_ok, n_err = QUOTA[op]
        mine = [c for c in drawn if c.op == op]
        listed = [c for c in mine if c.listed]
        ok = [c for c in mine if c.verdict[0] == "ok" and not c.listed]
        err = [c for c in mine if c.verdict[0] == "err" and not c.listed]
        shape_key = lambda c: (c.tiler_kind(), min(depth(c.a[1]), 2), rank(c.a[1]))
        chosen += spread(ok, shape_key, n_ok)
        # the refusal the static algebra is known to have missed gets up to
        # half of the refused cases, the other rules share the rest
        focus = [c for c in err if FOCUS in c.verdict[2]]
        err_key = lambda c: (err_kind(c), c.tiler_kind())
        picked = spread(focus, err_key, n_err // 2 - len(listed))
        rest = [c for c in err if c not in picked]
        chosen += listed + picked + spread(rest, err_key, n_err - len(listed) - len(picked))
    for i, c in enumerate(chosen, 1):
        c.id = f"case_{i:04}"

    accepted = [c for c in chosen if c.verdict[0] == "ok"]
    refused = [c for c in chosen if c.verdict[0] == "err"]
    if args.probe:
        probe(chosen)
    held = [c for c in accepted if c.today == "refuses"]
    write_data(chosen, args.seed, len(drawn))
    write_agree([c for c in accepted if c.today != "refuses"], args.seed)
    write_refused(refused, args.seed)

    print(f"{len(drawn)} drawn, {len(accepted)} accepted and {len(refused)} refused kept", file=sys.stderr)
    for op in OPS:
        a = sum(1 for c in accepted if c.op == op)
        r = sum(1 for c in refused if c.op == op)
        pool_a = sum(1 for c in drawn if c.op == op and c.verdict[0] == "ok")
        pool_r = sum(1 for c in drawn if c.op == op and c.verdict[0] == "err")
        print(f"  {op}: {a} accepted (of {pool_a}), {r} refused (of {pool_r})", file=sys.stderr)
    if args.probe:
        missed = [c for c in refused if c.today == "compiles"]
        print(f"cute-static today: compiles {len(missed)} refused cases, refuses {len(held)} accepted ones"
              " (held back from the agreement tests)", file=sys.stderr)
        for c in missed + held:
            print(f"  {c.id} {c.today}: {c.static}", file=sys.stderr)
    kinds = {}
    for c in refused:
        kinds[err_kind(c)] = kinds.get(err_kind(c), 0) + 1
    for k, n in sorted(kinds.items(), key=lambda x: -x[1]):
        print(f"  {n:4} {k[0]}: {k[1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
