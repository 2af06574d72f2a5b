"""Compares what VASSAL's own engine makes of an exported module (the output of
scripts/vassal-harness/EngineCheck.java) with `muster inspect --format json`.

For every predefined set-up, started in the engine on its board:
- every counter of a set-up line stands at the hex the placement model's arrangement gives
  it (inspect's `at`), by VASSAL's own location name; every reinforcement, hidden unit
  and engine off the map stands in a named box (a zone named for its side, never a hex);
- no two counters that may not share a hex (inspect's `shares_hex`) stand on one hex,
  except where the model itself finds no arrangement that keeps them apart (`crowded`),
  or on a hex with an upper level;
- every counter of a hidden or owner's-choice line is masked by its side, and no other;
  its side (the harness taking that side in the roster) has Mask / reveal in its menu,
  and revealing shows the counter;
- the counter detail viewer shows every face-up piece's name, side and ratings, and
  nothing of a masked one;
- every piece has Delete; every two-step unit (`steps` = 2) has a Layer whose flip names
  it "(reduced)" on level 2 and back on level 1; no other piece has one;
- in a system whose units face (FACES below, read from the rules, not from the exporter),
  every unit counter turns through six facings (Ctrl+] to the next clockwise, Ctrl+[
  back) of the kind the rules give (a Charles the Bold stand a hex corner, §3; the
  others a hexside), starting at its line's facing (index 0 where the line writes
  none); in A la Charge ("There is no unit facing in this game", §3) no counter turns;
  an engine, cart or screen does not turn (its image is drawn as it faces);
- the engine's drawing of each piece covers its footprint and nothing more: a counter
  its own hex (or its box), in a siege the hex behind it too where it is a mounted
  character (Siege 3.31; which hex, tests/footprint.rs holds against the siege field),
  an engine, horse, cart or screen every hex `muster inspect` lays it out on
  (`pieces[].hexes`);
- the roster of a module of one scenario (`export vassal --split`) is that scenario's
  sides, by their names; that of a module of several names every side with its scenario;
- every marker a scenario sets up stands on its hex, with Delete and no Mask; Clone is in
  the menu of a marker (set up, or blank in the scenario's markers palette) exactly where
  CLONED below, read from the Siege rules, lets players place it as often as it happens;
- no piece is left over.

usage: python3 vassal-engine-check.py HARNESS.txt INSPECT.json...
"""
import collections
import json
import sys


def fail(msg):
    print(f"vassal-engine-check: FAIL: {msg}")
    sys.exit(1)


# The compass names of the six facings, clockwise from facing 0, as the rules print them
# (muster-hex's Direction and Corner number them the same way).
SIDES = {"flat": ["N", "NE", "SE", "S", "SW", "NW"], "pointy": ["NE", "E", "SE", "SW", "W", "NW"]}
CORNERS = {"flat": ["NE", "E", "SE", "SW", "W", "NW"], "pointy": ["NE", "SE", "S", "SW", "NW", "N"]}


# Siege markers players place as often as it happens (fire 3.51-3.52 and 5.3, burnt out
# 3.55, wall damage 4.12, panic and rout 6.11-6.12, ransom 6.4), and rubble in a siege of
# several days (2.31, 4.14). Filled moat (2.2), rubble in a single-day assault, oil and the
# drawbridge come in the number the scenario states: no Clone.
CLONED = {"fire", "destroyed", "damage", "panic", "rout", "ransom"}


def clones(kind, sc):
    days = (sc.get("siege") or {}).get("days", 1)
    return kind in CLONED or (kind == "rubble" and days > 1)


def read_harness(path):
    setups, pieces, grids, done = [], collections.defaultdict(list), {}, None
    slots, roster = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "SETUP":
                setups.append(parts[1])
                grids[parts[1]] = parts[3] if len(parts) > 3 else ""
            elif parts[0] == "ROSTER":
                roster = parts[1:]
            elif parts[0] == "SLOT":
                _, palette, name, unit, traits, menu = parts
                slots.append({"palette": palette, "name": name, "unit": unit,
                              "traits": traits.split(","), "menu": menu})
            elif parts[0] == "PIECE":
                if len(parts) != 14:
                    fail(f"{path}: a piece line with {len(parts)} fields: {line!r}")
                (_, setup, loc, name, side, traits, menu, masked, flip, reveal, detail,
                 facing, covers, unit) = parts
                pieces[setup].append({
                    "loc": loc, "name": name, "side": side, "traits": traits.split(","),
                    "menu": menu, "masked": masked, "flip": flip, "reveal": reveal,
                    "detail": detail, "facing": facing, "covers": covers, "unit": unit,
                })
            elif parts[0] == "DONE":
                done = parts
    if done is None:
        fail(f"{path}: the harness did not finish")
    return setups, pieces, grids, slots, roster


# What each game system's units face, from its rules: a hex corner (Charles the Bold §3:
# "All stands must face one of the points of the hex"), a hexside, or nothing (A la
# Charge §3). A second reader of the rules, independent of Muster's table.
FACES = {"a-la-charge": None, "charles-the-bold": "hex corner", "siege": "hexside",
         "and-gentlemen-all": "hexside"}


def check_facing(title, what, pc, faces, written, grid):
    """A unit counter's rotator: six facings, at its line's facing, Ctrl+] and Ctrl+[."""
    if not faces:
        if pc["facing"]:
            fail(f"{title}: {what} turns ({pc['facing']}) but the scenario has no facing")
        return False
    f = pc["facing"].split(" ")
    if len(f) < 9 or f[-8:-6] != ["facings", "6"] or f[-6] != "index":
        fail(f"{title}: {what} does not turn through six facings: {pc['facing']!r}")
    at, cw, ccw = f[-5], f[-3], f[-1]
    if f"Facing ({faces})" not in pc["facing"]:
        fail(f"{title}: {what} should face a {faces}: {pc['facing']}")
    names = (CORNERS if faces == "hex corner" else SIDES).get(grid)
    if names is None:
        fail(f"{title}: the board's grid is {grid!r}")
    want = names.index(written.upper()) if written else 0
    if at != str(want):
        fail(f"{title}: {what} faces {at}, its line says {written or 'none'} ({want}): {pc['facing']}")
    if cw != str((want + 1) % 6) or ccw != str(want):
        fail(f"{title}: {what}: Ctrl+] gave {cw}, Ctrl+[ then {ccw}: {pc['facing']}")
    return True


def check_setup(title, sc, got, owner_of, grid):
    names = {s["id"]: s["name"] for s in sc["sides"]}
    units = {}
    for p in sc["placements"]:
        for u in p["units"]:
            units[(names[p["side"]], u["unit"])] = u
    for pc in got:
        if pc["traits"][-1] != "BasicPiece" or "Delete" not in pc["traits"]:
            fail(f"{title}: {pc['name']} at {pc['loc']}: no Delete (traits {pc['traits']})")
        # The detail viewer shows name, side and ratings, and nothing of a masked piece.
        if pc["masked"]:
            if pc["detail"] != "(not shown)":
                fail(f"{title}: masked {pc['name']} at {pc['loc']}: the detail viewer shows {pc['detail']!r}")
        elif not pc["detail"].startswith(f"{pc['name']} ({pc['side']}): "):
            fail(f"{title}: {pc['name']} at {pc['loc']}: the detail viewer shows {pc['detail']!r}")
        unit = units.get((pc["side"], pc["name"]))
        layer = "Embellishment" in pc["traits"]
        if unit is not None and unit["steps"] == 2:
            want = f"{pc['name']} (reduced) [level 2] -> {pc['name']} [level 1]"
            if not layer or pc["flip"] != want:
                fail(f"{title}: {pc['name']} at {pc['loc']} has two steps but flips to {pc['flip']!r}")
        elif layer:
            fail(f"{title}: {pc['name']} at {pc['loc']} has one step but a Layer")
    left = list(got)

    def take(loc_ok, name_ok, masked, what, unit=None):
        for i, pc in enumerate(left):
            if loc_ok(pc["loc"]) and name_ok(pc["name"]) and unit in (None, pc["unit"]):
                if (pc["masked"] != "") != masked:
                    fail(f"{title}: {what} at {pc['loc']}: masked by {pc['masked']!r}, expected "
                         f"{'masked' if masked else 'face up'}")
                if masked and pc["masked"] != owner_of(title, pc["side"]):
                    fail(f"{title}: {what} at {pc['loc']}: masked by {pc['masked']!r}, not its side")
                if masked and not pc["reveal"].startswith(f"revealed by {pc['masked']} (menu Mask / reveal,"):
                    fail(f"{title}: {what} at {pc['loc']}: its side cannot reveal it: {pc['reveal']}")
                del left[i]
                return pc
        fail(f"{title}: {what}: not found in the engine")

    def covers(pc, hexes, what, horse=False):
        got = set(pc["covers"].split("+"))
        if horse and got > set(hexes) and len(got) == len(hexes) + 1 and not pc["masked"]:
            counted["mounted"] += 1
            return
        if got != set(hexes):
            fail(f"{title}: {what}: the engine draws it over {pc['covers']!r}, not {'+'.join(sorted(hexes))}")

    if sc["ruleset"] not in FACES:
        fail(f"{title}: no facing known for the system {sc['ruleset']!r}: add it to FACES")
    faces = FACES[sc["ruleset"]]

    counted = collections.Counter()
    upper = set()
    for p in sc["placements"]:
        side = names[p["side"]]
        if p.get("level") in ("Upper", "upper"):
            upper.update(p["hexes"])
        boxed = "turn" in p or p.get("hidden")
        for u in p["units"]:
            masked = bool(p.get("hidden")) or u["mode"] in ("choice", "zone")
            if boxed:
                def in_box(loc, side=side, p=p):
                    return loc.startswith(side + ", ") and ("turn" not in p or f"turn {p['turn']}," in loc)
                for _ in range(u["count"]):
                    what = f"{u['unit']} ({side}, box)"
                    pc = take(in_box, lambda n, u=u: n == u["unit"], masked, what)
                    counted["turn"] += check_facing(title, what, pc, faces, p.get("facing"), grid)
                    covers(pc, [pc["loc"]], what)
                    counted["box"] += 1
                continue
            for a in u["at"]:
                for _ in range(a["count"]):
                    what = f"{u['unit']} ({side}) on {a['hex']}"
                    pc = take(lambda loc, h=a["hex"]: loc == h, lambda n, u=u: n == u["unit"], masked, what)
                    counted["turn"] += check_facing(title, what, pc, faces, p.get("facing"), grid)
                    covers(pc, [a["hex"]], what, horse=bool(sc.get("siege")))
                    counted["hex"] += 1
    for p in sc.get("pieces", []):
        side = names.get(p["side"], "")
        if p["hexes"]:
            what = f"piece {p['id']} on {p['hexes'][0]}"
            pc = take(lambda loc, h=p["hexes"][0]: loc == h, lambda n, p=p: n.startswith(p["id"] + " ("),
                      False, what)
            covers(pc, p["hexes"], what)
            counted["hex"] += 1
            counted["footprint"] += len(p["hexes"]) > 1
        else:
            what = f"piece {p['id']} off the map"
            pc = take(lambda loc, side=side: loc.startswith(side + ", off the map"),
                      lambda n, p=p: n.startswith(p["id"] + " ("), False, what)
            covers(pc, [pc["loc"]], what)
            counted["box"] += 1
        if pc["facing"]:
            fail(f"{title}: {what} turns, but its image is drawn as it faces: {pc['facing']}")
    for m in sc.get("markers", []):
        what = f"marker {m['kind']} on {m['hex']}"
        pc = take(lambda loc, h=m["hex"]: loc == h, lambda n: True, False, what,
                  unit=m["kind"])
        if "Obscurable" in pc["traits"]:
            fail(f"{title}: {what} has a Mask")
        if ("Clone" in pc["menu"].split(",")) != clones(m["kind"], sc):
            fail(f"{title}: {what}: Clone in its menu {pc['menu']!r}, the rules say "
                 f"{'clone' if clones(m['kind'], sc) else 'a fixed number'}")
        covers(pc, [m["hex"]], what)
        counted["markers"] += 1
    if left:
        fail(f"{title}: pieces the scenario does not place there: "
             f"{[(pc['loc'], pc['name']) for pc in left]}")
    # No two counters that may not share a hex on one hex where the model keeps them apart.
    bound = collections.Counter()
    for pc in got:
        unit = units.get((pc["side"], pc["name"]))
        if unit is not None and not unit["shares_hex"]:
            bound[pc["loc"]] += 1
    for loc, n in bound.items():
        room = 2 if loc in upper else 1
        if n > room and loc not in sc.get("crowded", []) and loc[:1].isdigit():
            fail(f"{title}: {n} counters that may not share a hex stand on {loc}")
    masked = sum(1 for pc in got if pc["masked"])
    flips = sum(1 for pc in got if pc["flip"])
    return (counted["hex"], counted["box"], masked, flips, len(got), counted["turn"],
            counted["footprint"] + counted["mounted"], counted["markers"])


def owner_of_side(title, side, several):
    """A side's name in the roster: with its scenario when the module holds several."""
    return f"{title}: {side}" if several else side


def main(harness_files, inspects):
    scenarios = {}
    for path in inspects:
        with open(path, encoding="utf-8") as f:
            sc = json.load(f)
        scenarios[sc["title"]] = sc
    totals = collections.Counter()
    for path in harness_files:
        setups, pieces, grids, slots, roster = read_harness(path)
        want = [owner_of_side(title, s["name"], len(setups) > 1)
                for title in setups if title in scenarios for s in scenarios[title]["sides"]]
        if roster != want:
            fail(f"{path}: the roster is {roster}, not {want}")
        totals["rosters"] += len(setups) == 1
        for slot in slots:
            title = slot["palette"][: -len(" — Markers")]
            if title not in scenarios:
                fail(f"{path}: palette {slot['palette']!r} of no bundled scenario")
            want = clones(slot["unit"], scenarios[title])
            if ("Clone" in slot["menu"].split(",")) != want or "Delete" not in slot["traits"]:
                fail(f"{path}: {slot['palette']}: {slot['name']}: menu {slot['menu']!r}, "
                     f"traits {slot['traits']}, the rules say {'clone' if want else 'a fixed number'}")
            totals["slots"] += 1
            totals["cloned"] += want
        several = len(setups) > 1
        if not setups:
            fail(f"{path}: the engine found no predefined set-up")

        def owner_of(title, side, several=several):
            return owner_of_side(title, side, several)

        for title in setups:
            if title not in scenarios:
                fail(f"{path}: set-up {title!r} is no bundled scenario")
            h, b, m, fl, n, tu, fp, mk = check_setup(title, scenarios[title], pieces[title], owner_of,
                                                 grids.get(title, ""))
            totals.update({"setups": 1, "hex": h, "box": b, "masked": m, "flips": fl, "pieces": n,
                           "turns": tu, "footprint": fp, "markers": mk})
        totals["modules"] += 1
    print(f"vassal-engine-check: ok: {totals['modules']} modules ({totals['rosters']} of one scenario "
          f"with only its own sides in the roster), {totals['setups']} set-ups started "
          f"in VASSAL's engine, {totals['pieces']} pieces with Delete: {totals['hex']} at their "
          f"printed hexes, {totals['box']} in named boxes, {totals['masked']} masked by their side (each revealed by it, none shown by the detail viewer), "
          f"{totals['flips']} flip to their reduced step, {totals['turns']} turn through six facings "
          f"from their set-up facing, {totals['footprint']} multi-hex pieces and mounted characters "
          f"drawn over their footprint, {totals['markers']} markers on their hexes; "
          f"{totals['slots']} blank markers in palettes, {totals['cloned']} with Clone where the rules allow")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    args = sys.argv[1:]
    main([a for a in args if a.endswith(".txt")], [a for a in args if a.endswith(".json")])
