//! right_inverse and left_inverse (being written)
