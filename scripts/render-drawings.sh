#!/usr/bin/env bash
# Makes the drawings committed in docs/images/ with `cute svg` / `cute svg-tv`,
# then renders each to PNG with headless Chromium, to look at them as a
# reader's browser shows them.
#
#   scripts/render-drawings.sh            # SVGs, and PNGs in $OUT (a temp dir)
#   OUT=some/dir scripts/render-drawings.sh
#   SVG_ONLY=1 scripts/render-drawings.sh # only regenerate the SVGs
#
# Chromium is installed with apt-get when it is missing (Debian's package;
# run as root). The PNGs are not committed: the SVGs are the drawings.
set -euo pipefail
cd "$(dirname "$0")/.."

images=docs/images
mkdir -p "$images"

# name | command | expression | options
drawings=(
  "column-major|svg|Layout((4, 8), (1, 4))|--color grey"
  "swizzle-banks|svg|Layout((8, 32), (F2(36), F2(1)))|--color bank32"
  "mma-c-16x8|svg-tv|Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))|--tile 16,8"
  "tiled-mma-sm80-16x8x16|svg|make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN))|"
  "tiled-copy-ldsm-a|svg|make_tiled_copy_A(Copy_Atom(SM75_U32x4_LDSM_N, 'f16'), make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN)))|"
)

cargo build -q -p cute-cli
cute=target/debug/cute
for d in "${drawings[@]}"; do
  IFS='|' read -r name cmd expr opts <<<"$d"
  # shellcheck disable=SC2086
  "$cute" "$cmd" "$expr" $opts -o "$images/$name.svg" >/dev/null
  echo "made $images/$name.svg"
done
# the bank pictures: ldmatrix x4 over an 8 x 64 fp16 tile, plain and swizzled
tv='Layout(((8, 4), 8), ((1, 64), 8))'
"$cute" banks "$tv" 'Layout((8, 64), (64, 1))' 16 ldmatrix --svg -o "$images/banks-ldmatrix.svg" >/dev/null
"$cute" banks "$tv" 'composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))' 16 ldmatrix --svg \
  -o "$images/banks-ldmatrix-swizzled.svg" >/dev/null
echo "made $images/banks-ldmatrix.svg and $images/banks-ldmatrix-swizzled.svg"

[[ -n "${SVG_ONLY:-}" ]] && exit 0

browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  browser="$(command -v chromium)"
fi

out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
for svg in "$images"/*.svg; do
  name="$(basename "$svg" .svg)"
  # the picture's own size, from the root element
  w="$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg" | head -1)"
  h="$(sed -n 's/.*<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg" | head -1)"
  profile="$(mktemp -d)"
  "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --default-background-color=ffffffff \
    --screenshot="$out/$name.png" --window-size="$w,$h" "file://$PWD/$svg" >/dev/null 2>&1
  rm -rf "$profile"
  echo "rendered $out/$name.png (${w}x${h})"
done
