#!/usr/bin/env bash
# Coverage-guided fuzzing (issue 15 item 7): cargo-fuzz targets in fuzz/, on the stable
# toolchain (`-s none`: no sanitizer, so no nightly), seeded from tests/cases.
#   scripts/fuzz.sh [RUNS] [TARGET...]   (default: 10000000 runs of every target)
# Needs `cargo install cargo-fuzz`. Each target prints libFuzzer's stats; a crash leaves its
# input in fuzz/artifacts/TARGET/ (turn it into a case in tests/cases); libFuzzer's whole
# log, with its progress lines, is kept in fuzz/logs/TARGET.log.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-10000000}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(reader hex_ids zones canonical pipeline tiled)
# Seeds: every RON file of the corpus and the bundled pack; the pipeline gets each scenario
# joined to its map by a NUL byte, as it splits its input.
for t in reader canonical zones hex_ids pipeline tiled; do mkdir -p "fuzz/corpus/$t"; done
# The Tiled import: Tiled's hexagonal examples, where Debian's tiled package is installed
# (they are not copied into the repository: their licence).
for f in /usr/share/doc/tiled/examples/hexagonal-mini.tmx /usr/share/doc/tiled/examples/test_hexagonal_tile_60x60x30.tmx; do
  if [ -f "$f" ]; then cp "$f" fuzz/corpus/tiled/; fi
done
find tests/cases scenarios maps -name '*.ron' | while read -r f; do
  n=$(echo "$f" | tr '/' '_')
  cp "$f" "fuzz/corpus/reader/$n"
  case "$f" in *.scenario.ron) cp "$f" "fuzz/corpus/canonical/$n" ;; esac
done
for s in tests/cases/*/x.scenario.ron; do
  m="$(dirname "$s")/x.map.ron"
  [ -f "$m" ] || continue
  { cat "$s"; printf '\0'; cat "$m"; } > "fuzz/corpus/pipeline/$(basename "$(dirname "$s")")"
done
printf 'Hexes(["0101", "2015"])' > fuzz/corpus/zones/hexes
printf 'All([OnOrBeyond(side: South, row: "09xx"), Within(hex: "0505", distance: 3)])' > fuzz/corpus/zones/all
printf 'Edge(side: East, from: "2001", to: "2015")' > fuzz/corpus/zones/edge
printf '\x00\x0a\x00\x0a\x000504' > fuzz/corpus/hex_ids/seed
for t in "${TARGETS[@]}"; do
  echo "== $t: $RUNS runs"
  mkdir -p fuzz/logs
  cargo fuzz run -s none "$t" -- -runs="$RUNS" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 2>&1 \
    | tee "fuzz/logs/$t.log" | grep -E "^(stat::|Done|==|SUMMARY|.*ERROR|.*panicked)" || true
done
