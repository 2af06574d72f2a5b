#!/usr/bin/env bash
# Saving survives kill -9 (issue 15 item 8). Kills `muster fmt` and the editor's save
# (Document::save, through crates/muster-editor/examples/save_loop.rs) at random moments,
# TRIALS times each (default 100), and checks that every file is then exactly its old or
# its new text, never a mix, a prefix or empty. Prints the counts; exit 1 on any torn file.
#   scripts/kill9.sh [TRIALS] [DIR]     (work files go to DIR, default target/kill9)
set -euo pipefail
cd "$(dirname "$0")/.."
TRIALS="${1:-100}"
DIR="${2:-target/kill9}"
cargo build --release -q -p muster-cli
cargo build --release -q -p muster-editor --example save_loop
TARGET="${CARGO_TARGET_DIR:-$PWD/target}"
rm -rf "$DIR" && mkdir -p "$DIR/fmt" "$DIR/pack/scenarios/a-la-charge" "$DIR/pack/maps" "$DIR/states"
cp scenarios/a-la-charge/st-albans-1.scenario.ron "$DIR/pack/scenarios/a-la-charge/"
cp maps/saint-albans.map.ron "$DIR/pack/maps/"
echo '(name: "kill9")' > "$DIR/pack/muster.pack.ron"
python3 - "$TRIALS" "$DIR" "$TARGET/release" <<'PY'
import os, random, subprocess, sys, time
trials, d, bin_dir = int(sys.argv[1]), sys.argv[2], sys.argv[3]
muster, save_loop = os.path.join(bin_dir, "muster"), os.path.join(bin_dir, "examples", "save_loop")
rng = random.Random(15)

# 1. `muster fmt` on a 1.4 MB map written compactly, with comments: old = as written,
#    new = canonical. Each trial restores the old text, starts fmt and kills it.
old = ["// A big map for the kill -9 test.\n(title: \"Big\", ruleset: \"a-la-charge\", provenance: Original,",
       " grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 300, rows: 300, north: Top),",
       " default_terrain: \"clear\", hexes: ["]
for i in range(30000):
    old.append('(hex: "%03d%03d", terrain: "woods"), // hex %d\n' % (1 + i % 300, 1 + i // 300, i))
old.append("])\n")
old = "".join(old).encode()
target = os.path.join(d, "fmt", "big.map.ron")
with open(target, "wb") as f:
    f.write(old)
t0 = time.time()
subprocess.run([muster, "fmt", target], check=True, stdout=subprocess.DEVNULL)
full = time.time() - t0
with open(target, "rb") as f:
    new = f.read()
assert new != old
counts = {"old": 0, "new": 0, "torn": 0}
for _ in range(trials):
    with open(target, "wb") as f:
        f.write(old)
    p = subprocess.Popen([muster, "fmt", target], stdout=subprocess.DEVNULL)
    time.sleep(rng.uniform(0, full * 1.2))
    p.kill()
    p.wait()
    with open(target, "rb") as f:
        now = f.read()
    counts["old" if now == old else "new" if now == new else "torn"] += 1
tmp = [n for n in os.listdir(os.path.join(d, "fmt")) if n.endswith(".tmp")]
print(f"muster fmt (1.4 MB map, one run {full:.2f} s): {trials} kills -> "
      f"{counts['old']} old, {counts['new']} new, {counts['torn']} torn; "
      f"{len(tmp)} temporary files left by killed runs")
torn = counts["torn"]

# 2. The editor's save: flips the document between two states and saves in a loop; each
#    kill leaves the map and the scenario each in one whole state.
scenario = os.path.join(d, "pack", "scenarios", "a-la-charge", "st-albans-1.scenario.ron")
mapfile = os.path.join(d, "pack", "maps", "saint-albans.map.ron")
states = os.path.join(d, "states")
subprocess.run([save_loop, scenario, "--states", states], check=True)
def read(p):
    with open(p, "rb") as f:
        return f.read()
known = {
    "map": {read(os.path.join(states, "a.map")), read(os.path.join(states, "b.map"))},
    "scenario": {read(os.path.join(states, "a.scenario")), read(os.path.join(states, "b.scenario"))},
}
counts = {"whole": 0, "torn": 0}
saves = 0
for _ in range(trials):
    p = subprocess.Popen([save_loop, scenario], stdout=subprocess.PIPE, text=True)
    time.sleep(rng.uniform(0.05, 0.4))
    p.kill()
    out, _ = p.communicate()
    saves += out.count("saved")
    ok = read(mapfile) in known["map"] and read(scenario) in known["scenario"]
    counts["whole" if ok else "torn"] += 1
print(f"editor save (St Albans map and scenario, {saves} saves completed in all): {trials} kills -> "
      f"{counts['whole']} with both files whole, {counts['torn']} torn")
torn += counts["torn"]
sys.exit(1 if torn else 0)
PY
