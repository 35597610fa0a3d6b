// The algebra takes layouts, not the Result a mixed `layout!` returns.
use cute_static::{layout, tile, zipped_divide};

fn main() {
    let (m, n) = (4096, 4096);
    let _ = zipped_divide(layout!((m, n) : (1, m)), tile!(128, 64));
}
