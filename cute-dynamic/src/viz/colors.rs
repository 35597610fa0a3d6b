//! Color functors of the pictures ([`draw_svg`](super::draw_svg),
//! [`draw_latex`](super::draw_latex) and their thread-value forms).
//!
//! A color functor maps a cell's key to an `(r, g, b)` triple, each
//! component in `0..=255`. There are two key shapes, as in the
//! specification:
//!
//! - *offset* functors take the cell's offset, `color(idx)`:
//!   [`index_grey_8x`], [`bank_color_8x`], [`bank_color_16x`],
//!   [`bank_color_32x`] (any `Fn(i64) -> Rgb` is one: [`OffsetColor`]);
//! - *thread-value* functors take the pair that owns the cell,
//!   `color(tid, vid)`: [`thread_color_8x`], [`value_color_8x`],
//!   [`warp_color_8x`] (any `Fn(i64, i64) -> Rgb`: [`TvColor`]);
//! - [`white`] and [`constant`] ignore their key and serve both.
//!
//! `white` is the default of `draw_svg` and `draw_latex`, `thread_color_8x`
//! that of `draw_svg_tv` and `draw_latex_tv`. Keys are reduced with Python's
//! (floor) `%` and `//`, so a negative key has a color too.
//!
//! The palettes are CuTe C++'s where it has one: `index_grey_8x` is
//! `TSVGColor_BWx8`, the thread-value palette is `SVGColor_TV`. The bank
//! colors spread `n` hues evenly around the color wheel, light enough for
//! black text: bank `b` of `n` has hue `360 b / n` degrees, saturation 0.35
//! and value 1 (HSV).
//!
//! ```
//! use cute_dynamic::viz::colors::*;
//! assert_eq!(index_grey_8x(9), (230, 230, 230));
//! assert_eq!(thread_color_8x(9, 3), (175, 255, 175));
//! assert_eq!(warp_color_8x(33, 0), thread_color_8x(1, 0));
//! assert_eq!(bank_color_32x(0), bank_color_32x(32));
//! assert_eq!(OffsetColor::color(&white(), 7), (255, 255, 255));
//! assert_eq!(TvColor::color(&constant((1, 2, 3)), 4, 5), (1, 2, 3));
//! ```

/// An `(r, g, b)` color, each component in `0..=255`.
pub type Rgb = (u8, u8, u8);

/// A color functor keyed on a cell's offset: `color(idx) -> (r, g, b)`.
pub trait OffsetColor {
    /// The color of the cell whose offset is `idx`.
    fn color(&self, idx: i64) -> Rgb;
}

/// A color functor keyed on the thread and value that own a cell:
/// `color(tid, vid) -> (r, g, b)`.
pub trait TvColor {
    /// The color of the cell owned by thread `tid`, value `vid`.
    fn color(&self, tid: i64, vid: i64) -> Rgb;
}

impl<F: Fn(i64) -> Rgb> OffsetColor for F {
    fn color(&self, idx: i64) -> Rgb {
        self(idx)
    }
}

impl<F: Fn(i64, i64) -> Rgb> TvColor for F {
    fn color(&self, tid: i64, vid: i64) -> Rgb {
        self(tid, vid)
    }
}

/// A functor that ignores its key and always gives one color; it serves
/// both key shapes (the specification's `constant(rgb)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constant(pub Rgb);

impl OffsetColor for Constant {
    fn color(&self, _idx: i64) -> Rgb {
        self.0
    }
}

impl TvColor for Constant {
    fn color(&self, _tid: i64, _vid: i64) -> Rgb {
        self.0
    }
}

/// The functor that always gives `rgb`, for either key shape.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::{constant, OffsetColor};
/// assert_eq!(constant((10, 20, 30)).color(-5), (10, 20, 30));
/// ```
pub fn constant(rgb: Rgb) -> Constant {
    Constant(rgb)
}

/// Constant white, `(255, 255, 255)`, for either key shape; the default of
/// `draw_svg` and `draw_latex`.
pub fn white() -> Constant {
    Constant((255, 255, 255))
}

/// The eight greys of CuTe's `TSVGColor_BWx8`, lightest first.
const GREYS: [u8; 8] = [255, 230, 205, 180, 155, 130, 105, 80];

/// CuTe's eight thread-value colors (`SVGColor_TV`): four light hues, then
/// four lighter ones.
const TV: [Rgb; 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

/// Greyscale shade by `idx % 8`, from white to dark grey; the default offset
/// coloring of the specification's catalog.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::index_grey_8x;
/// assert_eq!(index_grey_8x(0), (255, 255, 255));
/// assert_eq!(index_grey_8x(7), (80, 80, 80));
/// assert_eq!(index_grey_8x(-1), (80, 80, 80)); // -1 % 8 == 7
/// ```
pub fn index_grey_8x(idx: i64) -> Rgb {
    let g = GREYS[idx.rem_euclid(8) as usize];
    (g, g, g)
}

/// Hue `k` of `n` around the wheel, light: HSV `(360 k / n, 0.35, 1)`.
fn spectrum(k: i64, n: i64) -> Rgb {
    let h = 6.0 * (k.rem_euclid(n) as f64) / (n as f64); // sector in [0, 6)
    let (s, v) = (0.35, 1.0);
    let sector = h.floor();
    let f = h - sector;
    let (p, q, t) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
    let (r, g, b) = match sector as i64 {
        0 => (v, t, p),
        1 => (q, v, p),
        2 => (p, v, t),
        3 => (p, q, v),
        4 => (t, p, v),
        _ => (v, p, q),
    };
    let byte = |x: f64| (x * 255.0).round() as u8;
    (byte(r), byte(g), byte(b))
}

/// Color by `idx % 8` from a light spectrum: like [`bank_color_32x`], cycling
/// every 8 (8-bank groups, or fewer and more distinct colors).
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::bank_color_8x;
/// assert_eq!(bank_color_8x(0), (255, 166, 166));
/// assert_eq!(bank_color_8x(3), bank_color_8x(11));
/// ```
pub fn bank_color_8x(idx: i64) -> Rgb {
    spectrum(idx, 8)
}

/// Color by `idx % 16` from a light spectrum: like [`bank_color_32x`],
/// cycling every 16.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::bank_color_16x;
/// assert_eq!(bank_color_16x(5), bank_color_16x(21));
/// assert_ne!(bank_color_16x(5), bank_color_16x(13));
/// ```
pub fn bank_color_16x(idx: i64) -> Rgb {
    spectrum(idx, 16)
}

/// Color by shared-memory bank, `idx % 32`: the 32 banks spread around a
/// light spectrum, so cells of one bank share a color (to spot bank
/// conflicts).
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::bank_color_32x;
/// assert_eq!(bank_color_32x(0), (255, 166, 166));
/// assert_eq!(bank_color_32x(64 + 7), bank_color_32x(7));
/// assert_eq!((0..32).map(bank_color_32x).collect::<std::collections::HashSet<_>>().len(), 32);
/// ```
pub fn bank_color_32x(idx: i64) -> Rgb {
    spectrum(idx, 32)
}

/// Color by thread, `tid % 8` (the value is ignored); the default
/// thread-value coloring.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::thread_color_8x;
/// assert_eq!(thread_color_8x(0, 5), (175, 175, 255));
/// assert_eq!(thread_color_8x(8, 0), thread_color_8x(0, 1));
/// ```
pub fn thread_color_8x(tid: i64, _vid: i64) -> Rgb {
    TV[tid.rem_euclid(8) as usize]
}

/// Color by value index, `vid % 8` (the thread is ignored).
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::{thread_color_8x, value_color_8x};
/// assert_eq!(value_color_8x(3, 1), thread_color_8x(1, 0));
/// ```
pub fn value_color_8x(_tid: i64, vid: i64) -> Rgb {
    TV[vid.rem_euclid(8) as usize]
}

/// Color by warp, `(tid // 32) % 8` (32 threads a warp).
///
/// # Examples
/// ```
/// use cute_dynamic::viz::colors::warp_color_8x;
/// assert_eq!(warp_color_8x(0, 0), warp_color_8x(31, 7));
/// assert_ne!(warp_color_8x(31, 0), warp_color_8x(32, 0));
/// assert_eq!(warp_color_8x(-1, 0), warp_color_8x(7 * 32, 0)); // -1 // 32 == -1
/// ```
pub fn warp_color_8x(tid: i64, _vid: i64) -> Rgb {
    TV[tid.div_euclid(32).rem_euclid(8) as usize]
}

/// An offset color functor by name, as the command line takes it:
/// `white`, `grey` (`index_grey_8x`), `bank8`, `bank16`, `bank32`.
pub fn offset_color_by_name(name: &str) -> Option<fn(i64) -> Rgb> {
    Some(match name {
        "white" => |_| (255, 255, 255),
        "grey" | "gray" | "index_grey_8x" => index_grey_8x,
        "bank8" | "bank_color_8x" => bank_color_8x,
        "bank16" | "bank_color_16x" => bank_color_16x,
        "bank32" | "bank_color_32x" => bank_color_32x,
        _ => return None,
    })
}

/// A thread-value color functor by name, as the command line takes it:
/// `thread` (`thread_color_8x`), `value`, `warp`, `white`.
pub fn tv_color_by_name(name: &str) -> Option<fn(i64, i64) -> Rgb> {
    Some(match name {
        "white" => |_, _| (255, 255, 255),
        "thread" | "thread_color_8x" => thread_color_8x,
        "value" | "value_color_8x" => value_color_8x,
        "warp" | "warp_color_8x" => warp_color_8x,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_spectrum_is_light_and_distinct() {
        for n in [8, 16, 32] {
            let colors: Vec<Rgb> = (0..n).map(|k| spectrum(k, n)).collect();
            for (k, &(r, g, b)) in colors.iter().enumerate() {
                // light: every component at least 255 * 0.65
                assert!(r >= 165 && g >= 165 && b >= 165, "{n} {k}: {:?}", (r, g, b));
                // the maximum component is 255 (value 1)
                assert_eq!(r.max(g).max(b), 255);
            }
            let distinct: std::collections::HashSet<_> = colors.iter().collect();
            assert_eq!(distinct.len(), n as usize);
        }
        // hue 0 is red, hue 120 (k = n / 3 of 6 sectors) green-ish
        assert_eq!(spectrum(0, 6), (255, 166, 166));
        assert_eq!(spectrum(2, 6), (166, 255, 166));
        assert_eq!(spectrum(4, 6), (166, 166, 255));
    }

    #[test]
    fn test_names() {
        assert_eq!(
            offset_color_by_name("bank32").unwrap()(3),
            bank_color_32x(3)
        );
        assert_eq!(
            tv_color_by_name("warp").unwrap()(40, 0),
            warp_color_8x(40, 0)
        );
        assert!(offset_color_by_name("thread").is_none());
        assert!(tv_color_by_name("bank32").is_none());
    }
}
