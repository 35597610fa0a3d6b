//! The swizzle chooser: the candidate layouts of a tile ([`Choice`]: the
//! tile itself, its swizzles, its paddings), each run through the analysis
//! and ranked by the wavefronts of the accesses ([`choose_swizzle`],
//! [`Ranking`], [`Candidate`], [`ChooseOptions`]).

use core::fmt;

use cute_core::{Error, Result};

use super::access::Access;
use super::analysis::{offsets_of, prepare, run};
use super::smem::Smem;
use super::{MAX_CHOOSER_WORK, MAX_TILE};
use crate::atom::SwizzledLayout;
use crate::swizzle::Swizzle;
use crate::typedefs::Scalar;
use crate::Layout;

const CHOOSE: &str = "choose_swizzle";

/// A candidate layout of a tile: the tile itself, a swizzle of it, or the
/// tile with its leading dimension padded.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Choice;
/// use cute_dynamic::swizzle::Swizzle;
/// assert_eq!(Choice::Swizzle(Swizzle::new(3, 3, 3).unwrap()).to_string(), "Swizzle<3,3,3>");
/// assert_eq!(Choice::Pad(8).to_string(), "pad 8");
/// assert_eq!(Choice::None.to_string(), "none");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The tile as given.
    None,
    /// `Swizzle<B,M,S>` after the tile's offsets.
    Swizzle(Swizzle),
    /// The leading dimension padded by this many elements.
    Pad(i64),
}

impl Choice {
    /// The tie-breaking order: the tile, then swizzles by fewest bits,
    /// widest base, smallest shift, then paddings, smallest first.
    fn order(&self) -> (u8, i64, i64, i64) {
        match *self {
            Choice::None => (0, 0, 0, 0),
            Choice::Swizzle(s) => (1, s.bits, -s.base, s.shift),
            Choice::Pad(p) => (2, p, 0, 0),
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::None => f.write_str("none"),
            Choice::Swizzle(s) => write!(f, "Swizzle<{},{},{}>", s.bits, s.base, s.shift),
            Choice::Pad(p) => write!(f, "pad {p}"),
        }
    }
}

/// A ranked candidate of [`choose_swizzle`].
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// What it is.
    pub choice: Choice,
    /// The shared-memory layout it is.
    pub smem: Smem,
    /// The total wavefronts of the accesses.
    pub wavefronts: i64,
    /// The total ideal.
    pub ideal: i64,
    /// The wavefronts of each access, in the order given.
    pub per_access: Vec<i64>,
    /// The footprint: the bytes from the lowest offset to the end of the
    /// highest.
    pub bytes: i64,
}

/// What [`choose_swizzle`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The valid candidates, best first.
    pub candidates: Vec<Candidate>,
    /// The candidates under which an access is not a vector, each with the
    /// reason.
    pub rejected: Vec<(Choice, String)>,
}

impl Ranking {
    /// The best candidate ([`choose_swizzle`] ranks at least one).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::{choose_swizzle, Access, ChooseOptions, Choice, Op};
    /// // a column of a 32 x 32 f32 array, and its rows
    /// let col = Access::new("(32, 1):(1, 0)".parse().unwrap(), 32, Op::Ld);
    /// let row = Access::new("(32, 1):(32, 0)".parse().unwrap(), 32, Op::St);
    /// let r = choose_swizzle(&"(32, 32):(32, 1)".parse().unwrap(), &[col, row], &ChooseOptions::default()).unwrap();
    /// let best = r.best().unwrap();
    /// assert_eq!((best.wavefronts, best.bytes), (2, 4096));
    /// assert_eq!(best.choice.to_string(), "Swizzle<5,0,5>");
    /// ```
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }
}

impl fmt::Display for Ranking {
    /// A table: rank, candidate, wavefronts (ideal), bytes, the wavefronts
    /// of each access; then the number of rejected candidates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<5} {:<16} {:>11} {:>7} {:>8}  per access",
            "rank", "candidate", "wavefronts", "ideal", "bytes"
        )?;
        for (k, c) in self.candidates.iter().enumerate() {
            let per: Vec<String> = c.per_access.iter().map(|w| w.to_string()).collect();
            writeln!(
                f,
                "{:<5} {:<16} {:>11} {:>7} {:>8}  {}",
                k + 1,
                c.choice.to_string(),
                c.wavefronts,
                c.ideal,
                c.bytes,
                per.join(" + ")
            )?;
        }
        if !self.rejected.is_empty() {
            writeln!(
                f,
                "{} candidate{} rejected: an access is not a vector under {}",
                self.rejected.len(),
                if self.rejected.len() == 1 { "" } else { "s" },
                if self.rejected.len() == 1 {
                    "it"
                } else {
                    "them"
                }
            )?;
        }
        Ok(())
    }
}

/// The options of [`choose_swizzle`].
///
/// # Examples
/// ```
/// use cute_dynamic::banks::ChooseOptions;
/// let o = ChooseOptions::default();
/// assert!(o.padding);
/// assert_eq!(o.max_swizzle_bits, 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseOptions {
    /// Also try paddings of the leading dimension.
    pub padding: bool,
    /// The most bits `B` of a swizzle tried (1 to 8).
    pub max_swizzle_bits: i64,
}

impl Default for ChooseOptions {
    fn default() -> ChooseOptions {
        ChooseOptions {
            padding: true,
            max_swizzle_bits: 5,
        }
    }
}

/// The tile with its leading dimension padded by `p`: the stride-1 leaf's
/// extent `n` becomes the pitch `n + p` of every other stride (a multiple
/// of `n`). `None` when the tile has no such form.
fn padded(tile: &Layout, p: i64) -> Option<Layout> {
    let leaves = tile.leaves();
    let unit: Vec<_> = leaves
        .iter()
        .filter(|(s, d)| *s > 1 && *d == Scalar::Int(1))
        .collect();
    let [(n, _)] = unit[..] else { return None };
    let n = *n;
    let mut ok = true;
    let t = tile
        .try_map_leaves(|s, d| {
            let d = match d {
                Scalar::Int(d) => *d,
                _ => {
                    ok = false;
                    return Ok((*s, d.clone()));
                }
            };
            if *s <= 1 || d == 1 {
                return Ok((*s, Scalar::Int(d)));
            }
            if d < n || d % n != 0 {
                ok = false;
                return Ok((*s, Scalar::Int(d)));
            }
            let nd = (d / n)
                .checked_mul(n + p)
                .ok_or_else(|| Error::overflow(CHOOSE, "a padded stride"))?;
            Ok((*s, Scalar::Int(nd)))
        })
        .ok()?;
    ok.then_some(t)
}

/// The footprint in bytes of offsets spanning `lo ..= hi` (saturating at
/// `i64::MAX`).
fn footprint(lo: i64, hi: i64, bits: i64) -> i64 {
    let bytes = ((i128::from(hi) - i128::from(lo) + 1) * i128::from(bits) + 7) / 8;
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

/// Ranks the swizzles and paddings of `tile` by the total wavefronts of
/// `accesses` (see the module's documentation for the candidates and the
/// order).
///
/// # Pre-conditions
/// `tile` has integer strides; the accesses' TV layouts index its domain
/// and share one element width; at least one access.
///
/// # Errors
/// `ValueError` if a pre-condition fails, if an access fails under the
/// tile for a reason no layout changes (as
/// [`bank_conflicts`](super::bank_conflicts)), if no candidate keeps every
/// access a vector, or if the work exceeds
/// [`MAX_CHOOSER_WORK`] or the tile [`MAX_TILE`] elements.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{choose_swizzle, Access, ChooseOptions, Op};
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // an 8 x 64 fp16 tile: 128-bit stores of its rows, ldmatrix reads of its columns
/// // (64 threads: thread t stores 8 values of row t / 8, from column 8 (t % 8))
/// let st = Access::new(l("((8, 8), 8):((64, 1), 8)"), 16, Op::St);
/// let ld = Access::new(l("((8, 4), 8):((1, 64), 8)"), 16, Op::LDMATRIX);
/// let r = choose_swizzle(&l("(8, 64):(64, 1)"), &[st, ld], &ChooseOptions::default()).unwrap();
/// assert_eq!(r.best().unwrap().choice.to_string(), "Swizzle<3,3,3>");
/// assert_eq!((r.candidates[0].wavefronts, r.candidates[0].ideal, r.candidates[0].per_access.clone()), (12, 12, vec![8, 4]));
/// // without it, the reads take 32 wavefronts
/// let none = r.candidates.iter().find(|c| c.choice.to_string() == "none").unwrap();
/// assert_eq!(none.per_access, [8, 32]);
/// ```
pub fn choose_swizzle(
    tile: &Layout,
    accesses: &[Access],
    options: &ChooseOptions,
) -> Result<Ranking> {
    if accesses.is_empty() {
        return Err(Error::value(CHOOSE, "no access to rank the layouts by"));
    }
    if let Some(d) = tile.strides().find(|d| !matches!(d, Scalar::Int(_))) {
        return Err(Error::type_error(
            CHOOSE,
            format!("the tile {tile} has the stride {d}: give the plain layout, the candidates add the swizzle"),
        ));
    }
    if !(1..=8).contains(&options.max_swizzle_bits) {
        return Err(Error::value(
            CHOOSE,
            format!(
                "max_swizzle_bits is {}; it must be from 1 to 8",
                options.max_swizzle_bits
            ),
        ));
    }
    let size = tile.size()?;
    if size > MAX_TILE {
        return Err(Error::value(
            CHOOSE,
            format!(
                "the tile {tile} has {size} elements, more than the {MAX_TILE} the chooser takes"
            ),
        ));
    }
    let bits = accesses[0].bits;
    if let Some(a) = accesses.iter().find(|a| a.bits != bits) {
        return Err(Error::value(
            CHOOSE,
            format!("the accesses' element widths differ ({bits} and {} bits): the tile holds elements of one width", a.bits),
        ));
    }
    let base = Smem::Layout(tile.clone());
    let prepared = accesses
        .iter()
        .map(|a| prepare(a, size))
        .collect::<Result<Vec<_>>>()?;
    let base_offsets = prepared
        .iter()
        .map(|p| offsets_of(p, &base))
        .collect::<Result<Vec<_>>>()?;
    let ev = tile.evaluator()?;
    let tile_offsets: Vec<i64> = (0..size)
        .map(|i| ev.try_eval(i))
        .collect::<Result<Vec<_>>>()?;
    // the candidates
    let (lo, hi) = tile_offsets
        .iter()
        .fold((i64::MAX, i64::MIN), |(a, b), &o| (a.min(o), b.max(o)));
    // (offsets past 2^32 elements are not shared memory's: the swizzles
    // stay in the low 32 bits)
    let k = if hi <= 0 {
        0
    } else {
        (64 - i64::from((hi as u64).leading_zeros())).min(32)
    };
    let mut choices = vec![Choice::None];
    for b in 1..=options.max_swizzle_bits.min(k) {
        for m in 0..=(k - 2 * b) {
            for s in b..=(k - m - b) {
                choices.push(Choice::Swizzle(Swizzle::new(b, m, s)?));
            }
        }
    }
    if options.padding && padded(tile, 1).is_some() {
        for p in 1..=(1024 / bits).clamp(1, 128) {
            choices.push(Choice::Pad(p));
        }
    }
    let work_each = prepared.iter().map(|p| p.idx.len() as i64).sum::<i64>() + size;
    let work = work_each.saturating_mul(choices.len() as i64);
    if work > MAX_CHOOSER_WORK {
        return Err(Error::value(
            CHOOSE,
            format!("{} candidates over {work_each} thread-value pairs and tile elements are {work} steps, more than the {MAX_CHOOSER_WORK} the chooser takes", choices.len()),
        ));
    }
    let mut candidates = Vec::new();
    let mut rejected = Vec::new();
    let mut first_error = None;
    for choice in choices {
        let (smem, offsets, bytes) = match choice {
            Choice::None => (base.clone(), base_offsets.clone(), footprint(lo, hi, bits)),
            Choice::Swizzle(sw) => {
                let offs: Vec<Vec<i64>> = base_offsets
                    .iter()
                    .map(|o| o.iter().map(|&x| sw.apply(x)).collect())
                    .collect();
                let (a, b) = tile_offsets
                    .iter()
                    .fold((i64::MAX, i64::MIN), |(a, b), &o| {
                        let x = sw.apply(o);
                        (a.min(x), b.max(x))
                    });
                let smem = Smem::Swizzled(SwizzledLayout {
                    swizzle: sw,
                    layout: tile.clone(),
                });
                (smem, offs, footprint(a, b, bits))
            }
            Choice::Pad(p) => {
                let Some(l) = padded(tile, p) else { continue };
                let smem = Smem::Layout(l.clone());
                let offs = prepared
                    .iter()
                    .map(|pr| offsets_of(pr, &smem))
                    .collect::<Result<Vec<_>>>()?;
                let ev = l.evaluator()?;
                let (mut a, mut b) = (i64::MAX, i64::MIN);
                for i in 0..size {
                    let x = ev.try_eval(i)?;
                    (a, b) = (a.min(x), b.max(x));
                }
                (smem, offs, footprint(a, b, bits))
            }
        };
        let mut per_access = Vec::with_capacity(prepared.len());
        let (mut wave, mut ideal) = (0, 0);
        let mut failed = None;
        for (p, o) in prepared.iter().zip(&offsets) {
            match run(p, o, &smem, false) {
                Ok(r) => {
                    per_access.push(r.wavefronts);
                    wave += r.wavefronts;
                    ideal += r.ideal;
                }
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        match failed {
            Some(e) => {
                if first_error.is_none() {
                    first_error = Some(e.clone());
                }
                rejected.push((choice, e.to_string()));
            }
            None => candidates.push(Candidate {
                choice,
                smem,
                wavefronts: wave,
                ideal,
                per_access,
                bytes,
            }),
        }
    }
    if candidates.is_empty() {
        let why = first_error.map_or_else(String::new, |e| format!(": {e}"));
        return Err(Error::value(
            CHOOSE,
            format!("no candidate layout keeps every access a vector{why}"),
        ));
    }
    candidates.sort_by_key(|c| (c.wavefronts, c.bytes, c.choice.order()));
    Ok(Ranking {
        candidates,
        rejected,
    })
}
