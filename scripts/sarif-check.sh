#!/usr/bin/env bash
# Validates Muster's SARIF output with Microsoft's SARIF multitool (issue 28): the bundled
# pack with and without --help-base, and a failing scratch pack whose manifest sets
# help_base. Fails on any multitool error or warning (notes are listed, not fatal).
# Not part of .ci/run: it downloads the multitool from npm (~100 MB) on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=target/sarif-tool
bin=$tool/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ ! -x "$bin" ]; then
    npm install --prefix "$tool" @microsoft/sarif-multitool >/dev/null
    chmod u+x "$bin"
fi
# MUSTER=path/to/muster uses that binary instead of building one.
if [ -z "${MUSTER:-}" ]; then
    cargo build -q -p muster-cli --bin muster
    MUSTER=target/debug/muster
fi
muster=$(realpath "$MUSTER")
out=$PWD/target/sarif-check
rm -rf "$out"
mkdir -p "$out/pack"
"$muster" validate --format sarif scenarios maps >"$out/bundled.sarif" || true
"$muster" validate --format sarif --help-base https://example.org/muster/blob/main/docs/codes.md \
    scenarios maps >"$out/based.sarif" || true
printf '(\n    name: "sarif check",\n    help_base: "https://example.org/pack/docs/codes.md",\n)\n' \
    >"$out/pack/muster.pack.ron"
printf '(name: "x", hexes: [\n' >"$out/pack/broken map & [v2].map.ron"
(cd "$out/pack" && "$muster" validate --format sarif . >"$out/failing.sarif") || true
# From outside the pack: artifact URIs are absolute file: URIs.
(cd "$out" && "$muster" validate --format sarif ../../maps >"$out/outside.sarif") || true
status=0
for f in bundled based failing outside; do
    log=$out/$f.log
    "$bin" validate --level "Error;Warning;Note" --rule-kind "Sarif;Gh" "$out/$f.sarif" \
        -o "$out/$f.result.sarif" >"$log" 2>&1 || status=1
    counts=$(grep -oE '(error|warning|note) (SARIF|GH)[0-9]+' "$log" | sort | uniq -c | tr -s ' ' | paste -sd, -)
    echo "$f.sarif: ${counts:-nothing}"
    if grep -qE ': (error|warning) (SARIF|GH)[0-9]+' "$log"; then
        grep -E ': (error|warning) (SARIF|GH)[0-9]+' "$log" | head -5
        status=1
    fi
done
exit $status
