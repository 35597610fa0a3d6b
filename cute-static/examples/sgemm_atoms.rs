//! A GEMM with a tiled MMA, as CuTe's SM80 tutorial writes it
//! (`sgemm_sm80.cu`, TN: A is `(M, K)` and B is `(N, K)`, both K-major; C is
//! `(M, N)` column-major): each thread block takes static `(128, 128, 32)`
//! tiles of matrices of run-time extents, and a `TiledMMA` of the tensor
//! core atom `SM80_16x8x16_F32F16F16F32_TN` over a `(2, 2, 1)` layout of
//! atoms (128 threads, a `32 x 16 x 16` tile) gives each thread its
//! elements of A, B and C and its register fragment of accumulators.
//!
//! The layouts are types the compiler computes; the printed lines are thread
//! 5's partitions of the block tiles (a static leaf is `_N`, a run-time one
//! a plain number). The program then checks, on the host:
//!
//! - that the threads' C partitions cover the block tile exactly once;
//! - the whole GEMM, emulating the tensor cores: for each k-tile every
//!   thread loads its A and B registers through its partitions, each MMA
//!   atom gathers the 32 threads' registers into its `16 x 16` A tile and
//!   `8 x 16` B tile by the atom's thread-value layouts, multiplies, and
//!   scatters the `16 x 8` result into the threads' accumulators by the C
//!   layout; the accumulators are stored through the C partitions and
//!   compared with a reference loop.
//!
//! `cargo run -p cute-static --release --example sgemm_atoms`

use cute_static::atom::{make_fragment, make_tiled_mma, Half, MmaAtom};
use cute_static::atom::{SM80_16x8x16_F32F16F16F32_TN as Atom, ThrMma};
use cute_static::{layout, local_tile_proj, slice, tile, Keep, X};

fn main() -> Result<(), cute_core::Error> {
    // run-time extents (a multiple of the block tile; the compiler does not
    // know them)
    let extra = std::env::args().count() as i64 - 1; // 0
    let (m, n, k) = (256 + 128 * extra, 384 + 128 * extra, 96 + 32 * extra);

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

    // 2 x 2 atoms of 16 x 8 x 16: 128 threads over a 32 x 16 x 16 tile
    let mma = make_tiled_mma(Atom, layout!((2, 2, 1)));
    print!("{mma}\n\n");
    let cta_tiler = tile!(128, 128, 32);
    let threads: Vec<ThrMma<_>> = (0..mma.size())
        .map(|t| mma.get_slice(t))
        .collect::<Result<_, _>>()?;

    // thread 5's view of the block tile (1, 2)
    {
        let cta = (1, 2, Keep);
        let (_, g_a) = local_tile_proj(ma, cta_tiler, cta, (1, X, 1))?; // (BLK_M, BLK_K, k)
        let (_, g_b) = local_tile_proj(mb, cta_tiler, cta, (X, 1, 1))?; // (BLK_N, BLK_K, k)
        let (_, g_c) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?; // (BLK_M, BLK_N)
        println!("gA {g_a}\ngB {g_b}\ngC {g_c}\n");
        let thr = &threads[5];
        println!("thread 5: (v, m, n, k) = {:?}", thr.vmnk());
        let (o, t_c_g_c) = thr.partition_c(g_c)?;
        println!("  tCgC {t_c_g_c} off {o}");
        let t_c_r_c = thr.partition_fragment_c(&g_c);
        println!(
            "  tCrC {} ({} f32 on the stack, {} bytes)",
            t_c_r_c.layout(),
            t_c_r_c.len(),
            core::mem::size_of_val(&t_c_r_c)
        );
        let (o, t_c_g_a) = thr.partition_a(g_a)?;
        println!("  tCgA {t_c_g_a} off {o}");
        let (o, t_c_g_b) = thr.partition_b(g_b)?;
        println!("  tCgB {t_c_g_b} off {o}\n");

        // the union of the threads' C partitions is the block tile, once each
        let mut hits = vec![0_u32; (m * n) as usize];
        let (oc, _) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?;
        for thr in &threads {
            let (o, p) = thr.partition_c(g_c)?;
            for i in 0..cute_core::LayoutLike::size(&p) {
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
        println!("C partitions cover the 128 x 128 block tile exactly once: {once}");
        assert!(once);
    }

    // the GEMM, block by block
    let atom_a = Atom::a_layout();
    let atom_b = Atom::b_layout();
    let atom_c = Atom::c_layout();
    for bm in 0..m / 128 {
        for bn in 0..n / 128 {
            let cta = (bm, bn, Keep);
            let (oa, g_a) = local_tile_proj(ma, cta_tiler, cta, (1, X, 1))?;
            let (ob, g_b) = local_tile_proj(mb, cta_tiler, cta, (X, 1, 1))?;
            let (oc, g_c) = local_tile_proj(mc, cta_tiler, cta, (1, 1, X))?;
            // each thread's partitions and registers
            let mut parts = Vec::new();
            for thr in &threads {
                let (pa, t_a) = thr.partition_a(g_a)?; // ((2,2,2), 4, 2, k)
                let (pb, t_b) = thr.partition_b(g_b)?; // ((2,2), 8, 2, k)
                let (pc, t_c) = thr.partition_c(g_c)?; // ((2,2), 4, 8)
                parts.push((oa + pa, t_a, ob + pb, t_b, oc + pc, t_c));
            }
            let (_, t_a0, _, t_b0, _, _) = parts[0];
            let k_a = slice(t_a0, (Keep, Keep, Keep, 0)); // one k-tile's registers
            let k_b = slice(t_b0, (Keep, Keep, Keep, 0));
            let mut r_a: Vec<_> = threads
                .iter()
                .map(|_| make_fragment::<Half, _>(&k_a))
                .collect();
            let mut r_b: Vec<_> = threads
                .iter()
                .map(|_| make_fragment::<Half, _>(&k_b))
                .collect();
            let mut acc: Vec<_> = threads
                .iter()
                .map(|thr| thr.partition_fragment_c(&g_c))
                .collect();
            for kt in 0..k / 32 {
                // copy: global to registers, through the partitions
                for (t, &(pa, t_a, pb, t_b, _, _)) in parts.iter().enumerate() {
                    for (v, i, kk) in grid3(8, 4, 2) {
                        r_a[t][(v, i, kk)] = a[(pa + t_a.call((v, i, kk, kt))) as usize];
                    }
                    for (v, j, kk) in grid3(4, 8, 2) {
                        r_b[t][(v, j, kk)] = b[(pb + t_b.call((v, j, kk, kt))) as usize];
                    }
                }
                // the MMAs: each atom instance (am, an) of the 2 x 2 grid runs
                // on the 32 threads whose (m, n) coordinate it is
                for (am, an) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let lanes: Vec<usize> = (0..threads.len())
                        .filter(|&t| matches!(threads[t].vmnk(), [_, mm, nn, _] if mm == am && nn == an))
                        .collect();
                    assert_eq!(lanes.len(), 32);
                    for kk in 0..2 {
                        for i in 0..4 {
                            for j in 0..8 {
                                let mut ta = [[0.0_f32; 16]; 16]; // (m, k)
                                let mut tb = [[0.0_f32; 16]; 8]; // (n, k)
                                let mut tc = [[0.0_f32; 8]; 16]; // (m, n)
                                for &t in &lanes {
                                    let lane = threads[t].vmnk()[0];
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
                                    let lane = threads[t].vmnk()[0];
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
            for (t, &(_, _, _, _, pc, t_c)) in parts.iter().enumerate() {
                for (v, i, j) in grid3(4, 4, 8) {
                    c[(pc + t_c.call((v, i, j))) as usize] = acc[t][(v, i, j)];
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
    println!("C = A * B^T ({m} x {n} x {k}) by the emulated tensor cores: largest error {worst}");
    assert_eq!(worst, 0.0);
    Ok(())
}

/// `(x, y, z)` over `0..a`, `0..b`, `0..c`, `x` fastest.
fn grid3(a: i64, b: i64, c: i64) -> impl Iterator<Item = (i64, i64, i64)> {
    (0..c).flat_map(move |z| (0..b).flat_map(move |y| (0..a).map(move |x| (x, y, z))))
}
