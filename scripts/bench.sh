#!/usr/bin/env bash
# Issue 17's speed ratios, each measured side by side in one run (hyperfine), and printed as
# the table docs/bench-results.md keeps. Not a test: nothing here fails on a slow machine.
#
#   scripts/bench.sh [N]        (default N = 10000 scenarios, with N/10 maps)
#
# What it compares (whole-process wall times, medians):
#   - `muster validate` on the JSON pack against ajv-cli 5 (schema only, the same files);
#   - `muster validate` on the RON pack against Muster's parse-only floor;
#   - peak memory of `muster validate` (JSON pack) against ajv-cli's;
#   - `muster render` of a 200x150 and a 60x40 map at 32 px a hex against Tiled's
#     `tmxrasterizer` on the same map exported by `muster export tiled`;
#   - with EDITOR_BENCH=1, the editor's canvas benchmark (slow to build: iced).
# Installs hyperfine, ajv-cli (into target/bench-tools) and Debian's tiled when missing.
# With CHECK_JSONSCHEMA=1, also times check-jsonschema on the JSON pack (it takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
RUNS="${RUNS:-5}"
PACK="target/bench-pack-$N"
TOOLS="$PWD/target/bench-tools"
OUT="target/bench"
mkdir -p "$OUT" "$TOOLS"
cargo build --release -p muster-cli -p muster-bench
T="${CARGO_TARGET_DIR:-target}"
M="$T/release/muster"
B="$T/release/muster-bench"
[ -d "$PACK" ] || $B gen "$PACK" "$N"
have() { command -v "$1" >/dev/null; }
apt_install() { (apt-get update -qq && apt-get install -y -qq "$@") >/dev/null 2>&1 || sudo apt-get install -y -qq "$@" >/dev/null 2>&1 || true; }
have hyperfine || apt_install hyperfine
have tmxrasterizer || apt_install tiled
have /usr/bin/time || apt_install time
[ -x "$TOOLS/node_modules/.bin/ajv" ] || npm install --silent --prefix "$TOOLS" ajv-cli@5 ajv-formats@2 >/dev/null
AJV="$TOOLS/node_modules/.bin/ajv"
ajv_cmd="$AJV validate --spec=draft2020 -c ajv-formats -s schemas/scenario.schema.json -d '$PACK/json/scenarios/*.json' >/dev/null && $AJV validate --spec=draft2020 -c ajv-formats -s schemas/map.schema.json -d '$PACK/json/maps/*.json' >/dev/null"
# Pixels a hex: `muster render` refuses a picture over 16 Mpx (hostile-input bounds), which
# the 200x150 map passes at 28 px a hex (3.7k x 3.7k) and not at 32; each peer is drawn at
# the same size.
px() { [ "$1" = 200 ] && echo 28 || echo 32; }
for size in "200 150" "60 40"; do
  set -- $size
  f="$OUT/big$1.map.ron"
  [ -f "$f" ] || $B bigmap "$1" "$2" "$f" >/dev/null
  $M export tiled "$f" -o "$OUT/big$1.tmx" --px-per-hex "$(px "$1")" --no-numbers >/dev/null
done
echo "machine: $(nproc) threads, load $(cut -d' ' -f1-3 /proc/loadavg); pack: $(find "$PACK/ron" -type f | wc -l) files per format, RON $(du -sh "$PACK/ron" | cut -f1), JSON $(du -sh "$PACK/json" | cut -f1)"
hf() { # NAME-OF-EXPORT then hyperfine arguments
  local name="$1"; shift
  hyperfine -i --warmup 1 --runs "$RUNS" --style basic --export-json "$OUT/$name.json" "$@" >/dev/null
}
hf validate \
  -n "muster validate (JSON)" "$M validate $PACK/json --quiet" \
  -n "ajv-cli (JSON, schema only)" "$ajv_cmd" \
  -n "muster validate (RON)" "$M validate $PACK/ron --quiet" \
  -n "parse floor (RON, muster's reader)" "$B floor $PACK/ron reader"
render_args=()
for s in 200 60; do
  render_args+=(-n "muster render ${s} (numbers)" "$M render $OUT/big$s.map.ron -o $OUT/m$s.png --px-per-hex $(px "$s")")
  render_args+=(-n "muster render ${s} (no numbers)" "$M render $OUT/big$s.map.ron -o $OUT/m$s-nn.png --px-per-hex $(px "$s") --no-numbers")
  if have tmxrasterizer; then
    render_args+=(-n "tmxrasterizer ${s}" "env QT_QPA_PLATFORM=offscreen tmxrasterizer $OUT/big$s.tmx $OUT/t$s.png")
  fi
done
hf render "${render_args[@]}"
# A render that failed would be timed as a fast one: make sure each wrote its picture.
for s in 200 60; do [ -s "$OUT/m$s.png" ] && [ -s "$OUT/m$s-nn.png" ] || { echo "muster render $s failed" >&2; exit 1; }; done
peak() { /usr/bin/time -f "%M" bash -c "$1" 2>&1 >/dev/null | tail -1; }
mem_muster=$(peak "$M validate $PACK/json --quiet")
mem_ajv=$(peak "$ajv_cmd")
python3 - "$OUT" "$mem_muster" "$mem_ajv" <<'PY'
import json, sys
out, mem_m, mem_a = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t = {}
for f in ("validate", "render"):
    for r in json.load(open(f"{out}/{f}.json"))["results"]:
        t[r["command"]] = r["median"]
def ratio(a, b):
    return t[a] / t[b] if a in t and b in t else None
rows = [
    ("`muster validate` JSON pack vs ajv-cli (schema only)", "muster validate (JSON)", "ajv-cli (JSON, schema only)", 0.6),
    ("`muster validate` RON pack vs the parse-only floor", "muster validate (RON)", "parse floor (RON, muster's reader)", 1.5),
    ("`muster render` 200×150 vs tmxrasterizer (hex numbers drawn)", "muster render 200 (numbers)", "tmxrasterizer 200", 0.5),
    ("`muster render` 200×150 vs tmxrasterizer (no numbers, as the TMX)", "muster render 200 (no numbers)", "tmxrasterizer 200", 0.5),
    ("`muster render` 60×40 vs tmxrasterizer (hex numbers drawn)", "muster render 60 (numbers)", "tmxrasterizer 60", 0.4),
    ("`muster render` 60×40 vs tmxrasterizer (no numbers, as the TMX)", "muster render 60 (no numbers)", "tmxrasterizer 60", 0.4),
]
print("| what | Muster | peer | ratio | goal |")
print("|---|---|---|---|---|")
for what, a, b, goal in rows:
    r = ratio(a, b)
    if r is None:
        print(f"| {what} | – | – | not measured | ≤ {goal}× |")
        continue
    mark = "met" if r <= goal else "not met"
    print(f"| {what} | {t[a]:.3f} s | {t[b]:.3f} s | {r:.2f}× | ≤ {goal}× ({mark}) |")
r = mem_m / mem_a
print(f"| peak memory, `muster validate` JSON pack vs ajv-cli | {mem_m/1024:.0f} MiB | {mem_a/1024:.0f} MiB | {r:.2f}× | ≤ 1.5× ({'met' if r <= 1.5 else 'not met'}) |")
print()
print("Medians of", ", ".join(f"`{k}` {v:.3f} s" for k, v in t.items()))
PY
if [ -n "${EDITOR_BENCH:-}" ]; then
  cargo bench -p muster-editor --bench canvas 2>&1 | grep -E "^(canvas|window|frame)|median" || true
fi
if [ -n "${CHECK_JSONSCHEMA:-}" ]; then
  [ -x "$TOOLS/py/bin/check-jsonschema" ] || { python3 -m venv "$TOOLS/py" && "$TOOLS/py/bin/pip" install -q check-jsonschema; }
  hyperfine --runs 1 --style basic \
    -n "check-jsonschema (JSON, schema only)" "$TOOLS/py/bin/check-jsonschema --schemafile schemas/scenario.schema.json $PACK/json/scenarios/*.json >/dev/null && $TOOLS/py/bin/check-jsonschema --schemafile schemas/map.schema.json $PACK/json/maps/*.json >/dev/null" || true
fi
