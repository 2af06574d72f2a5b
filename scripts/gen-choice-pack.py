#!/usr/bin/env python3
"""Writes a hostile A la Charge pack for timing how `muster validate` judges owner's choices
together (docs/bench-results.md): N choices of one knight each, over a river hex of its own
(which no unit enters) and a shared row of K clear hexes, so every choice must avoid its
river and the row cannot hold them all (N errors). The map is 500 x 12.

Usage: scripts/gen-choice-pack.py N K DIR; then `muster validate DIR`.
"""
import os
import sys

n, shared, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
minimal = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "cases", "valid-minimal")
os.makedirs(out, exist_ok=True)


def hx(c, r):
    return f"{c:03d}{r:03d}"


rivers = [hx(i % 500 + 1, i // 500 + 1) for i in range(n)]
m = open(os.path.join(minimal, "x.map.ron")).read()
m = m.replace("columns: 6, rows: 6", "columns: 500, rows: 12")
m = m.replace(
    'default_terrain: "clear",',
    'default_terrain: "clear",\n    hexes: ['
    + ", ".join(f'(hex: "{h}", terrain: "river")' for h in rivers)
    + "],",
)
open(os.path.join(out, "x.map.ron"), "w").write(m)
s = open(os.path.join(minimal, "x.scenario.ron")).read()
s = s.replace('kind: "knights", count: 2,', f'kind: "knights", count: {n + 2},', 1)
row = ", ".join(f'"{hx(c, 10)}"' for c in range(1, shared + 1))
lines = "\n".join(
    f'                (units: ["Red Knights"], at: Hexes(["{h}", {row}])),' for h in rivers
)
s = s.replace(
    '                (units: ["2x Red Knights"], at: Hexes(["0202", "0203"])),',
    f'                (units: ["2x Red Knights"], at: Hexes(["{hx(1, 12)}", "{hx(2, 12)}"])),\n' + lines,
    1,
)
s = s.replace('(units: ["Red Leader"], at: Hexes(["0202"]))', f'(units: ["Red Leader"], at: Hexes(["{hx(1, 12)}"]))')
s = s.replace('(units: ["Red Foot"], at: Hexes(["0204"]))', f'(units: ["Red Foot"], at: Hexes(["{hx(3, 12)}"]))')
for a, b in [("0503", hx(5, 11)), ("0502", hx(4, 11)), ("0504", hx(6, 11))]:
    s = s.replace(f'"{a}"', f'"{b}"')
open(os.path.join(out, "x.scenario.ron"), "w").write(s)
