//! greatest_common_domain (being written)
