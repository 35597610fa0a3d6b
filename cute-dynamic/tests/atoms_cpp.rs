//! The atoms of `cute_dynamic::atom` against what CuTe C++ prints for them.
//!
//! `tests/data/atoms/cute_cpp_atoms.tsv` (columns `kind`, `expr`, `result`)
//! holds CuTe C++'s prints; this file checks every row of the kinds
//! `atom_mma` (shape, thread ID and the A, B, C thread-value layouts of each
//! MMA atom), `atom_copy` (thread ID, the source, destination and reference
//! layouts in bits and in values, the values per thread) and `smem_atom`
//! (the GMMA shared-memory layout atoms). A print is compared with the
//! crate's without CuTe's static markers (`_`) and spaces.
//!
//! CuTe C++ prints a GMMA shared-memory atom with its swizzle on byte
//! addresses, waiting for a pointer to elements of `T`
//! (`Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`); the crate's
//! atom is in elements, CuTe's `as_position_independent_swizzle_layout` of
//! it (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`). Its `smem_atom` rows are
//! compared through CuTe's rule for recasting a swizzle from bytes to
//! `T`, and `smem_position_independent.tsv` holds CuTe C++'s prints of the
//! position-independent atoms themselves, compared as they are.
//!
//! Rows of other kinds are for the tilings and are checked elsewhere.

use std::collections::HashMap;

use cute_dynamic::atom::{
    gmma_smem_atom, CopyAtom, CopyOp, Major, MmaAtom, MmaOp, SmemSwizzle, ValueType,
};
use cute_dynamic::swizzle::Swizzle;
use cute_dynamic::Layout;

const DATA: &str = include_str!("../../tests/data/atoms/cute_cpp_atoms.tsv");
const SMEM_ELEMENTS: &str = include_str!("../../tests/data/atoms/smem_position_independent.tsv");

/// A print without CuTe's static markers and without spaces.
fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '_' && !c.is_whitespace())
        .collect()
}

/// The `(expr, result)` of every row of `kind`.
fn rows<'a>(data: &'a str, kind: &str) -> Vec<(&'a str, &'a str)> {
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let (k, e, r) = (cols.next()?, cols.next()?, cols.next()?);
            (k == kind).then_some((e, r))
        })
        .collect()
}

/// `("f", "inner")` of `f(inner)`.
fn call(expr: &str) -> Result<(&str, &str), String> {
    let (f, rest) = expr
        .split_once('(')
        .ok_or_else(|| format!("{expr:?} is not a call"))?;
    let inner = rest
        .strip_suffix(')')
        .ok_or_else(|| format!("{expr:?} is not a call"))?;
    Ok((f, inner))
}

/// The text between `'...'`.
fn quoted(s: &str) -> Result<&str, String> {
    s.trim()
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))
        .ok_or_else(|| format!("{s:?} is not quoted"))
}

fn value_type(s: &str) -> Result<ValueType, String> {
    quoted(s)?.parse().map_err(|e| format!("{e}"))
}

/// The MMA instruction of the data's spelling: `UniversalFMA('f32')`,
/// `SM80_16x8x16_F32F16F16F32_TN`, `SM90_64x64x16_F32F16F16_SS('K', 'MN')`.
fn mma_op(s: &str) -> Result<MmaOp, String> {
    if s.starts_with("UniversalFMA(") {
        let (_, t) = call(s)?;
        return Ok(MmaOp::UniversalFma(value_type(t)?));
    }
    if s.contains('(') {
        let (name, args) = call(s)?;
        let (a, b) = args
            .split_once(',')
            .ok_or_else(|| format!("{s}: two majors expected"))?;
        let major =
            |m: &str| -> Result<Major, String> { quoted(m)?.parse().map_err(|e| format!("{e}")) };
        return MmaOp::gmma(name, major(a)?, major(b)?).map_err(|e| e.to_string());
    }
    MmaOp::from_name(s).map_err(|e| e.to_string())
}

/// The copy instruction of the data's spelling: `SM75_U32x4_LDSM_N`,
/// `UniversalCopy('u128')`, `SM80_CP_ASYNC_CACHEALWAYS('u64')`.
fn copy_op(s: &str) -> Result<CopyOp, String> {
    if !s.contains('(') {
        return CopyOp::from_name(s).map_err(|e| e.to_string());
    }
    let (name, t) = call(s)?;
    let t = value_type(t)?;
    if name == "UniversalCopy" {
        Ok(CopyOp::universal(t))
    } else {
        CopyOp::cp_async(name, t).map_err(|e| e.to_string())
    }
}

/// Prints the failures and fails if there are any, or if fewer than
/// `floor` rows were checked.
fn report(what: &str, checked: usize, floor: usize, failures: &[String]) {
    for f in failures {
        eprintln!("FAIL {what}: {f}");
    }
    eprintln!("{what}: {checked} rows checked, {} failed", failures.len());
    assert!(
        checked >= floor,
        "{what}: only {checked} rows checked (expected at least {floor})"
    );
    assert!(
        failures.is_empty(),
        "{what}: {} of {checked} rows differ from CuTe C++",
        failures.len()
    );
}

/// Compares one row's print with the crate's; `Err` says why the crate
/// gave none.
fn compare(failures: &mut Vec<String>, expr: &str, want: &str, got: Result<String, String>) {
    match got {
        Ok(got) if norm(&got) == norm(want) => {}
        Ok(got) => failures.push(format!("{expr}: CuTe C++ {want}, here {got}")),
        Err(e) => failures.push(format!("{expr}: CuTe C++ {want}, here an error: {e}")),
    }
}

#[test]
fn mma_atoms_match_cute_cpp() {
    let mut atoms: HashMap<&str, Result<MmaAtom, String>> = HashMap::new();
    let mut failures = Vec::new();
    let rows = rows(DATA, "atom_mma");
    for &(expr, want) in &rows {
        let got = (|| -> Result<String, String> {
            let (field, inner) = call(expr)?;
            let (atom_kw, op) = call(inner)?;
            if atom_kw != "MMA_Atom" {
                return Err(format!("{inner:?} is not MMA_Atom(...)"));
            }
            let atom = atoms
                .entry(op)
                .or_insert_with(|| {
                    let mma = mma_op(op)?;
                    // the name is the data's spelling (without a GMMA's majors)
                    let spelled = match mma {
                        MmaOp::Gmma { .. } => op.split_once('(').map_or(op, |(n, _)| n),
                        _ => op,
                    };
                    if mma.name() != spelled {
                        return Err(format!("the instruction {op} is named {}", mma.name()));
                    }
                    MmaAtom::new(mma).map_err(|e| e.to_string())
                })
                .as_ref()
                .map_err(Clone::clone)?;
            Ok(match field {
                "shape_mnk" => {
                    let [m, n, k] = atom.shape_mnk();
                    format!("({m}, {n}, {k})")
                }
                "thr_id" => atom.thr_id().to_string(),
                "layoutA_TV" => atom.layout_a_tv().to_string(),
                "layoutB_TV" => atom.layout_b_tv().to_string(),
                "layoutC_TV" => atom.layout_c_tv().to_string(),
                _ => return Err(format!("unknown field {field}")),
            })
        })();
        compare(&mut failures, expr, want, got);
    }
    // 3 UniversalFMA + 21 fixed instructions + 320 GMMA, 5 rows each
    report("atom_mma", rows.len(), 1700, &failures);
}

#[test]
fn copy_atoms_match_cute_cpp() {
    let mut atoms: HashMap<&str, Result<CopyAtom, String>> = HashMap::new();
    let mut failures = Vec::new();
    let rows = rows(DATA, "atom_copy");
    for &(expr, want) in &rows {
        let got = (|| -> Result<String, String> {
            let (field, inner) = call(expr)?;
            let (atom_kw, args) = call(inner)?;
            if atom_kw != "Copy_Atom" {
                return Err(format!("{inner:?} is not Copy_Atom(...)"));
            }
            let atom = atoms
                .entry(args)
                .or_insert_with(|| {
                    let (op, t) = args
                        .rsplit_once(", ")
                        .ok_or_else(|| format!("{args:?}: an op and a type expected"))?;
                    let copy = copy_op(op)?;
                    if copy.name() != op {
                        return Err(format!("the instruction {op} is named {}", copy.name()));
                    }
                    CopyAtom::new(copy, value_type(t)?).map_err(|e| e.to_string())
                })
                .as_ref()
                .map_err(Clone::clone)?;
            let e = |r: cute_dynamic::Result<Layout>| {
                r.map(|l| l.to_string()).map_err(|e| e.to_string())
            };
            match field {
                "thr_id" => Ok(atom.thr_id().to_string()),
                "layoutSrc_TV" => Ok(atom.layout_src_bits().to_string()),
                "layoutDst_TV" => Ok(atom.layout_dst_bits().to_string()),
                "layoutRef_TV" => Ok(atom.layout_ref_bits().to_string()),
                "valLayoutSrc" => e(atom.val_layout_src()),
                "valLayoutDst" => e(atom.val_layout_dst()),
                "valLayoutRef" => e(atom.val_layout_ref()),
                "numValSrc" => atom
                    .num_val_src()
                    .map(|n| n.to_string())
                    .map_err(|e| e.to_string()),
                "numValDst" => atom
                    .num_val_dst()
                    .map(|n| n.to_string())
                    .map_err(|e| e.to_string()),
                _ => Err(format!("unknown field {field}")),
            }
        })();
        compare(&mut failures, expr, want, got);
    }
    // 57 atoms, 9 rows each
    report("atom_copy", rows.len(), 500, &failures);
}

/// The atom of `GMMA_Layout_K_SW128_Atom('f16')`.
fn smem_atom_of(expr: &str) -> Result<cute_dynamic::atom::SwizzledLayout, String> {
    let (f, t) = call(expr)?;
    let t = value_type(t)?;
    let rest = f
        .strip_prefix("GMMA_Layout_")
        .and_then(|r| r.strip_suffix("_Atom"))
        .ok_or_else(|| format!("{f:?} is not GMMA_Layout_{{K,MN}}_{{..}}_Atom"))?;
    let (major, sw) = rest
        .split_once('_')
        .ok_or_else(|| format!("{rest:?}: a major and a swizzle expected"))?;
    let major: Major = major.parse().map_err(|e| format!("{e}"))?;
    let sw: SmemSwizzle = sw.parse().map_err(|e| format!("{e}"))?;
    gmma_smem_atom(major, sw, t).map_err(|e| e.to_string())
}

/// CuTe C++'s `recast_layout<uint8_t, uint_bit_t<bits>>` of `Swizzle<b,m,s>`
/// (`cute/swizzle_layout.hpp`: upcast by `bits / 8` takes `log2(bits / 8)`
/// from the base, and what the base lacks from the mask), for `bits >= 8`.
fn cute_swizzle_bytes_to(b: i64, m: i64, s: i64, bits: i64) -> (i64, i64, i64) {
    let log2n = i64::from((bits / 8).trailing_zeros());
    let m2 = m - log2n;
    if m2 >= 0 {
        (b, m2, s)
    } else {
        ((b + m2).max(0), 0, s)
    }
}

/// `(b, m, s, ptr_bits, layout)` of CuTe's `Sw<b,m,s> o smem_ptr[Nb](unset) o L`.
fn parse_smem_print(s: &str) -> Result<(i64, i64, i64, i64, &str), String> {
    let bad = || format!("{s:?} is not Sw<B,M,S> o smem_ptr[Nb](unset) o L");
    let rest = s.strip_prefix("Sw<").ok_or_else(bad)?;
    let (bms, rest) = rest.split_once('>').ok_or_else(bad)?;
    let v: Vec<i64> = bms
        .split(',')
        .map(|x| x.trim().parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let [b, m, sh] = v[..] else { return Err(bad()) };
    let rest = rest
        .trim_start()
        .strip_prefix("o smem_ptr[")
        .ok_or_else(bad)?;
    let (bits, rest) = rest.split_once("b](unset)").ok_or_else(bad)?;
    let bits: i64 = bits.parse().map_err(|_| bad())?;
    let layout = rest.trim_start().strip_prefix("o ").ok_or_else(bad)?;
    Ok((b, m, sh, bits, layout))
}

#[test]
fn smem_atoms_match_cute_cpp() {
    let mut failures = Vec::new();
    let rows = rows(DATA, "smem_atom");
    for &(expr, want) in &rows {
        let r = (|| -> Result<(), String> {
            let atom = smem_atom_of(expr)?;
            let (b, m, s, bits, layout) = parse_smem_print(want)?;
            let (_, t) = call(expr)?;
            if bits != value_type(t)?.bits() {
                return Err(format!("CuTe's pointer is of {bits} bits, the type of {t}"));
            }
            if norm(&atom.layout.to_string()) != norm(layout) {
                return Err(format!("the layout is {}, CuTe's {layout}", atom.layout));
            }
            let (b, m, s) = cute_swizzle_bytes_to(b, m, s, bits);
            let sw = &atom.swizzle;
            if (sw.bits, sw.base, sw.shift) != (b, m, s) {
                return Err(format!(
                    "the swizzle in elements is {sw:?}, CuTe's Swizzle({b},{m},{s})"
                ));
            }
            Ok(())
        })();
        if let Err(e) = r {
            failures.push(format!("{expr}: CuTe C++ {want}: {e}"));
        }
    }
    // 8 atoms of 5 types
    report("smem_atom", rows.len(), 40, &failures);
}

#[test]
fn smem_atoms_in_elements_match_cute_cpp() {
    let mut failures = Vec::new();
    let rows = rows(SMEM_ELEMENTS, "smem_atom_elements");
    for &(expr, want) in &rows {
        let got = smem_atom_of(expr).map(|a| a.to_string());
        compare(&mut failures, expr, want, got);
    }
    // 8 atoms of 7 types
    report("smem_atom_elements", rows.len(), 56, &failures);
}

/// The atoms in elements are CuTe's atoms on byte addresses: for every
/// element, the swizzle in elements of the element's offset is the byte
/// swizzle `Swizzle<B,4,3>` of its byte address, in elements.
#[test]
fn smem_atoms_swizzle_byte_addresses() {
    for major in [Major::K, Major::MN] {
        for (sw, b) in SmemSwizzle::ALL.into_iter().zip(0..) {
            let bytes_sw = Swizzle::new(b, 4, 3).unwrap();
            for t in ValueType::ALL {
                let atom = gmma_smem_atom(major, sw, t).unwrap();
                let bytes = t.bits() / 8;
                let size = atom.layout.size().unwrap();
                assert_eq!(size * t.bits(), 8 * sw.row_bytes() * 8, "{major} {sw} {t}");
                let mut seen = vec![false; size as usize];
                for i in 0..size {
                    let e = atom.layout.call_int(i).unwrap();
                    let got = atom.call(i).unwrap();
                    assert_eq!(
                        got * bytes,
                        bytes_sw.apply(e * bytes),
                        "{major} {sw} {t} at {i}"
                    );
                    seen[got as usize] = true;
                }
                assert!(seen.iter().all(|&s| s), "{major} {sw} {t}: not a bijection");
            }
        }
    }
}

#[test]
fn smem_tile_to_shape_repeats_the_atom() {
    let atom = gmma_smem_atom(Major::K, SmemSwizzle::SW128, ValueType::F16).unwrap();
    let tiled = atom.tile_to_shape(&"(128, 64)".parse().unwrap()).unwrap();
    assert_eq!(tiled.swizzle, atom.swizzle);
    // CuTe C++: Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0)),
    // the same function as the crate's tile_to_shape gives
    let cute: Layout = "((8, 16), (64, 1)):((64, 512), (1, 0))".parse().unwrap();
    for i in 0..128 * 64 {
        assert_eq!(
            tiled.layout.call_int(i).unwrap(),
            cute.call_int(i).unwrap(),
            "at {i}"
        );
    }
    assert!(atom.tile_to_shape(&"(12, 64)".parse().unwrap()).is_err());
}

#[test]
fn every_named_instruction_builds() {
    for name in MmaOp::names() {
        let op = MmaOp::from_name(&name).unwrap();
        assert_eq!(op.to_string(), name);
        MmaAtom::new(op).unwrap();
    }
    for name in CopyOp::names() {
        let op = CopyOp::from_name(&name).unwrap();
        assert_eq!(op.to_string(), name);
        for t in [
            ValueType::F16,
            ValueType::BF16,
            ValueType::S8,
            ValueType::U16,
        ] {
            CopyAtom::new(op, t).unwrap();
        }
        if name.ends_with("_N") {
            CopyAtom::new(op, ValueType::F32).unwrap();
        }
    }
    for t in ValueType::ALL {
        MmaAtom::new(MmaOp::UniversalFma(t)).unwrap();
        // a universal copy moves whole bytes; u1 is the unit of bit layouts
        if t.bits() >= 8 {
            CopyAtom::new(CopyOp::universal(t), t).unwrap();
        } else {
            assert!(CopyAtom::new(CopyOp::universal(t), t).is_err());
        }
    }
}

#[test]
fn bad_instructions_are_errors() {
    use ValueType::*;
    let gmma = |n, ab, a, rs| {
        MmaAtom::new(MmaOp::Gmma {
            n,
            ab,
            a,
            b: Major::K,
            rs,
        })
    };
    for n in [0, 4, 12, 264, -8] {
        assert!(gmma(n, F16, Major::K, false).is_err(), "N = {n}");
    }
    assert!(gmma(64, F32, Major::K, false).is_err());
    assert!(gmma(64, F16, Major::MN, true).is_err());
    assert!(gmma(64, F16, Major::MN, false).is_ok());
    for name in [
        "SM90_64x64x16_F32F16F16",
        "SM90_64x64x16_F16F16F16_SS",
        "SM90_64x64x32_F32F16F16_SS",
        "SM90_64xx16_F32F16F16_SS",
        "SM90_64x64x16_F32F16F16_SS('K', 'K')",
        "SM90_64x136x16_F32F16F16_RR",
    ] {
        assert!(MmaOp::gmma(name, Major::K, Major::K).is_err(), "{name}");
    }
    assert!(MmaOp::gmma("SM90_64x64x16_F32F16F16_RS", Major::MN, Major::K).is_err());
    let e = MmaOp::from_name("SM80_16x8x16_F32F16F16F32")
        .unwrap_err()
        .to_string();
    assert!(e.contains("SM80_16x8x16_F32F16F16F32_TN"), "{e}");
    assert!("KM".parse::<Major>().is_err());

    for op in [
        CopyOp::Ldsm { x: 3, trans: false },
        CopyOp::Stsm { x: 8, trans: true },
        CopyOp::UniversalCopy { bits: 24 },
        CopyOp::CpAsync {
            bits: 16,
            cache_global: false,
        },
        CopyOp::CpAsync {
            bits: 64,
            cache_global: true,
        },
    ] {
        assert!(CopyAtom::new(op, F16).is_err(), "{op:?}");
    }
    // the bits a thread moves are not a whole number of values
    assert!(CopyAtom::new(CopyOp::Ldsm { x: 1, trans: false }, F64).is_err());
    assert!(CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", U32).is_err());
    assert!(CopyOp::cp_async("SM80_CP_ASYNC", U128).is_err());
    assert!(CopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", U8).is_err());
    let e = CopyOp::from_name("SM75_U32x4_LDSM")
        .unwrap_err()
        .to_string();
    assert!(e.contains("SM75_U32x4_LDSM_N"), "{e}");
    assert!(CopyOp::from_name("UniversalCopy").is_err());
}
