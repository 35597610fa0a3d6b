//! `GET /api/eval`: one line of the language evaluated, as JSON.
//!
//! The parameters: `expr` (the line: statements separated by `;`, the last
//! one giving the value), `tile=M,N` (draw the value as a thread-value
//! layout folded through that tile), `view=tv` (draw it as a thread-value
//! layout), `color=NAME` (an offset color, `white` `grey` `bank8` `bank16`
//! `bank32`, or a thread-value one, `thread` `value` `warp` `white`).
//!
//! The answer is an object. An error of the line (or of the evaluator's
//! budgets) is `{"ok": false, "class": "ValueError", "message": "..."}`;
//! a malformed query is the same with class `BadRequest` and status 400.
//! Otherwise `"ok": true` and:
//!
//! - `kind`: `statement` (the line ends with a statement), `value` (not
//!   drawn), `layout`, `tensor`, `tv` (a thread-value layout), `mma` (a
//!   tiled MMA, or an MMA atom or instruction as its one-atom tiling),
//!   `copy` (a tiled copy), `linked` (a composition or divide of two
//!   layouts, drawn beside its operands);
//! - `repr`: the value's repr (`null` for a statement);
//! - `table`: its table (`print_tensor`, or CuTe's text of a tiled MMA or
//!   copy), or `null`;
//! - `svg`: its drawing (`draw_svg`, `draw_svg_tv`, `draw_svg_mma`,
//!   `draw_svg_copy`), or `null`;
//! - `notes`: why something is not shown (a drawing's error, a size limit);
//! - for `linked`, `panels`: A, B and the result, each `{"name", "expr",
//!   "repr", "svg"}`, and `links`: for each result index `i`, `[row,
//!   column, a_row, a_column, b_row, b_column, a_index]`, the result's cell,
//!   A's cell (`-1, -1` past A's domain) and B's cell it comes from, and A's
//!   index (see [`super::linked`]).

use std::fmt::Write as _;

use cute_dynamic::atom::{make_tiled_mma, MmaAtom};
use cute_dynamic::viz::{self, colors};
use cute_dynamic::{Error, IntTuple, Layout, Result};
use cute_expr::{AtomValue, Env, Outcome, Value};

use super::http::{self, Response};
use super::json::{self, Object};
use super::linked;
use crate::batch;
use crate::draw::{Drawable, Shown};

/// The largest drawing sent, in bytes of SVG.
pub const MAX_SVG: usize = 8 << 20;

/// The largest table sent, in bytes.
pub const MAX_TABLE: usize = 2 << 20;

/// The longest repr sent, in bytes; a longer one is cut.
pub const MAX_REPR: usize = 1 << 20;

/// The parameters of one evaluation.
#[derive(Debug, Default)]
struct Params {
    expr: String,
    tile: Option<String>,
    tv: bool,
    color: Option<String>,
}

/// Reads the query's parameters (the first of each name counts; unknown
/// names are ignored).
fn params(query: &str) -> std::result::Result<Params, String> {
    let mut p = Params::default();
    let mut expr = None;
    let mut seen = [false; 4];
    for (k, v) in http::parse_query(query)? {
        let slot = match k.as_str() {
            "expr" => 0,
            "tile" => 1,
            "view" => 2,
            "color" => 3,
            _ => continue,
        };
        if std::mem::replace(&mut seen[slot], true) {
            continue;
        }
        match slot {
            0 => expr = Some(v),
            1 => p.tile = Some(v).filter(|t| !t.trim().is_empty()),
            2 => match v.as_str() {
                "tv" => p.tv = true,
                "" | "auto" => {}
                other => return Err(format!("view is tv or auto, not {other:?}")),
            },
            _ => p.color = Some(v).filter(|c| !c.trim().is_empty()),
        }
    }
    p.expr = expr.ok_or("the parameter expr (the expression) is missing")?;
    p.tv |= p.tile.is_some();
    Ok(p)
}

/// An error answer.
fn error_json(class: &str, message: &str) -> String {
    Object::new()
        .bool("ok", false)
        .str("class", class)
        .str("message", message)
        .finish()
}

/// `GET /api/eval?...`: the evaluation of the query's line (see the
/// module's documentation). Never panics: the evaluation runs behind
/// `catch_unwind` ([`batch::guarded`]), within the evaluator's budgets, in
/// one of the server's evaluation slots.
pub fn eval(query: &str) -> Response {
    let p = match params(query) {
        Ok(p) => p,
        Err(msg) => return Response::json(400, error_json("BadRequest", &msg)),
    };
    let _slot = super::evaluation_slot();
    match batch::guarded(|| answer(&p)) {
        Ok(json) => Response::json(200, json),
        Err(e) => Response::json(200, error_json(&e.class().to_string(), &e.to_string())),
    }
}

/// What is sent of one value.
#[derive(Default)]
struct Answer {
    kind: &'static str,
    repr: Option<String>,
    table: Option<String>,
    svg: Option<String>,
    notes: Vec<String>,
    /// (panels, links) of a linked view, as JSON.
    linked: Option<(String, String)>,
}

impl Answer {
    /// Keeps a table, or notes why there is none.
    fn table(&mut self, t: Result<String>) {
        match t {
            Ok(t) if t.len() > MAX_TABLE => self.notes.push(format!(
                "the table has {} bytes; the page shows at most {MAX_TABLE}",
                t.len()
            )),
            Ok(t) => self.table = Some(t),
            Err(e) => self.notes.push(format!("no table: {}: {e}", e.class())),
        }
    }

    /// Keeps a drawing, or notes why there is none.
    fn svg(&mut self, s: Result<String>) {
        if let Some(s) = self.sized(s) {
            self.svg = Some(s);
        }
    }

    /// A drawing within [`MAX_SVG`], or a note of why there is none.
    fn sized(&mut self, s: Result<String>) -> Option<String> {
        match s {
            Ok(s) if s.len() > MAX_SVG => {
                self.notes.push(format!(
                    "the drawing has {} bytes of SVG; the page shows at most {MAX_SVG}",
                    s.len()
                ));
                None
            }
            Ok(s) => Some(s),
            Err(e) => {
                self.notes.push(format!("no drawing: {}: {e}", e.class()));
                None
            }
        }
    }

    fn json(&self) -> String {
        let mut o = Object::new();
        o.bool("ok", true)
            .str("kind", self.kind)
            .opt_str("repr", self.repr.as_deref())
            .opt_str("table", self.table.as_deref())
            .opt_str("svg", self.svg.as_deref());
        let notes = self.notes.iter().map(|n| {
            let mut s = String::new();
            json::push_str(&mut s, n);
            s
        });
        o.raw("notes", &json::array(notes));
        if let Some((panels, links)) = &self.linked {
            o.raw("panels", panels).raw("links", links);
        }
        o.finish()
    }
}

/// A repr, cut at [`MAX_REPR`] bytes.
fn repr(v: &Value) -> String {
    /// Text that stops growing at the limit.
    struct Clipped(String);
    impl std::fmt::Write for Clipped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let room = MAX_REPR - self.0.len();
            if s.len() <= room {
                self.0.push_str(s);
                return Ok(());
            }
            let mut end = room;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            self.0.push_str(&s[..end]);
            Err(std::fmt::Error)
        }
    }
    let mut out = Clipped(String::new());
    if write!(out, "{v}").is_err() {
        out.0
            .push_str(" ... (cut: the repr is longer than the page shows)");
    }
    out.0
}

/// `16,8` or `(16, 8)` as a tile shape.
fn tile_shape(s: &str) -> Result<IntTuple> {
    let t = s.trim();
    let text = if t.starts_with('(') {
        t.to_string()
    } else {
        format!("({t})")
    };
    text.parse::<IntTuple>().map_err(|_| {
        Error::value(
            "tile",
            format!("{s:?} is not a tile shape; write it M,N (for example 16,8)"),
        )
    })
}

/// The evaluation of `p.expr`, as the JSON answer.
///
/// # Errors
/// Whatever evaluating the line raises; an unknown color or a malformed
/// tile. A value that cannot be drawn is not an error: the answer notes
/// why.
fn answer(p: &Params) -> Result<String> {
    let mut env = Env::new();
    let v = match cute_expr::eval(&p.expr, &mut env)? {
        Outcome::Value(v) => v,
        Outcome::Statement => {
            let mut a = Answer {
                kind: "statement",
                ..Answer::default()
            };
            a.notes.push(
                "the line ends with a statement; end it with an expression (A = ...; A) to see \
                 a value"
                    .into(),
            );
            return Ok(a.json());
        }
    };
    let mut a = Answer {
        kind: "value",
        repr: Some(repr(&v)),
        ..Answer::default()
    };
    if p.tv {
        thread_value(p, &v, &mut a)?;
        return Ok(a.json());
    }
    let shown = match v {
        Value::Atom(atom) => match *atom {
            AtomValue::TiledMma(t) => Shown::Mma(Box::new(t)),
            AtomValue::TiledCopy(t) => Shown::Copy(Box::new(t)),
            AtomValue::MmaAtom(at) => Shown::Mma(Box::new(make_tiled_mma(at, None, &[])?)),
            AtomValue::MmaOp(o) => {
                Shown::Mma(Box::new(make_tiled_mma(MmaAtom::new(o)?, None, &[])?))
            }
            _ => return Ok(a.json()),
        },
        Value::Layout(l) => Shown::Cells(Drawable::Layout(*l)),
        t @ Value::Tensor(_) => match cute_expr::cell_table(&t, &env) {
            Ok(cells) => Shown::Cells(Drawable::Tensor(cells)),
            Err(e) => {
                a.kind = "tensor";
                a.notes
                    .push(format!("no table or drawing: {}: {e}", e.class()));
                return Ok(a.json());
            }
        },
        _ => return Ok(a.json()),
    };
    match shown {
        Shown::Mma(t) => {
            a.kind = "mma";
            a.table(viz::print_layout_mma(&t));
            a.svg(viz::draw_svg_mma(&t));
        }
        Shown::Copy(t) => {
            a.kind = "copy";
            a.table(viz::print_layout_copy(&t));
            a.svg(viz::draw_svg_copy(&t));
        }
        Shown::Cells(d) => {
            let name = p.color.as_deref().unwrap_or("white");
            let color = colors::offset_color_by_name(name).ok_or_else(|| {
                unknown_color(name, "offset", "white, grey, bank8, bank16, bank32")
            })?;
            a.kind = if matches!(d, Drawable::Layout(_)) {
                "layout"
            } else {
                "tensor"
            };
            a.table(viz::print_tensor(&d, true));
            a.svg(viz::draw_svg(&d, &color));
            if let Drawable::Layout(r) = &d {
                link(p, r, &mut a);
            }
        }
    }
    Ok(a.json())
}

/// An unknown color's error.
fn unknown_color(name: &str, kind: &str, names: &str) -> Error {
    Error::value(
        "color",
        format!("unknown {kind} color {name:?}; the {kind} colors are {names}"),
    )
}

/// The value drawn as a thread-value layout (`view=tv`, or a tile given).
fn thread_value(p: &Params, v: &Value, a: &mut Answer) -> Result<()> {
    let name = p.color.as_deref().unwrap_or("thread");
    let color = colors::tv_color_by_name(name)
        .ok_or_else(|| unknown_color(name, "thread-value", "thread, value, warp, white"))?;
    let tile = p.tile.as_deref().map(tile_shape).transpose()?;
    a.kind = "tv";
    match v.to_layout("draw_svg_tv") {
        Ok(layout) => {
            a.table(viz::print_tensor(&layout, true));
            a.svg(viz::draw_svg_tv(&layout, tile.as_ref(), &color));
        }
        Err(e) => a
            .notes
            .push(format!("no thread-value drawing: {}: {e}", e.class())),
    }
    Ok(())
}

/// The operands of a composition or divide, drawn beside the result, with
/// the links of its cells (see [`linked`]).
fn link(p: &Params, r: &Layout, a: &mut Answer) {
    let Some(view) = linked::view(&p.expr, r) else {
        return;
    };
    let v = match view {
        Ok(v) => v,
        Err(why) => {
            a.notes.push(format!("the operands are not drawn: {why}"));
            return;
        }
    };
    let Some(result_svg) = a.svg.clone() else {
        return;
    };
    let white = colors::white();
    let mut panels = Vec::with_capacity(3);
    for (name, (text, l)) in ["A", "B"].into_iter().zip(v.texts.iter().zip(&v.operands)) {
        let Some(svg) = a.sized(viz::draw_svg(l, &white)) else {
            return;
        };
        panels.push(panel(
            name,
            text,
            &Value::Layout(Box::new(l.clone())).to_string(),
            &svg,
        ));
    }
    let result_name = format!("{}(A, B)", v.op);
    panels.push(panel(
        &result_name,
        &p.expr,
        a.repr.as_deref().unwrap_or(""),
        &result_svg,
    ));
    let links = json::array(v.links.iter().map(|k| {
        let (am, an) = k.a.unwrap_or((-1, -1));
        format!(
            "[{},{},{am},{an},{},{},{}]",
            k.result.0, k.result.1, k.b.0, k.b.1, k.a_index
        )
    }));
    a.kind = "linked";
    a.linked = Some((json::array(panels), links));
}

/// One panel of a linked view.
fn panel(name: &str, expr: &str, repr: &str, svg: &str) -> String {
    Object::new()
        .str("name", name)
        .str("expr", expr)
        .str("repr", repr)
        .str("svg", svg)
        .finish()
}

/// The first value of each of `names` in the query (unknown names are
/// ignored), blank values as absent.
fn named<const N: usize>(
    query: &str,
    names: [&str; N],
) -> std::result::Result<[Option<String>; N], String> {
    let mut got: [Option<String>; N] = std::array::from_fn(|_| None);
    for (k, v) in http::parse_query(query)? {
        if let Some(i) = names.iter().position(|n| *n == k) {
            if got[i].is_none() && !v.trim().is_empty() {
                got[i] = Some(v);
            }
        }
    }
    Ok(got)
}

/// Runs `f` as [`eval`] runs an evaluation: in an evaluation slot, behind
/// `catch_unwind`, within the evaluator's budgets; an error is an answer.
fn bounded(f: impl FnOnce() -> Result<String>) -> Response {
    let _slot = super::evaluation_slot();
    match batch::guarded(f) {
        Ok(json) => Response::json(200, json),
        Err(e) => Response::json(200, error_json(&e.class().to_string(), &e.to_string())),
    }
}

/// `GET /api/explain?expr=EXPR`: the trace of the operation EXPR's last
/// statement calls (as `cute explain --json` gives it), as
/// `{"ok": true, "explained": true, "trace": {...}}` (see
/// `Trace::to_json`); `{"ok": true, "explained": false}` if the line does
/// not end with a call of an explained operation; an error of the line as
/// [`eval`] answers it.
pub fn explain(query: &str) -> Response {
    let [expr] = match named(query, ["expr"]) {
        Ok(p) => p,
        Err(msg) => return Response::json(400, error_json("BadRequest", &msg)),
    };
    let Some(src) = expr else {
        return Response::json(
            400,
            error_json(
                "BadRequest",
                "the parameter expr (the expression) is missing",
            ),
        );
    };
    bounded(|| {
        if !crate::explain::is_explained_call(&src) {
            return Ok(Object::new()
                .bool("ok", true)
                .bool("explained", false)
                .finish());
        }
        let trace = crate::explain::run(&crate::explain::Options { src, json: true })?;
        let trace = trace.trim_end();
        if trace.len() > MAX_SVG || !trace.starts_with('{') {
            return Err(Error::value(
                "explain",
                format!(
                    "the trace has {} bytes; the page shows at most {MAX_SVG}",
                    trace.len()
                ),
            ));
        }
        Ok(Object::new()
            .bool("ok", true)
            .bool("explained", true)
            .raw("trace", trace)
            .finish())
    })
}

/// `GET /api/banks?tv=TV&smem=SMEM[&bits=BITS][&op=OP]`: the bank picture
/// of the access (`draw_svg_banks`) and its wavefronts, as `{"ok": true,
/// "kind": "banks", "wavefronts", "ideal", "summary", "report", "svg",
/// "notes"}`. `tv` is a thread-value layout (with `bits` and `op`) or a
/// tiled copy (`op` optional), `smem` a layout or a swizzle composed with
/// one, evaluated in that order in one environment, as `cute banks` does.
pub fn banks(query: &str) -> Response {
    let [tv, smem, bits, op] = match named(query, ["tv", "smem", "bits", "op"]) {
        Ok(p) => p,
        Err(msg) => return Response::json(400, error_json("BadRequest", &msg)),
    };
    let (Some(tv), Some(smem)) = (tv, smem) else {
        return Response::json(
            400,
            error_json(
                "BadRequest",
                "the parameters tv (the TV layout or tiled copy) and smem (the shared-memory \
                 layout) are needed",
            ),
        );
    };
    let mut exprs = vec![tv, smem];
    match (bits, op) {
        (Some(b), Some(o)) => exprs.extend([b, o]),
        (None, Some(o)) => exprs.push(o),
        (Some(b), None) => exprs.push(b),
        (None, None) => {}
    }
    bounded(|| {
        let mut env = Env::new();
        let (access, smem) = crate::banks::access_of(&exprs, &mut env)?;
        let report = cute_dynamic::banks::bank_conflicts_of(&access, &smem)?;
        let mut a = Answer::default();
        let svg = a.sized(viz::draw_svg_banks(&access, &smem));
        let mut text = report.to_string();
        if text.len() > MAX_TABLE {
            text.truncate(MAX_TABLE);
            while !text.is_char_boundary(text.len()) {
                text.pop();
            }
            text.push_str("\n... (cut)");
        }
        let notes = a.notes.iter().map(|n| {
            let mut s = String::new();
            json::push_str(&mut s, n);
            s
        });
        let mut o = Object::new();
        o.bool("ok", true)
            .str("kind", "banks")
            .raw("wavefronts", &report.wavefronts.to_string())
            .raw("ideal", &report.ideal.to_string())
            .str("summary", &report.summary())
            .str("smem", &smem.to_string())
            .str("report", &text)
            .opt_str("svg", svg.as_deref())
            .raw("notes", &json::array(notes));
        Ok(o.finish())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(query: &str) -> (u16, String) {
        let r = eval(query);
        (r.status, String::from_utf8(r.body.into_owned()).unwrap())
    }

    #[test]
    fn a_layout_has_its_repr_table_and_drawing() {
        let (status, body) = get("expr=Layout((4%2C+8)%2C+(1%2C+4))");
        assert_eq!(status, 200);
        assert!(
            body.starts_with(r#"{"ok":true,"kind":"layout","repr":"Layout((4, 8), (1, 4))""#),
            "{body}"
        );
        assert!(body.contains(r#""table":"(4, 8):(1, 4)\n"#), "{body}");
        assert!(body.contains("\\u003csvg"), "{body}");
    }

    #[test]
    fn errors_are_answers() {
        let (status, body) = get("expr=Layout((2%2C+3))[2]");
        assert_eq!(status, 200);
        assert!(
            body.starts_with(r#"{"ok":false,"class":"IndexError","message":"#),
            "{body}"
        );
        let (status, body) = get("expr=%ff");
        assert_eq!(status, 400);
        assert!(
            body.contains("BadRequest") && body.contains("UTF-8"),
            "{body}"
        );
        assert_eq!(get("tile=4").0, 400);
        assert_eq!(get("expr=1&view=3d").0, 400);
        let (_, body) = get("expr=Layout(4)&color=pink");
        assert!(body.contains(r#""class":"ValueError""#), "{body}");
        let (_, body) = get("expr=(");
        assert!(body.contains("SyntaxError"), "{body}");
    }

    #[test]
    fn kinds() {
        let kind = |q: &str| {
            let (_, body) = get(q);
            body.split(r#""kind":""#)
                .nth(1)
                .map(|s| s.split('"').next().unwrap().to_string())
                .unwrap_or(body)
        };
        assert_eq!(kind("expr=A+%3D+1"), "statement");
        assert_eq!(kind("expr=1+%2B+1"), "value");
        assert_eq!(kind("expr=make_tensor((2,+2))"), "tensor");
        assert_eq!(
            kind("expr=Layout(((4,8),(2,2)),((32,1),(16,8)))&tile=16,8"),
            "tv"
        );
        assert_eq!(kind("expr=MMA_Atom(SM80_16x8x8_F32F16F16F32_TN)"), "mma");
        assert_eq!(
            kind("expr=composition(Layout((6,2),(8,2)),Layout((4,3),(3,1)))"),
            "linked"
        );
    }

    #[test]
    fn a_linked_view_has_three_panels_and_a_link_per_cell() {
        let (_, body) = get("expr=zipped_divide(Layout(24)%2C+Layout(4%2C+2))");
        assert!(body.contains(r#""kind":"linked""#), "{body}");
        assert_eq!(body.matches(r#""name":"#).count(), 3);
        let links = body.split(r#""links":"#).nth(1).unwrap();
        assert_eq!(links.matches('[').count(), 24 + 1);
    }

    #[test]
    fn explain_traces_a_call_of_an_explained_operation() {
        let get = |q: &str| {
            let r = explain(q);
            (r.status, String::from_utf8(r.body.into_owned()).unwrap())
        };
        let (status, body) =
            get("expr=composition(Layout((6%2C2)%2C(8%2C2))%2CLayout((4%2C3)%2C(3%2C1)))");
        assert_eq!(status, 200);
        assert!(
            body.starts_with(r#"{"ok":true,"explained":true,"trace":{"op":"composition""#),
            "{body}"
        );
        assert!(body.contains(r#""kind":"result""#), "{body}");
        let (_, body) = get("expr=Layout(4)");
        assert_eq!(body, r#"{"ok":true,"explained":false}"#);
        let (_, body) = get("expr=composition(Layout(4)%2C+undefined_name)");
        assert!(body.starts_with(r#"{"ok":false"#), "{body}");
        assert_eq!(get("expr=%ff").0, 400);
        assert_eq!(get("").0, 400);
    }

    #[test]
    fn banks_counts_wavefronts() {
        let get = |q: &str| {
            let r = banks(q);
            (r.status, String::from_utf8(r.body.into_owned()).unwrap())
        };
        let tv = "tv=Layout(((8%2C4)%2C8)%2C((1%2C64)%2C8))";
        let (status, body) = get(&format!(
            "{tv}&smem=Layout((8%2C64)%2C(64%2C1))&bits=16&op=ldmatrix"
        ));
        assert_eq!(status, 200);
        assert!(body.contains(r#""wavefronts":32,"ideal":4"#), "{body:.400}");
        assert!(body.contains("\\u003csvg"), "{body:.400}");
        let (_, body) = get(&format!(
            "{tv}&smem=composition(Swizzle(3%2C3%2C3)%2CLayout((8%2C64)%2C(64%2C1)))&bits=16&op=ldmatrix"
        ));
        assert!(body.contains(r#""wavefronts":4,"ideal":4"#), "{body:.400}");
        let (_, body) = get(&format!("{tv}&smem=Layout(4)&bits=16&op=nonsense"));
        assert!(body.starts_with(r#"{"ok":false"#), "{body}");
        assert_eq!(get("tv=Layout(4)").0, 400);
    }

    #[test]
    fn a_long_repr_is_cut() {
        let (_, body) = get("expr=tuple(range(400000))");
        assert!(body.len() < MAX_REPR + 1000, "{}", body.len());
        assert!(body.contains("(cut:"), "{}", &body[..200]);
    }
}
