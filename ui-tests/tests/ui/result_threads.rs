// A thread layout with a run-time extent is a Result until unwrapped.
use cute_static::{layout, local_partition};

fn main() {
    let t = 16;
    let threads = layout!((t, 8) : (1, t));
    let _ = local_partition(layout!((128, 8)), threads, 0);
}
