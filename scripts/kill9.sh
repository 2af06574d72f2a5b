#!/usr/bin/env bash
# Saving survives kill -9 (issue 15 item 8). Kills `muster fmt` and the editor's save
# (Document::save, through crates/muster-editor/examples/save_loop.rs) at random moments,
# TRIALS times each (default 100), and checks that every file is then exactly its old or
# its new text, never a mix, a prefix or empty. Prints the counts; exit 1 on any torn file.
#   scripts/kill9.sh [TRIALS] [DIR] [PARTS]   (work files go to DIR, default target/kill9;
#                                             PARTS: "fmt editor", the default, or one)
set -euo pipefail
cd "$(dirname "$0")/.."
TRIALS="${1:-100}"
DIR="${2:-target/kill9}"
PARTS="${3:-fmt editor}"
cargo build --release -q -p muster-cli
cargo build --release -q -p muster-editor --example save_loop
TARGET="${CARGO_TARGET_DIR:-$PWD/target}"
rm -rf "$DIR" && mkdir -p "$DIR/fmt" "$DIR/pack/scenarios/a-la-charge" "$DIR/pack/maps" "$DIR/states"
cp scenarios/a-la-charge/st-albans-1.scenario.ron "$DIR/pack/scenarios/a-la-charge/"
cp maps/saint-albans.map.ron "$DIR/pack/maps/"
echo '(name: "kill9")' > "$DIR/pack/muster.pack.ron"
python3 - "$TRIALS" "$DIR" "$TARGET/release" "$PARTS" <<'PY'
import os, random, subprocess, sys, time
trials, d, bin_dir, parts = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4].split()
muster, save_loop = os.path.join(bin_dir, "muster"), os.path.join(bin_dir, "examples", "save_loop")
rng = random.Random(15)

def read(p):
    with open(p, "rb") as f:
        return f.read()

def write(p, data):
    with open(p, "wb") as f:
        f.write(data)

def fmt_part():
    """`muster fmt` on a 1.4 MB map written compactly, with comments: old = as written,
    new = canonical. Each trial restores the old text, starts fmt and kills it."""
    old = ["// A big map for the kill -9 test.\n(title: \"Big\", ruleset: \"a-la-charge\", provenance: Original,",
           " grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 300, rows: 300, north: Top),",
           " default_terrain: \"clear\", hexes: ["]
    for i in range(30000):
        old.append('(hex: "%03d%03d", terrain: "woods"), // hex %d\n' % (1 + i % 300, 1 + i // 300, i))
    old.append("])\n")
    old = "".join(old).encode()
    target = os.path.join(d, "fmt", "big.map.ron")
    write(target, old)
    t0 = time.time()
    subprocess.run([muster, "fmt", target], check=True, stdout=subprocess.DEVNULL)
    full = time.time() - t0
    new = read(target)
    assert new != old
    counts = {"old": 0, "new": 0, "torn": 0}
    for _ in range(trials):
        write(target, old)
        p = subprocess.Popen([muster, "fmt", target], stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, full * 1.2))
        p.kill()
        p.wait()
        now = read(target)
        counts["old" if now == old else "new" if now == new else "torn"] += 1
    tmp = [n for n in os.listdir(os.path.join(d, "fmt")) if n.endswith(".tmp")]
    print(f"muster fmt (1.4 MB map, one run {full:.2f} s): {trials} kills -> "
          f"{counts['old']} old, {counts['new']} new, {counts['torn']} torn; "
          f"{len(tmp)} temporary files left by killed runs")
    return counts["torn"]

def editor_part():
    """The editor's save (Document::save) flips the document between two states and saves
    in a loop; each kill must leave the map and the scenario each in one whole state."""
    scenario = os.path.join(d, "pack", "scenarios", "a-la-charge", "st-albans-1.scenario.ron")
    mapfile = os.path.join(d, "pack", "maps", "saint-albans.map.ron")
    states = os.path.join(d, "states")
    pristine = {p: read(p) for p in (scenario, mapfile)}
    subprocess.run([save_loop, scenario, "--states", states], check=True)
    known = {
        mapfile: {read(os.path.join(states, "a.map")), read(os.path.join(states, "b.map"))},
        scenario: {read(os.path.join(states, "a.scenario")), read(os.path.join(states, "b.scenario"))},
    }
    counts = {"whole": 0, "torn": 0}
    saves = 0
    for _ in range(trials):
        # Each trial starts from the files as copied (state a); the loop saves b, a, b, ...
        for path, text in pristine.items():
            write(path, text)
        p = subprocess.Popen([save_loop, scenario], stdout=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.05, 0.4))
        p.kill()
        out, _ = p.communicate()
        saves += out.count("saved")
        whole = all(read(path) in texts for path, texts in known.items())
        counts["whole" if whole else "torn"] += 1
    print(f"editor save (St Albans map and scenario, {saves} saves completed in all): {trials} kills -> "
          f"{counts['whole']} with both files whole, {counts['torn']} torn")
    return counts["torn"]

torn = 0
if "fmt" in parts:
    torn += fmt_part()
if "editor" in parts:
    torn += editor_part()
sys.exit(1 if torn else 0)
PY
