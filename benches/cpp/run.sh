#!/usr/bin/env bash
# Compiles and runs benches/cpp/algebra.cpp, CuTe C++'s run-time algebra on
# the inputs of the Rust benchmark benches/benches/algebra.rs, so the two
# can be compared in one run on one machine:
#
#   CUTE_INC=DIR benches/cpp/run.sh
#
# CUTE_INC is a directory holding CuTe's headers and the CUDA headers they
# include, as four subdirectories: cutlass (CUTLASS's include/), cccl,
# cudart and nvcc (the include trees of the nvidia-cuda-cccl,
# nvidia-cuda-runtime and nvidia-cuda-nvcc packages). The ratios in the
# README were measured against nvidia-cutlass 4.2.0.0, compiled by g++ at
# -O3 (CXX and CXXFLAGS override the compiler and its flags).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
inc="${CUTE_INC:?set CUTE_INC to the directory of the CuTe headers, see this script}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# shellcheck disable=SC2086
"${CXX:-g++}" -std=c++17 ${CXXFLAGS:--O3} -I "$inc/nvcc" -I "$inc/cudart" -I "$inc/cccl" \
  -I "$inc/cutlass" "$here/algebra.cpp" -o "$out/algebra"
"$out/algebra"
