//! layout_add (being written)
