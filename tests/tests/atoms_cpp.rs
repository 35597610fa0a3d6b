//! The atom layer in the specification's language against CuTe C++: every
//! line of `data/atoms/cute_cpp_atoms.tsv` (what CuTe C++ prints for an
//! MMA or copy atom, a TiledMMA, a TiledCopy, a thread's partitions and the
//! layout utilities; `data/atoms/README.md` says how it was made) is
//! evaluated with `cute-expr`, and the answer must be CuTe's:
//!
//! - **exactly**, leaf for leaf (static markers `_N` aside), where CuTe
//!   computed on static operands;
//! - **the same function with the same modes** (the sizes of the top-level
//!   modes, and the offset at every index), where the operand the line
//!   partitions has run-time leaves: CuTe C++ keeps such a result's static
//!   and dynamic leaves in separate modes (`(_2,4)` where a layout of
//!   known integers coalesces to `8`); which leaves stay static in a mixed
//!   result is cute-static's business, checked by its own tests;
//! - **an error** where CuTe C++ silently aliases: `get_slice` of a thread
//!   that is not one of a TiledMMA's threads (an SM70 quad-pair uses lanes
//!   0-3 and 16-19; CuTe gives thread 5 the partition of thread 1).
//!
//! The shared-memory layout atoms (`smem_atom` lines) print as CuTe's
//! byte-level swizzles; cute-dynamic's `atoms_cpp` test checks them, and
//! `max_common_*` of a swizzled layout is refused (CuTe answers in the
//! units of an unset shared-memory pointer). The expressions write static
//! leaves `_N`; they are read as plain integers here, and `offset(P)` (the
//! offset of a thread's partition, which the generator computed from the
//! data pointer) is read as the first element of the partition of a tensor
//! of offsets.

use cute_dynamic::Layout;
use cute_expr::Value;

const DATA: &str = include_str!("../data/atoms/cute_cpp_atoms.tsv");

/// `_N` as `N`, outside strings.
fn plain(e: &str) -> String {
    let b = e.as_bytes();
    let mut out = String::with_capacity(e.len());
    for (i, c) in e.char_indices() {
        let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if c == '_' && !prev_ident && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            continue;
        }
        out.push(c);
    }
    out
}

/// The top-level arguments of the call `e` (`f(a, b)`), as text.
fn args(e: &str) -> Vec<&str> {
    let Some(open) = e.find('(') else {
        return vec![];
    };
    let inner = &e[open + 1..e.len() - 1];
    let (mut depth, mut start, mut out) = (0, 0, vec![]);
    let mut quoted = false;
    for (i, c) in inner.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                out.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(inner[start..].trim());
    out
}

/// `offset(partition_X(slice, L))` as `partition_X(slice,
/// Tensor(ImplicitAccessor(0), L))[0]`.
fn rewrite_offset(e: &str) -> String {
    match e.strip_prefix("offset(").and_then(|r| r.strip_suffix(')')) {
        Some(inner) => {
            let name = &inner[..inner.find('(').unwrap()];
            let a = args(inner);
            format!("{name}({}, Tensor(ImplicitAccessor(0), {}))[0]", a[0], a[1])
        }
        None => e.to_string(),
    }
}

/// Whether the operand a line partitions (its last argument) has run-time
/// leaves: a bare integer inside a `Layout(...)` there.
fn runtime_operand(orig: &str) -> bool {
    let Some(last) = args(orig).last().copied() else {
        return false;
    };
    let b = last.as_bytes();
    let mut in_layout = 0_usize;
    let mut depth = 0_i32;
    let mut starts = vec![];
    for (i, c) in last.char_indices() {
        if last[i..].starts_with("Layout(") {
            starts.push(depth);
            in_layout += 1;
        }
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if starts.last() == Some(&depth) {
                    starts.pop();
                    in_layout -= 1;
                }
            }
            d if d.is_ascii_digit() && in_layout > 0 => {
                let prev = if i > 0 { b[i - 1] } else { b' ' };
                if !(prev.is_ascii_digit() || prev == b'_') {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '_' && !c.is_whitespace())
        .collect()
}

/// The text of a value as CuTe prints it (a layout `S:D`).
fn text(v: &Value) -> String {
    match v {
        Value::Layout(l) => l.to_string(),
        v => v.to_string(),
    }
}

/// The sizes of the top-level modes of a layout.
fn mode_sizes(l: &Layout) -> Vec<i64> {
    if l.is_tuple() {
        (0..l.rank()).map(|i| l.size_mode(&[i]).unwrap()).collect()
    } else {
        vec![l.size().unwrap()]
    }
}

/// Whether two layouts have the same modes' sizes and the same offsets.
fn same_function(a: &Layout, b: &Layout) -> bool {
    if mode_sizes(a) != mode_sizes(b) {
        return false;
    }
    let n = a.size().unwrap();
    (0..n.min(1 << 16)).all(|i| a.call_int(i).unwrap() == b.call_int(i).unwrap())
}

/// Whether `Tensor(TransformAccessor(ImplicitAccessor(0), Swizzle(b,m,s)),
/// Layout(S, D))` is CuTe's `Sw<B,M,S> o smem_ptr[Wb](unset) o S:D`: the
/// same layout, and the swizzle of byte addresses `Sw<B,M,S>` on elements
/// of W bits, `Sw<B, M - log2(W / 8), S>`.
fn same_swizzled(ours: &str, cute: &str) -> bool {
    let nums = |s: &str| -> Vec<i64> {
        s.split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect()
    };
    let mut parts = cute.splitn(3, " o ");
    let (sw, ptr, layout) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    let [b, m, sh] = nums(sw)[..] else {
        return false;
    };
    let width = nums(ptr)[0];
    let elem_m = m - (width / 8).trailing_zeros() as i64;
    let Some(rest) = ours.strip_prefix("Tensor(TransformAccessor(ImplicitAccessor(0), Swizzle(")
    else {
        return false;
    };
    let (sw_ours, layout_ours) = rest.split_once(")), ").unwrap();
    let ours_sw = nums(sw_ours);
    let l: Layout = cute_expr::eval_expr(layout_ours.strip_suffix(')').unwrap())
        .unwrap()
        .to_layout("test")
        .unwrap();
    ours_sw == [b, elem_m, sh] && norm(&l.to_string()) == norm(layout)
}

#[test]
fn every_cute_cpp_line_evaluates_to_cutes_answer() {
    let (mut exact, mut functional, mut refused, mut skipped) = (0, 0, 0, 0);
    let mut failures = vec![];
    let mut lines = DATA
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    assert_eq!(lines.next(), Some("kind\texpr\tresult"));
    for line in lines {
        let [kind, orig, want]: [&str; 3] =
            line.split('\t').collect::<Vec<_>>().try_into().unwrap();
        if kind == "smem_atom" || (orig.starts_with("max_common_") && orig.contains("GMMA_Layout"))
        {
            // checked elsewhere (see the module's docs), or refused below
            if orig.starts_with("max_common_") {
                let e = cute_expr::eval_expr(&plain(orig));
                assert!(
                    e.is_err(),
                    "{orig}: a swizzled operand is refused, got {e:?}"
                );
                refused += 1;
            } else {
                skipped += 1;
            }
            continue;
        }
        let e = rewrite_offset(&plain(orig));
        let got = match cute_expr::eval_expr(&e) {
            Ok(v) => v,
            Err(err) if err.to_string().contains("is not a thread of the TiledMMA") => {
                refused += 1;
                continue;
            }
            Err(err) => {
                failures.push(format!("{orig}\n    CuTe C++: {want}\n    error:    {err}"));
                continue;
            }
        };
        let got_text = text(&got);
        if want.starts_with("Sw<") {
            // a swizzled layout: the same layout, and CuTe's byte-level
            // swizzle in elements
            assert!(
                same_swizzled(&got_text, want),
                "{orig}\n    CuTe C++: {want}\n    ours:     {got_text}"
            );
            exact += 1;
            continue;
        }
        if norm(&got_text) == norm(want) {
            exact += 1;
            continue;
        }
        let mixed_result = want.contains('_')
            && want
                .split(|c: char| !c.is_ascii_digit() && c != '_')
                .any(|t| t.starts_with(|c: char| c.is_ascii_digit()));
        if let (Value::Layout(ours), true) = (&got, runtime_operand(orig) || mixed_result) {
            if let Ok(theirs) = plain(want).parse::<Layout>() {
                if same_function(ours, &theirs) {
                    functional += 1;
                    continue;
                }
            }
        }
        failures.push(format!(
            "{orig}\n    CuTe C++: {want}\n    ours:     {got_text}"
        ));
    }
    println!(
        "exact {exact}, same function {functional}, refused {refused}, checked elsewhere {skipped}"
    );
    assert!(
        failures.is_empty(),
        "{} lines differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(exact >= 5000 && functional >= 200 && refused >= 18 && skipped >= 40);
}
