#!/usr/bin/env bash
# Peak memory and time of `muster validate` on hostile input (issue 15): a 16 MB map with
# 400,000 off-map entries, the same map with every entry on the map, a scenario using the
# hostile map, and a 4 MB line nesting 2,000,000 deep. Prints one line per run; not a test.
#   scripts/hostile.sh [DIR]     (cases are generated into DIR, default target/hostile)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="${1:-target/hostile}"
cargo build --release -q -p muster-cli
M="${CARGO_TARGET_DIR:-$PWD/target}/release/muster"
mkdir -p "$DIR"
python3 - "$DIR" <<'PY'
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
sed 's#"missing.map.ron"#"big.map.ron"#' tests/cases/invalid-mu010-missing-map/x.scenario.ron > "$DIR/s.scenario.ron"
cd "$DIR"
for f in big.map.ron onmap.map.ron s.scenario.ron deep.scenario.ron; do
  for fmt in human json sarif github; do
    status=0
    /usr/bin/time -q -f "%e s %M kB" -o time.txt "$M" validate "$f" --format "$fmt" --color never > out.txt || status=$?
    echo "$f --format $fmt: exit $status, $(stat -c %s out.txt) bytes out, $(cat time.txt)"
  done
done
