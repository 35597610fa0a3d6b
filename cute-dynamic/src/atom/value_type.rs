//! The value types atoms are written for, by their names in the spec's
//! language (`'f16'`, `'bf16'`, ...).

use core::fmt;
use core::str::FromStr;

use cute_core::Error;

/// The type of the values an atom computes with or moves: a name and a
/// width in bits.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::ValueType;
/// let t: ValueType = "bf16".parse().unwrap();
/// assert_eq!((t, t.bits()), (ValueType::BF16, 16));
/// assert_eq!(ValueType::U128.to_string(), "u128");
/// assert!("f8".parse::<ValueType>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// TensorFloat-32 (stored in 32 bits).
    TF32,
    /// IEEE double precision.
    F64,
    /// Signed 8-bit integer.
    S8,
    /// Unsigned 8-bit integer.
    U8,
    /// Signed 32-bit integer.
    S32,
    /// Unsigned 16-bit integer.
    U16,
    /// Unsigned 32-bit integer.
    U32,
    /// Unsigned 64-bit integer.
    U64,
    /// 128 bits moved as one value.
    U128,
    /// One bit (CuTe's `uint1_t`, the unit of the copy atoms' layouts).
    U1,
}

impl ValueType {
    /// Every value type, in the order of the spec language's list.
    pub const ALL: [ValueType; 13] = [
        ValueType::F16,
        ValueType::BF16,
        ValueType::F32,
        ValueType::TF32,
        ValueType::F64,
        ValueType::S8,
        ValueType::U8,
        ValueType::S32,
        ValueType::U16,
        ValueType::U32,
        ValueType::U64,
        ValueType::U128,
        ValueType::U1,
    ];

    /// The width of a value in bits.
    pub fn bits(self) -> i64 {
        match self {
            ValueType::S8 | ValueType::U8 => 8,
            ValueType::F16 | ValueType::BF16 | ValueType::U16 => 16,
            ValueType::F32 | ValueType::TF32 | ValueType::S32 | ValueType::U32 => 32,
            ValueType::F64 | ValueType::U64 => 64,
            ValueType::U128 => 128,
            ValueType::U1 => 1,
        }
    }

    /// The name in the spec's language (`'f16'`).
    pub fn name(self) -> &'static str {
        match self {
            ValueType::F16 => "f16",
            ValueType::BF16 => "bf16",
            ValueType::F32 => "f32",
            ValueType::TF32 => "tf32",
            ValueType::F64 => "f64",
            ValueType::S8 => "s8",
            ValueType::U8 => "u8",
            ValueType::S32 => "s32",
            ValueType::U16 => "u16",
            ValueType::U32 => "u32",
            ValueType::U64 => "u64",
            ValueType::U128 => "u128",
            ValueType::U1 => "u1",
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ValueType {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        ValueType::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = ValueType::ALL.iter().map(|t| t.name()).collect();
                Error::value(
                    "value type",
                    format!(
                        "unknown value type {s:?}; the value types are {}",
                        names.join(", ")
                    ),
                )
            })
    }
}
