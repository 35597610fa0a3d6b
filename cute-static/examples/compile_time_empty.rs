//! The baseline of `scripts/static_compile_time.sh`: an example that uses
//! nothing, so that its build time is what every example costs.

fn main() {}
