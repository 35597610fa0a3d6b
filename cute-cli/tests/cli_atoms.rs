//! The `cute` command on the atom layer, swizzles and their pictures and
//! index code, run as a process.

mod common;

use common::{cute, stderr, stdout};

/// `cute svg`, `cute latex` and `cute print` of the atom layer: a tiled MMA
/// draws A, B and C, an MMA atom its one-atom tiled MMA, a tiled copy its
/// source and destination; the lines of the atom layer run in `cute batch`.
#[test]
fn atoms_draw_print_and_batch() {
    let mma = "make_tiled_mma(MMA_Atom(SM80_16x8x8_F32F16F16F32_TN))";
    let out = cute(&["svg", mma], b"");
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    for operand in ["A", "B", "C"] {
        assert!(
            svg.contains(&format!("data-operand=\"{operand}\"")),
            "{operand}"
        );
    }
    // A 16 x 8, B 8 x 8, C 16 x 8
    assert_eq!(svg.matches("<rect class=\"cell\"").count(), 128 + 64 + 128);
    let atom = cute(&["svg", "MMA_Atom(SM80_8x8x4_F64F64F64F64_TN)"], b"");
    assert!(atom.status.success());
    let copy = "make_tiled_copy(Copy_Atom(UniversalCopy('u64'), 'f16'), Layout((4, 2), (2, 1)), Layout((1, 4), (1, 1)))";
    let out = cute(&["svg", copy], b"");
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.contains("data-operand=\"S\"") && svg.contains("data-operand=\"D\""));
    let tex = cute(&["latex", mma, "--no-pdf"], b"");
    assert!(String::from_utf8(tex.stdout)
        .unwrap()
        .contains("\\begin{scope}"));
    let text = String::from_utf8(cute(&["print", mma], b"").stdout).unwrap();
    assert!(text.starts_with("A: ") && text.contains("T31V3"));
    let lines = "TM = make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN), Layout((2, 2, 1)), (32, 32, 16))\n\
                 tile_size(TM, 0)\n\
                 partition_C(get_slice(TM, 5), Layout((128, 128)))\n\
                 get_slice(TM, 128)\n";
    let out = String::from_utf8(cute(&["batch"], lines.as_bytes()).stdout).unwrap();
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got[0], "ok");
    assert_eq!(got[1], "ok\t32");
    assert!(got[2].starts_with("ok\tLayout("), "{}", got[2]);
    assert!(
        got[3].starts_with("err\tValueError\tget_slice"),
        "{}",
        got[3]
    );
}

/// `cute codegen` of swizzles (F2 strides, a swizzle composed with a
/// layout), in a chosen index type, and over a profile of coordinate names.
#[test]
fn codegen_of_swizzles_types_and_profiles() {
    let o = cute(
        &[
            "codegen",
            "Layout((8, 32), (F2(36), F2(1)))",
            "--coord",
            "m,n",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "(m << 2) ^ (m << 5) ^ n\n");
    let o = cute(
        &[
            "codegen",
            "composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))",
            "--fn",
            "sw",
            "--type",
            "u32",
            "--lang",
            "rust",
        ],
        b"",
    );
    let code = stdout(&o);
    assert!(
        code.contains("pub fn sw(i: u32, j: u32) -> u32 {"),
        "{code}"
    );
    assert!(code.contains("off ^ ((off & 448) >> 3)"), "{code}");
    let o = cute(
        &[
            "codegen",
            "M = symbols('M', positive=True); Layout(((4, 8), (2, M)), ((1, 4), (32, 64)))",
            "--coord",
            "t,(v,b)",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // no division by M: b is given on its own
    assert_eq!(stdout(&o), "64 * b + t + 32 * v\n");
    let bad = cute(&["codegen", "Layout((4, 8))", "--type", "i16"], b"");
    assert!(!bad.status.success());
    let bad = cute(&["codegen", "Layout((4, 8))", "--coord", "(i,(j"], b"");
    assert!(!bad.status.success());
}

/// The committed pictures of the atom layer and of the banks are what
/// `cute` draws (`scripts/render-drawings.sh` remakes them).
#[test]
fn committed_atom_and_bank_drawings_are_what_cute_draws() {
    let images = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/images");
    let mma = "make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN))";
    let copy = "make_tiled_copy_A(Copy_Atom(SM75_U32x4_LDSM_N, 'f16'), make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN)))";
    let tv = "Layout(((8, 4), 8), ((1, 64), 8))";
    let swizzled = "composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))";
    for (name, args) in [
        ("tiled-mma-sm80-16x8x16", vec!["svg", mma]),
        ("tiled-copy-ldsm-a", vec!["svg", copy]),
        (
            "banks-ldmatrix",
            vec![
                "banks",
                tv,
                "Layout((8, 64), (64, 1))",
                "16",
                "ldmatrix",
                "--svg",
            ],
        ),
        (
            "banks-ldmatrix-swizzled",
            vec!["banks", tv, swizzled, "16", "ldmatrix", "--svg"],
        ),
    ] {
        let o = cute(&args, b"");
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let committed = std::fs::read_to_string(images.join(format!("{name}.svg"))).unwrap();
        assert!(
            stdout(&o) == committed,
            "docs/images/{name}.svg is not what cute draws: run scripts/render-drawings.sh"
        );
    }
}
