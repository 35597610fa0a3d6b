//! Unit tests of the bank model: known answers, matrix ops and warps, clear
//! errors, the ops' names, and the chooser finding the GMMA atoms'
//! swizzles.

use super::*;
use crate::atom::{gmma_smem_atom, Major, SmemSwizzle, SwizzledLayout, ValueType};
use crate::swizzle::Swizzle;
use crate::Layout;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn sw(b: i64, m: i64, s: i64, layout: &str) -> Smem {
    Smem::Swizzled(SwizzledLayout {
        swizzle: Swizzle::new(b, m, s).unwrap(),
        layout: l(layout),
    })
}

fn waves(tv: &str, smem: &Smem, bits: i64, op: &str) -> (i64, i64) {
    let r = bank_conflicts(&l(tv), smem, bits, op.parse().unwrap()).unwrap();
    (r.wavefronts, r.ideal)
}

#[test]
fn test_banks_known_answers() {
    let ldsm = "((8, 4), 8):((1, 64), 8)";
    let tile: Smem = l("(8, 64):(64, 1)").into();
    assert_eq!(waves(ldsm, &tile, 16, "ldmatrix"), (32, 4));
    assert_eq!(
        waves(ldsm, &sw(3, 3, 3, "(8, 64):(64, 1)"), 16, "ldmatrix"),
        (4, 4)
    );
    // consecutive f32; a column of a 32 x 32 array, and padded
    assert_eq!(waves("(32, 1):(1, 0)", &l("32:1").into(), 32, "ld"), (1, 1));
    assert_eq!(
        waves("(32, 1):(1, 0)", &l("(32, 32):(32, 1)").into(), 32, "ld"),
        (32, 1)
    );
    assert_eq!(
        waves("(32, 1):(1, 0)", &l("(32, 32):(33, 1)").into(), 32, "ld"),
        (1, 1)
    );
    // 16 consecutive bytes per thread
    assert_eq!(
        waves("(32, 16):(16, 1)", &l("512:1").into(), 8, "ld"),
        (4, 4)
    );
    // F2 strides: the swizzled 8 x 32 f32 tile's columns
    let f2: Smem = l("(8, 32):(F36, F1)").into();
    assert_eq!(waves("(8, 1):(1, 0)", &f2, 32, "ld"), (1, 1));
    assert_eq!(
        waves("(8, 1):(1, 0)", &l("(8, 32):(32, 1)").into(), 32, "ld"),
        (8, 1)
    );
}

#[test]
fn test_banks_matrix_counts_and_warps() {
    let tile: Smem = l("(8, 64):(64, 1)").into();
    // x1 and x2 from the threads
    assert_eq!(waves("(8, 8):(1, 8)", &tile, 16, "ldmatrix"), (8, 1));
    assert_eq!(
        waves("((8, 2), 8):((1, 64), 8)", &tile, 16, "stmatrix"),
        (16, 2)
    );
    // .x1 named: threads 8-31 are not read
    assert_eq!(
        waves("((8, 4), 8):((1, 0), 8)", &tile, 16, "ldmatrix.x1.trans"),
        (8, 1)
    );
    // two warps of 128-bit loads
    assert_eq!(
        waves("(64, 8):(8, 1)", &l("512:1").into(), 16, "ld"),
        (8, 8)
    );
    // 64-bit: two phases
    assert_eq!(waves("(32, 2):(2, 1)", &l("64:1").into(), 32, "ld"), (2, 2));
    // 8 threads reading the same vector: one wavefront per phase
    assert_eq!(waves("(8, 4):(0, 1)", &l("4:1").into(), 32, "ld"), (1, 1));
}

#[test]
fn test_banks_errors_are_clear() {
    let tile: Smem = l("(8, 64):(64, 1)").into();
    let err = |tv: &str, bits: i64, op: Op| {
        bank_conflicts(&l(tv), &tile, bits, op)
            .unwrap_err()
            .to_string()
    };
    assert!(err("32:1", 16, Op::Ld).contains("not of rank 2"));
    assert!(err("(32, 2):(1, 64)", 16, Op::Ld).contains("not contiguous"));
    // thread 1's two values are at offsets 1 and 2
    let e = err("(32, 2):(8, 8)", 16, Op::Ld);
    assert!(
        e.contains("thread 1's 2 values") && e.contains("not aligned"),
        "{e}"
    );
    assert!(err("(32, 16):(1, 8)", 16, Op::Ld).contains("256 bits"));
    assert!(err("(32, 4):(1, 8)", 16, Op::LDMATRIX).contains("a row of 16 bytes"));
    assert!(err("(24, 8):(1, 8)", 16, Op::LDMATRIX).contains("24 threads"));
    assert!(err("(32, 8):(64, 1)", 16, Op::Ld).contains("outside"));
    assert!(err("(32, 8):(8, 1)", 12, Op::Ld).contains("power of two"));
    assert!(err("(2048, 1):(1, 0)", 16, Op::St).contains("1024"));
    assert!(err("(32, 1):(1, 0)", 16, Op::CpAsync).contains("4, 8 or 16 bytes"));
    // the values reversed are not a vector
    let rev: Smem = l("4:-1").into();
    let e = bank_conflicts(&l("(1, 4):(0, 1)"), &rev, 16, Op::Ld).unwrap_err();
    assert!(e.to_string().contains("not contiguous"), "{e}");
    let coord: Smem = l("(4, 8):(1@0, 1@1)").into();
    assert!(bank_conflicts(&l("(1, 1):(0, 0)"), &coord, 32, Op::Ld).is_err());
}

#[test]
fn test_banks_ops_parse() {
    for s in [
        "ld",
        "st",
        "ldmatrix",
        "ldmatrix.trans",
        "stmatrix",
        "stmatrix.trans",
        "cp.async",
        "ldmatrix.x4.trans",
    ] {
        assert_eq!(s.parse::<Op>().unwrap().to_string(), s);
    }
    for s in [
        "",
        "ld.x4",
        "cp",
        "ldmatrix.x2.x2",
        "ldmatrix.trans.trans",
        "LD",
    ] {
        assert!(s.parse::<Op>().is_err(), "{s}");
    }
}

#[test]
fn test_banks_chooser_gmma_atoms() {
    for ty in [ValueType::F16, ValueType::F32, ValueType::U8] {
        for sw in [SmemSwizzle::SW32, SmemSwizzle::SW64, SmemSwizzle::SW128] {
            let bits = ty.bits();
            let row = sw.row_bytes() * 8 / bits; // elements per row
            let vec = 128 / bits; // elements per 16 bytes
            let chunks = row / vec;
            let tile = l(&format!("(8, {row}):({row}, 1)"));
            // ldmatrix: thread t gives row t % 8 of chunk t / 8
            let ld = Access::new(
                l(&format!("((8, {chunks}), {vec}):((1, {}), 8)", 8 * vec)),
                bits,
                Op::LDMATRIX,
            );
            let r = choose_swizzle(&tile, &[ld], &ChooseOptions::default()).unwrap();
            let want = gmma_smem_atom(Major::K, sw, ty).unwrap().swizzle;
            assert_eq!(
                r.best().unwrap().choice,
                Choice::Swizzle(want),
                "{ty} {sw}\n{r}"
            );
        }
    }
}
