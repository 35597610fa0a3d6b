// CuTe C++'s run-time layout algebra on the inputs of benches/benches/algebra.rs,
// for a side-by-side ratio with the Rust benchmarks (run by hand: see
// benches/cpp/run.sh).
//
// Every extent is a run-time `int` (CuTe's dynamic integers), read from a
// `volatile` array at each iteration, and so is every stride where CuTe C++
// accepts one: its complement of a layout of rank above 1 needs static
// strides (a `static_assert`), so the complements and the products (whose
// B is complemented) give their rank-2 operands static strides `Int<N>`,
// which can only make CuTe C++ faster. Every leaf of every result is
// added into a `volatile` sink, so that the compiler can neither fold an
// operation into a constant nor hoist it out of the loop. Each case runs
// in batches of ITERS iterations; the line printed is the median of REPS
// batches, in nanoseconds per operation. With `--print`, the program
// prints each case's result instead.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <cute/layout.hpp>
#include <cute/algorithm/tuple_algorithms.hpp>

using namespace cute;

static volatile int in[16] = {2, 1, 6, 8, 4, 3, 9, 32, 128, 64, 16, 5, 7, 0, 0, 0};
static volatile long sink;

static constexpr int ITERS = 200000;
static constexpr int REPS = 15;

// The input value `v` at run time: `in` holds every small integer the
// cases need at the index below, so each leaf is one volatile read.
static int rt(int v) {
  switch (v) {
    case 1: return in[1];
    case 2: return in[0];
    case 3: return in[5];
    case 4: return in[4];
    case 5: return in[11];
    case 6: return in[2];
    case 7: return in[12];
    case 8: return in[3];
    case 9: return in[6];
    case 16: return in[10];
    case 32: return in[7];
    case 64: return in[9];
    case 128: return in[8];
    default: return v;
  }
}

template <class L>
static void keep(L const& l) {
  long acc = 0;
  for_each(flatten(l.shape()), [&](auto x) { acc += int(x); });
  for_each(flatten(l.stride()), [&](auto x) { acc += int(x); });
  sink = acc;
}

static bool print_only = false;

template <class F>
static void bench(char const* name, F&& f) {
  if (print_only) {
    std::printf("%-55s ", name);
    print(f());
    std::printf("\n");
    return;
  }
  std::vector<double> ns;
  for (int r = 0; r < REPS; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < ITERS; ++i) keep(f());
    auto t1 = std::chrono::steady_clock::now();
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / ITERS);
  }
  std::sort(ns.begin(), ns.end());
  std::printf("%-55s %8.2f ns\n", name, ns[REPS / 2]);
}

int main(int argc, char** argv) {
  // `--print`: each case's result once, to compare with the Rust one
  print_only = argc > 1 && std::string(argv[1]) == "--print";
  // for reference: a layout of two leaves made from run-time values, what
  // every operation below builds and returns
  bench("make (2,3):(1,6)", [] {
    return make_layout(make_shape(rt(2), rt(3)), make_stride(rt(1), rt(6)));
  });
  bench("coalesce (2,(1,6)):(1,(6,2))", [] {
    auto a = make_layout(make_shape(rt(2), make_shape(rt(1), rt(6))),
                         make_stride(rt(1), make_stride(rt(6), rt(2))));
    return coalesce(a);
  });
  bench("composition (6,2):(8,2) o (4,3):(3,1)", [] {
    auto a = make_layout(make_shape(rt(6), rt(2)), make_stride(rt(8), rt(2)));
    auto b = make_layout(make_shape(rt(4), rt(3)), make_stride(rt(3), rt(1)));
    return composition(a, b);
  });
  bench("complement (2,2):(1,6)", [] {
    auto a = make_layout(make_shape(rt(2), rt(2)), make_stride(_1{}, _6{}));
    return complement(a);
  });
  bench("complement 4:2, 20", [] {
    auto a = make_layout(rt(4), rt(2));
    return complement(a, rt(4) * rt(5));
  });
  bench("logical_product (2,2):(4,1) x 6:1", [] {
    auto a = make_layout(make_shape(rt(2), rt(2)), make_stride(_4{}, _1{}));
    auto b = make_layout(rt(6), rt(1));
    return logical_product(a, b);
  });
  bench("logical_divide 24:1 / 4:2", [] {
    auto a = make_layout(rt(4) * rt(6), rt(1));
    auto b = make_layout(rt(4), rt(2));
    return logical_divide(a, b);
  });
  bench("zipped_divide (9,32) / (3:3, (2,4):(1,8))", [] {
    auto a = make_layout(make_shape(rt(9), rt(32)), make_stride(rt(1), rt(9)));
    auto t = make_tile(make_layout(rt(3), rt(3)),
                       make_layout(make_shape(rt(2), rt(4)), make_stride(_1{}, _8{})));
    return zipped_divide(a, t);
  });
  bench("blocked_product (2,5):(5,1) x (3,4):(1,3)", [] {
    auto a = make_layout(make_shape(rt(2), rt(5)), make_stride(_5{}, _1{}));
    auto b = make_layout(make_shape(rt(3), rt(4)), make_stride(_1{}, _3{}));
    return blocked_product(a, b);
  });
  bench("raked_product (2,5):(5,1) x (3,4):(1,3)", [] {
    auto a = make_layout(make_shape(rt(2), rt(5)), make_stride(_5{}, _1{}));
    auto b = make_layout(make_shape(rt(3), rt(4)), make_stride(_1{}, _3{}));
    return raked_product(a, b);
  });
  bench("gemm: logical_divide (128,64) / (8,8) by-mode", [] {
    auto a = make_layout(make_shape(rt(128), rt(64)), make_stride(rt(1), rt(128)));
    return logical_divide(a, make_shape(rt(8), rt(8)));
  });
  bench("gemm: logical_product (4,8):(8,1) x (2,4):(1,2)", [] {
    auto a = make_layout(make_shape(rt(4), rt(8)), make_stride(_8{}, _1{}));
    auto b = make_layout(make_shape(rt(2), rt(4)), make_stride(_1{}, _2{}));
    return logical_product(a, b);
  });
  bench("gemm: raked_product (4,8):(8,1) x (2,4):(1,2)", [] {
    auto a = make_layout(make_shape(rt(4), rt(8)), make_stride(_8{}, _1{}));
    auto b = make_layout(make_shape(rt(2), rt(4)), make_stride(_1{}, _2{}));
    return raked_product(a, b);
  });
  bench("gemm: zipped_divide (128,128) / (8,8)", [] {
    auto a = make_layout(make_shape(rt(128), rt(128)), make_stride(rt(1), rt(128)));
    return zipped_divide(a, make_shape(rt(8), rt(8)));
  });
  bench("gemm: composition tv o (8,4):(4,1)", [] {
    auto a = make_layout(make_shape(make_shape(rt(4), rt(8)), make_shape(rt(2), rt(4))),
                         make_stride(make_stride(rt(16), rt(1)), make_stride(rt(4), rt(64))));
    auto b = make_layout(make_shape(rt(8), rt(4)), make_stride(rt(4), rt(1)));
    return composition(a, b);
  });
  return 0;
}
