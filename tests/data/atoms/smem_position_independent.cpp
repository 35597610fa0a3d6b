// What CuTe C++ gives for the GMMA shared-memory layout atoms in elements: the
// position-independent form of GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>
// (as_position_independent_swizzle_layout: the swizzle recast from byte addresses to
// elements of T, offset _0), one TSV row per atom: kind, expr, result (cute::print).
// Read by cute-dynamic/tests/atoms_cpp.rs beside cute_cpp_atoms.tsv, whose smem_atom rows
// print the same atoms with the swizzle on bytes (smem_ptr[Nb](unset)).
// Run: run.sh smem_position_independent.cpp > smem_position_independent.tsv (run.sh: see README.md)
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
#include <string>
using namespace cute;

template <class T> char const* tname();
template <> char const* tname<half_t>()     { return "f16"; }
template <> char const* tname<bfloat16_t>() { return "bf16"; }
template <> char const* tname<float>()      { return "f32"; }
template <> char const* tname<tfloat32_t>() { return "tf32"; }
template <> char const* tname<int8_t>()     { return "s8"; }
template <> char const* tname<double>()     { return "f64"; }
template <> char const* tname<uint128_t>()  { return "u128"; }

template <class A>
void row(std::string const& name, char const* t) {
  printf("smem_atom_elements\t%s('%s')\t", name.c_str(), t);
  print(as_position_independent_swizzle_layout(A{}));
  printf("\n");
}

template <class T>
void rows() {
  char const* t = tname<T>();
  row<GMMA::Layout_K_INTER_Atom<T>>("GMMA_Layout_K_INTER_Atom", t);
  row<GMMA::Layout_K_SW32_Atom<T>>("GMMA_Layout_K_SW32_Atom", t);
  row<GMMA::Layout_K_SW64_Atom<T>>("GMMA_Layout_K_SW64_Atom", t);
  row<GMMA::Layout_K_SW128_Atom<T>>("GMMA_Layout_K_SW128_Atom", t);
  row<GMMA::Layout_MN_INTER_Atom<T>>("GMMA_Layout_MN_INTER_Atom", t);
  row<GMMA::Layout_MN_SW32_Atom<T>>("GMMA_Layout_MN_SW32_Atom", t);
  row<GMMA::Layout_MN_SW64_Atom<T>>("GMMA_Layout_MN_SW64_Atom", t);
  row<GMMA::Layout_MN_SW128_Atom<T>>("GMMA_Layout_MN_SW128_Atom", t);
}

int main() {
  printf("# GMMA shared-memory layout atoms in elements of T: as_position_independent_swizzle_layout(\n");
  printf("# GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>), printed by CuTe C++ (cute::print).\n");
  printf("# Made by smem_position_independent.cpp (see README.md).\n");
  rows<half_t>();
  rows<bfloat16_t>();
  rows<float>();
  rows<tfloat32_t>();
  rows<int8_t>();
  rows<double>();
  rows<uint128_t>();
  return 0;
}
