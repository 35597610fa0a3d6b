// Layout::new is for static layouts; a dynamic leaf needs Layout::try_new.
use cute_static::{shape, stride, Layout};

fn main() {
    let n = 8;
    let _ = Layout::new(shape!(4, n), stride!(1, 4));
}
