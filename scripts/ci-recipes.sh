#!/usr/bin/env bash
# Checks what docs/ci.md tells pack maintainers to use (issue 28), on scratch packs under
# target/ci-recipes/:
#  (a) every workflow in docs/ci/*.yml passes check-jsonschema's GitHub-workflow schema;
#  (b) each workflow's `run:` steps run in order, job by job (matrix expanded, `if:`
#      evaluated as GitHub does, `${{ }}` expressions and $RUNNER_TEMP,
#      $GITHUB_STEP_SUMMARY, $GITHUB_PATH given local values, the build in
#      target/release/muster standing in for the cached `cargo install`) on a pull request
#      that breaks its pack; every file an upload step names must then exist, a job must
#      have failed, and the diff must be in the job summary;
#  (c) the hooks of .pre-commit-hooks.yaml install and run from a clean clone of HEAD:
#      `pre-commit try-repo` fails on the broken pack; docs/ci.md's .pre-commit-config.yaml
#      passes on the clean pack and fails when only the map that breaks a scenario is staged.
# check-jsonschema and pre-commit come from PyPI into target/ci-recipes/venv (network
# needed once). pre-commit's `cargo install` builds muster twice (try-repo's own store, then
# the config's), sharing this repository's target dir for the crates.io dependencies.
# Usage: scripts/ci-recipes.sh [MUSTER_BINARY]   (default target/release/muster)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
W=$ROOT/target/ci-recipes
MUSTER=$(realpath "${1:-${MUSTER:-${CARGO_TARGET_DIR:-target}/release/muster}}")
fail() { echo "ci-recipes: FAILED: $*" >&2; exit 1; }
[ -x "$MUSTER" ] || fail "no muster binary at $MUSTER (cargo build --release --bin muster)"
START=$SECONDS

# --- tools -------------------------------------------------------------------------------
VENV=$W/venv
if ! "$VENV/bin/python" -c 'import yaml' 2>/dev/null \
    || [ ! -x "$VENV/bin/check-jsonschema" ] || [ ! -x "$VENV/bin/pre-commit" ]; then
    rm -rf "$VENV"
    python3 -m venv "$VENV" || fail "python3 -m venv failed"
    "$VENV/bin/pip" install -q check-jsonschema pre-commit \
        || fail "pip install check-jsonschema pre-commit failed (is PyPI reachable?)"
fi
PY=$VENV/bin/python

# --- scratch packs -------------------------------------------------------------------------
# base: a clean pack (the valid-minimal case). head: a pull request that breaks it three
# ways: the map shrinks under the scenario's set-up (only the map changes), the scenario's
# turns change (for the diff), and a scenario names a missing map (MU010).
rm -rf "$W/pack" "$W/clean" "$W/broken-pc" "$W/runner-temp" "$W/src" "$W/pre-commit-home" "$W/install"
mkdir -p "$W"
git_() { git -c user.email=ci@example.invalid -c user.name=ci -c init.defaultBranch=main "$@"; }
make_base() {
    mkdir -p "$1/field"
    printf '// The scratch pack of scripts/ci-recipes.sh.\n(\n    name: "scratch",\n)\n' > "$1/muster.pack.ron"
    cp tests/cases/valid-minimal/x.map.ron tests/cases/valid-minimal/x.scenario.ron "$1/field/"
    "$MUSTER" fmt "$1/field" > /dev/null
    (cd "$1" && git_ init -q && git_ add -A && git_ commit -qm base)
}
break_pack() {
    sed -i 's/columns: 6/columns: 4/' "$1/field/x.map.ron"
    sed -i 's/turns: 5/turns: 7/' "$1/field/x.scenario.ron"
    mkdir -p "$1/broken"
    cp tests/cases/invalid-mu010-missing-map/x.scenario.ron "$1/broken/"
    (cd "$1" && git_ add -A && git_ commit -qm "break the pack")
}
make_base "$W/clean"
"$MUSTER" validate -q "$W/clean" || fail "the clean scratch pack does not validate"

# --- (a) the workflow schema ---------------------------------------------------------------
echo "== (a) check-jsonschema --builtin-schema vendor.github-workflows docs/ci/*.yml"
"$VENV/bin/check-jsonschema" --builtin-schema vendor.github-workflows docs/ci/*.yml \
    || fail "a workflow in docs/ci/ does not pass GitHub's workflow schema"

# --- (b) the workflows' steps on the broken pull request -----------------------------------
cat > "$W/run-workflow.py" <<'PY'
"""Run a GitHub workflow's `run:` steps locally, job by job, as GitHub would on a pull request."""
import itertools, json, os, re, subprocess, sys
import yaml

wf_path, pack, temp, muster, base_sha = sys.argv[1:6]
wf = yaml.safe_load(open(wf_path))
head_sha = subprocess.check_output(["git", "-C", pack, "rev-parse", "HEAD"], text=True).strip()
problems = []

def lookup(name, ctx):
    if name in ctx:
        return ctx[name]
    m = re.fullmatch(r"steps\.[\w-]+\.outputs\.cache-hit", name)
    if m:  # the cache is hit: target/release/muster stands in for the cached install
        return "true"
    if name.startswith("env."):
        return ctx["env"][name[4:]]
    raise SystemExit(f"{wf_path}: no local value for `{name}`")

def expr(text, ctx):
    return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda m: str(lookup(m.group(1), ctx)), str(text))

TOKEN = re.compile(r"\s*('[^']*'|==|!=|&&|\|\||!|\(|\)|[A-Za-z_][\w.-]*\(\)|[A-Za-z_][\w.-]*)")

def condition(text, ctx, failed):
    text = re.sub(r"^\$\{\{\s*(.*?)\s*\}\}$", r"\1", str(text).strip())
    if not re.search(r"\b(always|success|failure|cancelled)\(\)", text):
        text = f"success() && ({text})"
    out, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise SystemExit(f"{wf_path}: cannot read the condition `{text}`")
        t, pos = m.group(1), m.end()
        py = {"&&": "and", "||": "or", "!": "not", "(": "(", ")": ")", "==": "==", "!=": "!=",
              "always()": "True", "cancelled()": "False",
              "success()": str(not failed), "failure()": str(failed)}.get(t)
        if py is None:
            py = t if t.startswith("'") else repr(lookup(t, ctx))
        out.append(py)
    return eval(" ".join(out))

def order(jobs):
    done, result = set(), []
    while len(result) < len(jobs):
        for name, job in jobs.items():
            needs = job.get("needs", [])
            needs = [needs] if isinstance(needs, str) else needs
            if name not in done and all(n in done for n in needs):
                done.add(name); result.append((name, needs))
    return result

summary = os.path.join(temp, "step-summary.md")
results = {}
for name, needs in order(wf["jobs"]):
    job = wf["jobs"][name]
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    combos = [dict(zip(matrix, v)) for v in itertools.product(*matrix.values())] or [{}]
    results[name] = "success"
    for combo in combos:
        label = name + "".join(f" ({k}={v})" for k, v in combo.items())
        ctx = {"github.event_name": "pull_request", "github.sha": head_sha,
               "github.event.pull_request.base.sha": base_sha,
               "runner.temp": temp, "runner.os": "Linux",
               **{f"matrix.{k}": v for k, v in combo.items()}}
        ctx["env"] = {k: expr(v, ctx) for k, v in {**wf.get("env", {}), **job.get("env", {})}.items()}
        upstream_failed = any(results[n] != "success" for n in needs)
        if upstream_failed and not condition(job.get("if", "success()"), ctx, True):
            print(f"-- job {label}: skipped (a job it needs failed)")
            results[name] = "skipped"
            continue
        print(f"-- job {label}")
        failed = False
        github_path = os.path.join(temp, f"github-path-{name}")
        open(github_path, "w").close()
        for i, step in enumerate(job["steps"]):
            title = step.get("name") or step.get("uses") or step["run"].splitlines()[0]
            title = expr(title, ctx)
            if not condition(step.get("if", "success()"), ctx, failed):
                print(f"   skipped: {title}")
                continue
            if "uses" in step:
                action = step["uses"].split("@")[0]
                w = {k: expr(v, ctx) for k, v in (step.get("with") or {}).items()}
                files = []
                if action == "actions/upload-artifact":
                    files = [p.strip() for p in w["path"].splitlines() if p.strip()]
                elif action == "github/codeql-action/upload-sarif":
                    files = [w["sarif_file"]]
                for f in files:
                    p = f if os.path.isabs(f) else os.path.join(pack, f)
                    if not (os.path.isfile(p) and os.path.getsize(p) > 0):
                        problems.append(f"job {label}: `{action}` uploads {f}, which is missing or empty")
                    elif f.endswith(".sarif"):
                        json.load(open(p))["runs"]  # a SARIF log, not an error message
                print(f"   {'uploaded ' + ', '.join(files) if files else 'as on GitHub'}: {title}")
                continue
            env = dict(os.environ)
            env.update(ctx["env"])
            env.update({k: expr(v, ctx) for k, v in (step.get("env") or {}).items()})
            extra = [l.strip() for l in open(github_path) if l.strip()]
            env.update(RUNNER_TEMP=temp, GITHUB_STEP_SUMMARY=summary, GITHUB_PATH=github_path,
                       GITHUB_WORKSPACE=pack, CI="true",
                       PATH=os.pathsep.join(extra[::-1] + [env["PATH"]]))
            rc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                 expr(step["run"], ctx)], cwd=pack, env=env).returncode
            print(f"   rc={rc}: {title}")
            if rc != 0:
                failed = True
        if failed:
            results[name] = "failure"
print("-- jobs: " + ", ".join(f"{k} {v}" for k, v in results.items()))
if "failure" not in results.values():
    problems.append("no job failed, though the pull request breaks the pack")
for p in problems:
    print("PROBLEM: " + p)
sys.exit(1 if problems else 0)
PY
for wf in docs/ci/*.yml; do
    echo "== (b) $wf: its steps on a pull request that breaks the pack"
    rm -rf "$W/pack" "$W/runner-temp" && mkdir -p "$W/runner-temp/muster/bin"
    make_base "$W/pack"
    BASE_SHA=$(git -C "$W/pack" rev-parse HEAD)
    break_pack "$W/pack"
    if "$MUSTER" validate -q "$W/pack" > /dev/null; then fail "the broken scratch pack validates"; fi
    # The cached install: the binary under test where the workflow's cache would put it.
    cp "$MUSTER" "$W/runner-temp/muster/bin/muster"
    "$PY" -u "$W/run-workflow.py" "$wf" "$W/pack" "$W/runner-temp" "$MUSTER" "$BASE_SHA" \
        || fail "$wf: see the PROBLEM lines above"
    if [ -f "$W/pack/muster-1.sarif" ]; then  # the merged report holds every finding once
        (cd "$W/pack" && "$MUSTER" validate --format sarif . > "$W/unsharded.sarif") || true
        "$PY" - "$W/pack/muster.sarif" "$W/unsharded.sarif" <<'CMP' || fail "$wf: the merged report differs from an unsharded run"
import json, sys
count = [sum(len(r.get("results", [])) for r in json.load(open(f))["runs"]) for f in sys.argv[1:]]
print(f"   merged report: {count[0]} findings; unsharded run: {count[1]}")
sys.exit(0 if count[0] == count[1] > 0 else 1)
CMP
    fi
    if grep -q 'pull_request.base.sha' "$wf"; then
        grep -q 'turns' "$W/runner-temp/step-summary.md" \
            || fail "$wf: the job summary does not show the diff (turns 5 → 7)"
    fi
done

# --- docs/ci.md's install command ----------------------------------------------------------
T=${CARGO_TARGET_DIR:-target}
case $T in /*) ;; *) T=$ROOT/$T ;; esac
export CARGO_TARGET_DIR=$T
echo "== cargo install --locked --path crates/muster-cli (into target/ci-recipes/install)"
cargo install -q --locked --path crates/muster-cli --root "$W/install" \
    || fail "cargo install --locked --path crates/muster-cli failed"
"$W/install/bin/muster" --version || fail "the installed muster does not run"

# --- (c) pre-commit ------------------------------------------------------------------------
echo "== (c) pre-commit: the hooks of HEAD, installed from a clean clone"
"$VENV/bin/pre-commit" validate-manifest .pre-commit-hooks.yaml \
    || fail ".pre-commit-hooks.yaml is not a valid pre-commit manifest"
git clone -q "$ROOT" "$W/src"
REV=$(git -C "$W/src" rev-parse HEAD)
[ -n "$(git status --porcelain -- Cargo.toml Cargo.lock .pre-commit-hooks.yaml crates)" ] \
    && echo "   (uncommitted changes in this checkout are not part of the test: HEAD $REV is)"
export PRE_COMMIT_HOME=$W/pre-commit-home
# Both pre-commit installs build into this repository's target dir, so the crates.io
# dependencies are compiled once (the workspace crates once per clone path).
run_pc() {  # expect(pass|fail) dir args...
    local expect=$1 dir=$2 rc=0; shift 2
    (cd "$dir" && "$VENV/bin/pre-commit" "$@") > "$W/pre-commit.log" 2>&1 || rc=$?
    sed 's/^/   | /' "$W/pre-commit.log" | grep -v '^   | $' | tail -12
    grep -E '\.{5,}(Passed|Failed|Skipped)' "$W/pre-commit.log" | sed 's/^/   => /' || true
    if [ "$expect" = pass ] && [ $rc -ne 0 ]; then fail "pre-commit $* failed in $dir (rc=$rc)"; fi
    if [ "$expect" = fail ]; then
        [ $rc -eq 1 ] || fail "pre-commit $* in $dir: rc=$rc, expected 1 (the hook's failure)"
        grep -q '^muster validate\.*Failed' "$W/pre-commit.log" \
            || fail "pre-commit $* in $dir: muster-validate did not fail"
    fi
    return 0
}
rm -rf "$W/broken-pc" && cp -r "$W/clean" "$W/broken-pc" && break_pack "$W/broken-pc"
echo "   pre-commit try-repo <clone> --ref $REV --all-files, on the broken pack (expect: fails)"
run_pc fail "$W/broken-pc" try-repo "$W/src" --ref "$REV" --all-files
# docs/ci.md's .pre-commit-config.yaml, with this clone and HEAD for repo and rev.
for d in "$W/clean" "$W/broken-pc"; do
    cat > "$d/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $W/src
    rev: $REV
    hooks:
      - id: muster-validate
      - id: muster-fmt
EOF
done
echo "   pre-commit run --all-files with docs/ci.md's config, on the clean pack (expect: passes)"
run_pc pass "$W/clean" run --all-files
echo "   pre-commit run --files field/x.map.ron (only the map staged), on the broken pack (expect: fails)"
run_pc fail "$W/broken-pc" run --files field/x.map.ron
grep -q 'x.scenario.ron' "$W/pre-commit.log" \
    || fail "staging only the map did not re-check the scenario on it"

echo "ci-recipes: OK ($((SECONDS - START)) s): docs/ci/*.yml pass the workflow schema and upload every report on a failing pull request; the pre-commit hooks install from a clean clone and catch a broken pack"
