# What muster prints, and the commands that could amplify their input (issue 27; security
# review F2, F12, F14, F16 and code review 5, 7). Sourced by scripts/hostile.sh with M
# (the release muster binary) and DIR (a scratch folder) set; see lib.sh for run_case.
output_dir="$DIR/output"
rm -rf "$output_dir"
mkdir -p "$output_dir"

# Checks that no line printed by `muster ARGS...` begins with `::` unless it is one of
# muster's own annotations (github format: `::error file=` naming no forged file).
# Prints `NAME | no forged line` or the lines and FAILED.
no_forged_lines() {
  local name="$1"; shift
  local out bad
  out="$(mktemp)"
  ( ulimit -v 3000000; timeout 10 "$@" >"$out" 2>&1 < /dev/null ) || true
  # Every line break a log viewer may honour: LF, CR, NEL, U+2028, U+2029.
  bad="$(perl -CSD -ne 'for (split /[\r\x{85}\x{2028}\x{2029}]/) { print "$_\n" if /^\s*::/ && !/^::(error|warning|notice) file=(?!README)/ }' "$out")"
  if [ -n "$bad" ]; then
    printf '%s | forged lines: %s FAILED\n' "$name" "$(printf '%s' "$bad" | head -c 200 | tr '\n' ' ')"
    HOSTILE_FAILED=1
  else
    printf '%s | no forged line\n' "$name"
  fi
  rm -f "$out"
}

python3 - "$output_dir" <<'PY'
import os, sys
d = sys.argv[1]
src = "tests/cases/valid-minimal"
scenario = open(os.path.join(src, "x.scenario.ron")).read()
small_map = open(os.path.join(src, "x.map.ron")).read()

def pack(name, scenario_text, size=6, file_name="x.scenario.ron"):
    p = os.path.join(d, name)
    os.makedirs(p, exist_ok=True)
    open(os.path.join(p, "muster.pack.ron"), "w").write('(name: "hostile")\n')
    open(os.path.join(p, "x.map.ron"), "w").write(
        small_map.replace("columns: 6, rows: 6", "columns: %d, rows: %d" % (size, size)))
    open(os.path.join(p, file_name), "w").write(scenario_text)

# F2: workflow commands through a reference, escaped in RON.
evil = (r'x\u{1b}]0;title\u{7}\u{1b}[2J\n::error file=README.md,line=1::pwned%0A::add-mask::x\r\n'
        r'::stop-commands::tok\u{85}\u{2028}\u{202e}.map.ron')
pack("ref", scenario.replace('map: "x.map.ron"', 'map: "%s"' % evil))
# F2: through a file name (git allows newlines in names); the scenario has an error.
pack("name", scenario.replace('map: "x.map.ron"', 'map: "missing.map.ron"'),
     file_name="a\n::error file=README.md,line=1::pwned-by-filename\n.scenario.ron")
# F16: a 100 KB reference.
pack("long", scenario.replace('map: "x.map.ron"', 'map: "%s.map.ron"' % ("a" * 100000)))
# F12: one overlays list naming the map 10,000 times.
pack("overlays", scenario.replace("    turns: 5,",
     "    overlays: [%s],\n    turns: 5," % ('(file: "x.map.ron", at: {}),' * 10000)))
# Code review 7: eight `10000x` hidden lines over a 99-hex row, and the same pack with one
# line moved.
line = '(units: ["10000x Red Foot"], at: Row("xx06"), hidden: true),\n'
big = scenario.replace('(units: ["Red Foot"], at: Hexes(["0204"])),',
                       '(units: ["Red Foot"], at: Hexes(["0204"])),\n' + line * 8)
pack("big", big, size=99)
pack("big2", big.replace('Hexes(["0202", "0203"])', 'Hexes(["0302", "0303"])'), size=99)
PY

run_case output-ref-human 1 "$M" validate "$output_dir/ref" --color never
no_forged_lines output-ref-human-lines "$M" validate "$output_dir/ref" --color never
run_case output-ref-github 1 "$M" validate "$output_dir/ref" --format github
no_forged_lines output-ref-github-lines "$M" validate "$output_dir/ref" --format github
run_case output-name-human 1 "$M" validate "$output_dir/name" --color never
no_forged_lines output-name-human-lines "$M" validate "$output_dir/name" --color never
run_case output-name-github 1 "$M" validate "$output_dir/name" --format github
no_forged_lines output-name-github-lines "$M" validate "$output_dir/name" --format github
for f in json sarif junit; do
  no_forged_lines "output-name-$f-lines" "$M" validate "$output_dir/name" "$output_dir/ref" --format "$f"
done
run_case output-long-reference 1 "$M" validate "$output_dir/long" --color never
long_bytes="$("$M" validate "$output_dir/long" --color never 2>&1 | wc -c)"
if [ "$long_bytes" -lt 20000 ]; then
  printf 'output-long-reference-bytes | %s bytes\n' "$long_bytes"
else
  printf 'output-long-reference-bytes | %s bytes FAILED\n' "$long_bytes"; HOSTILE_FAILED=1
fi

# F14 and code review 5: merge.
m="$output_dir/merge"
mkdir -p "$m"
for i in 1 2 3; do
  "$M" validate tests/cases --format json --shard "$i/3" > "$m/j$i.json" || true
  "$M" validate tests/cases --format junit --shard "$i/3" > "$m/u$i.xml" || true
  "$M" validate scenarios --format json --shard "$i/3" > "$m/k$i.json" || true
done
run_case merge-whole 1 "$M" merge "$m/j1.json" "$m/j2.json" "$m/j3.json"
run_case merge-duplicated-shard 2 "$M" merge "$m/j1.json" "$m/j1.json" "$m/j2.json" "$m/j3.json"
run_case merge-duplicated-junit 2 "$M" merge "$m/u1.xml" "$m/u1.xml" "$m/u2.xml" "$m/u3.xml"
run_case merge-missing-shard 2 "$M" merge "$m/j1.json" "$m/j2.json"
run_case merge-foreign-pack 2 "$M" merge "$m/j1.json" "$m/k2.json" "$m/j3.json"
zero='"summary": {"files": 1, "errors": 0, "warnings": 0, "notes": 0, "suppressed": 0}'
printf '{"version": 1, "shard": "1/2", "pack": "p", %s, "suppressed": [], "diagnostics": []}' "$zero" > "$m/o1.json"
printf '{"version": 1, "shard": "2/2", "pack": "p", %s, "suppressed": [], "diagnostics": []}' \
  "$(printf '%s' "$zero" | sed 's/"files": 1/"files": 18446744073709551615/')" > "$m/o2.json"
run_case merge-u64-overflow 2 "$M" merge "$m/o1.json" "$m/o2.json"
printf '{"version": 1, "shard": "2/2", "pack": "p", %s, "suppressed": [], "diagnostics": [{"file": "a", "severity": "error", "code": "MU010", "message": "x"}]}' "$zero" > "$m/o3.json"
run_case merge-summary-contradicts 2 "$M" merge "$m/o1.json" "$m/o3.json"
printf '{"runs":[{"results":[],"properties":5}]}' > "$m/p1.sarif"
run_case merge-sarif-properties-number 2 "$M" merge "$m/p1.sarif"
printf '{"runs":[{"results":[],"invocations":7,"properties":{"shard":"1/1","pack":"p"}}]}' > "$m/p2.sarif"
run_case merge-sarif-invocations-number 2 "$M" merge "$m/p2.sarif"
rm -f "$m/fifo.json"; mkfifo "$m/fifo.json"
run_case merge-fifo 2 "$M" merge "$m/fifo.json"
run_case merge-dev-zero 2 "$M" merge /dev/zero

# F12: capped like validate (at most 200 findings a file, then "and N more").
run_case inspect-10000-overlays 2 "$M" inspect "$output_dir/overlays/x.scenario.ron"
run_case export-vassal-10000-overlays 2 "$M" export vassal "$output_dir/overlays/x.scenario.ron" \
  -o "$output_dir/overlays/v.vmod" --force
shown="$("$M" inspect "$output_dir/overlays/x.scenario.ron" 2>&1 | grep -c 'error\[' || true)"
if [ "$shown" -le 200 ]; then
  printf 'inspect-10000-overlays-shown | %s findings shown\n' "$shown"
else
  printf 'inspect-10000-overlays-shown | %s findings shown FAILED\n' "$shown"; HOSTILE_FAILED=1
fi

# Code review 7: counters counted, not expanded.
run_case inspect-80000-counters 0 "$M" inspect "$output_dir/big/x.scenario.ron"
run_case diff-80000-counters 0 "$M" diff "$output_dir/big" "$output_dir/big2"
