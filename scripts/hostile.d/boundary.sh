# Hostile cases for the pack boundary (security review F1, F4–F8, F13, F16; code review 3),
# sourced by scripts/hostile.sh with M (release muster) and DIR set. Each case builds the
# reviewer's tree under "$DIR/boundary" and runs with run_case; a case whose harm shows on
# disk (a victim file overwritten, an outside file rewritten, a secret in the output) says
# so with `harm` and fails.
B="$DIR/boundary"
rm -rf "$B"
mkdir -p "$B"
CASE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/tests/cases/valid-minimal"

# harm NAME WHAT: the case named did harm (prints a FAILED line).
harm() { printf '%s | HARM: %s FAILED\n' "$1" "$2"; HOSTILE_FAILED=1; }
# shows PATTERN CMD...: whether CMD's output (stdout and stderr) contains PATTERN.
shows() { local pat="$1" out; shift; out="$("$@" 2>&1)"; grep -q -- "$pat" <<<"$out"; }

# A pack with a manifest, the minimal case's scenario, and its map not canonical.
boundary_pack() {
  local p="$1"
  mkdir -p "$p/maps"
  echo '(name: "p")' >"$p/muster.pack.ron"
  { echo "// \$(echo PWNED > $B/pwned.txt)"; sed 's/    /  /' "$CASE_DIR/x.map.ron"; } >"$p/maps/x.map.ron"
  sed 's#"x.map.ron"#"maps/x.map.ron"#' "$CASE_DIR/x.scenario.ron" >"$p/x.scenario.ron"
}

# F1: a planted `.NAME.<pid>.tmp` symlink for every pid near ours.
boundary_pack "$B/tmpsym"
echo "precious" >"$B/victim.txt"
python3 - "$B/tmpsym/maps" "$B/victim.txt" <<'PY'
import os, sys
d, victim = sys.argv[1], sys.argv[2]
me = os.getpid()
for p in range(max(1, me - 500), me + 5000):
    os.symlink(victim, os.path.join(d, f".x.map.ron.{p}.tmp"))
PY
run_case f1-fmt-planted-temporary-links 0 "$M" fmt "$B/tmpsym/maps/x.map.ron"
[ "$(cat "$B/victim.txt")" = precious ] || harm f1-fmt-planted-temporary-links "victim overwritten"
mkdir -p "$B/cache1"
chmod 1777 "$B/cache1"
for p in $(seq $(($$ - 200)) $(($$ + 3000))); do ln -s ../victim.txt "$B/cache1/.all.muster-cache.json.$p.tmp"; done
run_case f1-cache-planted-temporary-links 0 "$M" validate "$B/tmpsym" --cache "$B/cache1" --quiet
[ "$(cat "$B/victim.txt")" = precious ] || harm f1-cache-planted-temporary-links "victim overwritten"

# F4: folder links to /, /proc, /etc, /usr in a pack.
for to in / /proc /etc /usr; do
  name="link$(echo "$to" | tr / _)"
  boundary_pack "$B/$name"
  ln -s "$to" "$B/$name/out"
  # MU013 on the link: exit 1.
  run_case "f4-validate-folder-link-to-$to" 1 "$M" validate "$B/$name" --format json
  if shows '"/etc/\|modules-load\|/proc/[0-9]\|/usr/bin' "$M" validate "$B/$name" --format json; then
    harm "f4-validate-folder-link-to-$to" "outside names printed"
  fi
done
for to in /proc /; do
  name="link$(echo "$to" | tr / _)"
  # fmt says what it passed over and exits 2; diff of a tree with itself finds nothing.
  run_case "f4-fmt-check-folder-link-to-$to" 2 "$M" fmt --check "$B/$name"
  run_case "f4-diff-folder-link-to-$to" 0 "$M" diff "$B/$name" "$B/$name"
done

# F5/F6: fmt and diff through a folder link and a file link out of the pack.
boundary_pack "$B/fmtlink"
mkdir -p "$B/outside"
printf '// SECRETMARKER\n(\n  title: "x",\n)\n' >"$B/outside/secret.map.ron"
cp "$B/outside/secret.map.ron" "$B/outside/orig"
ln -s ../outside "$B/fmtlink/od"
ln -s ../../outside/secret.map.ron "$B/fmtlink/maps/link.map.ron"
ln -s /proc/self/environ "$B/fmtlink/maps/a.armylist.ron"
run_case f5-fmt-check-links-out 2 "$M" fmt --check "$B/fmtlink"
run_case f5-fmt-links-out 2 "$M" fmt "$B/fmtlink"
cmp -s "$B/outside/secret.map.ron" "$B/outside/orig" || harm f5-fmt-links-out "outside file rewritten"
[ -L "$B/fmtlink/maps/link.map.ron" ] || harm f5-fmt-links-out "the link became a file"
boundary_pack "$B/old"
cp "$B/fmtlink/maps/x.map.ron" "$B/old/maps/link.map.ron"
run_case f6-diff-links-out 0 "$M" diff "$B/old" "$B/fmtlink" --format markdown
if shows SECRETMARKER "$M" diff "$B/old" "$B/fmtlink" --format markdown; then
  harm f6-diff-links-out "outside content shown"
fi

# F7: a cache committed in the pull request, an edited entry, a FIFO, a link to environ,
# a 192 MB foreign file.
boundary_pack "$B/cache"
sed -i 's/turns: 5,/turns: 5, nonsense: 1,/' "$B/cache/x.scenario.ron"
mkdir -p "$B/cache/.muster-cache"
run_case f7-cache-inside-the-pack 2 "$M" validate "$B/cache" --cache "$B/cache/.muster-cache"
"$M" validate "$B/cache" --cache "$B/c2" --quiet >/dev/null 2>&1 || true
python3 - "$B/c2/all.muster-cache.json" <<'PY'
import json, sys
p = sys.argv[1]
v = json.load(open(p))
for e in v["entries"].values():
    e["entry"]["findings"] = []
json.dump(v, open(p, "w"))
PY
mkfifo "$B/c2/f.muster-cache.json"
ln -s /proc/self/environ "$B/c2/e.muster-cache.json"
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    f.write('{\"format\":2,\"identity\":\"foreign\",\"entries\":{')
    f.write(','.join('\"k%d\":{\"seal\":\"x\",\"entry\":{}}' % i for i in range(4_000_000)))
    f.write('}}')
" "$B/c2/big.muster-cache.json"
run_case f7-cache-edited-fifo-environ-192mb 1 "$M" validate "$B/cache" --cache "$B/c2"

# F13: no manifest; the working directory holds .git and a secret; the folder named is ws.
mkdir -p "$B/gitleak/.git" "$B/gitleak/ws/s"
printf '[http]\n\textraheader = AUTHORIZATION: basic SECRETTOKEN\n' >"$B/gitleak/.git/config"
echo "SECRETMARKER-txt" >"$B/gitleak/secret.txt"
sed 's#"x.map.ron"#"../../.git/config"#' "$CASE_DIR/x.scenario.ron" >"$B/gitleak/ws/s/git.scenario.ron"
sed 's#"x.map.ron"#"../../secret.txt"#' "$CASE_DIR/x.scenario.ron" >"$B/gitleak/ws/s/up.scenario.ron"
(cd "$B/gitleak" && run_case f13-cwd-and-git 1 "$M" validate ws)
if shows SECRET bash -c "cd '$B/gitleak' && '$M' validate ws"; then harm f13-cwd-and-git "secret shown"; fi

# F8: a reference swapped for a symlink out of the pack and back, 2000 runs.
boundary_pack "$B/race"
sed 's/"clear"/"SECRETMARKER-terrain"/' "$B/race/maps/x.map.ron" >"$B/secret.map.ron"
cp "$B/race/maps/x.map.ron" "$B/race/maps/good.map.ron"
python3 - "$M" "$B" <<'PY'
import os, subprocess, sys, threading, time
m, b = sys.argv[1], sys.argv[2]
pack = os.path.join(b, "race")
target = os.path.join(pack, "maps", "x.map.ron")
stop = False
def swap():
    link, hard = target + ".l", target + ".h"
    while not stop:
        for p in (link, hard):
            try: os.unlink(p)
            except FileNotFoundError: pass
        os.symlink(os.path.join(b, "secret.map.ron"), link); os.rename(link, target)
        os.link(os.path.join(pack, "maps", "good.map.ron"), hard); os.rename(hard, target)
t = threading.Thread(target=swap); t.start()
leaked = refused = slowest = 0
start = time.time()
for _ in range(2000):
    t0 = time.time()
    out = subprocess.run([m, "validate", os.path.join(pack, "x.scenario.ron"), "--format", "json"],
                         capture_output=True, text=True)
    slowest = max(slowest, time.time() - t0)
    if "SECRETMARKER" in out.stdout + out.stderr: leaked += 1
    elif "MU0" in out.stdout: refused += 1
stop = True; t.join()
verdict = " FAILED" if leaked else ""
print(f"f8-swap-race-2000 | leaked {leaked} of 2000 (want 0) | {time.time()-start:.1f} s in all, slowest run {slowest:.2f} s | refused or unreadable {refused}{verdict}")
sys.exit(1 if leaked else 0)
PY
[ $? = 0 ] || HOSTILE_FAILED=1

# F16: temporary files left by killed writers (export vassal -o over an existing file).
boundary_pack "$B/kill"
"$M" export vassal "$B/kill/x.scenario.ron" -o "$B/kill/v.vmod" >/dev/null 2>&1 || true
for i in $(seq 1 50); do
  "$M" export vassal "$B/kill/x.scenario.ron" -o "$B/kill/v.vmod" --force >/dev/null 2>&1 &
  pid=$!
  sleep "0.0$((RANDOM % 9))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done
left="$(find "$B/kill" -name '.*tmp*' | wc -l)"
verdict=""; [ "$left" = 0 ] || { verdict=" FAILED"; HOSTILE_FAILED=1; }
echo "f16-kill-9-export-vassal-50 | $left temporary files left (want 0) | v.vmod whole: $(python3 -c "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).testzip(); print('yes')" "$B/kill/v.vmod" 2>/dev/null || echo no)$verdict"
