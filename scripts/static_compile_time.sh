#!/usr/bin/env bash
# The compile-time cost of cute-static: the CPU seconds (user + system) of
# rebuilding the example compile_time_gemm (twenty static operations of a
# tiled GEMM, each printed and evaluated) above rebuilding the empty example
# compile_time_empty, its dependencies built, without incremental
# compilation; the best of N runs of each (default 7), in debug and release.
#
#   scripts/static_compile_time.sh            # both profiles
#   N=3 scripts/static_compile_time.sh debug  # one profile, 3 runs
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
n="${N:-7}"
profiles=("$@")
[ ${#profiles[@]} -eq 0 ] && profiles=(debug release)

best() { # best <cargo flags...> <example>: the least CPU seconds of n rebuilds
  local ex="${*: -1}" b=""
  for _ in $(seq "$n"); do
    touch "cute-static/examples/$ex.rs"
    local t
    t=$( { /usr/bin/time -f "%U %S" cargo build -q -p cute-static "${@:1:$#-1}" --example "$ex" >/dev/null; } 2>&1 | tail -1 | awk '{print $1 + $2}')
    if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b="$t"; fi
  done
  echo "$b"
}

for p in "${profiles[@]}"; do
  flags=()
  [ "$p" = release ] && flags=(--release)
  cargo build -q -p cute-static "${flags[@]}" --example compile_time_gemm --example compile_time_empty
  g=$(best "${flags[@]}" compile_time_gemm)
  e=$(best "${flags[@]}" compile_time_empty)
  awk -v p="$p" -v g="$g" -v e="$e" -v n="$n" \
    'BEGIN { printf "%s: %.2f s above the empty example (%.2f - %.2f, best of %d)\n", p, g - e, g, e, n }'
done
