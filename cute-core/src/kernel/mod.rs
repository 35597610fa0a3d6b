//! The kernels of the layout algebra: each rule of the specification written
//! once, generic over the integer vocabulary ([`crate::int`]), so that
//! machine integers, symbolic sizes and static leaves are instantiations of
//! the same code, and every flavour of layout answers alike.

pub mod eval;
