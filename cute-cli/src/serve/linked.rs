//! The side-by-side view of a composition or a divide: `composition(A, B)`,
//! `logical_divide(A, B)` or `zipped_divide(A, B)` of two layouts, drawn
//! beside its operands, each cell of the result linked to the cell of A
//! and the cell of B it comes from.
//!
//! The links are computed from the algebra, not from the drawings: each of
//! the three operations is `R(i) = A(L(i))` for a layout `L` that depends on
//! B and `size(A)` alone (`L = B` for a composition, `L = (B, complement(B,
//! size(A)))` for a divide), so `L` is the operation applied to the identity
//! layout `size(A):1` in place of A. Result index `i` comes from A's index
//! `L(i)` (checked: `A(L(i)) == R(i)`), and from B's index `i` (a
//! composition) or `i mod size(B)` (a divide, whose first mode is B's
//! domain).

use cute_dynamic::algebra::{composition, logical_divide, zipped_divide};
use cute_dynamic::{Layout, Result};
use cute_expr::{Env, Outcome, Value};

/// The most result cells linked; a larger result is drawn alone.
pub const MAX_LINKS: i64 = 1 << 16;

/// The operations drawn beside their operands.
const OPS: [&str; 3] = ["composition", "logical_divide", "zipped_divide"];

/// A composition or divide of two layouts, ready to be drawn.
pub struct Linked {
    /// The operation's name.
    pub op: &'static str,
    /// The operands' texts, as written.
    pub texts: [String; 2],
    /// The operands.
    pub operands: [Layout; 2],
    /// For each result index `i`, in order: the result's cell, A's cell
    /// (`None` past A's domain), B's cell, and A's index `L(i)`; a cell is
    /// `(row, column)` of its drawing.
    pub links: Vec<Link>,
}

/// The cells one result cell comes from.
pub struct Link {
    /// The result's cell.
    pub result: (i64, i64),
    /// A's cell, if `L(i)` is inside A's domain.
    pub a: Option<(i64, i64)>,
    /// B's cell.
    pub b: (i64, i64),
    /// A's index, `L(i)`.
    pub a_index: i64,
}

/// The side-by-side view of the line `src`, whose value is `result`: `None`
/// unless its last statement is one of [`OPS`] called on two expressions
/// that evaluate to layouts and give `result`; `Some(Err(why))` when it is
/// but the three cannot be drawn side by side (a rank above 2, too many
/// cells, strides that are not integers).
pub fn view(src: &str, result: &Layout) -> Option<std::result::Result<Linked, String>> {
    let (prefix, op, args) = split_call(src)?;
    let mut env = Env::new();
    if !prefix.trim().is_empty() {
        cute_expr::eval(prefix, &mut env).ok()?;
    }
    let mut layout = |text: &str| match cute_expr::eval(text, &mut env) {
        Ok(Outcome::Value(Value::Layout(l))) => Some(*l),
        _ => None,
    };
    let a = layout(args[0])?;
    let b = layout(args[1])?;
    // the name may have been bound to something else on the line
    if apply(op, &a, &b).ok()? != *result {
        return None;
    }
    Some(links(op, &a, &b, result).map(|links| Linked {
        op,
        texts: [args[0].trim().to_string(), args[1].trim().to_string()],
        operands: [a, b],
        links,
    }))
}

/// `op(a, b)`.
fn apply(op: &str, a: &Layout, b: &Layout) -> Result<Layout> {
    match op {
        "composition" => composition(a, b),
        "logical_divide" => logical_divide(a, b),
        _ => zipped_divide(a, b),
    }
}

/// The links of `r = op(a, b)` (see the module's documentation).
fn links(op: &str, a: &Layout, b: &Layout, r: &Layout) -> std::result::Result<Vec<Link>, String> {
    for (name, l) in [("A", a), ("B", b), ("the result", r)] {
        if !(1..=2).contains(&l.rank()) {
            return Err(format!(
                "{name} has rank {}; the operands and the result are drawn side by side when \
                 each has rank 1 or 2",
                l.rank()
            ));
        }
    }
    let failed = |e: cute_dynamic::Error| format!("the cells cannot be linked: {e}");
    let (size_a, size_b, size_r) = (
        a.size().map_err(failed)?,
        b.size().map_err(failed)?,
        r.size().map_err(failed)?,
    );
    if size_r > MAX_LINKS {
        return Err(format!(
            "the result has {size_r} cells; the cells are linked for at most {MAX_LINKS}"
        ));
    }
    let identity: Layout = format!("{size_a}:1").parse().map_err(failed)?;
    let l = apply(op, &identity, b).map_err(failed)?;
    let divide = op != "composition";
    if divide && (r.rank() != 2 || r.mode(0).and_then(|m| m.size()).map_err(failed)? != size_b) {
        return Err("the result's first mode is not B's domain".into());
    }
    let (cell_a, cell_b, cell_r) = (
        cells(a).map_err(failed)?,
        cells(b).map_err(failed)?,
        cells(r).map_err(failed)?,
    );
    let mut out = Vec::with_capacity(usize::try_from(size_r).unwrap_or(0));
    for i in 0..size_r {
        let li = l.call_int(i).map_err(failed)?;
        let inside = (0..size_a).contains(&li);
        if inside && a.call_int(li).map_err(failed)? != r.call_int(i).map_err(failed)? {
            return Err(format!(
                "internal error: A(L({i})) differs from the result at {i}"
            ));
        }
        let bi = if divide { i % size_b.max(1) } else { i };
        out.push(Link {
            result: cell_r(i),
            a: inside.then(|| cell_a(li)),
            b: cell_b(bi),
            a_index: li,
        });
    }
    Ok(out)
}

/// The cell of index `i` in the drawing of a layout of rank 1 (one row) or
/// 2 (rows are mode 0, columns mode 1, `i = row + size(mode 0) * column`).
fn cells(l: &Layout) -> Result<impl Fn(i64) -> (i64, i64)> {
    let rows = if l.rank() == 2 { l.mode(0)?.size()? } else { 0 };
    Ok(move |i: i64| {
        if rows > 0 {
            (i % rows, i / rows)
        } else {
            (0, i)
        }
    })
}

/// Splits a line `prefix; OP(x, y)` into the statements before the last
/// one, the operation and the texts of its two arguments; `None` for a
/// line of another form (a keyword argument, a call of the call, a third
/// argument).
fn split_call(src: &str) -> Option<(&str, &'static str, [&str; 2])> {
    let stops = top_level(src, b';');
    let (prefix, last) = match stops.last() {
        Some(&i) if !src[i + 1..].trim().is_empty() => (&src[..i], &src[i + 1..]),
        Some(_) => return None,
        None => ("", src),
    };
    let last = last.trim();
    let op = OPS.into_iter().find(|op| {
        last.strip_prefix(op)
            .is_some_and(|rest| rest.trim_start().starts_with('('))
    })?;
    let open = op.len() + last[op.len()..].find('(')?;
    let inner = last[open + 1..].strip_suffix(')')?;
    // the last ')' must close the call's '(': depth never drops below 0
    if !balanced(inner) {
        return None;
    }
    let commas = top_level(inner, b',');
    let mut args: Vec<&str> = Vec::with_capacity(3);
    let mut start = 0;
    for &c in commas.iter().chain(std::iter::once(&inner.len())) {
        args.push(&inner[start..c]);
        start = c + 1;
    }
    if args.len() == 3 && args[2].trim().is_empty() {
        args.pop(); // a trailing comma
    }
    let [x, y] = args[..] else { return None };
    if [x, y].iter().any(|a| a.trim().is_empty() || keyword(a)) {
        return None;
    }
    Some((prefix, op, [x, y]))
}

/// The byte positions of `sep` in `s` outside strings and brackets.
fn top_level(s: &str, sep: u8) -> Vec<usize> {
    let mut out = Vec::new();
    scan(s, |i, depth, b| {
        if depth == 0 && b == sep {
            out.push(i);
        }
    });
    out
}

/// True iff no bracket of `s` closes one it did not open, and all close.
fn balanced(s: &str) -> bool {
    let mut ok = true;
    let end = scan(s, |_, depth, _| ok &= depth >= 0);
    ok && end == 0
}

/// Calls `f(position, depth, byte)` for each byte of `s` outside string
/// literals, the depth counted before a closing bracket is applied;
/// returns the final depth.
fn scan(s: &str, mut f: impl FnMut(usize, i64, u8)) -> i64 {
    let b = s.as_bytes();
    let (mut depth, mut quote, mut escaped) = (0i64, None::<u8>, false);
    for (i, &c) in b.iter().enumerate() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == b'\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            b'\'' | b'"' => quote = Some(c),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
        f(i, depth, c);
    }
    depth
}

/// True iff an argument is `name=value` (a keyword argument).
fn keyword(arg: &str) -> bool {
    let a = arg.trim_start();
    let name_end = a
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(a.len());
    name_end > 0 && {
        let rest = a[name_end..].trim_start();
        rest.starts_with('=') && !rest.starts_with("==")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_split() {
        let s = "A = Layout((4, 2)); composition(A, Layout((2, 2), (2, 1)))";
        let (prefix, op, [x, y]) = split_call(s).unwrap();
        assert_eq!(
            (prefix, op, x, y.trim()),
            (
                "A = Layout((4, 2))",
                "composition",
                "A",
                "Layout((2, 2), (2, 1))"
            )
        );
        let (_, op, [x, y]) =
            split_call(" logical_divide ( Layout(24) , Layout(4, 2) , ) ").unwrap();
        assert_eq!(
            (op, x.trim(), y.trim()),
            ("logical_divide", "Layout(24)", "Layout(4, 2)")
        );
        assert!(split_call("composition(A, B)(3)").is_none());
        assert!(split_call("composition(A, B, C)").is_none());
        assert!(split_call("composition(A)").is_none());
        assert!(split_call("composition(A, b=B)").is_none());
        assert!(split_call("coalesce(A)").is_none());
        assert!(split_call("composition(A, B); ").is_none());
        assert!(split_call("x = ';'; composition(f(';', ','), B)").is_some());
        assert!(split_call("composition(A, g(a == 1))").is_some());
    }

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn a_composition_links_each_cell() {
        let src = "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))";
        let r = l("((2, 2), 3):((24, 2), 8)");
        let v = view(src, &r).unwrap().unwrap();
        assert_eq!(v.op, "composition");
        assert_eq!(v.links.len(), 12);
        // result index 1 is B's index 1, cell (1, 0), B(1) = 3: A's cell (3, 0)
        let k = &v.links[1];
        assert_eq!(
            (k.result, k.a, k.b, k.a_index),
            ((1, 0), Some((3, 0)), (1, 0), 3)
        );
    }

    #[test]
    fn a_divide_links_each_tile_to_b() {
        let src = "logical_divide(Layout((4, 8), (8, 1)), Layout(4, 2))";
        let r = logical_divide(&l("(4, 8):(8, 1)"), l("4:2")).unwrap();
        let v = view(src, &r).unwrap().unwrap();
        assert_eq!(v.links.len(), 32);
        // result cell (1, 1): index 5, B's index 1, L(5) = 2 + 1 = 3
        let k = &v.links[5];
        assert_eq!(
            (k.result, k.b, k.a_index, k.a),
            ((1, 1), (0, 1), 3, Some((3, 0)))
        );
    }

    #[test]
    fn other_lines_are_not_linked() {
        let r = l("4:1");
        assert!(view("Layout(4)", &r).is_none());
        assert!(view("composition(Layout(4), 4)", &r).is_none());
        // the name bound to something else
        assert!(view(
            "composition = lambda a, b: Layout(4); composition(Layout(8), Layout(2))",
            &r
        )
        .is_none());
        let r3 = l("(2, 2, 2):(1, 2, 4)");
        let why = view("composition(Layout((2, 2, 2)), Layout((2, 2, 2)))", &r3).unwrap();
        assert!(why.err().unwrap().contains("rank 3"));
    }
}
