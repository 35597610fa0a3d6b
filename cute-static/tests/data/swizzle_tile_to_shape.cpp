// What CuTe C++ (CUTLASS 4.x) keeps static in tile_to_shape of a swizzled
// layout (or a plain one) to a static, mixed or run-time shape. Writes
// swizzle_tile_to_shape.tsv: block, target shape, result, as CuTe prints
// them (`_N` static, `N` run-time).
//
// The GMMA atoms are written in elements, position-independent
// (`composition(Swizzle<B, 4 - log2(sizeof(T)), 3>, (8, R):(R, 1))` and
// the MN-major transpose), as cute_static::swizzle writes them; CuTe 4.x's
// own `GMMA::Layout_*_Atom<T>` swizzle byte addresses through an smem
// pointer, with the same layout under the swizzle.
//
// Built and run on the host with g++ and CuTe's headers:
//   g++ -std=c++17 -I<cutlass>/include swizzle_tile_to_shape.cpp && ./a.out > swizzle_tile_to_shape.tsv
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

template <int B, int M, int R>
auto k_atom() { return composition(Swizzle<B, M, 3>{}, Layout<Shape<_8, Int<R>>, Stride<Int<R>, _1>>{}); }
template <int B, int M, int R>
auto mn_atom() { return composition(Swizzle<B, M, 3>{}, Layout<Shape<Int<R>, _8>, Stride<_1, Int<R>>>{}); }

template <class L>
void rows(L const& block) {
  auto one = [&](auto const& shape) {
    print(block); printf("\t"); print(shape); printf("\t"); print(tile_to_shape(block, shape)); printf("\n");
  };
  int m = 128, k = 64, s = 3;
  one(make_shape(Int<128>{}, Int<64>{}));
  one(make_shape(Int<128>{}, k));
  one(make_shape(m, k));
  one(make_shape(m, Int<64>{}));
  one(make_shape(Int<128>{}, Int<64>{}, s));
  one(make_shape(64, 2 * k, 2));
}

int main() {
  printf("block\tshape\tcute\n");
  rows(k_atom<0, 3, 8>());     // K INTER, f16
  rows(k_atom<1, 3, 16>());    // K SW32, f16
  rows(k_atom<2, 3, 32>());    // K SW64, f16
  rows(k_atom<3, 3, 64>());    // K SW128, f16 (and Swizzle<3,3,3> o (8,64):(64,1))
  rows(k_atom<3, 2, 32>());    // K SW128, f32
  rows(k_atom<2, 4, 64>());    // K SW64, i8
  rows(mn_atom<1, 3, 16>());   // MN SW32, f16
  rows(mn_atom<2, 3, 32>());   // MN SW64, f16
  rows(mn_atom<3, 3, 64>());   // MN SW128, f16
  rows(Layout<Shape<_8, _64>, Stride<_64, _1>>{});  // a plain layout
  return 0;
}
