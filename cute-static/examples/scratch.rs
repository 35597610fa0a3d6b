use cute_static::*;
fn main() {
    let a = layout!((6, 2) : (8, 2));
    let b = layout!((4, 3) : (3, 1));
    let c = composition(a, b);
    println!("{c}");
}
