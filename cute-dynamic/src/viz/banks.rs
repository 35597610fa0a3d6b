//! The bank picture of a shared-memory access ([`draw_svg_banks`]).

use core::fmt::Write as _;

use cute_core::{Error, Result};

use super::budget::{check, picture_items, MAX_DRAW_ITEMS};
use super::colors::{bank_color_32x, Rgb};
use super::svg::{document, escape};
use crate::banks::{bank_conflicts_of, Access, Smem, BANKS, BANK_BYTES};

/// The side of a cell, in pixels.
const CELL: i64 = 36;
/// Blank border around the picture.
const PAD: i64 = 4;
/// The height of a line of the heading.
const LINE: i64 = 20;

fn rgb((r, g, b): Rgb) -> String {
    format!("rgb({r},{g},{b})")
}

/// Draws the banks of an access as an SVG picture: the cells of the
/// shared-memory tile, each colored by the bank of its first byte for the
/// access's element width ([`super::colors::bank_color_32x`]) and labelled
/// with that bank; the cells the worst phase (the phase taking the most
/// wavefronts, see [`crate::banks::BankReport::worst`]) reads or writes
/// outlined in black, each with its thread `T<t>`, and those in that
/// phase's most loaded bank outlined in red; the heading gives the
/// instruction, the wavefronts and the ideal, and the worst phase.
///
/// The tile is `smem`'s domain: a rank-1 domain is one row, a rank-2 one
/// `(rows, columns)`, and a deeper one folds its modes after the first into
/// columns (cell `(i, j)` is index `i + rows * j`).
///
/// The SVG has a `<title>` and a `<text class="title">` holding the
/// [`crate::banks::BankReport::summary`], a `<rect class="cell"
/// data-m=".." data-n=".." data-bank="..">` per cell filled with
/// `rgb(r,g,b)`, a `<text class="bank">` on each, and for the worst phase a
/// `<rect class="phase">` (and `<rect class="conflict">`) over its cells
/// and a `<text class="thread">` on each.
///
/// # Errors
/// As [`crate::banks::bank_conflicts_of`]; `ValueError` if the picture
/// would have more than [`super::MAX_DRAW_ITEMS`] items (cells and row and
/// column indices).
///
/// # Examples
/// ```
/// use cute_dynamic::banks::{Access, Op};
/// use cute_dynamic::viz::draw_svg_banks;
/// use cute_dynamic::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let ldsm = Access::new(l("((8, 4), 8):((1, 64), 8)"), 16, Op::LDMATRIX);
/// let svg = draw_svg_banks(&ldsm, &l("(8, 64):(64, 1)").into()).unwrap();
/// assert!(svg.contains("32 wavefronts (ideal 4)"));
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 8 * 64);
/// // the worst phase: matrix 0, the first 8 columns of every row, all in banks 0-3
/// // (64 cells; the 2 of each row in bank 0 in red)
/// assert_eq!(svg.matches("<rect class=\"phase\"").count(), 48);
/// assert_eq!(svg.matches("<rect class=\"conflict\"").count(), 16);
/// ```
pub fn draw_svg_banks(access: &Access, smem: &Smem) -> Result<String> {
    const OP: &str = "draw_svg_banks";
    let layout = smem.layout();
    let size = smem.size()?;
    let m = if layout.is_tuple() && layout.rank() >= 2 {
        layout.size_mode(&[0])?
    } else {
        1
    };
    let n = if m == 0 { 0 } else { size / m };
    check(
        OP,
        picture_items(m, n),
        MAX_DRAW_ITEMS,
        &format_args!("the bank picture of {smem}"),
        "cells, row and column indices",
    )?;
    let report = bank_conflicts_of(access, smem)?;
    let elem_bytes = (access.bits + 7) / 8;
    let worst = report.worst().map(|(_, p)| p);
    let conflict_words: Vec<i64> = worst
        .map(|p| p.conflict.iter().map(|(w, _)| *w / BANK_BYTES).collect())
        .unwrap_or_default();
    let summary = report.summary();
    let (w, h) = (
        2 * PAD + (n + 1) * CELL,
        2 * PAD + 2 * LINE + (m + 1) * CELL,
    );
    // the heading: the instruction and the totals, then the worst phase
    let (first, second) = match summary.split_once("; ") {
        Some((a, b)) => (a.to_string(), format!("{b} (outlined; its bank in red)")),
        None => (summary.clone(), String::new()),
    };
    // a monospace glyph of 14 px is about 8.4 px wide
    let chars = first.chars().count().max(second.chars().count()) as i64;
    let text_w = 2 * PAD + (chars * 17 + 1) / 2;
    let mut out = String::new();
    document(&mut out, &summary, w.max(text_w), h);
    for (k, text) in [first, second].iter().enumerate() {
        let _ = writeln!(
            out,
            "<text class=\"title\" x=\"{PAD}\" y=\"{}\" font-size=\"14\" dominant-baseline=\"central\">{}</text>",
            PAD + LINE / 2 + k as i64 * LINE,
            escape(text)
        );
    }
    let y0 = PAD + 2 * LINE;
    for i in 0..m {
        let _ = writeln!(
            out,
            "<text class=\"row-index\" x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#555555\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{i}</text>",
            PAD + CELL / 2,
            y0 + (i + 1) * CELL + CELL / 2
        );
    }
    for j in 0..n {
        let _ = writeln!(
            out,
            "<text class=\"col-index\" x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#555555\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{j}</text>",
            PAD + (j + 1) * CELL + CELL / 2,
            y0 + CELL / 2
        );
    }
    let offsets = smem.offsets_upto(m * n)?;
    let mut outlines = String::new();
    for i in 0..m {
        for j in 0..n {
            let off = offsets[(i + m * j) as usize];
            let byte = off
                .checked_mul(access.bits)
                .ok_or_else(|| Error::overflow(OP, format!("the offset {off} in bytes")))?
                .div_euclid(8);
            let word = byte.div_euclid(BANK_BYTES);
            let last = (byte + elem_bytes - 1).div_euclid(BANK_BYTES);
            let bank = word.rem_euclid(BANKS);
            let (x, y) = (PAD + (j + 1) * CELL, y0 + (i + 1) * CELL);
            let _ = writeln!(
                out,
                "<rect class=\"cell\" data-m=\"{i}\" data-n=\"{j}\" data-bank=\"{bank}\" x=\"{x}\" y=\"{y}\" \
                 width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"#888888\" stroke-width=\"1\"/>",
                rgb(bank_color_32x(bank))
            );
            let label = if last > word {
                format!("{bank}-{}", last.rem_euclid(BANKS))
            } else {
                bank.to_string()
            };
            let owner = worst.and_then(|p| {
                p.accesses
                    .iter()
                    .find(|a| byte < a.byte + a.bytes && a.byte < byte + elem_bytes)
            });
            let by = if owner.is_some() {
                y + 2 * CELL / 3
            } else {
                y + CELL / 2
            };
            let _ = writeln!(
                out,
                "<text class=\"bank\" data-m=\"{i}\" data-n=\"{j}\" x=\"{}\" y=\"{by}\" font-size=\"11\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\">{label}</text>",
                x + CELL / 2
            );
            if let Some(a) = owner {
                let _ = writeln!(
                    out,
                    "<text class=\"thread\" data-m=\"{i}\" data-n=\"{j}\" x=\"{}\" y=\"{}\" font-size=\"10\" \
                     font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">T{}</text>",
                    x + CELL / 2,
                    y + CELL / 4,
                    a.thread
                );
                let conflict = (word..=last).any(|w| conflict_words.contains(&w));
                let (class, color) = if conflict {
                    ("conflict", "rgb(220,0,0)")
                } else {
                    ("phase", "black")
                };
                let _ = writeln!(
                    outlines,
                    "<rect class=\"{class}\" data-m=\"{i}\" data-n=\"{j}\" x=\"{}\" y=\"{}\" width=\"{}\" \
                     height=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"3\"/>",
                    x + 2,
                    y + 2,
                    CELL - 4,
                    CELL - 4
                );
            }
        }
    }
    out.push_str(&outlines);
    out.push_str("</svg>\n");
    Ok(out)
}
