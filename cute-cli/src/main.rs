//! The `cute` command.
fn main() {}
