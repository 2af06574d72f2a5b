#!/usr/bin/env bash
# Tiled interop against Tiled itself (issue 19): installs Debian's `tiled` package when
# its tmxrasterizer is missing, renders every bundled map exported to TMX with it and
# checks that every hex shows its terrain colour where Tiled lays the hex out
# (crates/muster-tiled/tests/tmxrasterizer.rs), then imports the package's own hexagonal
# examples (not our copies) with our terrain maps and validates the results, and the same
# examples saved by Tiled itself in its JSON format (`tiled --export-map json`, .tmj), which
# must import to the same map file byte for byte (issue 33).
#   scripts/tiled-check.sh          (.ci/run calls it; about a minute on a bare machine)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tmxrasterizer >/dev/null || ! command -v tiled >/dev/null; then
    if [ "$(id -u)" != 0 ]; then
        echo "tiled-check: tmxrasterizer or tiled is missing; install Debian's tiled package (apt-get install tiled)" >&2
        exit 2
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tiled >/dev/null
fi
cargo test --locked -p muster-tiled --test tmxrasterizer -- --ignored
cargo build --locked --release --bin muster
MUSTER="$PWD/target/release/muster"
if [ -n "${CARGO_TARGET_DIR:-}" ]; then MUSTER="$CARGO_TARGET_DIR/release/muster"; fi
FIXTURES=crates/muster-tiled/tests/fixtures/tiled-examples
EXAMPLES=/usr/share/doc/tiled/examples
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for stem in hexagonal-mini test_hexagonal_tile_60x60x30; do
    if [ -f "$EXAMPLES/$stem.tmx" ]; then
        cp "$EXAMPLES/$stem.tmx" "$WORK/"
    elif [ -f "$EXAMPLES/$stem.tmx.gz" ]; then
        gzip -dc "$EXAMPLES/$stem.tmx.gz" > "$WORK/$stem.tmx"
    else
        echo "tiled-check: $EXAMPLES/$stem.tmx is not in this tiled package" >&2
        exit 1
    fi
    "$MUSTER" import tiled "$WORK/$stem.tmx" --terrain-map "$FIXTURES/$stem.terrain.ron" -o "$WORK/$stem.map.ron"
    "$MUSTER" validate "$WORK/$stem.map.ron"
    # Tiled's own JSON of the same map (the package ships no .tmj; Tiled 1.8 writes one).
    QT_QPA_PLATFORM=offscreen tiled --export-map json "$WORK/$stem.tmx" "$WORK/$stem.tmj" 2>/dev/null
    "$MUSTER" import tiled "$WORK/$stem.tmj" --terrain-map "$FIXTURES/$stem.terrain.ron" -o "$WORK/$stem.tmj.map.ron"
    if ! cmp "$WORK/$stem.map.ron" "$WORK/$stem.tmj.map.ron"; then
        echo "tiled-check: $stem.tmj (Tiled's JSON) imports differently from $stem.tmx" >&2
        diff "$WORK/$stem.map.ron" "$WORK/$stem.tmj.map.ron" >&2 || true
        exit 1
    fi
done
echo "tiled-check: tmxrasterizer draws every bundled map as exported; Tiled's hexagonal examples import to valid maps, the same from Tiled's JSON (.tmj) as from TMX"
