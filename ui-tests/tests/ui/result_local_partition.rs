// The classic slip: a mixed layout's Result handed to local_partition.
use cute_static::{layout, local_partition};

fn main() {
    let m = 128;
    let _ = local_partition(layout!((m, 8)), layout!((16, 8)), 0);
}
