# Hostile cases for pictures and Tiled imports (security review F10 render rows, F11;
# interop review 1), sourced by scripts/hostile.sh with M (release muster) and DIR set.
# Builds small inputs that ask for huge work under "$DIR/images" and runs each with run_case.
IMG="$DIR/images"
rm -rf "$IMG"
mkdir -p "$IMG/rf" "$IMG/rf2" "$IMG/tiled"

# A map of COLUMNS x ROWS open hexes, with an unknown terrain on its first hex when BAD is set.
images_map() {
  local file="$1" columns="$2" rows="$3" bad="${4:-}" hexes=""
  [ -n "$bad" ] && hexes="(hex: \"$bad\", terrain: \"lava\")"
  printf '(title: "T", ruleset: "and-gentlemen-all", provenance: Original, grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: %s, rows: %s, north: Top), default_terrain: "open", hexes: [%s])\n' \
    "$columns" "$rows" "$hexes" >"$file"
}

images_map "$IMG/huge.map.ron" 999 999
images_map "$IMG/r33.map.ron" 33 33
images_map "$IMG/small.map.ron" 8 8
# Just under the renderer's budget: 15.9 Mpx at the default 48 px a hex (16 Mpx allowed),
# and 40,000 hexes at the smallest hexes (40,000 allowed).
images_map "$IMG/at-cap.map.ron" 105 96
images_map "$IMG/hexes-cap.map.ron" 200 200
for i in 1 2 3; do images_map "$IMG/rf/m$i.map.ron" 300 255 001001; done
images_map "$IMG/rf2/a-huge.map.ron" 999 999 001001
images_map "$IMG/rf2/b-small.map.ron" 10 10 0101

run_case render-999-px4 2 "$M" render "$IMG/huge.map.ron" -o "$IMG/out.png" --px-per-hex 4
run_case render-999-default 2 "$M" render "$IMG/huge.map.ron" -o "$IMG/out.png"
run_case render-33-px512 2 "$M" render "$IMG/r33.map.ron" -o "$IMG/out.png" --px-per-hex 512
run_case render-999-crop 0 "$M" render "$IMG/huge.map.ron" -o "$IMG/out.png" --hexes 001001:030030
run_case render-at-cap 0 "$M" render "$IMG/at-cap.map.ron" -o "$IMG/out.png"
run_case render-999-crop-at-cap 0 "$M" render "$IMG/huge.map.ron" -o "$IMG/out.png" --hexes 001001:105096
run_case render-40k-hexes 0 "$M" render "$IMG/hexes-cap.map.ron" -o "$IMG/out.png" --px-per-hex 8
run_case render-hexes-outside 2 "$M" render "$IMG/small.map.ron" -o "$IMG/out.png" --hexes 0101:9999
run_case render-failures-3x300 1 "$M" validate "$IMG/rf" --render-failures "$IMG/rf-out"
run_case render-failures-999 1 "$M" validate "$IMG/rf2" --render-failures "$IMG/rf2-out"

# TMX layer bombs: a 999 x 999 hexagonal map whose tile layers are base64 + zlib zeros
# (about 5 KB of text each, 4 MB inflated); LAYERS of them.
images_tmx() {
  python3 - "$1" "$2" <<'EOF'
import base64, sys, zlib
path, layers = sys.argv[1], int(sys.argv[2])
n = 999
data = base64.b64encode(zlib.compress(bytes(4 * n * n), 9)).decode()
with open(path, "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    f.write(f'<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{n}" height="{n}" '
            'tilewidth="48" tileheight="42" hexsidelength="24" staggeraxis="x" staggerindex="even" infinite="0">\n')
    f.write('<tileset firstgid="1" name="t" tilewidth="48" tileheight="42" tilecount="1" columns="1"/>\n')
    for i in range(layers):
        f.write(f'<layer id="{i + 1}" name="t{i}" width="{n}" height="{n}">'
                f'<data encoding="base64" compression="zlib">{data}</data></layer>\n')
    f.write('</map>\n')
EOF
}
images_tmx "$IMG/tiled/bomb100.tmx" 100
images_tmx "$IMG/tiled/bomb3000.tmx" 3000
images_tmx "$IMG/tiled/layers8.tmx" 8
run_case tiled-bomb-100-layers 2 "$M" import tiled "$IMG/tiled/bomb100.tmx" -o "$IMG/tiled/out.map.ron" --force --ruleset and-gentlemen-all --empty open
run_case tiled-bomb-3000-layers 2 "$M" import tiled "$IMG/tiled/bomb3000.tmx" -o "$IMG/tiled/out.map.ron" --force --ruleset and-gentlemen-all --empty open
run_case tiled-8-layers-999 0 "$M" import tiled "$IMG/tiled/layers8.tmx" -o "$IMG/tiled/out.map.ron" --force --ruleset and-gentlemen-all --empty open
