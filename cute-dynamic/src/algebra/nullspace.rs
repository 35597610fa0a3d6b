//! nullspace (being written)
