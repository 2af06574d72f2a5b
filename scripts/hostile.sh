#!/usr/bin/env bash
# Time and peak memory of Muster on hostile input (issues 15 and 27). Every case must end
# in under 1 s and 300 MB with the exit status it wants and, where it refuses, a coded
# message; the script exits 1 if any case fails. One line a case:
#   NAME | exit N (want E) | T s | M kB | the first code or error printed
#   scripts/hostile.sh [DIR] [AREA...]   (inputs are generated into DIR, default
#                                         /tmp/muster-hostile, outside this repository's
#                                         own pack; AREA: base, boundary, zones, images,
#                                         output, lsp; default all)
set -uo pipefail
cd "$(dirname "$0")/.."
DIR="$(mkdir -p "${1:-/tmp/muster-hostile}" && cd "${1:-/tmp/muster-hostile}" && pwd)"
shift || true
AREAS=("$@")
[ ${#AREAS[@]} -gt 0 ] || AREAS=(base boundary zones images output lsp)
cargo build --release -q -p muster-cli || exit 2
M="${CARGO_TARGET_DIR:-$PWD/target}/release/muster"
HOSTILE_FAILED=0
# shellcheck source=hostile.d/lib.sh
source scripts/hostile.d/lib.sh

base() {
  # Issue 15: a 16 MB map with 400,000 off-map entries (MU023), the same entries on a 99x99
  # map (each of its 8,100 hexes listed many times: MU026), a scenario using the first, and
  # a 4 MB document nesting 2,000,000 deep (MU001). Every one is an error: exit 1.
  mkdir -p "$DIR/base"
  python3 - "$DIR/base" <<'PY'
import sys, os
d = sys.argv[1]
head = '''(
    title: "Hostile",
    ruleset: "a-la-charge",
    provenance: Original,
    grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: %d, rows: %d, north: Top),
    default_terrain: "clear",
    hexes: [
'''
for name, size in (("big.map.ron", 6), ("onmap.map.ron", 99)):
    with open(os.path.join(d, name), "w") as f:
        f.write(head % (size, size))
        for i in range(400000):
            f.write('        (hex: "%02d%02d", terrain: "clear"),\n' % (10 + i % 90, 10 + (i // 90) % 90))
        f.write("    ],\n)\n")
with open(os.path.join(d, "deep.scenario.ron"), "w") as f:
    f.write("[" * 2_000_000 + "]" * 2_000_000 + "\n")
PY
  sed 's#"missing.map.ron"#"big.map.ron"#' tests/cases/invalid-mu010-missing-map/x.scenario.ron >"$DIR/base/s.scenario.ron"
  for f in big.map.ron onmap.map.ron s.scenario.ron deep.scenario.ron; do
    for fmt in human json sarif github; do
      run_case "issue15-$f-$fmt" 1 "$M" validate "$DIR/base/$f" --format "$fmt" --color never
    done
  done
}

for area in "${AREAS[@]}"; do
  echo "## $area"
  if [ "$area" = base ]; then
    base
  else
    # shellcheck disable=SC1090
    source "scripts/hostile.d/$area.sh"
  fi
done
[ "$HOSTILE_FAILED" = 0 ] || { echo "some hostile cases FAILED"; exit 1; }
echo "every hostile case held"
