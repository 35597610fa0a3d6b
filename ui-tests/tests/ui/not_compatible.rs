// compatible((2, (3, 5)), ((3, 2), 5)) is false: mode 0 has size 2 vs 6.
use cute_static::shape::Compatible;
use cute_static::Shape;

fn check<A: Compatible<B>, B>() {}

fn main() {
    check::<Shape![2, (3, 5)], Shape![(3, 2), 5]>();
}
