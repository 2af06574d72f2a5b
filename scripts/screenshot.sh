#!/usr/bin/env bash
# Takes a screenshot of the real editor window under Xvfb (needs scripts/install-gui-deps.sh).
# Usage: scripts/screenshot.sh [FILE] [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
FILE="${1:-scenarios/a-la-charge/st-albans-1.scenario.ron}"
OUT="${2:-docs/editor-st-albans.png}"
cargo build --release -p muster-editor
Xvfb :97 -screen 0 1440x900x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB $APP 2>/dev/null || true' EXIT
sleep 2
DISPLAY=:97 target/release/muster-editor "$FILE" >/dev/null 2>&1 &
APP=$!
sleep 6
DISPLAY=:97 import -window root "$OUT"
echo "wrote $OUT"
