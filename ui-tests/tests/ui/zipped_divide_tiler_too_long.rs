// A zipped_divide tiler longer than the layout: past the layout's rank
// only `Keep` may stand (`tile!(2, _, _)` divides (4, 6)); here the third
// entry is an integer, or a layout, for static and for mixed operands alike.
use cute_static::{layout, tile, zipped_divide};

fn main() {
    let _ = zipped_divide(layout!((4, 6)), tile!(2, _, 2));
    let m = 4;
    let _ = zipped_divide(layout!((m, 6)).unwrap(), (tile!(2), cute_static::Keep, layout!(3 : 1)));
}
