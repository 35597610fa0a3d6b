// get<3> of a rank-3 shape, with a typenum index.
use cute_static::htuple::ModeOf;
use cute_static::Shape;

type Bad = ModeOf<Shape![2, 3, 4], typenum::U3>;

fn main() {
    let _ = core::mem::size_of::<Bad>();
}
