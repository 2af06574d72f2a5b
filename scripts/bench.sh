#!/usr/bin/env bash
# Speed of `muster validate` on a synthetic pack of 10,000 scenarios with their maps, in
# RON and as JSON twins, against ajv-cli and check-jsonschema (schema only, JSON) and the
# parse-only floor. Installs hyperfine, ajv-cli and check-jsonschema if they are missing
# (into target/bench-tools). Prints a markdown table; not a test.
#   scripts/bench.sh [N]        (default N = 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
PACK="target/bench-pack-$N"
TOOLS="$PWD/target/bench-tools"
cargo build --release -p muster-cli -p muster-bench
[ -d "$PACK" ] || target/release/muster-bench gen "$PACK" "$N"
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
mkdir -p "$TOOLS"
[ -x "$TOOLS/node_modules/.bin/ajv" ] || npm install --silent --prefix "$TOOLS" ajv-cli@5 ajv-formats@2 >/dev/null
[ -x "$TOOLS/py/bin/check-jsonschema" ] || { python3 -m venv "$TOOLS/py" && "$TOOLS/py/bin/pip" install -q check-jsonschema; }
AJV="$TOOLS/node_modules/.bin/ajv"
ajv_cmd="$AJV validate --spec=draft2020 -c ajv-formats -s schemas/scenario.schema.json -d '$PACK/json/scenarios/*.json' >/dev/null && $AJV validate --spec=draft2020 -c ajv-formats -s schemas/map.schema.json -d '$PACK/json/maps/*.json' >/dev/null"
echo "threads: $(nproc); files: $(find "$PACK/ron" -type f | wc -l) per format; RON $(du -sh "$PACK/ron" | cut -f1), JSON $(du -sh "$PACK/json" | cut -f1)"
hyperfine -i --warmup 1 --runs "${RUNS:-5}" --style basic --export-markdown target/bench.md \
  -n "muster validate (RON, schema + rules)" "target/release/muster validate $PACK/ron --quiet" \
  -n "muster validate (JSON, schema + rules)" "target/release/muster validate $PACK/json --quiet" \
  -n "ajv-cli (JSON, schema only)" "$ajv_cmd" \
  -n "parse floor: muster's RON/JSON reader" "target/release/muster-bench floor $PACK/ron reader" \
  -n "parse floor: ron crate (RON)" "target/release/muster-bench floor $PACK/ron ron" \
  -n "parse floor: serde_json (JSON)" "target/release/muster-bench floor $PACK/json json" \
  -n "single file: muster validate civitate" "target/release/muster validate scenarios/a-la-charge/civitate-1053.scenario.ron --quiet" \
  || true
if [ -z "${SKIP_CHECK_JSONSCHEMA:-}" ]; then
  hyperfine --runs 1 --style basic --export-markdown target/bench-cj.md \
    -n "check-jsonschema (JSON, schema only)" "$TOOLS/py/bin/check-jsonschema --schemafile schemas/scenario.schema.json $PACK/json/scenarios/*.json >/dev/null && $TOOLS/py/bin/check-jsonschema --schemafile schemas/map.schema.json $PACK/json/maps/*.json >/dev/null" || true
  tail -n +3 target/bench-cj.md >> target/bench.md
fi
cat target/bench.md
