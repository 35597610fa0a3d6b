//! Which built-in a name denotes, as the syntax tree and the values hold
//! it.
//!
//! The parser finds the built-in a name denotes once, when it reads the
//! name, and a function value remembers the built-in it is; neither needs
//! to know what a built-in does. A [`BuiltinId`] is the built-in's name and
//! its place in the table of built-ins, which [`crate::builtins`] alone
//! makes and alone reads.

use core::fmt;

/// A built-in: its name, and its place in the table of built-ins.
///
/// Two ids are equal iff they are the same built-in.
#[derive(Clone, Copy)]
pub(crate) struct BuiltinId {
    name: &'static str,
    index: u32,
}

impl BuiltinId {
    /// The built-in named `name` at `index` of the table of built-ins.
    ///
    /// # Pre-conditions
    /// The table holds `name` at `index`: only the table makes ids.
    pub(crate) const fn new(name: &'static str, index: u32) -> BuiltinId {
        BuiltinId { name, index }
    }

    /// Its name (`composition`).
    #[inline]
    pub(crate) fn name(self) -> &'static str {
        self.name
    }

    /// Its place in the table of built-ins.
    #[inline]
    pub(crate) fn index(self) -> usize {
        self.index as usize
    }
}

impl PartialEq for BuiltinId {
    fn eq(&self, other: &BuiltinId) -> bool {
        self.index == other.index
    }
}

impl Eq for BuiltinId {}

impl fmt::Debug for BuiltinId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<built-in {}>", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_place_in_the_table() {
        let a = BuiltinId::new("size", 3);
        assert_eq!((a.name(), a.index()), ("size", 3));
        assert_eq!(a, BuiltinId::new("size", 3));
        assert_ne!(a, BuiltinId::new("rank", 4));
        assert_eq!(format!("{a:?}"), "<built-in size>");
    }
}
