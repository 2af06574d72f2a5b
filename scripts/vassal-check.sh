#!/usr/bin/env bash
# Exports the bundled scenarios of all four systems to one VASSAL module and opens it with
# a third-party reader (pywargame, from PyPI, in a venv under the target directory):
# every counter placed on a hex must stand at its printed hex. Used by .ci/run.
# MUSTER names the binary (default: the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
MUSTER=${MUSTER:-$TARGET/release/muster}
VENV=$TARGET/vassal-venv
OUT=$TARGET/vassal-check
if ! "$VENV/bin/python" -c 'import pywargame' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet 'pywargame==0.8.0'
fi
# pywargame 0.8.0 is written for Python 3.12+ (PEP 701): on older Pythons f-strings that
# hold "\n" inside an expression do not compile. The checker imports only the reading
# modules (not the merge and export tools); of those, vassal/traits/sheet.py has one such
# f-string: rewrite "\n" there as chr(10), the same value, in the venv's copy.
if ! "$VENV/bin/python" -c 'import pywargame.vassal.traits.sheet' 2>/dev/null; then
    "$VENV/bin/python" - <<'PY'
import importlib.util, pathlib
root = pathlib.Path(importlib.util.find_spec("pywargame").submodule_search_locations[0])
fixes = {
    "vassal/traits/sheet.py": ('.replace("\\n",LINE_DELIM)}', '.replace(chr(10),LINE_DELIM)}'),
}
for name, (old, new) in fixes.items():
    f = root / name
    f.write_text(f.read_text().replace(old, new))
PY
fi
rm -rf "$OUT" && mkdir -p "$OUT/inspect"
scenarios=(scenarios/*/*.scenario.ron)
"$MUSTER" export vassal "${scenarios[@]}" -o "$OUT/bundled.vmod" --name "Muster bundled scenarios"
for s in "${scenarios[@]}"; do
    "$MUSTER" inspect "$s" > "$OUT/inspect/$(basename "$s" .scenario.ron).json"
done
"$VENV/bin/python" scripts/vassal-check.py "$OUT/bundled.vmod" "$OUT"/inspect/*.json
