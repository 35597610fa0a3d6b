//! The report of an analysis: each warp's [`Instruction`]s, their
//! [`Phase`]s and the totals, in a [`BankReport`], with its summary and its
//! text.

use core::fmt;

use super::access::ThreadAccess;
use super::op::Op;

/// One phase of an instruction: the threads served together.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// // a column of a 32 x 32 row-major f32 array: every thread in bank 0
/// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
///                        &"(32, 32):(32, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
/// let p = &r.instructions[0].phases[0];
/// assert_eq!((p.wavefronts, p.bank), (32, Some(0)));
/// assert_eq!(p.conflict.len(), 32);
/// assert_eq!(p.conflict[1], (128, vec![1])); // the word at byte 128, thread 1's
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The phase's index in its instruction.
    pub index: i64,
    /// Its threads' accesses, in lane order.
    pub accesses: Vec<ThreadAccess>,
    /// The wavefronts it takes (0 with no thread).
    pub wavefronts: i64,
    /// A bank holding the most distinct words (the lowest such), if any.
    pub bank: Option<i64>,
    /// That bank's words (byte addresses of the words) with the threads
    /// touching each, in address order: the conflicting threads.
    pub conflict: Vec<(i64, Vec<i64>)>,
}

/// One warp's execution of one instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// The warp (threads `32 warp ..`).
    pub warp: i64,
    /// The instruction's index among a thread's instructions.
    pub index: i64,
    /// Its phases, in order.
    pub phases: Vec<Phase>,
    /// The wavefronts it takes: the sum over the phases.
    pub wavefronts: i64,
    /// The ideal: one per phase with a thread.
    pub ideal: i64,
}

/// The wavefronts of an access, instruction by instruction.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{bank_conflicts, Op};
/// let r = bank_conflicts(&"(32, 4):(4, 1)".parse().unwrap(),
///                        &"128:1".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
/// assert_eq!((r.wavefronts, r.ideal, r.width_bytes), (4, 4, 16));
/// assert!(r.to_string().starts_with("ld of 32-bit elements, 16 bytes per thread: 4 wavefronts (ideal 4)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// The instruction (a matrix op with its number of matrices).
    pub op: Op,
    /// The width of an element, in bits.
    pub bits: i64,
    /// The bytes one thread moves per instruction.
    pub width_bytes: i64,
    /// Every warp's every instruction.
    pub instructions: Vec<Instruction>,
    /// The total wavefronts.
    pub wavefronts: i64,
    /// The total ideal.
    pub ideal: i64,
}

impl BankReport {
    /// The phase taking the most wavefronts (the first such), with its
    /// instruction.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{bank_conflicts, Op};
    /// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
    ///                        &"(32, 33):(33, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
    /// let (i, p) = r.worst().unwrap();
    /// assert_eq!((i.warp, p.wavefronts), (0, 1)); // padded to 33 columns: no conflict
    /// ```
    pub fn worst(&self) -> Option<(&Instruction, &Phase)> {
        let mut best: Option<(&Instruction, &Phase)> = None;
        for i in &self.instructions {
            for p in &i.phases {
                if best.is_none_or(|(_, b)| p.wavefronts > b.wavefronts) {
                    best = Some((i, p));
                }
            }
        }
        best
    }

    /// One line: the instruction, the totals and the worst phase.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{bank_conflicts, Op};
    /// let r = bank_conflicts(&"(32, 1):(1, 0)".parse().unwrap(),
    ///                        &"(32, 32):(32, 1)".parse::<cute_dynamic::Layout>().unwrap().into(), 32, Op::Ld).unwrap();
    /// assert_eq!(r.summary(), "ld of 32-bit elements, 4 bytes per thread: 32 wavefronts (ideal 1) \
    ///                          in 1 instruction of 1 warp; worst phase: warp 0, instruction 0, \
    ///                          phase 0 (threads 0-31): 32 wavefronts, bank 0 holds 32 words");
    /// ```
    pub fn summary(&self) -> String {
        let warps = self
            .instructions
            .iter()
            .map(|i| i.warp)
            .max()
            .map_or(0, |w| w + 1);
        let n = self.instructions.len();
        let mut s = format!(
            "{} of {}-bit elements, {} bytes per thread: {} wavefronts (ideal {}) in {n} instruction{} of {warps} warp{}",
            self.op,
            self.bits,
            self.width_bytes,
            self.wavefronts,
            self.ideal,
            if n == 1 { "" } else { "s" },
            if warps == 1 { "" } else { "s" },
        );
        if let Some((i, p)) = self.worst() {
            s.push_str(&format!(
                "; worst phase: warp {}, instruction {}, phase {} (threads {}): {} wavefront{}",
                i.warp,
                i.index,
                p.index,
                thread_ranges(p.accesses.iter().map(|a| a.thread)),
                p.wavefronts,
                if p.wavefronts == 1 { "" } else { "s" }
            ));
            if let Some(b) = p.bank {
                s.push_str(&format!(
                    ", bank {b} holds {} word{}",
                    p.conflict.len(),
                    if p.conflict.len() == 1 { "" } else { "s" }
                ));
            }
        }
        s
    }
}

/// Threads as ranges: `0-7, 9`.
fn thread_ranges(threads: impl IntoIterator<Item = i64>) -> String {
    let mut t: Vec<i64> = threads.into_iter().collect();
    t.sort_unstable();
    t.dedup();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let mut j = i;
        while j + 1 < t.len() && t[j + 1] == t[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            t[i].to_string()
        } else {
            format!("{}-{}", t[i], t[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

/// The most instructions [`BankReport`]'s `Display` lists.
const LISTED: usize = 64;

impl fmt::Display for BankReport {
    /// The summary, then one line per instruction (its wavefronts per
    /// phase; at most 64 lines), then the worst phase's conflicting bank,
    /// word by word with its threads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary())?;
        for i in self.instructions.iter().take(LISTED) {
            let phases: Vec<String> = i.phases.iter().map(|p| p.wavefronts.to_string()).collect();
            writeln!(
                f,
                "  warp {}, instruction {}: {} wavefronts (ideal {}); phases {}",
                i.warp,
                i.index,
                i.wavefronts,
                i.ideal,
                phases.join(" ")
            )?;
        }
        if self.instructions.len() > LISTED {
            writeln!(
                f,
                "  ... {} more instructions",
                self.instructions.len() - LISTED
            )?;
        }
        if let Some((_, p)) = self.worst() {
            if let Some(b) = p.bank {
                writeln!(f, "worst phase, bank {b}:")?;
                for (word, threads) in &p.conflict {
                    writeln!(
                        f,
                        "  word at byte {word}: thread{} {}",
                        if threads.len() == 1 { "" } else { "s" },
                        thread_ranges(threads.iter().copied())
                    )?;
                }
            }
        }
        Ok(())
    }
}
