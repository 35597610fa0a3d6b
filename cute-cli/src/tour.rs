//! `cute tour`: a short walk through layouts and their algebra, each step
//! evaluated by the expression evaluator itself.

use std::io::Write;

use cute_expr::{self as expr, Env, Outcome};

/// The steps: a comment line (starting with `#`) or a statement.
const STEPS: &[&str] = &[
    "# A layout maps coordinates to offsets: Shape:Stride.",
    "A = Layout((3, (2, 4)), (2, (1, 6)))",
    "A",
    "print(A)",
    "shape(A), stride(A), size(A), rank(A), depth(A)",
    "# Three coordinate forms reach the same offset: integral, flat, natural.",
    "A(17)",
    "A(2, 5)",
    "A(2, (1, 2))",
    "# Indexing and slicing select modes.",
    "A[1]",
    "A[1][0]",
    "Layout((2, 3, 5, 7), (1, 2, 6, 30))[1:-1]",
    "# Coordinate strides: the codomain is a coordinate.",
    "Layout((4, 8), (E(0), E(1)))(2, 3)",
    "# The algebra.",
    "coalesce(Layout((2, (1, 6)), (1, (6, 2))))",
    "composition(Layout(20, 2), Layout((5, 4), (4, 1)))",
    "complement(Layout(4, 2), 24)",
    "logical_divide(Layout(24), Layout(4, 2))",
    "logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))",
    "right_inverse(Layout((4, 8), (8, 1)))",
    "left_inverse(Layout((4, 8), (1, 5)))",
    "# Drawings: the offsets of a layout as a table (also `cute print 'EXPR'`).",
    "print_tensor(Layout((4, 8), (1, 4)))",
    "print_tensor(Layout((4, 8), (8, 1)))",
    "# The same as a bordered grid, row and column indices outside (also `cute table 'EXPR'`).",
    "print_table(Layout((4, 8), (8, 1)))",
    "# A picture of which thread owns which element (`cute svg-tv 'EXPR' --tile 16,8 -o F.svg`).",
    "draw_svg_tv(Layout(((4, 8), (2, 2)), ((32, 1), (16, 8))), (16, 8))",
    "# A tensor is an accessor composed with a layout; a view shares its memory.",
    "T = make_tensor(Layout((4, 4), (4, 1)), dtype=c_int)",
    "T[1, 2] = 42",
    "T[1, None]",
    "T[1, None][2]",
    "print_tensor(T)",
    "# Tiling a tensor rewraps the same memory; identity_tensor tells each tile its coordinates.",
    "zipped_divide(T, (2, 2))[(1, 0), (0, 1)]",
    "zipped_divide(identity_tensor((4, 4)), (2, 2))[(1, 0), (0, 1)]",
    "# A swizzle after a layout: the tensor of its swizzled offsets (`cute svg 'EXPR' --color bank8`).",
    "print_tensor(composition(Swizzle(2, 0, 2), Layout((4, 4), (4, 1))))",
    "# Errors are values too.",
    "Layout((2, 3), (1, 2))[2] -> IndexError",
];

/// Prints the tour: each step as `>>> step`, then its value (or the error).
///
/// # Errors
/// Only failures to write the output.
pub fn run(out: &mut impl Write) -> std::io::Result<()> {
    let mut env = Env::new();
    for (i, step) in STEPS.iter().enumerate() {
        if step.starts_with('#') {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "{step}")?;
            continue;
        }
        writeln!(out, ">>> {step}")?;
        if let Some(inner) = step
            .strip_prefix("print_tensor(")
            .and_then(|s| s.strip_suffix(')'))
        {
            match table(inner, &mut env) {
                Ok(text) => write!(out, "{text}")?,
                Err(e) => writeln!(out, "{}: {e}", e.class())?,
            }
            continue;
        }
        if let Some(inner) = step
            .strip_prefix("print_table(")
            .and_then(|s| s.strip_suffix(')'))
        {
            match crate::draw::table(inner, &mut env) {
                Ok(text) => write!(out, "{text}")?,
                Err(e) => writeln!(out, "{}: {e}", e.class())?,
            }
            continue;
        }
        if step.starts_with("draw_svg_tv(") {
            drawing(out)?;
            continue;
        }
        match expr::eval(step, &mut env) {
            Ok(Outcome::Value(v)) => match v {
                expr::Value::Str(s) if step.starts_with("print(") => writeln!(out, "{s}")?,
                v => writeln!(out, "{v}")?,
            },
            Ok(Outcome::Statement) => {}
            Err(e) => writeln!(out, "{}: {e}", e.class())?,
        }
    }
    Ok(())
}

/// The table of the layout or tensor `src` evaluates to in `env`: its
/// `Shape:Stride` header, then its offsets or elements, as the
/// specification's `print_tensor` prints them.
///
/// # Errors
/// Whatever evaluating `src` raises; a `TypeError` if it is neither a
/// layout nor a tensor; a `ValueError` for a rank above 4.
pub fn table(src: &str, env: &mut Env) -> cute_dynamic::Result<String> {
    use crate::draw::Shown;
    match crate::draw::shown(src, env, "print_tensor")? {
        Shown::Cells(x) => cute_dynamic::viz::print_tensor(&x, true),
        Shown::Mma(t) => cute_dynamic::viz::print_layout_mma(&t),
        Shown::Copy(t) => cute_dynamic::viz::print_layout_copy(&t),
    }
}

/// Writes the tour's drawing, the MMA accumulator layout, to
/// `cute-tour/mma-c.svg` in the temporary directory and says where; a
/// failure to write it is reported in the tour, not an error of the tour.
fn drawing(out: &mut impl Write) -> std::io::Result<()> {
    use cute_dynamic::viz::{colors::thread_color_8x, draw_svg_tv};
    let made = (|| -> Result<std::path::PathBuf, String> {
        let layout = crate::draw::layout_of(
            "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))",
            "draw_svg_tv",
        )
        .map_err(|e| e.to_string())?;
        let tile = "(16, 8)"
            .parse()
            .map_err(|e: cute_dynamic::Error| e.to_string())?;
        let svg = draw_svg_tv(&layout, Some(&tile), &thread_color_8x).map_err(|e| e.to_string())?;
        let dir = std::env::temp_dir().join("cute-tour");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let path = dir.join("mma-c.svg");
        std::fs::write(&path, svg).map_err(|e| e.to_string())?;
        Ok(path)
    })();
    match made {
        Ok(path) => writeln!(out, "wrote {} (open it in a browser)", path.display()),
        Err(e) => writeln!(out, "(the drawing could not be written: {e})"),
    }
}
