// A thread layout with a run-time extent: the thread tile is not static.
use cute_static::{layout, local_partition};

fn main() {
    let t = 16;
    let threads = layout!((t, 16)).unwrap();
    let _ = local_partition(layout!((128, 128)), threads, 0);
}
