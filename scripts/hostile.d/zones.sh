# Zone bombs, placement of many counters and reach with a huge allowance (issue 27;
# security review F3 and F10). Sourced by scripts/hostile.sh with M (the release muster
# binary) and DIR (a scratch folder) set; see lib.sh for run_case.
zones_dir="$DIR/zones"
mkdir -p "$zones_dir"
python3 - "$zones_dir" <<'PY'
import os, sys
d = sys.argv[1]

def write(name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)

def grid(n):
    return ("grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, "
            "first_row: 1, columns: %d, rows: %d, north: Top)" % (n, n))

def map_file(n, zones=""):
    return ('(\n    title: "Hostile", ruleset: "a-la-charge", provenance: Original,\n    %s,\n'
            '    default_terrain: "clear",\n    zones: [%s],\n)\n' % (grid(n), zones))

def scenario(map_name, red_at, blue_at, knights_at=None, mp=6, knights=1):
    knights_line = ""
    if knights_at is not None:
        knights_line = '(units: ["%dx Red Knights"], at: %s),' % (knights, knights_at)
    return '''(
    title: "Hostile", ruleset: "a-la-charge", provenance: Original, map: "%s", turns: 5, first_side: "red",
    sides: [
        (id: "red", name: "Red Army", commander: "Red Leader", army_morale: 6,
         units: [
            (id: "Red Leader", name: "Red Leader", kind: "leader", rating: 1, mp: %d),
            (id: "Red Knights", name: "Red Knights", kind: "knights", count: %d, steps: [(strength: 3, mp: 6), (strength: 2, mp: 6)]),
         ],
         setup: [(units: ["Red Leader"], at: %s), %s]),
        (id: "blue", name: "Blue Army", commander: "Blue Leader", army_morale: 6,
         units: [
            (id: "Blue Leader", name: "Blue Leader", kind: "leader", rating: 1, mp: 6),
         ],
         setup: [(units: ["Blue Leader"], at: Hexes(["%s"]))]),
    ],
    victory: [
        (side: "red", level: Major, when: ArmyMoraleExceeded("blue"), text: "Losses over the army morale level."),
        (side: "blue", level: Major, when: ArmyMoraleExceeded("red"), text: "Losses over the army morale level."),
    ],
)
''' % (map_name, mp, knights, red_at, knights_line, blue_at)

w = lambda h, dist: 'Within(hex: "%s", distance: %d)' % (h, dist)
big = w("500500", 999)
write("huge.map.ron", map_file(999))
write("anywithin.scenario.ron", scenario("huge.map.ron", "Any([%s])" % ", ".join([big] * 100), "001001"))
write("any400.scenario.ron", scenario("huge.map.ron", "Any([%s])" % ", ".join([big] * 400), "001001"))
write("allwithin.scenario.ron", scenario("huge.map.ron", "All([%s, %s])" % (big, w("500501", 999)), "001001"))
write("exceptwithin.scenario.ron", scenario("huge.map.ron", "Except(%s, %s)" % (big, w("500500", 998)), "001001"))
write("withinmax.scenario.ron", scenario("huge.map.ron", w("500500", 4294967295), "001001"))
write("allbig.map.ron", map_file(999, '(id: "big", name: "Big", zone: All([%s, %s]))' % (big, w("500501", 999))))
write("use_allbig.scenario.ron", scenario("allbig.map.ron", 'Named("big")', "001001"))
for fan in (8, 4, 3):
    zones = ", ".join(
        '(id: "z%d", name: "Z%d", zone: Any([%s]))' % (i, i, ", ".join(['Named("z%d")' % (i + 1)] * fan))
        for i in range(15))
    zones += ', (id: "z15", name: "Z15", zone: Row("xx03"))'
    write("e15f%d.map.ron" % fan, map_file(8, zones))
    write("use_e15f%d.scenario.ron" % fan, scenario("e15f%d.map.ron" % fan, 'Named("z0")', "0808"))
write("place2.scenario.ron", scenario("huge.map.ron", 'Hexes(["001001"])', "999999",
                                      knights_at=big, knights=10000))
write("r400.map.ron", map_file(400))
write("r200.map.ron", map_file(200))
write("reach.scenario.ron", scenario("huge.map.ron", 'Hexes(["500500"])', "001001", mp=4294967295))
write("reach400.scenario.ron", scenario("r400.map.ron", 'Hexes(["200200"])', "001001", mp=4294967295))
write("reach200.scenario.ron", scenario("r200.map.ron", 'Hexes(["100100"])', "001001", mp=4294967295))
PY
z="$zones_dir"
run_case zones-any-within-x100 1 "$M" validate "$z/anywithin.scenario.ron"
run_case zones-any-within-x400 1 "$M" validate "$z/any400.scenario.ron"
run_case zones-all-two-withins 0 "$M" validate "$z/allwithin.scenario.ron"
run_case zones-except-two-withins 1 "$M" validate "$z/exceptwithin.scenario.ron"
run_case zones-within-u32-max 0 "$M" validate "$z/withinmax.scenario.ron"
run_case zones-named-all-big 0 "$M" validate "$z/use_allbig.scenario.ron"
run_case zones-fan-out-8x15 0 "$M" validate "$z/use_e15f8.scenario.ron"
run_case zones-fan-out-4x15 0 "$M" validate "$z/use_e15f4.scenario.ron"
run_case zones-fan-out-3x15 0 "$M" validate "$z/use_e15f3.scenario.ron"
run_case zones-place-10000-over-1m 0 "$M" validate "$z/place2.scenario.ron"
run_case zones-reach-huge-mp-999 0 "$M" query reach "$z/reach.scenario.ron" "Red Leader"
run_case zones-reach-huge-mp-400 0 "$M" query reach "$z/reach400.scenario.ron" "Red Leader"
run_case zones-reach-huge-mp-200 0 "$M" query reach "$z/reach200.scenario.ron" "Red Leader"
