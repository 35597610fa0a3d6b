//! A GEMM with a tiled MMA and tiled copies, as CuTe's SM80 tutorial
//! writes it (`sgemm_sm80.cu`, TN: A is `(M, K)` and B is `(N, K)`, both
//! K-major; C is `(M, N)` column-major), every layout a type the compiler
//! computes:
//!
//! - each thread block takes static `(128, 128, 64)` tiles of matrices of
//!   run-time extents;
//! - shared memory is swizzled as CuTe's SM80 fp16 GEMM swizzles it: the
//!   atom `composition(Swizzle<3,3,3>, (8, 64):(64, 1))` (eight K-major
//!   rows of 128 bytes, each row's eight 16-byte chunks XORed by the row
//!   number) tiled to the `128 x 64` block tile by `tile_to_shape`; every
//!   partition of it below keeps the swizzle outermost, a thread's base
//!   offset inside it;
//! - global to shared memory: a tiled copy of the 128-bit `cp.async` atom
//!   (`SM80_CP_ASYNC_CACHEALWAYS<u128>`, 8 f16 per thread) over `16 x 8`
//!   K-major threads, a `16 x 64` tile;
//! - shared memory to registers: `ldmatrix` tiled copies made from the MMA
//!   (`make_tiled_copy_a` with `SM75_U32x4_LDSM_N`: each thread's 8 f16 of
//!   A per tile are four 32-bit registers; `make_tiled_copy_b` with
//!   `SM75_U32x2_LDSM_N`: B's 4 f16 per thread are two registers, so `.x4`
//!   would not compile there), into the register fragments
//!   `partition_fragment_a/b` makes, seen through `retile_d`;
//! - the MMA: a `TiledMMA` of the tensor-core atom
//!   `SM80_16x8x16_F32F16F16F32_TN` over a `(2, 2, 1)` layout of atoms (128
//!   threads, a `32 x 16 x 16` tile).
//!
//! The printed lines are thread 5's copy partitions and fragments (a static
//! leaf is `_N`, a run-time one a plain number), and the shared-memory
//! bank conflicts of the `ldmatrix` reads (`cute_dynamic::banks`) with and
//! without the swizzle. The program then runs the GEMM on the host and
//! checks it:
//!
//! - the threads' `cp.async` destinations cover each shared memory tile
//!   exactly once, their `ldmatrix` destinations every register of the A
//!   and B fragments, and their C partitions the block tile exactly once;
//! - the whole GEMM, emulating the hardware through the atoms' layouts: a
//!   `cp.async` copies each thread's elements one for one (to their
//!   swizzled offsets); an `ldmatrix` gathers the 32 lanes' source
//!   elements into the instruction's reference by its source layout and
//!   hands each lane the elements its destination layout names; each MMA
//!   atom gathers the 32 lanes' registers into its `16 x 16` A tile and
//!   `8 x 16` B tile by the atom's thread-value layouts, multiplies, and
//!   scatters the `16 x 8` result into the lanes' accumulators by its C
//!   layout; the accumulators are stored through the C partitions and
//!   compared with a reference loop.
//!
//! `cargo run -p cute-static --release --example sgemm_atoms`

use cute_core::KnownInt;
use cute_dynamic::banks::{bank_conflicts_of, Access, Smem};
use cute_static::atom::{
    make_copy_atom, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_mma,
    CopyAtom, Half, MmaAtom, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N,
    SM80_16x8x16_F32F16F16F32_TN as Atom, SM80_CP_ASYNC_CACHEALWAYS,
};
use cute_static::swizzle::{tile_to_shape, Swizzle};
use cute_static::typenum::U3;
use cute_static::{composition, layout, local_tile_proj, shape, tile, Keep, X};

fn main() -> Result<(), cute_core::Error> {
    // run-time extents (a multiple of the block tile; the compiler does not
    // know them)
    let extra = std::env::args().count() as i64 - 1; // 0
    let (m, n, k) = (256 + 128 * extra, 384 + 128 * extra, 128 + 64 * extra);

    // the matrices, K-major A and B (stride 1 static, as CuTe's TN GEMM has
    // it), column-major C
    let ma = layout!((m, k) : (k, 1))?;
    let mb = layout!((n, k) : (k, 1))?;
    let mc = layout!((m, n) : (1, m))?;
    let a: Vec<Half> = (0..m * k)
        .map(|i| Half::from_f32(((i * 7 + 3) % 5 - 2) as f32))
        .collect();
    let b: Vec<Half> = (0..n * k)
        .map(|i| Half::from_f32(((i * 5 + 1) % 7 - 3) as f32))
        .collect();
    let mut c = vec![0.0_f32; (m * n) as usize];

    // the block's tiles in shared memory, K-major and swizzled: CuTe's SM80
    // fp16 atom, 8 rows of 64 f16, repeated to 128 x 64
    let atom = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
    let s_a = tile_to_shape(atom, shape!(128, 64));
    let s_b = s_a;
    let cta_tiler = tile!(128, 128, 64);

    // 2 x 2 atoms of 16 x 8 x 16: 128 threads over a 32 x 16 x 16 tile
    let mma = make_tiled_mma(Atom, layout!((2, 2, 1)));
    // global -> shared: 16 x 8 threads, K-major, 8 f16 (128 bits) each
    let cp_async = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    let g2s_a = make_tiled_copy(cp_async, layout!((16, 8) : (8, 1)), layout!((1, 8)));
    let g2s_b = make_tiled_copy(cp_async, layout!((16, 8) : (8, 1)), layout!((1, 8)));
    // shared -> registers: ldmatrix into the MMA's fragments
    let ldsm_a = make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N);
    let ldsm_b = make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N);
    let s2r_a = make_tiled_copy_a(ldsm_a, &mma);
    let s2r_b = make_tiled_copy_b(ldsm_b, &mma);
    print!("{mma}\n\n{g2s_a}\n\n{s2r_a}\n\n{s2r_b}\n\n");

    let nthr = mma.size() as usize;
    assert_eq!((g2s_a.size(), s2r_a.size(), s2r_b.size()), (128, 128, 128));
    let thr_mma: Vec<_> = (0..nthr)
        .map(|t| mma.get_slice(t))
        .collect::<Result<_, _>>()?;
    let thr_g2s_a: Vec<_> = (0..nthr)
        .map(|t| g2s_a.get_slice(t))
        .collect::<Result<_, _>>()?;
    let thr_g2s_b: Vec<_> = (0..nthr)
        .map(|t| g2s_b.get_slice(t))
        .collect::<Result<_, _>>()?;
    let thr_s2r_a: Vec<_> = (0..nthr)
        .map(|t| s2r_a.get_slice(t))
        .collect::<Result<_, _>>()?;
    let thr_s2r_b: Vec<_> = (0..nthr)
        .map(|t| s2r_b.get_slice(t))
        .collect::<Result<_, _>>()?;

    // what does not depend on the block: each thread's shared memory
    // partitions (static layouts under the swizzle, the thread's run-time
    // offset inside it) and register fragments
    let mut t_a_s_a = Vec::new(); // cp.async destinations, ((8,1),8,1)
    let mut t_b_s_b = Vec::new();
    let mut t_x_s_a = Vec::new(); // ldmatrix sources, ((8,1),4,4)
    let mut t_x_s_b = Vec::new(); // ((4,1),8,4)
    for t in 0..nthr {
        t_a_s_a.push(thr_g2s_a[t].partition_d(s_a)?);
        t_b_s_b.push(thr_g2s_b[t].partition_d(s_b)?);
        t_x_s_a.push(thr_s2r_a[t].partition_s(s_a)?);
        t_x_s_b.push(thr_s2r_b[t].partition_s(s_b)?);
    }
    // the MMA's A and B registers, ordered like the shared memory they come
    // from (make_fragment_like of the layout under the swizzle), and the
    // copies' view of them
    let t_c_r_a0 = thr_mma[0].partition_fragment_a(s_a.layout()); // ((2,2,2),4,4)
    let t_c_r_b0 = thr_mma[0].partition_fragment_b(s_b.layout()); // ((2,2),8,4)
    let t_x_r_a = thr_s2r_a[0].retile_d(t_c_r_a0.layout()); // ((8,1),4,4)
    let t_x_r_b = thr_s2r_b[0].retile_d(t_c_r_b0.layout()); // ((4,1),8,4)

    // the ldmatrix reads' shared-memory bank conflicts, with and without
    // the swizzle: a warp's eight 16-byte rows of one 8 x 8 matrix lie 128
    // bytes apart, all in the same four banks, unless the swizzle moves them
    let tile_mk: cute_dynamic::IntTuple = "(128, 64)".parse()?;
    for (name, copy, smem) in [
        ("A", s2r_a.to_dynamic(), s_a),
        ("B", s2r_b.to_dynamic(), s_b),
    ] {
        let reads = Access::from_tiled_copy(&copy, None, &tile_mk)?;
        let plain = bank_conflicts_of(&reads, &Smem::Layout(smem.layout().to_dynamic()))?;
        let swizzled = bank_conflicts_of(&reads, &Smem::Swizzled(smem.to_dynamic()))?;
        println!(
            "ldmatrix reads of s{name}: {} wavefronts unswizzled, {} swizzled (ideal {})",
            plain.wavefronts, swizzled.wavefronts, swizzled.ideal
        );
        assert_eq!(swizzled.wavefronts, swizzled.ideal);
    }
    println!();

    // thread 5's view of the block tile (1, 2)
    {
        let cta = (1, 2, Keep);
        let (_, g_a) = local_tile_proj(ma, cta_tiler, cta, (1, X, 1))?; // (BLK_M, BLK_K, k)
        let (_, g_c) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?; // (BLK_M, BLK_N)
        println!("gA {g_a}\ngC {g_c}\nsA {s_a}\nsB {s_b}\n");
        let t = 5;
        println!("thread {t}: (v, m, n, k) = {:?}", thr_mma[t].vmnk());
        let (o, t_a_g_a) = thr_g2s_a[t].partition_s(g_a)?;
        println!("  cp.async   tAgA {t_a_g_a} off {o}");
        let (o, l) = t_a_s_a[t];
        println!("             tAsA {l} off {o}");
        let (o, l) = t_x_s_a[t];
        println!("  ldmatrix   tXsA {l} off {o}");
        println!("             tXrA {t_x_r_a} (the registers of tCrA)");
        let (o, l) = t_x_s_b[t];
        println!("             tXsB {l} off {o}");
        println!("             tXrB {t_x_r_b} (the registers of tCrB)");
        let t_c_r_a = thr_mma[t].partition_fragment_a(s_a.layout());
        let t_c_r_b = thr_mma[t].partition_fragment_b(s_b.layout());
        let t_c_r_c = thr_mma[t].partition_fragment_c(&g_c);
        println!(
            "  fragments  tCrA {} ({} f16, {} bytes)",
            t_c_r_a.layout(),
            t_c_r_a.len(),
            core::mem::size_of_val(&t_c_r_a)
        );
        println!(
            "             tCrB {} ({} f16, {} bytes)",
            t_c_r_b.layout(),
            t_c_r_b.len(),
            core::mem::size_of_val(&t_c_r_b)
        );
        println!(
            "             tCrC {} ({} f32, {} bytes)",
            t_c_r_c.layout(),
            t_c_r_c.len(),
            core::mem::size_of_val(&t_c_r_c)
        );
        let (o, t_c_g_c) = thr_mma[t].partition_c(g_c)?;
        println!("  epilogue   tCgC {t_c_g_c} off {o}\n");

        // coverage: the cp.async destinations write each element of the
        // shared tiles once; the ldmatrix destinations fill every register
        let all_regs = |n: usize, eval: &dyn Fn(i64) -> i64| {
            let mut hit = vec![false; n];
            (0..n as i64).for_each(|i| hit[eval(i) as usize] = true);
            hit.iter().all(|&h| h)
        };
        let mut covered = true;
        for parts in [&t_a_s_a, &t_b_s_b] {
            let swizzled = parts
                .iter()
                .flat_map(|&(o, l)| (0..l.size().get()).map(move |i| o + l.eval(i)));
            covered &= covers_once(swizzled, 128 * 64);
        }
        let covered = covered
            && all_regs(t_c_r_a0.len(), &|i| t_x_r_a.eval(i))
            && all_regs(t_c_r_b0.len(), &|i| t_x_r_b.eval(i));
        println!("cp.async covers the shared tiles once, ldmatrix every register: {covered}");
        assert!(covered);

        // the union of the threads' C partitions is the block tile, once each
        let mut hits = vec![0_u32; (m * n) as usize];
        let (oc, _) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?;
        for thr in &thr_mma {
            let (o, p) = thr.partition_c(g_c)?;
            for i in 0..p.size().get() {
                hits[(oc + o + p.eval(i)) as usize] += 1;
            }
        }
        let in_tile = |idx: usize| {
            let (i, j) = (idx as i64 % m, idx as i64 / m);
            (128..256).contains(&i) && (256..384).contains(&j)
        };
        let once = hits
            .iter()
            .enumerate()
            .all(|(idx, &h)| h == u32::from(in_tile(idx)));
        println!("C partitions cover the 128 x 128 block tile exactly once: {once}\n");
        assert!(once);
    }

    // the GEMM, block by block
    let (atom_a, atom_b, atom_c) = (Atom::a_layout(), Atom::b_layout(), Atom::c_layout());
    let mut sm_a = vec![Half::default(); 128 * 64];
    let mut sm_b = vec![Half::default(); 128 * 64];
    for bm in 0..m / 128 {
        for bn in 0..n / 128 {
            let cta = (bm, bn, Keep);
            let (oa, g_a) = local_tile_proj(ma, cta_tiler, cta, (1, X, 1))?;
            let (ob, g_b) = local_tile_proj(mb, cta_tiler, cta, (X, 1, 1))?;
            let (oc, g_c) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?;
            // each thread's global partitions (mixed: the k-tile stride is a
            // run-time value) and registers
            let mut t_a_g_a = Vec::new();
            let mut t_b_g_b = Vec::new();
            for t in 0..nthr {
                let (o, l) = thr_g2s_a[t].partition_s(g_a)?; // ((8,1),8,1,k)
                t_a_g_a.push((oa + o, l));
                let (o, l) = thr_g2s_b[t].partition_s(g_b)?;
                t_b_g_b.push((ob + o, l));
            }
            let mut r_a: Vec<_> = thr_mma
                .iter()
                .map(|thr| thr.partition_fragment_a(s_a.layout()))
                .collect();
            let mut r_b: Vec<_> = thr_mma
                .iter()
                .map(|thr| thr.partition_fragment_b(s_b.layout()))
                .collect();
            let mut acc: Vec<_> = thr_mma
                .iter()
                .map(|thr| thr.partition_fragment_c(&g_c))
                .collect();
            for kt in 0..k / 64 {
                // cp.async: each thread copies its elements of the k-tile to
                // their swizzled offsets
                for t in 0..nthr {
                    let ((og, lg), (os, ls)) = (t_a_g_a[t], t_a_s_a[t]);
                    let per = ls.size().get();
                    for i in 0..per {
                        sm_a[(os + ls.eval(i)) as usize] = a[(og + lg.eval(i + per * kt)) as usize];
                    }
                    let ((og, lg), (os, ls)) = (t_b_g_b[t], t_b_s_b[t]);
                    for i in 0..per {
                        sm_b[(os + ls.eval(i)) as usize] = b[(og + lg.eval(i + per * kt)) as usize];
                    }
                }
                // ldmatrix: each warp's instructions, through the atoms' layouts
                let (src_a, dst_a) = (ldsm_a.val_layout_src(), ldsm_a.val_layout_dst());
                warp_copy(
                    nthr,
                    t_x_r_a.size().get() / ldsm_a.num_val(),
                    (src_a.size().get() / 32, |l, v| src_a.call((l, v))),
                    (dst_a.size().get() / 32, |l, v| dst_a.call((l, v))),
                    |t, i| sm_a[(t_x_s_a[t].0 + t_x_s_a[t].1.eval(i)) as usize],
                    |t, i, x| r_a[t].as_mut_slice()[t_x_r_a.eval(i) as usize] = x,
                );
                let (src_b, dst_b) = (ldsm_b.val_layout_src(), ldsm_b.val_layout_dst());
                warp_copy(
                    nthr,
                    t_x_r_b.size().get() / ldsm_b.num_val(),
                    (src_b.size().get() / 32, |l, v| src_b.call((l, v))),
                    (dst_b.size().get() / 32, |l, v| dst_b.call((l, v))),
                    |t, i| sm_b[(t_x_s_b[t].0 + t_x_s_b[t].1.eval(i)) as usize],
                    |t, i, x| r_b[t].as_mut_slice()[t_x_r_b.eval(i) as usize] = x,
                );
                // the MMAs: each atom instance (am, an) of the 2 x 2 grid runs
                // on the 32 threads whose (m, n) coordinate it is
                for (am, an) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let lanes: Vec<usize> = (0..nthr)
                        .filter(|&t| matches!(thr_mma[t].vmnk(), [_, mm, nn, _] if mm == am && nn == an))
                        .collect();
                    assert_eq!(lanes.len(), 32);
                    for kk in 0..4 {
                        for i in 0..4 {
                            for j in 0..8 {
                                let mut ta = [[0.0_f32; 16]; 16]; // (m, k)
                                let mut tb = [[0.0_f32; 16]; 8]; // (n, k)
                                let mut tc = [[0.0_f32; 8]; 16]; // (m, n)
                                for &t in &lanes {
                                    let lane = thr_mma[t].vmnk()[0];
                                    for v in 0..8 {
                                        let e = atom_a.call((lane, v));
                                        ta[(e % 16) as usize][(e / 16) as usize] =
                                            r_a[t][(v, i, kk)].to_f32();
                                    }
                                    for v in 0..4 {
                                        let e = atom_b.call((lane, v));
                                        tb[(e % 8) as usize][(e / 8) as usize] =
                                            r_b[t][(v, j, kk)].to_f32();
                                    }
                                    for v in 0..4 {
                                        let e = atom_c.call((lane, v));
                                        tc[(e % 16) as usize][(e / 16) as usize] =
                                            acc[t][(v, i, j)];
                                    }
                                }
                                for (mm, row) in tc.iter_mut().enumerate() {
                                    for (nn, x) in row.iter_mut().enumerate() {
                                        *x += (0..16).map(|q| ta[mm][q] * tb[nn][q]).sum::<f32>();
                                    }
                                }
                                for &t in &lanes {
                                    let lane = thr_mma[t].vmnk()[0];
                                    for v in 0..4 {
                                        let e = atom_c.call((lane, v));
                                        acc[t][(v, i, j)] =
                                            tc[(e % 16) as usize][(e / 16) as usize];
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // store: registers to global, through the partitions
            for (t, thr) in thr_mma.iter().enumerate() {
                let (pc, t_c) = thr.partition_c(g_c)?;
                for (v, i, j) in grid3(4, 4, 8) {
                    c[(oc + pc + t_c.call((v, i, j))) as usize] = acc[t][(v, i, j)];
                }
            }
        }
    }

    // the reference
    let mut worst = 0.0_f32;
    for i in 0..m {
        for j in 0..n {
            let want: f32 = (0..k)
                .map(|q| {
                    a[ma.call((i, q)) as usize].to_f32() * b[mb.call((j, q)) as usize].to_f32()
                })
                .sum();
            worst = worst.max((c[mc.call((i, j)) as usize] - want).abs());
        }
    }
    println!("C = A * B^T ({m} x {n} x {k}) by the emulated cp.async, ldmatrix and tensor cores: largest error {worst}");
    assert_eq!(worst, 0.0);
    Ok(())
}

/// One warp-wide copy atom executed by every warp of a tiled copy of
/// `threads` threads: the atom's source layout `src` and destination layout
/// `dst` in values (`(lane, value) -> reference`, of `src_vals` and
/// `dst_vals` values per lane), and `calls` calls per thread. For each call
/// `x`, lane `l`'s source value `v` (`read(t, v + src_vals * x)`, thread `t
/// = 32 w + l`) is placed in the instruction's reference at `src(l, v)`,
/// and lane `l`'s destination value `v` is the reference's element at
/// `dst(l, v)` (`write(t, v + dst_vals * x, ...)`). This is what
/// `ldmatrix` does: lanes give the addresses of 128-bit rows (`.x2` reads
/// the rows of lanes 0-15; lanes 16-31 repeat them), and each lane receives
/// the elements of the fragments the PTX ISA assigns it.
#[allow(clippy::too_many_arguments)]
fn warp_copy<T: Copy + Default>(
    threads: usize,
    calls: i64,
    (src_vals, src): (i64, impl Fn(i64, i64) -> i64),
    (dst_vals, dst): (i64, impl Fn(i64, i64) -> i64),
    read: impl Fn(usize, i64) -> T,
    mut write: impl FnMut(usize, i64, T),
) {
    let mut reference = vec![T::default(); (32 * dst_vals) as usize];
    for w in 0..threads / 32 {
        for x in 0..calls {
            for l in 0..32 {
                for v in 0..src_vals {
                    reference[src(l, v) as usize] = read(32 * w + l as usize, v + src_vals * x);
                }
            }
            for l in 0..32 {
                for v in 0..dst_vals {
                    write(
                        32 * w + l as usize,
                        v + dst_vals * x,
                        reference[dst(l, v) as usize],
                    );
                }
            }
        }
    }
}

/// True iff the offsets hit each of `n` elements exactly once.
fn covers_once(offsets: impl IntoIterator<Item = i64>, n: usize) -> bool {
    let mut hits = vec![0_u32; n];
    for o in offsets {
        hits[o as usize] += 1;
    }
    hits.iter().all(|&h| h == 1)
}

/// `(x, y, z)` over `0..a`, `0..b`, `0..c`, `x` fastest.
fn grid3(a: i64, b: i64, c: i64) -> impl Iterator<Item = (i64, i64, i64)> {
    (0..c).flat_map(move |z| (0..b).flat_map(move |y| (0..a).map(move |x| (x, y, z))))
}
