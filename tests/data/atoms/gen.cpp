// Prints, as one TSV on stdout, what CuTe C++ computes for its atom layer: MMA atoms, the
// GMMA shared-memory layout atoms, copy atoms, TiledMMA, TiledCopy and a few layout
// utilities used with them. See README.md in this directory for the columns and the
// grammar of the `expr` column. Every `result` is exactly what cute::print() writes for
// the value (for a tensor: for its layout).
//
// Build and run (host g++, C++17, against the CUTLASS/CuTe headers, no GPU):
//   run.sh gen.cpp > cute_cpp_atoms.tsv

// The GMMA shapes whose N is not a multiple of 16 (and N = 80, 112, ...: every N outside
// 8, 16, 32, 64, 96, 128, 192, 256) are declared only with this opt-in macro.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED

#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cutlass/version.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace cute;

// ---------------------------------------------------------------------------------------------
// Output helpers
// ---------------------------------------------------------------------------------------------

template <class X>
void row(char const* kind, std::string const& expr, X const& x) {
  printf("%s\t%s\t", kind, expr.c_str());
  print(x);
  printf("\n");
}

// Spelling of value types in `expr`.
template <class T> char const* tname();
template <> char const* tname<half_t>()     { return "f16"; }
template <> char const* tname<bfloat16_t>() { return "bf16"; }
template <> char const* tname<float>()      { return "f32"; }
template <> char const* tname<tfloat32_t>() { return "tf32"; }
template <> char const* tname<double>()     { return "f64"; }
template <> char const* tname<int8_t>()     { return "s8"; }
template <> char const* tname<uint8_t>()    { return "u8"; }
template <> char const* tname<uint16_t>()   { return "u16"; }
template <> char const* tname<int32_t>()    { return "s32"; }
template <> char const* tname<uint32_t>()   { return "u32"; }
template <> char const* tname<uint64_t>()   { return "u64"; }
template <> char const* tname<uint128_t>()  { return "u128"; }
template <> char const* tname<uint1_t>()    { return "u1"; }

template <class T> std::string q() { return std::string("'") + tname<T>() + "'"; }

// A tensor over a global pointer to a scratch buffer (never read or written): its layout is
// printed, and for `offset(...)` rows the distance of a partition's first element from base<T>().
alignas(128) static unsigned char g_scratch[1 << 20];
template <class T> T* base() { return reinterpret_cast<T*>(g_scratch); }
template <class T = half_t, class L>
auto tensor_of(L const& l) { return make_tensor(make_gmem_ptr(base<T>()), l); }
// Element offset of a (partitioned) tensor's data pointer from the start of the tensor it came from.
template <class T, class Tensor>
int offset_of(Tensor const& x) { return int(raw_pointer_cast(x.data()) - base<T>()); }

// Tensor layouts given as the tensor argument of thrfrg_*/partition_*/partition_fragment_*.
// In `expr` a plain integer there is a run-time int, `_N` a static Int<N>.
struct DynCol {   // Layout((M, N)): column-major, all run-time
  static std::string str(int m, int n) { return "Layout((" + std::to_string(m) + ", " + std::to_string(n) + "))"; }
  static auto make(int m, int n) { return make_layout(make_shape(m, n)); }
};
struct DynRow {   // Layout((M, N), (N, 1)): row-major, all run-time
  static std::string str(int m, int n) {
    return "Layout((" + std::to_string(m) + ", " + std::to_string(n) + "), (" + std::to_string(n) + ", 1))";
  }
  static auto make(int m, int n) { return make_layout(make_shape(m, n), make_stride(n, 1)); }
};
template <int M, int N> std::string st_col_str() {
  return "Layout((_" + std::to_string(M) + ", _" + std::to_string(N) + "))";
}
template <int M, int N> auto st_col() { return make_layout(make_shape(Int<M>{}, Int<N>{})); }
template <int M, int N> std::string st_row_str() {
  return "Layout((_" + std::to_string(M) + ", _" + std::to_string(N) + "), (_" + std::to_string(N) + ", _1))";
}
template <int M, int N> auto st_row() { return make_layout(make_shape(Int<M>{}, Int<N>{}), make_stride(Int<N>{}, Int<1>{})); }
// Static shape, run-time leading dimension: what local_tile of a column-major (ld x ...) matrix gives.
template <int M, int N> std::string mixed_col_str(int ld) {
  return "Layout((_" + std::to_string(M) + ", _" + std::to_string(N) + "), (_1, " + std::to_string(ld) + "))";
}
template <int M, int N> auto mixed_col(int ld) { return make_layout(make_shape(Int<M>{}, Int<N>{}), make_stride(Int<1>{}, ld)); }

// ---------------------------------------------------------------------------------------------
// MMA atoms
// ---------------------------------------------------------------------------------------------

template <class Op>
void mma_atom_rows(std::string const& op) {
  static_assert(sizeof(Op) > 0, "instantiate the operation (runs its static_asserts)");
  using A = MMA_Atom<Op>;
  std::string atom = "MMA_Atom(" + op + ")";
  row("atom_mma", "shape_mnk(" + atom + ")",  typename A::Shape_MNK{});
  row("atom_mma", "thr_id(" + atom + ")",     typename A::ThrID{});
  row("atom_mma", "layoutA_TV(" + atom + ")", typename A::LayoutA_TV{});
  row("atom_mma", "layoutB_TV(" + atom + ")", typename A::LayoutB_TV{});
  row("atom_mma", "layoutC_TV(" + atom + ")", typename A::LayoutC_TV{});
}

#define MMA_ROWS(OP) mma_atom_rows<OP>(#OP)

#define GMMA_SS(NAME)                                                                        \
  mma_atom_rows<NAME<GMMA::Major::K,  GMMA::Major::K >>(#NAME "('K', 'K')");                 \
  mma_atom_rows<NAME<GMMA::Major::MN, GMMA::Major::MN>>(#NAME "('MN', 'MN')");               \
  mma_atom_rows<NAME<GMMA::Major::K,  GMMA::Major::MN>>(#NAME "('K', 'MN')");
// RS: A comes from registers and must be K-major (static_assert in the operation).
#define GMMA_RS(NAME)                                                                        \
  mma_atom_rows<NAME<GMMA::Major::K,  GMMA::Major::K >>(#NAME "('K', 'K')");                 \
  mma_atom_rows<NAME<GMMA::Major::K,  GMMA::Major::MN>>(#NAME "('K', 'MN')");
#define GMMA_N(N)                              \
  GMMA_SS(SM90_64x##N##x16_F32F16F16_SS)       \
  GMMA_RS(SM90_64x##N##x16_F32F16F16_RS)       \
  GMMA_SS(SM90_64x##N##x16_F32BF16BF16_SS)     \
  GMMA_RS(SM90_64x##N##x16_F32BF16BF16_RS)

void gen_mma_atoms() {
  printf("# MMA atoms: MMA_Traits<Op>::Shape_MNK, ThrID, ALayout, BLayout, CLayout\n");
  mma_atom_rows<UniversalFMA<float>>("UniversalFMA('f32')");
  mma_atom_rows<UniversalFMA<double>>("UniversalFMA('f64')");
  mma_atom_rows<UniversalFMA<half_t>>("UniversalFMA('f16')");
  MMA_ROWS(SM70_8x8x4_F32F16F16F32_TN);
  MMA_ROWS(SM70_8x8x4_F32F16F16F32_NT);
  MMA_ROWS(SM70_8x8x4_F32F16F16F32_NN);
  MMA_ROWS(SM70_8x8x4_F32F16F16F32_TT);
  MMA_ROWS(SM70_8x8x4_F16F16F16F16_TN);
  MMA_ROWS(SM75_16x8x8_F32F16F16F32_TN);
  MMA_ROWS(SM75_8x8x16_S32S8S8S32_TN);
  MMA_ROWS(SM80_16x8x8_F16F16F16F16_TN);
  MMA_ROWS(SM80_16x8x16_F16F16F16F16_TN);
  MMA_ROWS(SM80_16x8x8_F32F16F16F32_TN);
  MMA_ROWS(SM80_16x8x16_F32F16F16F32_TN);
  MMA_ROWS(SM80_16x8x8_F32BF16BF16F32_TN);
  MMA_ROWS(SM80_16x8x16_F32BF16BF16F32_TN);
  MMA_ROWS(SM80_16x8x4_F32TF32TF32F32_TN);
  MMA_ROWS(SM80_16x8x8_F32TF32TF32F32_TN);
  MMA_ROWS(SM80_8x8x4_F64F64F64F64_TN);
  MMA_ROWS(SM80_8x8x16_S32S8S8S32_TN);
  MMA_ROWS(SM80_16x8x16_S32S8S8S32_TN);
  MMA_ROWS(SM80_16x8x32_S32S8S8S32_TN);

  printf("# SM90 GMMA atoms, N = 8..256 step 8\n");
  GMMA_N(8)   GMMA_N(16)  GMMA_N(24)  GMMA_N(32)  GMMA_N(40)  GMMA_N(48)  GMMA_N(56)  GMMA_N(64)
  GMMA_N(72)  GMMA_N(80)  GMMA_N(88)  GMMA_N(96)  GMMA_N(104) GMMA_N(112) GMMA_N(120) GMMA_N(128)
  GMMA_N(136) GMMA_N(144) GMMA_N(152) GMMA_N(160) GMMA_N(168) GMMA_N(176) GMMA_N(184) GMMA_N(192)
  GMMA_N(200) GMMA_N(208) GMMA_N(216) GMMA_N(224) GMMA_N(232) GMMA_N(240) GMMA_N(248) GMMA_N(256)
}

// ---------------------------------------------------------------------------------------------
// GMMA shared-memory layout atoms
// ---------------------------------------------------------------------------------------------

template <class T>
void smem_atom_rows() {
  std::string t = q<T>();
  row("smem_atom", "GMMA_Layout_K_INTER_Atom(" + t + ")",  GMMA::Layout_K_INTER_Atom<T>{});
  row("smem_atom", "GMMA_Layout_K_SW32_Atom(" + t + ")",   GMMA::Layout_K_SW32_Atom<T>{});
  row("smem_atom", "GMMA_Layout_K_SW64_Atom(" + t + ")",   GMMA::Layout_K_SW64_Atom<T>{});
  row("smem_atom", "GMMA_Layout_K_SW128_Atom(" + t + ")",  GMMA::Layout_K_SW128_Atom<T>{});
  row("smem_atom", "GMMA_Layout_MN_INTER_Atom(" + t + ")", GMMA::Layout_MN_INTER_Atom<T>{});
  row("smem_atom", "GMMA_Layout_MN_SW32_Atom(" + t + ")",  GMMA::Layout_MN_SW32_Atom<T>{});
  row("smem_atom", "GMMA_Layout_MN_SW64_Atom(" + t + ")",  GMMA::Layout_MN_SW64_Atom<T>{});
  row("smem_atom", "GMMA_Layout_MN_SW128_Atom(" + t + ")", GMMA::Layout_MN_SW128_Atom<T>{});
}

void gen_smem_atoms() {
  printf("# GMMA shared-memory layout atoms: cute::GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>\n");
  smem_atom_rows<half_t>();
  smem_atom_rows<bfloat16_t>();
  smem_atom_rows<float>();
  smem_atom_rows<tfloat32_t>();
  smem_atom_rows<int8_t>();
}

// ---------------------------------------------------------------------------------------------
// Copy atoms
// ---------------------------------------------------------------------------------------------

template <class Op, class T>
void copy_atom_rows(std::string const& op) {
  static_assert(sizeof(Op) > 0, "instantiate the operation (runs its static_asserts)");
  using CA = Copy_Atom<Op, T>;
  std::string ca = "Copy_Atom(" + op + ", " + q<T>() + ")";
  row("atom_copy", "thr_id(" + ca + ")",       typename CA::ThrID{});
  row("atom_copy", "layoutSrc_TV(" + ca + ")", typename CA::BitLayoutSrc{});
  row("atom_copy", "layoutDst_TV(" + ca + ")", typename CA::BitLayoutDst{});
  row("atom_copy", "layoutRef_TV(" + ca + ")", typename CA::BitLayoutRef{});
  row("atom_copy", "valLayoutSrc(" + ca + ")", typename CA::ValLayoutSrc{});
  row("atom_copy", "valLayoutDst(" + ca + ")", typename CA::ValLayoutDst{});
  row("atom_copy", "valLayoutRef(" + ca + ")", typename CA::ValLayoutRef{});
  int nsrc = CA::NumValSrc;   // static constexpr int in CuTe: prints as a plain number
  int ndst = CA::NumValDst;
  row("atom_copy", "numValSrc(" + ca + ")", nsrc);
  row("atom_copy", "numValDst(" + ca + ")", ndst);
}

template <class R, class T>
void universal_copy(char const* name) {
  copy_atom_rows<UniversalCopy<R>, T>(std::string(name) + "(" + q<R>() + ")");
}
template <template <class, class> class Op, class R, class T>
void typed_copy(char const* name) {
  copy_atom_rows<Op<R, R>, T>(std::string(name) + "(" + q<R>() + ")");
}

#define COPY_ROWS(OP, T) copy_atom_rows<OP, T>(#OP)

void gen_copy_atoms() {
  printf("# Copy atoms: Copy_Traits<Op>::ThrID, SrcLayout, DstLayout, RefLayout (bits);\n");
  printf("# Copy_Atom<Op,T>::ValLayoutSrc, ValLayoutDst, ValLayoutRef, NumValSrc, NumValDst (values of T)\n");
  universal_copy<uint32_t,  half_t>("UniversalCopy");
  universal_copy<uint32_t,  float>("UniversalCopy");
  universal_copy<uint32_t,  int8_t>("UniversalCopy");
  universal_copy<uint64_t,  half_t>("UniversalCopy");
  universal_copy<uint64_t,  float>("UniversalCopy");
  universal_copy<uint64_t,  int8_t>("UniversalCopy");
  universal_copy<uint128_t, half_t>("UniversalCopy");
  universal_copy<uint128_t, float>("UniversalCopy");
  universal_copy<uint128_t, int8_t>("UniversalCopy");

  COPY_ROWS(SM75_U32x1_LDSM_N, half_t);  COPY_ROWS(SM75_U32x1_LDSM_N, float);  COPY_ROWS(SM75_U32x1_LDSM_N, int8_t);
  COPY_ROWS(SM75_U32x2_LDSM_N, half_t);  COPY_ROWS(SM75_U32x2_LDSM_N, float);  COPY_ROWS(SM75_U32x2_LDSM_N, int8_t);
  COPY_ROWS(SM75_U32x4_LDSM_N, half_t);  COPY_ROWS(SM75_U32x4_LDSM_N, float);  COPY_ROWS(SM75_U32x4_LDSM_N, int8_t);
  COPY_ROWS(SM75_U32x4_LDSM_N, tfloat32_t);
  COPY_ROWS(SM75_U16x2_LDSM_T, half_t);  COPY_ROWS(SM75_U16x2_LDSM_T, bfloat16_t);  COPY_ROWS(SM75_U16x2_LDSM_T, int8_t);
  COPY_ROWS(SM75_U16x4_LDSM_T, half_t);  COPY_ROWS(SM75_U16x4_LDSM_T, bfloat16_t);  COPY_ROWS(SM75_U16x4_LDSM_T, int8_t);
  COPY_ROWS(SM75_U16x8_LDSM_T, half_t);  COPY_ROWS(SM75_U16x8_LDSM_T, bfloat16_t);  COPY_ROWS(SM75_U16x8_LDSM_T, int8_t);

  COPY_ROWS(SM90_U32x1_STSM_N, half_t);  COPY_ROWS(SM90_U32x1_STSM_N, float);  COPY_ROWS(SM90_U32x1_STSM_N, int8_t);
  COPY_ROWS(SM90_U32x2_STSM_N, half_t);  COPY_ROWS(SM90_U32x2_STSM_N, float);  COPY_ROWS(SM90_U32x2_STSM_N, int8_t);
  COPY_ROWS(SM90_U32x4_STSM_N, half_t);  COPY_ROWS(SM90_U32x4_STSM_N, float);  COPY_ROWS(SM90_U32x4_STSM_N, int8_t);
  COPY_ROWS(SM90_U16x2_STSM_T, half_t);  COPY_ROWS(SM90_U16x2_STSM_T, bfloat16_t);  COPY_ROWS(SM90_U16x2_STSM_T, int8_t);
  COPY_ROWS(SM90_U16x4_STSM_T, half_t);  COPY_ROWS(SM90_U16x4_STSM_T, bfloat16_t);  COPY_ROWS(SM90_U16x4_STSM_T, int8_t);
  COPY_ROWS(SM90_U16x8_STSM_T, half_t);  COPY_ROWS(SM90_U16x8_STSM_T, bfloat16_t);  COPY_ROWS(SM90_U16x8_STSM_T, int8_t);

  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint32_t,  half_t>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint32_t,  float>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint32_t,  int8_t>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint64_t,  half_t>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint64_t,  float>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint64_t,  int8_t>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint128_t, half_t>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint128_t, float>("SM80_CP_ASYNC_CACHEALWAYS");
  typed_copy<SM80_CP_ASYNC_CACHEALWAYS, uint128_t, int8_t>("SM80_CP_ASYNC_CACHEALWAYS");
  // CACHEGLOBAL (cp.async.cg) exists for 16-byte copies only (static_assert sizeof(TS) == 16).
  typed_copy<SM80_CP_ASYNC_CACHEGLOBAL, uint128_t, half_t>("SM80_CP_ASYNC_CACHEGLOBAL");
  typed_copy<SM80_CP_ASYNC_CACHEGLOBAL, uint128_t, float>("SM80_CP_ASYNC_CACHEGLOBAL");
  typed_copy<SM80_CP_ASYNC_CACHEGLOBAL, uint128_t, int8_t>("SM80_CP_ASYNC_CACHEGLOBAL");
}

// ---------------------------------------------------------------------------------------------
// TiledMMA
// ---------------------------------------------------------------------------------------------

static int const kMmaThreads[] = {0, 5, 7, 37, 127};

std::string slice(std::string const& tm, int t) { return "get_slice(" + tm + ", " + std::to_string(t) + ")"; }

template <class TM>
void tiled_mma_basic(std::string const& tm, TM const& mma) {
  row("tiled_mma", "thr_layout_vmnk(" + tm + ")", mma.get_thr_layout_vmnk());
  row("tiled_mma", "size(" + tm + ")",            size(mma));
  row("tiled_mma", "get_layoutA_TV(" + tm + ")",  mma.get_layoutA_TV());
  row("tiled_mma", "get_layoutB_TV(" + tm + ")",  mma.get_layoutB_TV());
  row("tiled_mma", "get_layoutC_TV(" + tm + ")",  mma.get_layoutC_TV());
  row("tiled_mma", "tile_size(" + tm + ", 0)",    tile_size<0>(mma));
  row("tiled_mma", "tile_size(" + tm + ", 1)",    tile_size<1>(mma));
  row("tiled_mma", "tile_size(" + tm + ", 2)",    tile_size<2>(mma));
}

// thrfrg_* and per-thread partition_* of tensors A (MxK), B (NxK), C (MxN).
template <class TM, class LA, class LB, class LC>
void tiled_mma_tensors(std::string const& tm, TM const& mma,
                       std::string const& sa, LA const& la,
                       std::string const& sb, LB const& lb,
                       std::string const& sc, LC const& lc) {
  row("tiled_mma", "thrfrg_A(" + tm + ", " + sa + ")", mma.thrfrg_A(la));
  row("tiled_mma", "thrfrg_B(" + tm + ", " + sb + ")", mma.thrfrg_B(lb));
  row("tiled_mma", "thrfrg_C(" + tm + ", " + sc + ")", mma.thrfrg_C(lc));
  using TA = typename TM::ValTypeA; using TB = typename TM::ValTypeB; using TC = typename TM::ValTypeC;
  for (int t : kMmaThreads) {
    if (t >= int(size(mma))) continue;
    auto thr = mma.get_slice(t);
    std::string s = slice(tm, t);
    auto pa = thr.partition_A(tensor_of<TA>(la));
    auto pb = thr.partition_B(tensor_of<TB>(lb));
    auto pc = thr.partition_C(tensor_of<TC>(lc));
    row("tiled_mma", "partition_A(" + s + ", " + sa + ")", pa.layout());
    row("tiled_mma", "offset(partition_A(" + s + ", " + sa + "))", offset_of<TA>(pa));
    row("tiled_mma", "partition_B(" + s + ", " + sb + ")", pb.layout());
    row("tiled_mma", "offset(partition_B(" + s + ", " + sb + "))", offset_of<TB>(pb));
    row("tiled_mma", "partition_C(" + s + ", " + sc + ")", pc.layout());
    row("tiled_mma", "offset(partition_C(" + s + ", " + sc + "))", offset_of<TC>(pc));
  }
}

// partition_fragment_* need a static shape (CuTe has no dynamic owning tensors).
template <bool FragA, bool FragB, class TM, class LA, class LB, class LC>
void tiled_mma_fragments(std::string const& tm, TM const& mma,
                         std::string const& sa, LA const& la,
                         std::string const& sb, LB const& lb,
                         std::string const& sc, LC const& lc) {
  using TA = typename TM::ValTypeA; using TB = typename TM::ValTypeB; using TC = typename TM::ValTypeC;
  for (int t : kMmaThreads) {
    if (t >= int(size(mma))) continue;
    auto thr = mma.get_slice(t);
    std::string s = slice(tm, t);
    if constexpr (FragA) row("tiled_mma", "partition_fragment_A(" + s + ", " + sa + ")", thr.partition_fragment_A(tensor_of<TA>(la)).layout());
    if constexpr (FragB) row("tiled_mma", "partition_fragment_B(" + s + ", " + sb + ")", thr.partition_fragment_B(tensor_of<TB>(lb)).layout());
    row("tiled_mma", "partition_fragment_C(" + s + ", " + sc + ")", thr.partition_fragment_C(tensor_of<TC>(lc)).layout());
  }
}

// The standard set for one TiledMMA. FragA/FragB: whether partition_fragment_A/B exist
// (not for GMMA operands read from shared memory through descriptors).
template <bool FragA, bool FragB, class TM>
void tiled_mma_rows(std::string const& tm, TM const& mma, bool rowmajor, bool statics) {
  tiled_mma_basic(tm, mma);
  tiled_mma_tensors(tm, mma, DynCol::str(128, 32), DynCol::make(128, 32),
                             DynCol::str(128, 32), DynCol::make(128, 32),
                             DynCol::str(128, 128), DynCol::make(128, 128));
  if (rowmajor) {
    tiled_mma_tensors(tm, mma, DynRow::str(128, 32), DynRow::make(128, 32),
                               DynRow::str(128, 32), DynRow::make(128, 32),
                               DynRow::str(128, 128), DynRow::make(128, 128));
  }
  if (statics) {
    tiled_mma_tensors(tm, mma, st_col_str<128, 32>(), st_col<128, 32>(),
                               st_col_str<128, 32>(), st_col<128, 32>(),
                               st_col_str<128, 128>(), st_col<128, 128>());
  }
  tiled_mma_fragments<FragA, FragB>(tm, mma, st_col_str<128, 32>(), st_col<128, 32>(),
                                             st_col_str<128, 32>(), st_col<128, 32>(),
                                             st_col_str<128, 128>(), st_col<128, 128>());
  if (rowmajor) {
    tiled_mma_fragments<FragA, FragB>(tm, mma, st_row_str<128, 32>(), st_row<128, 32>(),
                                               st_row_str<128, 32>(), st_row<128, 32>(),
                                               mixed_col_str<128, 128>(4096), mixed_col<128, 128>(4096));
  }
}

// The TiledMMAs used below (also by the TiledCopy section), with their `expr` spellings.
#define ATOM_16816 "MMA_Atom(SM80_16x8x16_F32F16F16F32_TN)"
inline auto tm_16816()      { return make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}); }
inline auto tm_16816_221()  { return make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}); }
inline auto tm_16816_221_p(){ return make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}); }
inline auto tm_16816_221_pl(){
  return make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{},
                        Tile<Layout<Shape<_4,_4,_2>,Stride<_1,_8,_4>>, _32, _16>{});
}
inline auto tm_16816_221_pn(){
  return make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{},
                        Tile<_32, Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>, _16>{});
}
static std::string const s_16816       = "make_tiled_mma(" ATOM_16816 ")";
static std::string const s_16816_221   = "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1)))";
static std::string const s_16816_221_p = "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1)), (32, 32, 16))";
static std::string const s_16816_221_pl= "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1)), (Layout((4, 4, 2), (1, 8, 4)), 32, 16))";
static std::string const s_16816_221_pn= "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1)), (32, Layout((8, 2, 2), (1, 16, 8)), 16))";

#define ATOM_TF32 "MMA_Atom(SM80_16x8x8_F32TF32TF32F32_TN)"
inline auto tm_tf32_221() { return make_tiled_mma(MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{}, Layout<Shape<_2,_2,_1>>{}); }
static std::string const s_tf32_221 = "make_tiled_mma(" ATOM_TF32 ", Layout((2, 2, 1)))";

#define ATOM_GMMA_SS "MMA_Atom(SM90_64x64x16_F32F16F16_SS('K', 'K'))"
#define ATOM_GMMA_RS "MMA_Atom(SM90_64x64x16_F32F16F16_RS('K', 'K'))"
using GmmaSS = SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>;
using GmmaRS = SM90_64x64x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::K>;
inline auto tm_gmma_ss() { return make_tiled_mma(MMA_Atom<GmmaSS>{}); }
static std::string const s_gmma_ss = "make_tiled_mma(" ATOM_GMMA_SS ")";

void gen_tiled_mma() {
  printf("# TiledMMA: thread-value layouts, tile sizes, thrfrg_* and per-thread partitions\n");
  tiled_mma_rows<true, true>(s_16816, tm_16816(), true, false);
  tiled_mma_rows<true, true>(s_16816_221, tm_16816_221(), true, true);
  tiled_mma_rows<true, true>(s_16816_221_p, tm_16816_221_p(), true, false);
  tiled_mma_rows<true, true>(
      "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1)), (64, 32, 16))",
      make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_64,_32,_16>{}), false, false);
  tiled_mma_rows<true, true>(s_16816_221_pl, tm_16816_221_pl(), true, false);
  tiled_mma_rows<true, true>(s_16816_221_pn, tm_16816_221_pn(), false, false);
  tiled_mma_rows<true, true>(
      "make_tiled_mma(" ATOM_16816 ", Layout((2, 2, 1), (2, 1, 1)))",
      make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>,Stride<_2,_1,_1>>{}), true, false);
  tiled_mma_rows<true, true>(
      "make_tiled_mma(" ATOM_16816 ", Layout((4, 1, 1)))",
      make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_4,_1,_1>>{}), false, false);
  tiled_mma_rows<true, true>(
      "make_tiled_mma(MMA_Atom(SM80_16x8x16_F32BF16BF16F32_TN), Layout((2, 2, 1)))",
      make_tiled_mma(MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}), false, false);

  tiled_mma_rows<true, true>("make_tiled_mma(" ATOM_TF32 ")",
      make_tiled_mma(MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{}), false, false);
  tiled_mma_rows<true, true>(s_tf32_221, tm_tf32_221(), true, false);
  tiled_mma_rows<true, true>("make_tiled_mma(" ATOM_TF32 ", Layout((2, 2, 1)), (32, 32, 8))",
      make_tiled_mma(MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_8>{}), false, false);

  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM80_16x8x32_S32S8S8S32_TN), Layout((2, 2, 1)))",
      make_tiled_mma(MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>{}, Layout<Shape<_2,_2,_1>>{}), false, false);

  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM70_8x8x4_F32F16F16F32_TN))",
      make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_TN>{}), false, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM70_8x8x4_F32F16F16F32_TN), Layout((2, 2, 1)))",
      make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}), true, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM70_8x8x4_F32F16F16F32_TN), Layout((2, 2, 1)), (32, 32, 4))",
      make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_4>{}), false, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM70_8x8x4_F32F16F16F32_NT), Layout((2, 2, 1)))",
      make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>{}, Layout<Shape<_2,_2,_1>>{}), false, false);

  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(UniversalFMA('f32')), Layout((16, 16, 1)))",
      make_tiled_mma(MMA_Atom<UniversalFMA<float>>{}, Layout<Shape<_16,_16,_1>>{}), true, true);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(UniversalFMA('f32')), Layout((16, 16, 1), (16, 1, 1)))",
      make_tiled_mma(MMA_Atom<UniversalFMA<float>>{}, Layout<Shape<_16,_16,_1>,Stride<_16,_1,_1>>{}), false, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(UniversalFMA('f32')), Layout((16, 16, 1)), (64, 64, 1))",
      make_tiled_mma(MMA_Atom<UniversalFMA<float>>{}, Layout<Shape<_16,_16,_1>>{}, Tile<_64,_64,_1>{}), false, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(UniversalFMA('f32')), Layout((16, 16, 1)), (Layout((16, 4), (4, 1)), Layout((16, 4), (4, 1)), 1))",
      make_tiled_mma(MMA_Atom<UniversalFMA<float>>{}, Layout<Shape<_16,_16,_1>>{},
                     Tile<Layout<Shape<_16,_4>,Stride<_4,_1>>, Layout<Shape<_16,_4>,Stride<_4,_1>>, _1>{}), false, false);

  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM80_8x8x4_F64F64F64F64_TN))",
      make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>{}), false, false);
  tiled_mma_rows<true, true>("make_tiled_mma(MMA_Atom(SM80_8x8x4_F64F64F64F64_TN), Layout((2, 2, 1)))",
      make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>{}, Layout<Shape<_2,_2,_1>>{}), true, false);

  tiled_mma_rows<false, false>(s_gmma_ss, tm_gmma_ss(), true, false);
  tiled_mma_rows<false, false>("make_tiled_mma(" ATOM_GMMA_SS ", Layout((2, 1, 1)))",
      make_tiled_mma(MMA_Atom<GmmaSS>{}, Layout<Shape<_2,_1,_1>>{}), true, false);
  tiled_mma_rows<true, false>("make_tiled_mma(" ATOM_GMMA_RS ")",
      make_tiled_mma(MMA_Atom<GmmaRS>{}), true, false);
  tiled_mma_rows<true, false>("make_tiled_mma(" ATOM_GMMA_RS ", Layout((2, 1, 1)))",
      make_tiled_mma(MMA_Atom<GmmaRS>{}, Layout<Shape<_2,_1,_1>>{}), true, false);
}

// ---------------------------------------------------------------------------------------------
// TiledCopy
// ---------------------------------------------------------------------------------------------

static int const kCopyThreads[] = {0, 7, 31, 127};

template <class TC>
void tiled_copy_basic(std::string const& tc, TC const& copy) {
  row("tiled_copy", "get_layoutS_TV(" + tc + ")",  copy.get_layoutS_TV());
  row("tiled_copy", "get_layoutD_TV(" + tc + ")",  copy.get_layoutD_TV());
  row("tiled_copy", "tiled_layout_TV(" + tc + ")", typename TC::TiledLayout_TV{});
  row("tiled_copy", "tiler_mn(" + tc + ")",        typename TC::Tiler_MN{});
  row("tiled_copy", "tile_size(" + tc + ")",       tile_size(copy));
  row("tiled_copy", "size(" + tc + ")",            size(copy));
}

template <class TC, class L>
void tiled_copy_partitions(std::string const& tc, TC const& copy, std::string const& sl, L const& l) {
  for (int t : kCopyThreads) {
    if (t >= int(size(copy))) continue;
    auto thr = copy.get_slice(t);
    std::string s = "get_slice(" + tc + ", " + std::to_string(t) + ")";
    auto ps = thr.partition_S(tensor_of(l));
    auto pd = thr.partition_D(tensor_of(l));
    row("tiled_copy", "partition_S(" + s + ", " + sl + ")", ps.layout());
    row("tiled_copy", "offset(partition_S(" + s + ", " + sl + "))", offset_of<half_t>(ps));
    row("tiled_copy", "partition_D(" + s + ", " + sl + ")", pd.layout());
    row("tiled_copy", "offset(partition_D(" + s + ", " + sl + "))", offset_of<half_t>(pd));
  }
}

// Operand copies for an MMA: retile the MMA's (A|B) partition and fragment.
// Which: 0 = A, 1 = B.
template <int Which, class TC, class TM>
void tiled_copy_ab_rows(std::string const& tc, TC const& copy, std::string const& tm, TM const& mma) {
  tiled_copy_basic(tc, copy);
  tiled_copy_partitions(tc, copy, DynCol::str(128, 32), DynCol::make(128, 32));
  tiled_copy_partitions(tc, copy, DynRow::str(128, 32), DynRow::make(128, 32));
  char const* P  = Which == 0 ? "partition_A" : "partition_B";
  char const* PF = Which == 0 ? "partition_fragment_A" : "partition_fragment_B";
  for (int t : kCopyThreads) {
    if (t >= int(size(copy))) continue;
    auto thr = copy.get_slice(t);
    auto thm = mma.get_slice(t);
    std::string sc = "get_slice(" + tc + ", " + std::to_string(t) + ")";
    std::string sm = "get_slice(" + tm + ", " + std::to_string(t) + ")";
    auto part = [&](auto const& tensor) {
      if constexpr (Which == 0) return thm.partition_A(tensor); else return thm.partition_B(tensor);
    };
    auto frag = [&](auto const& tensor) {
      if constexpr (Which == 0) return thm.partition_fragment_A(tensor); else return thm.partition_fragment_B(tensor);
    };
    row("tiled_copy", "retile_D(" + sc + ", " + P + "(" + sm + ", " + DynCol::str(128, 32) + "))",
        thr.retile_D(part(tensor_of(DynCol::make(128, 32)))).layout());
    row("tiled_copy", "retile_D(" + sc + ", " + PF + "(" + sm + ", " + st_col_str<128, 32>() + "))",
        thr.retile_D(frag(tensor_of(st_col<128, 32>()))).layout());
    row("tiled_copy", "retile_D(" + sc + ", " + PF + "(" + sm + ", " + st_row_str<128, 32>() + "))",
        thr.retile_D(frag(tensor_of(st_row<128, 32>()))).layout());
  }
}

// Accumulator copies (register -> smem in an epilogue): retile_S of the MMA's C fragment.
template <class TC, class TM>
void tiled_copy_c_rows(std::string const& tc, TC const& copy, std::string const& tm, TM const& mma) {
  tiled_copy_basic(tc, copy);
  tiled_copy_partitions(tc, copy, DynCol::str(128, 128), DynCol::make(128, 128));
  tiled_copy_partitions(tc, copy, DynRow::str(128, 128), DynRow::make(128, 128));
  for (int t : kCopyThreads) {
    if (t >= int(size(copy))) continue;
    auto thr = copy.get_slice(t);
    auto thm = mma.get_slice(t);
    std::string sc = "get_slice(" + tc + ", " + std::to_string(t) + ")";
    std::string sm = "get_slice(" + tm + ", " + std::to_string(t) + ")";
    row("tiled_copy", "retile_S(" + sc + ", partition_C(" + sm + ", " + DynCol::str(128, 128) + "))",
        thr.retile_S(thm.partition_C(tensor_of<float>(DynCol::make(128, 128)))).layout());
    row("tiled_copy", "retile_S(" + sc + ", partition_fragment_C(" + sm + ", " + st_col_str<128, 128>() + "))",
        thr.retile_S(thm.partition_fragment_C(tensor_of<float>(st_col<128, 128>()))).layout());
  }
}

#define CA_STR(OP, T) std::string("Copy_Atom(" #OP ", '" T "')")

template <class TC>
void generic_copy(std::string const& tc, TC const& copy, std::string const& s1, decltype(DynCol::make(1,1)) l1,
                  std::string const& s2, decltype(DynRow::make(1,1)) l2) {
  tiled_copy_basic(tc, copy);
  tiled_copy_partitions(tc, copy, s1, l1);
  tiled_copy_partitions(tc, copy, s2, l2);
}

void gen_tiled_copy() {
  printf("# TiledCopy: make_tiled_copy(atom, thr_layout, val_layout)\n");
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u128'), 'f16'), Layout((16, 8), (8, 1)), Layout((1, 8)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}),
      DynCol::str(128, 64), DynCol::make(128, 64), DynRow::str(128, 64), DynRow::make(128, 64));
  generic_copy("make_tiled_copy(Copy_Atom(SM80_CP_ASYNC_CACHEALWAYS('u128'), 'f16'), Layout((16, 8), (8, 1)), Layout((1, 8)))",
      make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}),
      DynCol::str(128, 64), DynCol::make(128, 64), DynRow::str(128, 64), DynRow::make(128, 64));
  generic_copy("make_tiled_copy(Copy_Atom(SM80_CP_ASYNC_CACHEGLOBAL('u128'), 'f16'), Layout((16, 8), (8, 1)), Layout((1, 8)))",
      make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}),
      DynCol::str(128, 64), DynCol::make(128, 64), DynRow::str(128, 64), DynRow::make(128, 64));
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u128'), 'f32'), Layout((32, 4)), Layout((4, 1)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32,_4>>{}, Layout<Shape<_4,_1>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));
  generic_copy("make_tiled_copy(Copy_Atom(SM80_CP_ASYNC_CACHEGLOBAL('u128'), 'f32'), Layout((32, 4)), Layout((4, 1)))",
      make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float>{}, Layout<Shape<_32,_4>>{}, Layout<Shape<_4,_1>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u64'), 'f16'), Layout((8, 16), (16, 1)), Layout((1, 4)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>{}, Layout<Shape<_8,_16>,Stride<_16,_1>>{}, Layout<Shape<_1,_4>>{}),
      DynCol::str(128, 64), DynCol::make(128, 64), DynRow::str(128, 64), DynRow::make(128, 64));
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u32'), 's8'), Layout((32, 8), (8, 1)), Layout((1, 4)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, int8_t>{}, Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u32'), 'f16'), Layout((32, 4)), Layout((4, 2)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, Layout<Shape<_32,_4>>{}, Layout<Shape<_4,_2>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));
  generic_copy("make_tiled_copy(Copy_Atom(SM80_CP_ASYNC_CACHEALWAYS('u32'), 'f32'), Layout((32, 8)), Layout((1, 1)))",
      make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, float>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_1,_1>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));
  generic_copy("make_tiled_copy(Copy_Atom(UniversalCopy('u32'), 'f32'), Layout((32, 4)))",
      make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_4>>{}),
      DynCol::str(128, 32), DynCol::make(128, 32), DynRow::str(128, 32), DynRow::make(128, 32));

  printf("# TiledCopy: make_tiled_copy_A/B/C(atom, tiled_mma)\n");
  // A operand (ldmatrix): with and without a permutation of the TiledMMA.
#define COPY_A(OP, T, TMS, TMF) \
  tiled_copy_ab_rows<0>("make_tiled_copy_A(" + CA_STR(OP, T) + ", " + TMS + ")", \
                        make_tiled_copy_A(Copy_Atom<OP, half_t>{}, TMF()), TMS, TMF())
#define COPY_B(OP, T, TMS, TMF) \
  tiled_copy_ab_rows<1>("make_tiled_copy_B(" + CA_STR(OP, T) + ", " + TMS + ")", \
                        make_tiled_copy_B(Copy_Atom<OP, half_t>{}, TMF()), TMS, TMF())
#define COPY_C(OP, TN, T, TMS, TMF) \
  tiled_copy_c_rows("make_tiled_copy_C(" + CA_STR(OP, TN) + ", " + TMS + ")", \
                    make_tiled_copy_C(Copy_Atom<OP, T>{}, TMF()), TMS, TMF())

  COPY_A(SM75_U32x4_LDSM_N, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U32x2_LDSM_N, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U32x1_LDSM_N, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U16x8_LDSM_T, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U16x4_LDSM_T, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U16x2_LDSM_T, "f16", s_16816_221, tm_16816_221);
  COPY_A(SM75_U32x4_LDSM_N, "f16", s_16816_221_p, tm_16816_221_p);
  COPY_A(SM75_U16x8_LDSM_T, "f16", s_16816_221_p, tm_16816_221_p);
  COPY_A(SM75_U32x4_LDSM_N, "f16", s_16816_221_pl, tm_16816_221_pl);
  COPY_A(SM75_U32x4_LDSM_N, "f16", s_16816, tm_16816);
  tiled_copy_ab_rows<0>("make_tiled_copy_A(" + CA_STR(SM75_U32x4_LDSM_N, "tf32") + ", " + s_tf32_221 + ")",
                        make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, tfloat32_t>{}, tm_tf32_221()), s_tf32_221, tm_tf32_221());

  // B operand: U32x4_LDSM_N / U16x8_LDSM_T need 8 values per thread, so only with N permuted to 32.
  COPY_B(SM75_U32x2_LDSM_N, "f16", s_16816_221, tm_16816_221);
  COPY_B(SM75_U32x1_LDSM_N, "f16", s_16816_221, tm_16816_221);
  COPY_B(SM75_U16x4_LDSM_T, "f16", s_16816_221, tm_16816_221);
  COPY_B(SM75_U16x2_LDSM_T, "f16", s_16816_221, tm_16816_221);
  COPY_B(SM75_U32x4_LDSM_N, "f16", s_16816_221_p, tm_16816_221_p);
  COPY_B(SM75_U32x2_LDSM_N, "f16", s_16816_221_p, tm_16816_221_p);
  COPY_B(SM75_U16x8_LDSM_T, "f16", s_16816_221_p, tm_16816_221_p);
  COPY_B(SM75_U32x4_LDSM_N, "f16", s_16816_221_pn, tm_16816_221_pn);

  // C operand (stmatrix / plain stores in an epilogue).
  COPY_C(SM90_U32x2_STSM_N, "f16", half_t, s_16816_221, tm_16816_221);
  COPY_C(SM90_U32x1_STSM_N, "f16", half_t, s_16816_221, tm_16816_221);
  COPY_C(SM90_U16x4_STSM_T, "f16", half_t, s_16816_221, tm_16816_221);
  COPY_C(SM90_U32x4_STSM_N, "f16", half_t, s_16816_221_p, tm_16816_221_p);
  COPY_C(SM90_U16x8_STSM_T, "f16", half_t, s_16816_221_p, tm_16816_221_p);
  tiled_copy_c_rows("make_tiled_copy_C(Copy_Atom(UniversalCopy('u64'), 'f32'), " + s_16816_221 + ")",
                    make_tiled_copy_C(Copy_Atom<UniversalCopy<uint64_t>, float>{}, tm_16816_221()), s_16816_221, tm_16816_221());
  tiled_copy_c_rows("make_tiled_copy_C(Copy_Atom(SM90_U32x4_STSM_N, 'f16'), " + s_gmma_ss + ")",
                    make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, tm_gmma_ss()), s_gmma_ss, tm_gmma_ss());
}

// ---------------------------------------------------------------------------------------------
// Utilities
// ---------------------------------------------------------------------------------------------

void gen_util() {
  printf("# Utilities (all operands static)\n");
  row("util", "tile_to_shape(GMMA_Layout_K_SW128_Atom('f16'), (128, 64))",
      tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{}));
  row("util", "tile_to_shape(GMMA_Layout_K_SW128_Atom('f16'), (128, 64, 3))",
      tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64,_3>{}));
  row("util", "tile_to_shape(GMMA_Layout_K_SW64_Atom('f16'), (128, 64))",
      tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, Shape<_128,_64>{}));
  row("util", "tile_to_shape(GMMA_Layout_K_SW32_Atom('f32'), (64, 32))",
      tile_to_shape(GMMA::Layout_K_SW32_Atom<float>{}, Shape<_64,_32>{}));
  row("util", "tile_to_shape(GMMA_Layout_K_INTER_Atom('s8'), (64, 64))",
      tile_to_shape(GMMA::Layout_K_INTER_Atom<int8_t>{}, Shape<_64,_64>{}));
  row("util", "tile_to_shape(GMMA_Layout_MN_SW128_Atom('f16'), (128, 64))",
      tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128,_64>{}));
  row("util", "tile_to_shape(GMMA_Layout_MN_SW128_Atom('bf16'), (128, 64, 4))",
      tile_to_shape(GMMA::Layout_MN_SW128_Atom<bfloat16_t>{}, Shape<_128,_64,_4>{}));
  row("util", "tile_to_shape(Layout((8, 64), (64, 1)), (128, 64))",
      tile_to_shape(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, Shape<_128,_64>{}));
  row("util", "tile_to_shape(Layout((8, 64), (64, 1)), (128, 128, 3))",
      tile_to_shape(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, Shape<_128,_128,_3>{}));
  row("util", "tile_to_shape(Layout((8, 8)), (32, 32))",
      tile_to_shape(Layout<Shape<_8,_8>>{}, Shape<_32,_32>{}));

  using L_cm = Layout<Shape<_8,_8>,Stride<_1,_8>>;
  using L_rm = Layout<Shape<_8,_8>,Stride<_8,_1>>;
  using L_cm16 = Layout<Shape<_8,_8>,Stride<_1,_16>>;
  using L_blk = Layout<Shape<Shape<_2,_4>,_8>,Stride<Shape<_1,_16>,_2>>;
  using L_tv = Layout<Shape<Shape<_4,_8>,Shape<_2,_2>>,Stride<Shape<_32,_1>,Shape<_16,_8>>>;
  using L_128 = Layout<Shape<_128,_8>,Stride<_1,_128>>;
#define MCV(A, SA, B, SB) \
  row("util", "max_common_vector(" SA ", " SB ")", max_common_vector(A{}, B{})); \
  row("util", "max_common_layout(" SA ", " SB ")", max_common_layout(A{}, B{}));
  MCV(L_cm, "Layout((8, 8), (1, 8))", L_rm, "Layout((8, 8), (8, 1))")
  MCV(L_cm, "Layout((8, 8), (1, 8))", L_cm, "Layout((8, 8), (1, 8))")
  MCV(L_cm, "Layout((8, 8), (1, 8))", L_cm16, "Layout((8, 8), (1, 16))")
  MCV(L_rm, "Layout((8, 8), (8, 1))", L_rm, "Layout((8, 8), (8, 1))")
  MCV(L_blk, "Layout(((2, 4), 8), ((1, 16), 2))", L_cm, "Layout((8, 8), (1, 8))")
  MCV(L_cm, "Layout((8, 8), (1, 8))", L_blk, "Layout(((2, 4), 8), ((1, 16), 2))")
  MCV(L_128, "Layout((128, 8), (1, 128))", L_128, "Layout((128, 8), (1, 128))")
  row("util", "max_common_vector(GMMA_Layout_K_SW128_Atom('f16'), Layout((8, 64), (64, 1)))",
      max_common_vector(GMMA::Layout_K_SW128_Atom<half_t>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}));
  row("util", "max_common_layout(GMMA_Layout_K_SW128_Atom('f16'), Layout((8, 64), (64, 1)))",
      max_common_layout(GMMA::Layout_K_SW128_Atom<half_t>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}));
  row("util", "max_common_vector(Layout((8, 64), (64, 1)), GMMA_Layout_K_SW128_Atom('f16'))",
      max_common_vector(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, GMMA::Layout_K_SW128_Atom<half_t>{}));
  row("util", "max_common_vector(GMMA_Layout_MN_SW128_Atom('f16'), Layout((64, 8)))",
      max_common_vector(GMMA::Layout_MN_SW128_Atom<half_t>{}, Layout<Shape<_64,_8>>{}));

  // upcast / downcast / recast_layout
  using L_k64 = Layout<Shape<_8,_64>,Stride<_64,_1>>;
  using L_ldsm_src = Layout<Shape<Shape<_8,_4>,_128>,Stride<Shape<_128,_0>,_1>>;        // SM75_U32x1_LDSM_N SrcLayout (bits)
  using L_ldsm_dst = Layout<Shape<_32,Shape<_32,_4>>,Stride<_32,Shape<_1,_1024>>>;      // SM75_U32x4_LDSM_N DstLayout (bits)
  using L_ldsmt_dst = Layout<Shape<Shape<_4,_8>,Shape<_16,_2>>,Stride<Shape<_256,_16>,Shape<_1,_128>>>; // SM75_U16x2_LDSM_T DstLayout (bits)
#define UPDOWN(L, S, N) \
  row("util", "upcast(" S ", " #N ")", upcast<N>(L{})); \
  row("util", "downcast(" S ", " #N ")", downcast<N>(L{}));
  UPDOWN(L_k64, "Layout((8, 64), (64, 1))", 2)
  UPDOWN(L_k64, "Layout((8, 64), (64, 1))", 8)
  UPDOWN(L_cm, "Layout((8, 8), (1, 8))", 2)
  UPDOWN(L_cm, "Layout((8, 8), (1, 8))", 8)
  UPDOWN(L_tv, "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))", 2)
  UPDOWN(L_128, "Layout((128, 8), (1, 128))", 16)
  UPDOWN(L_ldsm_src, "Layout(((8, 4), 128), ((128, 0), 1))", 16)
  UPDOWN(L_ldsm_dst, "Layout((32, (32, 4)), (32, (1, 1024)))", 16)
  UPDOWN(L_ldsmt_dst, "Layout(((4, 8), (16, 2)), ((256, 16), (1, 128)))", 16)
  row("util", "upcast(Layout(((4, 8), (2, 2)), ((32, 1), (16, 8))), 4)", upcast<4>(L_tv{}));
  row("util", "upcast(Layout((8, 8), (1, 8)), 16)", upcast<16>(L_cm{}));
  row("util", "upcast(Layout(((8, 4), 128), ((128, 0), 1)), 32)", upcast<32>(L_ldsm_src{}));

#define RECAST(A, B, L, S) \
  row("util", "recast_layout(" + q<A>() + ", " + q<B>() + ", " S ")", recast_layout<A, B>(L{}));
  RECAST(uint16_t, uint128_t, L_k64, "Layout((8, 64), (64, 1))")
  RECAST(uint128_t, uint16_t, L_cm, "Layout((8, 8), (1, 8))")
  RECAST(half_t, float, L_k64, "Layout((8, 64), (64, 1))")
  RECAST(float, half_t, L_k64, "Layout((8, 64), (64, 1))")
  RECAST(half_t, half_t, L_k64, "Layout((8, 64), (64, 1))")
  RECAST(uint16_t, uint32_t, L_tv, "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))")
  RECAST(uint16_t, uint128_t, L_128, "Layout((128, 8), (1, 128))")
  RECAST(uint1_t, half_t, L_ldsm_src, "Layout(((8, 4), 128), ((128, 0), 1))")
  RECAST(uint1_t, half_t, L_ldsm_dst, "Layout((32, (32, 4)), (32, (1, 1024)))")
  RECAST(uint1_t, int8_t, L_ldsmt_dst, "Layout(((4, 8), (16, 2)), ((256, 16), (1, 128)))")
  RECAST(uint1_t, float, L_ldsm_dst, "Layout((32, (32, 4)), (32, (1, 1024)))")
  RECAST(half_t, uint1_t, L_tv, "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))")
  RECAST(int8_t, uint128_t, L_k64, "Layout((8, 64), (64, 1))")
}

int main() {
  printf("# What CuTe C++ (CUTLASS %d.%d.%d) computes for its atom layer; see README.md.\n",
         CUTLASS_MAJOR, CUTLASS_MINOR, CUTLASS_PATCH);
  printf("kind\texpr\tresult\n");
  gen_mma_atoms();
  gen_smem_atoms();
  gen_copy_atoms();
  gen_tiled_mma();
  gen_tiled_copy();
  gen_util();
  return 0;
}
