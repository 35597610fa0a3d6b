//! The bank-conflict analyser (`cute_dynamic::banks`) against a brute-force
//! simulation of its model written here, separately, on random thread-value
//! layouts, shared-memory layouts (plain, padded, swizzled, F2-strided),
//! element widths and instructions; against Triton's closed form where it
//! applies; on the known answers; the swizzle chooser against CuTe C++'s
//! choices; the bank picture read back as XML; and bad input.
//!
//! The closed form (Triton, `lib/Tools/GenericSwizzling.cpp`): a phase takes
//! `2^dim(W ∩ N)` wavefronts (`2^dim - 1` conflicts), `W` the span of the
//! word addresses of the phase's lanes and of the words within a thread's
//! vector, `N` the words of bank 0. It is applied exactly when the phase
//! has a power-of-two number of active lanes and the map `(lane, word of
//! the vector) -> word address` is affine over F2, checked at every point.

use std::collections::{BTreeSet, HashMap};

use cute_dynamic::atom::{
    gmma_smem_atom, make_tiled_copy, make_tiled_copy_a, make_tiled_mma, CopyAtom, CopyOp, Major,
    MmaAtom, MmaOp, SmemSwizzle, SwizzledLayout, ValueType,
};
use cute_dynamic::banks::{
    bank_conflicts, bank_conflicts_of, choose_swizzle, Access, BankReport, Choice, ChooseOptions,
    Op, Smem,
};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::Tiler;
use cute_dynamic::swizzle::Swizzle;
use cute_dynamic::viz::draw_svg_banks;
use cute_dynamic::{Layout, Scalar};
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn swizzled(b: i64, m: i64, s: i64, layout: Layout) -> Smem {
    Smem::Swizzled(SwizzledLayout {
        swizzle: Swizzle::new(b, m, s).unwrap(),
        layout,
    })
}

// ---------------------------------------------------------------------------
// The model, simulated byte by byte
// ---------------------------------------------------------------------------

/// The offset of an index of shared memory, evaluated through the natural
/// coordinate (not the integral index the analyser uses).
fn offset(smem: &Smem, idx: i64) -> i64 {
    let (layout, sw) = match smem {
        Smem::Layout(l) => (l, None),
        Smem::Swizzled(s) => (&s.layout, Some(s.swizzle)),
    };
    let crd = cute_dynamic::shape::idx2crd_int(idx, &layout.shape()).unwrap();
    let o = match layout.call(&crd).unwrap() {
        Scalar::Int(o) => o,
        Scalar::F2(v) => v.0 as i64,
        other => panic!("offset {other:?}"),
    };
    sw.map_or(o, |s| s.apply(o))
}

/// What the simulation found: per warp, per instruction, per phase, the
/// wavefronts and whether a thread was active; `None` if a thread's values
/// are not one aligned vector.
type Sim = Vec<Vec<(i64, bool)>>;

/// The lanes of a phase and the number of phases, for `op` moving `w`
/// bytes per thread, with `threads` threads.
fn phases_of(op: &str, w: i64, threads: i64) -> (i64, i64) {
    if op.starts_with("ldmatrix") || op.starts_with("stmatrix") {
        let x = match threads {
            8 => 1,
            16 => 2,
            _ => 4,
        };
        (8, x)
    } else {
        let lanes = (128 / w).min(32);
        (lanes, 32 / lanes)
    }
}

/// The brute-force simulation of one access: every byte of every thread's
/// vector, its word `byte >> 2` and bank `word mod 32`; a phase takes the
/// most distinct words of one bank.
fn simulate(tv: &Layout, smem: &Smem, bits: i64, op: &str) -> Option<Sim> {
    let threads = tv.size_mode(&[0]).unwrap();
    let values = tv.size_mode(&[1]).unwrap();
    let w = values * bits / 8;
    let (lanes, nphases) = phases_of(op, w, threads);
    let mut out = Vec::new();
    for warp in 0..(threads + 31) / 32 {
        let mut phases = Vec::new();
        for ph in 0..nphases {
            let mut banks: HashMap<i64, BTreeSet<i64>> = HashMap::new();
            let mut active = false;
            for lane in ph * lanes..(ph + 1) * lanes {
                let t = warp * 32 + lane;
                if t >= threads {
                    continue;
                }
                active = true;
                let offs: Vec<i64> = (0..values)
                    .map(|v| {
                        let i = match tv.call(&HTuple::from_leaves([t, v])).unwrap() {
                            Scalar::Int(i) => i,
                            other => panic!("index {other:?}"),
                        };
                        offset(smem, i)
                    })
                    .collect();
                let vector = offs
                    .iter()
                    .enumerate()
                    .all(|(j, &o)| o == offs[0] + j as i64);
                if !vector || (offs[0] * bits) % (w * 8) != 0 {
                    return None;
                }
                let first = offs[0] * bits / 8;
                for byte in first..first + w {
                    let word = byte.div_euclid(4);
                    banks.entry(word.rem_euclid(32)).or_default().insert(word);
                }
            }
            let wave = banks.values().map(|s| s.len() as i64).max().unwrap_or(0);
            phases.push((wave, active));
        }
        out.push(phases);
    }
    Some(out)
}

/// The analyser's wavefronts in the simulation's shape (one instruction per
/// warp).
fn shape_of(r: &BankReport) -> Sim {
    r.instructions
        .iter()
        .map(|i| {
            i.phases
                .iter()
                .map(|p| (p.wavefronts, !p.accesses.is_empty()))
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Triton's closed form
// ---------------------------------------------------------------------------

/// The rank over F2 of a set of bit vectors.
fn rank(vectors: &[u64]) -> u32 {
    let mut basis: Vec<u64> = Vec::new();
    for &v in vectors {
        let mut x = v;
        for &b in &basis {
            x = x.min(x ^ b);
        }
        if x != 0 {
            basis.push(x);
            basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    basis.len() as u32
}

/// The closed form's wavefronts of each phase of warp `warp` when it
/// applies (`None` where it does not: a partial phase, or a map that is
/// not affine over F2).
fn closed_form(tv: &Layout, smem: &Smem, bits: i64, op: &str, warp: i64) -> Vec<Option<i64>> {
    let threads = tv.size_mode(&[0]).unwrap();
    let values = tv.size_mode(&[1]).unwrap();
    let w = values * bits / 8;
    let (lanes, nphases) = phases_of(op, w, threads);
    let words = (w / 4).max(1);
    (0..nphases)
        .map(|ph| {
            let lane0 = warp * 32 + ph * lanes;
            if lane0 + lanes > threads {
                return None;
            }
            // f(lane, j): the word address of word j of the lane's vector
            let f = |lane: i64, j: i64| -> u64 {
                // value 0 of the lane's thread: its vector's first element
                let i = tv.call_int(lane0 + lane).unwrap();
                let byte = offset(smem, i) * bits / 8;
                (byte / 4 + j) as u64
            };
            let lane_bits = lanes.trailing_zeros();
            let word_bits = words.trailing_zeros();
            let n = lane_bits + word_bits;
            let at = |x: i64| f(x & (lanes - 1), x >> lane_bits);
            let origin = at(0);
            let basis: Vec<u64> = (0..n).map(|k| at(1 << k) ^ origin).collect();
            for x in 0..(1i64 << n) {
                let mut y = origin;
                for (k, b) in basis.iter().enumerate() {
                    if x >> k & 1 == 1 {
                        y ^= b;
                    }
                }
                if y != at(x) {
                    return None;
                }
            }
            // dim(W ∩ N) = dim W - dim(W's bank bits)
            let bank: Vec<u64> = basis.iter().map(|b| b & 31).collect();
            let d = rank(&basis) - rank(&bank);
            Some(1 << d)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Random cases
// ---------------------------------------------------------------------------

/// xorshift64, from proptest's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: i64) -> i64 {
        (self.next() % n as u64) as i64
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as i64) as usize]
    }
}

/// A random access: `(tv, smem, bits, op)`. The tile is `R x C` elements
/// (`C` a multiple of the vector's `V` elements) under a plain, padded,
/// swizzled or F2-strided layout; the value mode is the vector along a
/// row, `V:R` in the tile's column-major indices; the thread mode is a
/// layout over the vector slots, its strides mostly powers of two (so that
/// the closed form applies to many cases), sometimes not, sometimes 0
/// (threads sharing a vector). A swizzle whose base is below the vector
/// breaks the vectors: those cases check that the analyser refuses exactly
/// what the simulation does.
fn random_case(seed: u64) -> (Layout, Smem, i64, &'static str) {
    let mut r = Rng(seed | 1);
    for _ in 0..4 {
        r.next();
    }
    let op = r.pick(&["ld", "st", "cp.async", "ldmatrix", "stmatrix"]);
    let bits = r.pick(&[4, 8, 16, 32, 64]);
    let w = match op {
        "ld" | "st" => r.pick(&[1, 2, 4, 8, 16]),
        "cp.async" => r.pick(&[4, 8, 16]),
        _ => 16,
    };
    let w = w.max(bits / 8);
    let v = w * 8 / bits; // values per thread, a power of two
    let pow2 = r.below(4) != 0;
    let rows = if pow2 {
        r.pick(&[1, 2, 4, 8, 16, 32, 64])
    } else {
        r.pick(&[3, 5, 6, 12, 24])
    };
    let slots = if pow2 {
        r.pick(&[1, 2, 4, 8, 16])
    } else {
        r.pick(&[3, 5, 6, 2, 4])
    };
    let cols = slots * v;
    let threads = match op {
        "ldmatrix" | "stmatrix" => r.pick(&[8, 16, 32, 64]),
        _ => r.pick(&[8, 16, 32, 64, 24, 40]),
    };
    // the thread mode: leaves over rows and slots, each within the tile
    let mut leaves: Vec<(i64, i64)> = Vec::new();
    let (mut row_used, mut slot_used) = (0, 0);
    let mut left = threads;
    while left > 1 {
        let e = [2, 4, 8, 3]
            .into_iter()
            .filter(|e| left % e == 0)
            .nth(r.below(2) as usize)
            .unwrap_or(left);
        let e = if left % e == 0 { e } else { left };
        left /= e;
        let stride_kind = r.below(8);
        let step = if r.below(5) == 0 { 3 } else { 1 << r.below(3) };
        let d = if stride_kind == 0 {
            0
        } else if stride_kind <= 4 {
            // over rows: past the rows the leaves before use
            let d = (row_used + 1) * step;
            if row_used + (e - 1) * d < rows {
                row_used += (e - 1) * d;
                d
            } else {
                0
            }
        } else {
            // over the vector slots of a row
            let d = (slot_used + 1) * step;
            if slot_used + (e - 1) * d < slots {
                slot_used += (e - 1) * d;
                d * rows * v
            } else {
                0
            }
        };
        leaves.push((e, d));
    }
    if leaves.is_empty() {
        leaves.push((1, 0));
    }
    let shapes: Vec<String> = leaves.iter().map(|(e, _)| e.to_string()).collect();
    let strides: Vec<String> = leaves.iter().map(|(_, d)| d.to_string()).collect();
    let tv = l(&format!(
        "(({}), {v}):(({}), {rows})",
        shapes.join(", "),
        strides.join(", ")
    ));
    let pad = r.pick(&[0, 0, 1, 2]) * v;
    let smem = match r.below(4) {
        0 => Smem::Layout(l(&format!("({rows}, {cols}):({}, 1)", cols + pad))),
        1 if cols.count_ones() == 1 => {
            // an F2-strided layout: row i at clmul(i, cols | x) XOR the column
            let x = r.below(slots.max(1)) * v;
            Smem::Layout(l(&format!("({rows}, {cols}):(F{}, F1)", cols | x)))
        }
        2 => {
            let b = 1 + r.below(3);
            // mostly a base at or above the vector, sometimes below it
            let vbits = v.trailing_zeros() as i64;
            let m = if r.below(3) == 0 {
                (vbits - 1).max(0)
            } else {
                vbits + r.below(2)
            };
            let s = b + r.below(3);
            swizzled(b, m, s, l(&format!("({rows}, {cols}):({}, 1)", cols + pad)))
        }
        _ => Smem::Layout(l(&format!("({rows}, {cols}):({cols}, 1)"))),
    };
    (tv, smem, bits, op)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn analyser_agrees_with_the_simulation(seed in any::<u64>()) {
        let (tv, smem, bits, op) = random_case(seed);
        let want = simulate(&tv, &smem, bits, op);
        let got = bank_conflicts(&tv, &smem, bits, op.parse().unwrap());
        match (want, got) {
            (Some(sim), Ok(r)) => {
                prop_assert_eq!(shape_of(&r), sim.clone(), "{} {} {} bits {}", tv, smem, bits, op);
                let total: i64 = sim.iter().flatten().map(|p| p.0).sum();
                let ideal = sim.iter().flatten().filter(|p| p.1).count() as i64;
                prop_assert_eq!((r.wavefronts, r.ideal), (total, ideal));
                // the worst phase's bank holds as many words as it takes wavefronts
                let (_, p) = r.worst().unwrap();
                prop_assert_eq!(p.conflict.len() as i64, p.wavefronts);
            }
            (None, Err(e)) => {
                let msg = e.to_string();
                prop_assert!(msg.contains("one vector"), "{}", msg);
            }
            (want, got) => prop_assert!(false, "{} {} {} bits {}: simulation {:?}, analyser {:?}", tv, smem, bits, op, want, got),
        }
    }
}

#[test]
fn analyser_agrees_with_the_closed_form_where_it_applies() {
    let (mut applied, mut cases) = (0, 0);
    for seed in 1..=400u64 {
        let (tv, smem, bits, op) = random_case(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let Ok(r) = bank_conflicts(&tv, &smem, bits, op.parse().unwrap()) else {
            continue;
        };
        cases += 1;
        for i in &r.instructions {
            let closed = closed_form(&tv, &smem, bits, op, i.warp);
            for (p, c) in i.phases.iter().zip(closed) {
                if let Some(c) = c {
                    applied += 1;
                    assert_eq!(
                        p.wavefronts, c,
                        "{tv} {smem} {bits} bits {op}, warp {}, phase {}: conflicts {} by the closed form",
                        i.warp, p.index, c - 1
                    );
                }
            }
        }
    }
    // the closed form is not vacuous: most valid cases have affine phases
    assert!(cases > 150, "{cases} valid cases");
    assert!(applied > 300, "the closed form applied to {applied} phases");
}

#[test]
fn closed_form_on_hand_made_cases() {
    // a column of a 32 x 32 f32 array: the 32 lanes' words are 32 apart,
    // W = <32, 64, ..., 512> lies in N: 2^5 wavefronts
    let col = l("(32, 1):(1, 0)");
    let t: Smem = l("(32, 32):(32, 1)").into();
    assert_eq!(closed_form(&col, &t, 32, "ld", 0), [Some(32)]);
    assert_eq!(bank_conflicts(&col, &t, 32, Op::Ld).unwrap().wavefronts, 32);
    // padded to 33 the words are 33 t = t | (t << 5): affine, no conflict
    let p: Smem = l("(32, 32):(33, 1)").into();
    assert_eq!(closed_form(&col, &p, 32, "ld", 0), [Some(1)]);
    // padded to 34, 34 t carries: not affine, the closed form does not
    // apply (the banks repeat every 16 rows: 2 wavefronts)
    let p: Smem = l("(32, 32):(34, 1)").into();
    assert_eq!(closed_form(&col, &p, 32, "ld", 0), [None]);
    assert_eq!(bank_conflicts(&col, &p, 32, Op::Ld).unwrap().wavefronts, 2);
    // Swizzle<5,0,5> makes the column conflict-free, and is affine
    let s = swizzled(5, 0, 5, l("(32, 32):(32, 1)"));
    assert_eq!(closed_form(&col, &s, 32, "ld", 0), [Some(1)]);
    // ldmatrix rows 128 bytes apart: 8 per matrix; swizzled: 1
    let ldsm = l("((8, 4), 8):((1, 64), 8)");
    let tile: Smem = l("(8, 64):(64, 1)").into();
    assert_eq!(closed_form(&ldsm, &tile, 16, "ldmatrix", 0), [Some(8); 4]);
    let sw = swizzled(3, 3, 3, l("(8, 64):(64, 1)"));
    assert_eq!(closed_form(&ldsm, &sw, 16, "ldmatrix", 0), [Some(1); 4]);
}

// ---------------------------------------------------------------------------
// Known answers
// ---------------------------------------------------------------------------

fn waves(tv: &str, smem: &Smem, bits: i64, op: &str) -> (i64, i64) {
    let r = bank_conflicts(&l(tv), smem, bits, op.parse().unwrap()).unwrap();
    (r.wavefronts, r.ideal)
}

#[test]
fn known_answers() {
    let tile: Smem = l("(8, 64):(64, 1)").into();
    let ldsm = "((8, 4), 8):((1, 64), 8)";
    assert_eq!(waves(ldsm, &tile, 16, "ldmatrix"), (32, 4));
    assert_eq!(
        waves(
            ldsm,
            &swizzled(3, 3, 3, l("(8, 64):(64, 1)")),
            16,
            "ldmatrix"
        ),
        (4, 4)
    );
    // 32 threads reading consecutive f32
    assert_eq!(waves("(32, 1):(1, 0)", &l("32:1").into(), 32, "ld"), (1, 1));
    // a column of a 32 x 32 row-major f32 array, and padded to 33 columns
    assert_eq!(
        waves("(32, 1):(1, 0)", &l("(32, 32):(32, 1)").into(), 32, "ld"),
        (32, 1)
    );
    assert_eq!(
        waves("(32, 1):(1, 0)", &l("(32, 32):(33, 1)").into(), 32, "ld"),
        (1, 1)
    );
    // ldmatrix x4 of fp16 rows 128 bytes apart: 8 per matrix; swizzled: 1
    let r = bank_conflicts(&l(ldsm), &tile, 16, Op::LDMATRIX).unwrap();
    assert_eq!(r.op.to_string(), "ldmatrix.x4");
    let per: Vec<i64> = r.instructions[0]
        .phases
        .iter()
        .map(|p| p.wavefronts)
        .collect();
    assert_eq!(per, [8, 8, 8, 8]);
    // the conflicting threads of the worst phase: threads 0-7, one word each of bank 0
    let (_, p) = r.worst().unwrap();
    assert_eq!(p.bank, Some(0));
    let threads: Vec<i64> = p.conflict.iter().flat_map(|(_, t)| t.clone()).collect();
    assert_eq!(threads, (0..8).collect::<Vec<_>>());
    // 32 threads each loading 16 consecutive bytes
    assert_eq!(
        waves("(32, 16):(16, 1)", &l("512:1").into(), 8, "ld"),
        (4, 4)
    );
    assert_eq!(
        waves("(32, 4):(4, 1)", &l("128:1").into(), 32, "cp.async"),
        (4, 4)
    );
    // the F2-strided tile of the README: its columns are conflict-free
    let f2: Smem = l("(8, 32):(F36, F1)").into();
    assert_eq!(waves("(8, 1):(1, 0)", &f2, 32, "ld"), (1, 1));
}

// ---------------------------------------------------------------------------
// The chooser
// ---------------------------------------------------------------------------

#[test]
fn chooser_recovers_sm80_fp16_k_major_swizzle() {
    // CuTe C++'s SM80 fp16 GEMM: a 128 x 64 K-major tile of A, written by
    // 16 x 8 threads of 128-bit cp.async, read by ldmatrix.x4 feeding a 2 x 2
    // tiled SM80_16x8x16 MMA; CuTe's layout is Swizzle<3,3,3> o (8, 64):(64, 1)
    // tiled over the tile.
    let f16 = ValueType::F16;
    let cp = CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U128).unwrap();
    let g2s = make_tiled_copy(
        CopyAtom::new(cp, f16).unwrap(),
        &l("(16, 8):(8, 1)"),
        &l("(1, 8):(1, 1)"),
    )
    .unwrap();
    let mma = make_tiled_mma(
        MmaAtom::new(MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap(),
        Some(&l("(2, 2, 1):(1, 2, 4)")),
        &[Tiler::Int(32), Tiler::Int(32), Tiler::Int(16)],
    )
    .unwrap();
    let ldsm = CopyAtom::new(CopyOp::from_name("SM75_U32x4_LDSM_N").unwrap(), f16).unwrap();
    let s2r = make_tiled_copy_a(ldsm, &mma).unwrap();
    let tile = l("(128, 64):(64, 1)");
    let shape = tile.shape();
    let accesses = [
        Access::from_tiled_copy(&g2s, None, &shape).unwrap(),
        Access::from_tiled_copy(&s2r, None, &shape).unwrap(),
    ];
    assert_eq!(accesses[0].op, Op::CpAsync);
    assert_eq!(
        accesses[1].op,
        Op::Ldmatrix {
            x: Some(4),
            trans: false
        }
    );
    let r = choose_swizzle(&tile, &accesses, &ChooseOptions::default()).unwrap();
    let best = r.best().unwrap();
    assert_eq!(
        best.choice,
        Choice::Swizzle(Swizzle::new(3, 3, 3).unwrap()),
        "{r}"
    );
    assert_eq!(
        (best.wavefronts, best.ideal, best.bytes),
        (384, 384, 128 * 64 * 2)
    );
    // the plain tile: ldmatrix 8-way conflicted
    let none = r
        .candidates
        .iter()
        .find(|c| c.choice == Choice::None)
        .unwrap();
    assert_eq!(none.per_access, [128, 2048]);
    // padding by 8 fp16 (16 bytes) is conflict-free too, but larger
    let pad = r
        .candidates
        .iter()
        .find(|c| c.choice == Choice::Pad(8))
        .unwrap();
    assert_eq!(pad.wavefronts, 384);
    assert!(pad.bytes > best.bytes);
    // the choice is CuTe's atom, tiled to the tile
    let atom = gmma_smem_atom(Major::K, SmemSwizzle::SW128, f16).unwrap();
    assert_eq!(Choice::Swizzle(atom.swizzle), best.choice);
    // the same from the analyser directly
    let sw = swizzled(3, 3, 3, tile.clone());
    assert_eq!(
        bank_conflicts_of(&accesses[1], &sw).unwrap().wavefronts,
        256
    );
}

#[test]
fn chooser_recovers_the_gmma_atoms() {
    // 8 rows of 32, 64 or 128 bytes, K-major, written row by row with
    // 128-bit stores and read by ldmatrix (8 rows of one 16-byte column
    // per matrix): the minimal-wavefront swizzles are SW32, SW64, SW128
    for ty in [
        ValueType::F16,
        ValueType::BF16,
        ValueType::F32,
        ValueType::S8,
    ] {
        for sw in [SmemSwizzle::SW32, SmemSwizzle::SW64, SmemSwizzle::SW128] {
            let bits = ty.bits();
            let row = sw.row_bytes() * 8 / bits;
            let vec = 128 / bits;
            let chunks = row / vec;
            let tile = l(&format!("(8, {row}):({row}, 1)"));
            let threads = 8 * chunks;
            // thread t stores chunk t % chunks of row t / chunks
            let st = Access::new(
                l(&format!("(({chunks}, 8), {vec}):(({}, 1), 8)", 8 * vec)),
                bits,
                Op::St,
            );
            let ld = Access::new(
                l(&format!("((8, {chunks}), {vec}):((1, {}), 8)", 8 * vec)),
                bits,
                Op::LDMATRIX,
            );
            assert_eq!(st.tv.size_mode(&[0]).unwrap(), threads);
            let r = choose_swizzle(&tile, &[st, ld], &ChooseOptions::default()).unwrap();
            let want = gmma_smem_atom(Major::K, sw, ty).unwrap();
            assert_eq!(
                r.best().unwrap().choice,
                Choice::Swizzle(want.swizzle),
                "{ty} {sw}\n{r}"
            );
            assert_eq!(
                r.best().unwrap().wavefronts,
                r.best().unwrap().ideal,
                "{ty} {sw}"
            );
            // the atom's own layout is the tile: the same wavefronts
            assert_eq!(want.layout.size().unwrap(), tile.size().unwrap());
        }
    }
}

#[test]
fn chooser_ties_and_rejections() {
    // a column of f32 and a row: Swizzle<5,0,5> beats padding by 1 (larger)
    let col = Access::new(l("(32, 1):(1, 0)"), 32, Op::Ld);
    let row = Access::new(l("(32, 1):(32, 0)"), 32, Op::St);
    let tile = l("(32, 32):(32, 1)");
    let r = choose_swizzle(
        &tile,
        &[col.clone(), row.clone()],
        &ChooseOptions::default(),
    )
    .unwrap();
    assert_eq!(r.best().unwrap().choice.to_string(), "Swizzle<5,0,5>");
    assert_eq!(r.candidates[1].choice, Choice::Pad(1));
    // without padding the second is another swizzle or the tile
    let o = ChooseOptions {
        padding: false,
        ..ChooseOptions::default()
    };
    let r = choose_swizzle(&tile, &[col, row], &o).unwrap();
    assert!(r
        .candidates
        .iter()
        .all(|c| !matches!(c.choice, Choice::Pad(_))));
    // 16-byte rows: the swizzles below the vector (M < 3) are rejected,
    // each with its reason
    let ld = Access::new(l("((8, 4), 8):((1, 64), 8)"), 16, Op::LDMATRIX);
    let r = choose_swizzle(&l("(8, 64):(64, 1)"), &[ld], &ChooseOptions::default()).unwrap();
    assert!(!r.rejected.is_empty());
    for (c, why) in &r.rejected {
        assert!(
            matches!(c, Choice::Swizzle(s) if s.base < 3)
                || matches!(c, Choice::Pad(p) if p % 8 != 0),
            "{c}"
        );
        assert!(why.contains("one vector"), "{why}");
    }
    // (a swizzle below the vector whose source bits this access never sets,
    // such as Swizzle<1,0,5> (column bit 5: the access reads columns 0-31),
    // keeps its vectors and is ranked)
    assert!(r
        .candidates
        .iter()
        .any(|c| c.choice.to_string() == "Swizzle<1,0,5>"));
    // the ranking is sorted by (wavefronts, bytes)
    assert!(r
        .candidates
        .windows(2)
        .all(|w| (w[0].wavefronts, w[0].bytes) <= (w[1].wavefronts, w[1].bytes)));
    // no candidate keeps a scattered access a vector: an error naming it
    let scattered = Access::new(l("(8, 8):(8, 64)"), 16, Op::Ld);
    let e = choose_swizzle(
        &l("(8, 64):(64, 1)"),
        &[scattered],
        &ChooseOptions::default(),
    );
    assert!(e
        .unwrap_err()
        .to_string()
        .contains("no candidate layout keeps every access a vector"));
}

// ---------------------------------------------------------------------------
// The picture
// ---------------------------------------------------------------------------

#[test]
fn bank_picture_reads_back() {
    let access = Access::new(l("((8, 4), 8):((1, 64), 8)"), 16, Op::LDMATRIX);
    for (smem, waves) in [
        (Smem::from(l("(8, 64):(64, 1)")), 32),
        (swizzled(3, 3, 3, l("(8, 64):(64, 1)")), 4),
    ] {
        let svg = draw_svg_banks(&access, &smem).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap();
        assert!(
            title.contains(&format!("{waves} wavefronts (ideal 4)")),
            "{title}"
        );
        let class = |c: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(c))
                .collect::<Vec<_>>()
        };
        let cells = class("cell");
        assert_eq!(cells.len(), 512);
        for c in &cells {
            let m: i64 = c.attribute("data-m").unwrap().parse().unwrap();
            let n: i64 = c.attribute("data-n").unwrap().parse().unwrap();
            let bank: i64 = c.attribute("data-bank").unwrap().parse().unwrap();
            assert_eq!(bank, (offset(&smem, m + 8 * n) * 2 / 4) % 32);
        }
        // the worst phase (matrix 0): rows 0-7, the 8 elements of each
        // thread's row address
        let outlined = class("phase").len() + class("conflict").len();
        assert_eq!(outlined, 64);
        assert_eq!(class("thread").len(), 64);
        let red = class("conflict").len();
        assert_eq!(red, if waves == 32 { 16 } else { 2 });
    }
}

// ---------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let tile: Smem = l("(8, 64):(64, 1)").into();
    let err = |tv: &str, bits: i64, op: Op| -> String {
        bank_conflicts(&l(tv), &tile, bits, op)
            .unwrap_err()
            .to_string()
    };
    assert!(err("32:1", 16, Op::Ld).contains("not of rank 2"));
    assert!(err("(4, 2, 2):(1, 4, 8)", 16, Op::Ld).contains("not of rank 2"));
    assert!(err("(32, 2):(1, 64)", 16, Op::Ld).contains("one vector"));
    assert!(err("(32, 16):(1, 8)", 16, Op::Ld).contains("256 bits"));
    assert!(err("(32, 4):(1, 8)", 16, Op::LDMATRIX).contains("16 bytes"));
    assert!(err("(32, 1):(1, 0)", 8, Op::CpAsync).contains("4, 8 or 16 bytes"));
    assert!("ld.shared"
        .parse::<Op>()
        .unwrap_err()
        .to_string()
        .contains("unknown instruction"));
    // huge: refused before the work
    let e = err("(1048576, 1048576):(0, 0)", 16, Op::Ld);
    assert!(e.contains("1024"), "{e}");
    let e = err("(1024, 4096):(0, 0)", 16, Op::Ld);
    assert!(e.contains("thread-value pairs"), "{e}");
    let big: Smem = l("(1000000000, 1000000000):(1, 1000000000)").into();
    assert!(bank_conflicts(&l("(32, 1):(1, 0)"), &big, 32, Op::Ld).is_ok());
    assert!(draw_svg_banks(&Access::new(l("(32, 1):(1, 0)"), 32, Op::Ld), &big).is_err());
    let huge_tile = l("(100000, 100000):(100000, 1)");
    let a = Access::new(l("(32, 1):(1, 0)"), 32, Op::Ld);
    assert!(choose_swizzle(&huge_tile, &[a], &ChooseOptions::default()).is_err());
    assert!(choose_swizzle(&l("(8, 64):(64, 1)"), &[], &ChooseOptions::default()).is_err());
    // an F2 tile is not a plain tile for the chooser
    let a = Access::new(l("(8, 1):(1, 0)"), 32, Op::Ld);
    assert!(choose_swizzle(&l("(8, 32):(F36, F1)"), &[a], &ChooseOptions::default()).is_err());
    // a tiled copy whose tile does not divide the shared-memory tile
    let cp = CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", ValueType::U128).unwrap();
    let g2s = make_tiled_copy(
        CopyAtom::new(cp, ValueType::F16).unwrap(),
        &l("(16, 8):(8, 1)"),
        &l("(1, 8):(1, 1)"),
    )
    .unwrap();
    assert!(Access::from_tiled_copy(&g2s, None, &"(8, 64)".parse().unwrap()).is_err());
}
