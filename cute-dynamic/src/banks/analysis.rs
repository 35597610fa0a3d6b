//! The analysis: an access checked and its TV layout evaluated once
//! ([`Prepared`], [`prepare`]), then run over the offsets of a
//! shared-memory layout ([`run`]), the model of the module's
//! documentation; [`bank_conflicts`] and [`bank_conflicts_of`] are its
//! entry points, and the chooser runs it once per candidate.

use cute_core::{Error, Result};

use super::access::{Access, ThreadAccess};
use super::op::Op;
use super::report::{BankReport, Instruction, Phase};
use super::smem::{Offsets, Smem};
use super::{BANKS, BANK_BYTES, MAX_THREADS, MAX_VALUES, OP, WARP_SIZE};
use crate::typedefs::Scalar;
use crate::Layout;

/// One warp's instruction, before shared memory: its threads and their
/// indices.
struct PreInstr {
    warp: i64,
    index: i64,
    /// `(thread, lane)`, in lane order.
    threads: Vec<(i64, i64)>,
    /// Where its indices start in [`Prepared::idx`]: `per` per thread.
    start: usize,
}

/// An access with its TV layout evaluated: what does not depend on shared
/// memory.
pub(super) struct Prepared {
    op: Op,
    bits: i64,
    per: usize,
    width: i64,
    instrs: Vec<PreInstr>,
    pub(super) idx: Vec<i64>,
}

impl Prepared {
    /// The lanes of one phase, and the phases of an instruction.
    fn phases(&self) -> (i64, i64) {
        match self.op.matrices() {
            Some(x) => (8, i64::from(x)),
            None => match self.width {
                1..=4 => (32, 1),
                8 => (16, 2),
                _ => (8, 4),
            },
        }
    }
}

fn is_pow2(n: i64) -> bool {
    n > 0 && n.count_ones() == 1
}

/// Checks an access and evaluates its TV layout.
pub(super) fn prepare(access: &Access, domain: i64) -> Result<Prepared> {
    let Access {
        tv,
        bits,
        op,
        values_per_instruction,
    } = access;
    let (bits, mut op) = (*bits, *op);
    if !(is_pow2(bits) && bits <= 128) {
        return Err(Error::value(
            OP,
            format!("the element width is {bits} bits; it must be a power of two from 1 to 128"),
        ));
    }
    if !tv.is_tuple() || tv.rank() != 2 {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} is not of rank 2: it must be (thread, value) -> index"),
        ));
    }
    if let Some(d) = tv.strides().find(|d| !matches!(d, Scalar::Int(_))) {
        return Err(Error::type_error(
            OP,
            format!("the TV layout {tv} has the stride {d}: it must map (thread, value) to integer indices of shared memory's domain"),
        ));
    }
    let threads = tv.size_mode(&[0])?;
    let values = tv.size_mode(&[1])?;
    if threads == 0 || values == 0 {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has no threads or no values"),
        ));
    }
    if threads > MAX_THREADS {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has {threads} threads, more than a thread block's {MAX_THREADS}"),
        ));
    }
    if values > MAX_VALUES / threads {
        return Err(Error::value(
            OP,
            format!("the TV layout {tv} has {threads} x {values} thread-value pairs, more than the {MAX_VALUES} an analysis visits"),
        ));
    }
    let per = values_per_instruction.unwrap_or(values);
    if per <= 0 || values % per != 0 {
        return Err(Error::value(
            OP,
            format!("{values} values per thread are not whole instructions of {per} values"),
        ));
    }
    let width_bits = per * bits;
    let fits = match op {
        Op::Ld | Op::St => matches!(width_bits, 8 | 16 | 32 | 64 | 128),
        Op::CpAsync => matches!(width_bits, 32 | 64 | 128),
        Op::Ldmatrix { .. } | Op::Stmatrix { .. } => width_bits == 128,
    };
    if !fits {
        let what = match op {
            Op::Ld | Op::St => "a vector of 1, 2, 4, 8 or 16 bytes",
            Op::CpAsync => "4, 8 or 16 bytes",
            _ => "a row of 16 bytes",
        };
        return Err(Error::value(
            OP,
            format!(
                "{op} moves {what} per thread; {per} value{} of {bits} bit{} {} {width_bits} bit{}",
                if per == 1 { "" } else { "s" },
                if bits == 1 { "" } else { "s" },
                if per == 1 { "is" } else { "are" },
                if width_bits == 1 { "" } else { "s" }
            ),
        ));
    }
    // the matrices of ldmatrix and stmatrix, and the threads that give them
    if op.is_matrix() {
        let x = match op.matrices() {
            Some(x) => i64::from(x),
            None => match threads {
                8 => 1,
                16 => 2,
                t if t % WARP_SIZE == 0 => 4,
                t => {
                    return Err(Error::value(
                        OP,
                        format!("{op} with {t} threads: give 8 (.x1), 16 (.x2) or whole warps (.x4), or name the matrices ('{op}.x2')"),
                    ))
                }
            },
        };
        if threads != 8 * x && threads % WARP_SIZE != 0 {
            return Err(Error::value(
                OP,
                format!("{op} of {x} matrices needs the {} row addresses of threads 0-{} of each warp; the TV layout has {threads} threads", 8 * x, 8 * x - 1),
            ));
        }
        op = op.with_matrices(x as u8);
    }
    let ev = tv.evaluator()?;
    let instructions = values / per;
    let warps = (threads + WARP_SIZE - 1) / WARP_SIZE;
    let active = |lane: i64| op.matrices().is_none_or(|x| lane < 8 * i64::from(x));
    let mut instrs = Vec::new();
    let mut idx = Vec::with_capacity((threads * values) as usize);
    for w in 0..warps {
        for k in 0..instructions {
            let start = idx.len();
            let mut ts = Vec::new();
            for lane in 0..WARP_SIZE {
                let t = w * WARP_SIZE + lane;
                if t >= threads || !active(lane) {
                    continue;
                }
                for j in 0..per {
                    let v = k * per + j;
                    let i = ev.try_eval(t + threads * v)?;
                    if !(0..domain).contains(&i) {
                        return Err(Error::value(
                            OP,
                            format!("the TV layout {tv} maps thread {t}, value {v} to the index {i}, outside shared memory's domain of {domain} elements"),
                        ));
                    }
                    idx.push(i);
                }
                ts.push((t, lane));
            }
            instrs.push(PreInstr {
                warp: w,
                index: k,
                threads: ts,
                start,
            });
        }
    }
    Ok(Prepared {
        op,
        bits,
        per: per as usize,
        width: width_bits / 8,
        instrs,
        idx,
    })
}

/// The offsets of the prepared indices in `smem`.
pub(super) fn offsets_of(p: &Prepared, smem: &Smem) -> Result<Vec<i64>> {
    let off = Offsets::new(smem)?;
    p.idx.iter().map(|&i| off.at(i)).collect()
}

/// The byte address of each thread's vector, checked to be one.
fn vector_at(p: &Prepared, offsets: &[i64], smem: &Smem, t: i64, at: usize) -> Result<i64> {
    let o = &offsets[at..at + p.per];
    let base = o[0];
    let contiguous = o
        .iter()
        .enumerate()
        .all(|(j, &x)| base.checked_add(j as i64) == Some(x));
    let width_bits = p.width * 8;
    let aligned = base
        .checked_mul(p.bits)
        .is_some_and(|b| b.rem_euclid(width_bits) == 0);
    if !(contiguous && aligned) {
        let shown: Vec<String> = o.iter().take(16).map(|x| x.to_string()).collect();
        let why = if contiguous {
            format!(
                "contiguous but not aligned to the vector's {} bytes",
                p.width
            )
        } else {
            "not contiguous in order".to_string()
        };
        return Err(Error::value(
            OP,
            format!(
                "thread {t}'s {} value{} of one {} are at the offsets [{}{}] of {smem}: {why}; a thread's values in one instruction must be one vector, contiguous and aligned in shared memory",
                p.per,
                if p.per == 1 { "" } else { "s" },
                p.op,
                shown.join(", "),
                if o.len() > 16 { ", ..." } else { "" }
            ),
        ));
    }
    base.checked_mul(p.bits)
        .map(|b| b / 8)
        .ok_or_else(|| Error::overflow(OP, format!("the offset {base} in bytes")))
}

/// The wavefronts of one phase: the most distinct words of one bank.
fn phase_wavefronts(words: &mut Vec<i64>) -> (i64, Option<i64>) {
    if words.is_empty() {
        return (0, None);
    }
    words.sort_unstable();
    words.dedup();
    let mut count = [0i64; BANKS as usize];
    for w in words.iter() {
        count[w.rem_euclid(BANKS) as usize] += 1;
    }
    let (mut bank, mut most) = (0, 0);
    for (b, &c) in count.iter().enumerate() {
        if c > most {
            (bank, most) = (b as i64, c);
        }
    }
    (most, Some(bank))
}

/// Runs the model over the prepared access with the offsets of a
/// shared-memory layout: the full report, or (`detail` false) the totals
/// only, in a report without instructions.
pub(super) fn run(p: &Prepared, offsets: &[i64], smem: &Smem, detail: bool) -> Result<BankReport> {
    let (lanes, nphases) = p.phases();
    let mut report = BankReport {
        op: p.op,
        bits: p.bits,
        width_bytes: p.width,
        instructions: Vec::new(),
        wavefronts: 0,
        ideal: 0,
    };
    let mut words: Vec<i64> = Vec::with_capacity(128);
    let mut accesses: Vec<ThreadAccess> = Vec::with_capacity(32);
    for pi in &p.instrs {
        let mut phases = Vec::new();
        let (mut wave, mut ideal) = (0, 0);
        let mut k = 0;
        for ph in 0..nphases {
            words.clear();
            accesses.clear();
            while k < pi.threads.len() && pi.threads[k].1 / lanes == ph {
                let t = pi.threads[k].0;
                let byte = vector_at(p, offsets, smem, t, pi.start + k * p.per)?;
                let a = ThreadAccess {
                    thread: t,
                    byte,
                    bytes: p.width,
                };
                words.extend(a.words());
                accesses.push(a);
                k += 1;
            }
            let (w, bank) = phase_wavefronts(&mut words);
            wave += w;
            ideal += i64::from(!accesses.is_empty());
            if detail {
                let conflict = bank.map_or_else(Vec::new, |b| {
                    let mut c: Vec<(i64, Vec<i64>)> = Vec::new();
                    for w in words.iter().filter(|w| w.rem_euclid(BANKS) == b) {
                        let ts = accesses
                            .iter()
                            .filter(|a| a.words().any(|x| x == *w))
                            .map(|a| a.thread)
                            .collect();
                        c.push((w * BANK_BYTES, ts));
                    }
                    c
                });
                phases.push(Phase {
                    index: ph,
                    accesses: accesses.clone(),
                    wavefronts: w,
                    bank,
                    conflict,
                });
            }
        }
        report.wavefronts += wave;
        report.ideal += ideal;
        if detail {
            report.instructions.push(Instruction {
                warp: pi.warp,
                index: pi.index,
                phases,
                wavefronts: wave,
                ideal,
            });
        }
    }
    Ok(report)
}

/// The wavefronts of an access (see the module's documentation for the
/// model): `tv: (thread, value) -> index` of `smem`'s domain, elements of
/// `bits` bits, the instruction `op`; the value mode is what one thread
/// moves in one instruction.
///
/// # Errors
/// `ValueError` for a TV layout that is not of rank 2 or maps outside
/// `smem`'s domain, a thread whose values are not one vector (contiguous,
/// in order, aligned) in shared memory, a width that does not fit the op,
/// more threads than [`MAX_THREADS`] or more thread-value pairs than
/// [`MAX_VALUES`]; `TypeError` for strides that do not give integer
/// indices or offsets.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // 32 threads reading consecutive f32: one wavefront
/// let r = bank_conflicts(&l("(32, 1):(1, 0)"), &l("32:1").into(), 32, Op::Ld).unwrap();
/// assert_eq!((r.wavefronts, r.ideal), (1, 1));
/// // a thread's two values 2 apart are not a vector
/// assert!(bank_conflicts(&l("(32, 2):(1, 64)"), &l("(32, 4):(4, 1)").into(), 32, Op::Ld).is_err());
/// ```
pub fn bank_conflicts(tv: &Layout, smem: &Smem, bits: i64, op: Op) -> Result<BankReport> {
    bank_conflicts_of(&Access::new(tv.clone(), bits, op), smem)
}

/// [`bank_conflicts`] of an [`Access`] (a tiled copy's, several
/// instructions per thread).
///
/// # Errors
/// As [`bank_conflicts`].
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts_of, Access, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // two 16-byte loads per thread, each over 512 consecutive bytes
/// let mut a = Access::new(l("(32, (4, 2)):(4, (1, 128))"), 32, Op::Ld);
/// a.values_per_instruction = Some(4);
/// let r = bank_conflicts_of(&a, &l("256:1").into()).unwrap();
/// assert_eq!((r.instructions.len(), r.wavefronts, r.ideal), (2, 8, 8));
/// ```
pub fn bank_conflicts_of(access: &Access, smem: &Smem) -> Result<BankReport> {
    let p = prepare(access, smem.size()?)?;
    let offsets = offsets_of(&p, smem)?;
    run(&p, &offsets, smem, true)
}
