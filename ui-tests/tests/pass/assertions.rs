// The assertion macros, at item level and in a function body, on static
// layouts, shapes, strides, coordinates and tilers written with the type
// macros.
use cute_static::{
    assert_compatible, assert_composable, assert_congruent, assert_divides, Coord, Keep, Layout,
    Shape, Stride,
};

type Cta = Layout![(128, 8) : (1, 128)];
type Threads = Layout![(32, 8)];
type Values = Layout![(4, 1) : (1, 0)];

assert_congruent!(Shape![(4, 2), 8], Stride![(1, 4), 8]);
assert_congruent!(Shape![(4, {}), 8], Stride![(1, 4), {}]); // profiles only
assert_congruent!(Threads, Values);
assert_congruent!(Cta, Shape![2, 3]);

assert_compatible!(Shape![30], Shape![2, (3, 5)]);
assert_compatible!(Shape![1024], Cta);
assert_compatible!(Shape![8, 16], Layout![((2, 4), (4, 4)) : ((1, 2), (8, 32))]);

assert_divides!(Shape![32, 8], Cta);
assert_divides!(Shape![128, 8], Cta);
assert_divides!(Coord![16, _], Cta);
assert_divides!((Layout![(2, 2) : (1, 4)], Keep), Cta);
assert_divides!(Layout![8 : 2], Layout![64 : 1]);
assert_divides!(Shape![4, (2, 3)], Layout![(8, (4, 6))]);

assert_composable!(Layout![(6, 2) : (8, 2)], Layout![(4, 3) : (3, 1)]);
assert_composable!(Layout![(4, 2) : (1, 100)], Layout![(2, 2) : (1, 2)]);
assert_composable!(Layout![(12, 8) : (1, 12)], Shape![4, 2]);
assert_composable!(Cta, (Layout![32 : 4], Layout![8 : 1]));

fn main() {
    assert_divides!(Shape![32, 8], Cta);
    assert_composable!(Cta, Layout![16 : 8]);
    // the macros are items: nothing is left to run
    let local_partition_ok =
        cute_static::local_partition(cute_static::layout!((128, 8)), cute_static::layout!((32, 8)), 200);
    assert!(local_partition_ok.is_ok());
}
