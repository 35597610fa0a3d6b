// The GEMM partition of `gemm_partition.rs`, in CuTe C++: what CuTe computes,
// and which leaves it keeps static (printed `_N`), for the values the unit
// tests of cute-static's partition module pin. Host code only, no GPU:
//   g++ -std=c++17 -I <CUTLASS include> -I <CUDA include> gemm_partition.cpp && ./a.out
#include <cute/tensor.hpp>
#include <cute/util/print.hpp>
using namespace cute;

template <class T>
void show(char const* name, T const& t, float const* base) {
  printf("%s ", name);
  print(t.layout());
  printf(" off %ld\n", (long)(t.data().get() - base));
}

int main(int argc, char**) {
  int M = 255 + argc, N = 383 + argc, K = 127 + argc;  // 256, 384, 128, unknown to the compiler
  static float buf[1];
  float* base = buf;
  // A is M x K, B is N x K, C is M x N, column-major
  Tensor mA = make_tensor(make_gmem_ptr(base), make_shape(M, K), make_stride(Int<1>{}, M));
  Tensor mB = make_tensor(make_gmem_ptr(base), make_shape(N, K), make_stride(Int<1>{}, N));
  Tensor mC = make_tensor(make_gmem_ptr(base), make_shape(M, N), make_stride(Int<1>{}, M));
  auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
  auto cta_coord = make_coord(1, 2, _);
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step<X, _1, _1>{});
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1, _1, X>{});
  show("gA", gA, base);
  show("gB", gB, base);
  show("gC", gC, base);
  show("gA(k=3)", local_tile(mA, cta_tiler, make_coord(1, 2, 3), Step<_1, X, _1>{}), base);
  auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));  // static (16, 16) threads
  for (int tid : {0, 17, 200}) {
    printf("thread %d\n", tid);
    show("  tCgC", local_partition(gC, tC, tid), base);
    show("  tCgA", local_partition(gA, tC, tid, Step<_1, X>{}), base);
    show("  tCgB", local_partition(gB, tC, tid, Step<X, _1>{}), base);
    show("  tAgA", local_partition(gA, tC, tid), base);
  }
  auto l = make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, M)), make_stride(M, make_stride(Int<1>{}, Int<2>{})));
  print(slice(make_coord(2, _), l));
  printf(" off %ld\n", (long)crd2idx(make_coord(2, make_coord(0, 0)), l.shape(), l.stride()));
  auto so = slice_and_offset(make_coord(_, make_coord(1, _)), l);
  print(get<0>(so));
  printf(" off %ld\n", (long)get<1>(so));
}
// Output (CUTLASS 4.2):
// gA (_128,_8,16):(_1,256,2048) off 128
// gB (_128,_8,16):(_1,384,3072) off 256
// gC (_128,_128):(_1,256) off 65664
// gA(k=3) (_128,_8):(_1,256) off 6272
// thread 0
//   tCgC (_8,_8):(_16,4096) off 65664
//   tCgA (_8,_8,16):(_16,256,2048) off 128
//   tCgB (_8,_8,16):(_16,384,3072) off 256
//   tAgA (_8,_1,16):(_16,_0,2048) off 128
// thread 17
//   tCgC (_8,_8):(_16,4096) off 65921
//   tCgA (_8,_8,16):(_16,256,2048) off 129
//   tCgB (_8,_8,16):(_16,384,3072) off 257
//   tAgA (_8,_1,16):(_16,_0,2048) off 385
// thread 200
//   tCgC (_8,_8):(_16,4096) off 68744
//   tCgA (_8,_8,16):(_16,256,2048) off 136
//   tCgB (_8,_8,16):(_16,384,3072) off 268
//   tAgA (_8,_1,16):(_16,_0,2048) off 3208
// ((_2,256)):((_1,_2)) off 512
// (_4,256):(256,_2) off 1
