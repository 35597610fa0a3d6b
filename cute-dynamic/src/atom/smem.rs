//! Swizzled shared-memory layouts, and the GMMA shared-memory layout atoms
//! (CuTe C++'s `GMMA::Layout_K_SW128_Atom<T>` and kin,
//! `cute/atom/mma_traits_sm90_gmma.hpp`).

use core::fmt;
use core::str::FromStr;

use cute_core::{Error, Result};

use super::{recast_layout, tile_to_shape, Major, ValueType};
use crate::htuple::IntTuple;
use crate::swizzle::Swizzle;
use crate::Layout;

/// The swizzle of a GMMA shared-memory layout (CuTe C++'s
/// `GMMA::LayoutType`): `Inter` (interleaved, no swizzle), or a swizzle of
/// rows of 32, 64 or 128 bytes.
///
/// Parsed from and printed as `INTER`, `SW32`, `SW64`, `SW128`.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::SmemSwizzle;
/// assert_eq!("SW64".parse::<SmemSwizzle>().unwrap(), SmemSwizzle::SW64);
/// assert_eq!(SmemSwizzle::Inter.to_string(), "INTER");
/// assert_eq!(SmemSwizzle::SW128.row_bytes(), 128);
/// assert!("SW16".parse::<SmemSwizzle>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemSwizzle {
    /// Interleaved: rows of 16 bytes, `Swizzle<0,4,3>` (the identity).
    Inter,
    /// Rows of 32 bytes, `Swizzle<1,4,3>` on byte addresses.
    SW32,
    /// Rows of 64 bytes, `Swizzle<2,4,3>` on byte addresses.
    SW64,
    /// Rows of 128 bytes, `Swizzle<3,4,3>` on byte addresses.
    SW128,
}

impl SmemSwizzle {
    /// Every swizzle, from the narrowest row.
    pub const ALL: [SmemSwizzle; 4] = [
        SmemSwizzle::Inter,
        SmemSwizzle::SW32,
        SmemSwizzle::SW64,
        SmemSwizzle::SW128,
    ];

    /// The number of bits `B` of the swizzle `Swizzle<B,4,3>` on byte
    /// addresses: 0, 1, 2, 3.
    fn bits(self) -> i64 {
        match self {
            SmemSwizzle::Inter => 0,
            SmemSwizzle::SW32 => 1,
            SmemSwizzle::SW64 => 2,
            SmemSwizzle::SW128 => 3,
        }
    }

    /// The bytes of one row of the atom: 16 (`Inter`), 32, 64 or 128.
    pub fn row_bytes(self) -> i64 {
        16 << self.bits()
    }

    /// The name, `INTER`, `SW32`, `SW64` or `SW128`.
    pub fn name(self) -> &'static str {
        match self {
            SmemSwizzle::Inter => "INTER",
            SmemSwizzle::SW32 => "SW32",
            SmemSwizzle::SW64 => "SW64",
            SmemSwizzle::SW128 => "SW128",
        }
    }
}

impl fmt::Display for SmemSwizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SmemSwizzle {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        SmemSwizzle::ALL.into_iter().find(|w| w.name() == s).ok_or_else(|| {
            Error::value(
                "SmemSwizzle",
                format!("unknown shared-memory swizzle {s:?}; the swizzles are INTER, SW32, SW64 and SW128"),
            )
        })
    }
}

/// A swizzled layout (CuTe C++'s `ComposedLayout<Swizzle<B,M,S>, _0,
/// Layout>`): `idx -> swizzle(layout(idx))`, with both the layout and the
/// swizzle in elements.
///
/// `Display` prints it as CuTe C++ does, without its static markers and with
/// this crate's layout notation: `Sw<3,3,3> o 0 o (8, 64):(64, 1)` for
/// CuTe's `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`; with a swizzle of no bits
/// (the identity, which CuTe composes away) it prints the layout alone.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::SwizzledLayout;
/// use cute_dynamic::swizzle::Swizzle;
/// let s = SwizzledLayout { swizzle: Swizzle::new(1, 0, 1).unwrap(), layout: "(2, 2):(2, 1)".parse().unwrap() };
/// assert_eq!(s.to_string(), "Sw<1,0,1> o 0 o (2, 2):(2, 1)");
/// // (0, 1) -> 1 -> 1 ^ 0, (1, 0) -> 2 -> 2 ^ 1
/// assert_eq!((0..4).map(|i| s.call(i).unwrap()).collect::<Vec<_>>(), [0, 3, 1, 2]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SwizzledLayout {
    /// The swizzle applied to the layout's offsets.
    pub swizzle: Swizzle,
    /// The layout, before the swizzle.
    pub layout: Layout,
}

impl SwizzledLayout {
    /// The offset of the flat index `idx`: `swizzle(layout(idx))`.
    ///
    /// # Errors
    /// As [`Layout::call_int`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};
    /// let a = gmma_smem_atom(Major::K, SmemSwizzle::SW128, ValueType::F16).unwrap();
    /// // row 1, element 0: offset 64, whose bits 6.. XOR into bits 3..
    /// assert_eq!(a.call(1).unwrap(), 64 + 8);
    /// ```
    pub fn call(&self, idx: i64) -> Result<i64> {
        Ok(self.swizzle.apply(self.layout.call_int(idx)?))
    }

    /// The atom repeated (column-major over the copies) to the shape
    /// `shape`: [`tile_to_shape`] of the layout, the swizzle kept (CuTe's
    /// `tile_to_shape` of a composed layout).
    ///
    /// # Errors
    /// As [`tile_to_shape`]: `ValueError` where a mode of the atom does not
    /// divide the shape's.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};
    /// let a = gmma_smem_atom(Major::K, SmemSwizzle::SW128, ValueType::F16).unwrap();
    /// let t = a.tile_to_shape(&"(128, 64)".parse().unwrap()).unwrap();
    /// assert_eq!(t.swizzle, a.swizzle);
    /// assert_eq!(t.layout.size().unwrap(), 128 * 64);
    /// assert!(a.tile_to_shape(&"(100, 64)".parse().unwrap()).is_err());
    /// ```
    pub fn tile_to_shape(&self, shape: &IntTuple) -> Result<SwizzledLayout> {
        Ok(SwizzledLayout {
            swizzle: self.swizzle,
            layout: tile_to_shape(&self.layout, shape)?,
        })
    }
}

impl fmt::Display for SwizzledLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.swizzle;
        if s.bits == 0 {
            // the identity swizzle, which CuTe C++ composes away
            return write!(f, "{}", self.layout);
        }
        write!(
            f,
            "Sw<{},{},{}> o 0 o {}",
            s.bits, s.base, s.shift, self.layout
        )
    }
}

/// `log2(n)` of a power of two `n >= 1`.
fn log2_exact(n: i64) -> Option<i64> {
    (n >= 1 && n.count_ones() == 1).then(|| i64::from(n.trailing_zeros()))
}

/// A swizzle on offsets in values of `old_bits` bits as one on values of
/// `new_bits` bits (CuTe C++'s `recast_layout` of a `Swizzle<B,M,S>`):
/// wider values drop `log2(new / old)` base bits (and, past the base, bits
/// of the mask), narrower ones add base bits.
///
/// # Errors
/// `ValueError` unless the ratio of the widths is a power of two.
fn recast_swizzle(sw: Swizzle, old_bits: i64, new_bits: i64) -> Result<Swizzle> {
    let bad = || {
        Error::value(
            "recast_layout",
            format!("a swizzle from {old_bits}-bit to {new_bits}-bit values: the ratio is not a power of two"),
        )
    };
    if new_bits >= old_bits {
        if new_bits % old_bits != 0 {
            return Err(bad());
        }
        let k = log2_exact(new_bits / old_bits).ok_or_else(bad)?;
        let m = sw.base - k;
        if m >= 0 {
            Swizzle::new(sw.bits, m, sw.shift)
        } else {
            Swizzle::new((sw.bits + m).max(0), 0, sw.shift)
        }
    } else {
        if old_bits % new_bits != 0 {
            return Err(bad());
        }
        let k = log2_exact(old_bits / new_bits).ok_or_else(bad)?;
        Swizzle::new(sw.bits, sw.base + k, sw.shift)
    }
}

/// The GMMA shared-memory layout atom of a major, a swizzle and a value
/// type (CuTe C++'s `GMMA::Layout_K_SW128_Atom<T>`, `Layout_MN_INTER_Atom<T>`
/// and kin), in elements of `ty`.
///
/// As CuTe C++ defines them: in bits, a K-major atom is 8 rows of `W` bits,
/// `(8, W):(W, 1)`, and an MN-major one its transpose `(W, 8):(1, W)`, with
/// `W` 128, 256, 512 or 1024 bits for `Inter`, `SW32`, `SW64` and `SW128`,
/// under `Swizzle<0,4,3>`, `<1,4,3>`, `<2,4,3>` or `<3,4,3>` on byte
/// addresses. In values of `ty` the layout is [`recast_layout`]ed from
/// 1 bit to `ty`'s width (CuTe's `upcast<sizeof_bits<T>>`) and the swizzle
/// from bytes to `ty` (CuTe's `as_position_independent_swizzle_layout`:
/// `Swizzle<3,4,3>` on bytes is `Swizzle<3,3,3>` on 16-bit values).
///
/// # Errors
/// None for the value types of [`ValueType`] (each a power-of-two number
/// of bytes); as [`recast_layout`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};
/// let k = gmma_smem_atom(Major::K, SmemSwizzle::SW128, ValueType::F16).unwrap();
/// assert_eq!(k.to_string(), "Sw<3,3,3> o 0 o (8, 64):(64, 1)");
/// let mn = gmma_smem_atom(Major::MN, SmemSwizzle::SW64, ValueType::F32).unwrap();
/// assert_eq!(mn.to_string(), "Sw<2,2,3> o 0 o (16, 8):(1, 16)");
/// let inter = gmma_smem_atom(Major::K, SmemSwizzle::Inter, ValueType::S8).unwrap();
/// assert_eq!(inter.to_string(), "(8, 16):(16, 1)");
/// ```
pub fn gmma_smem_atom(major: Major, sw: SmemSwizzle, ty: ValueType) -> Result<SwizzledLayout> {
    let w = 8 * sw.row_bytes();
    let bits: Layout = match major {
        Major::K => format!("(8, {w}):({w}, 1)"),
        Major::MN => format!("({w}, 8):(1, {w})"),
    }
    .parse()?;
    let swizzle = recast_swizzle(Swizzle::new(sw.bits(), 4, 3)?, 8, ty.bits())?;
    Ok(SwizzledLayout {
        swizzle,
        layout: recast_layout(&bits, 1, ty.bits())?,
    })
}
