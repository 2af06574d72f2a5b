"""Opens a module written by `muster export vassal` with a third-party reader (pywargame)
and checks it against `muster inspect`: every counter stands in a set-up stack at the hex
the placement model's arrangement gives it (inspect's `at`) on the scenario's board, and
pywargame's own port of VASSAL's numbering leads each stack's printed location to the hex
centre Muster drew.

usage: python vassal-check.py MODULE.vmod INSPECT.json...
"""
import collections
import json
import sys


def _reader_only():
    """Registers pywargame's packages without running their __init__, which imports the
    merge and export tools too (written for Python 3.12+); the reading modules import what
    they need themselves."""
    import importlib.util
    import types

    spec = importlib.util.find_spec("pywargame")
    if spec is None:
        sys.exit("vassal-check: pywargame is not installed")
    root = spec.submodule_search_locations[0]
    for name, path in (("pywargame", root), ("pywargame.vassal", root + "/vassal")):
        m = types.ModuleType(name)
        m.__path__ = [path]
        sys.modules[name] = m


_reader_only()
from pywargame.vassal.buildfile import BuildFile  # noqa: E402
from pywargame.vassal.vmod import VMod  # noqa: E402


def fail(msg):
    print(f"vassal-check: FAIL: {msg}")
    sys.exit(1)


def main(module, inspects):
    with VMod(module, "r") as vmod:
        names = vmod.getFileNames()
        build = BuildFile(vmod.getBuildFile())
        vmod.getModuleData()  # must parse
    game = build.getGame()
    maps = list(game.getMaps(asdict=False))
    if len(maps) != 1:
        fail(f"{len(maps)} maps, expected 1")
    board_map = maps[0]
    boards = board_map.getBoards(asdict=True)
    stacks = board_map.getAtStarts(single=False) or []
    by_board = collections.defaultdict(list)
    for st in stacks:
        by_board[st["owningBoard"]].append(st)
    checked_hexes = 0
    checked_counters = 0
    for path in inspects:
        with open(path) as f:
            sc = json.load(f)
        title = sc["title"]
        if title not in boards:
            fail(f"no board named {title!r} (boards: {sorted(boards)})")
        board = boards[title]
        if "images/" + board["image"] not in names:
            fail(f"board image {board['image']} is not in the module")
        grid = board.getZonedGrids(single=False)[0].getZones(asdict=False)[0].getHexGrids(single=False)[0]
        # (location, unit name) -> counters standing there, from the module.
        have = collections.Counter()
        for st in by_board[title]:
            if st["useGridLocation"] != "true":
                continue
            loc = st["location"]
            x, y = grid.getLocation(loc)
            if abs(x - int(st["x"])) > 1 or abs(y - int(st["y"])) > 1:
                fail(f"{title}: {loc}: VASSAL's numbering puts it at {(x, y)}, Muster drew it at {(st['x'], st['y'])}")
            checked_hexes += 1
            for slot in st.getPieces(asdict=False):
                traits = slot.getTraits()
                # A counter's image: its basic piece's, or under a Layer (a two-step
                # unit) each of the Layer's images, one a step.
                basic = [t for t in traits if t.ID == "piece"]
                layers = [t for t in traits if t.ID == "emb2"]
                images = [i for t in layers for i in t.getImages()]
                if not images and basic:
                    images = [basic[0]["filename"]]
                if not basic or not images or any("images/" + i not in names for i in images):
                    fail(f"{title}: {loc}: a counter without its image")
                have[(loc, slot["entryName"])] += 1
        # What Muster says stands where: inspect's contract version 4, each unit's counters
        # at the hexes of the placement model's one arrangement (`at`), counted.
        if sc.get("version") != 4:
            fail(f"{title}: inspect contract version {sc.get('version')}, expected 4")
        for p in sc["placements"]:
            if "turn" in p or p.get("hidden"):
                continue
            for u in p["units"]:
                for a in u["at"]:
                    key = (a["hex"], u["unit"])
                    if have[key] < a["count"]:
                        fail(f"{title}: {a['count']}x {u['unit']} ({p['side']}, {u['mode']}) "
                             f"not on {a['hex']} (found {have[key]})")
                    have[key] -= a["count"]
                    checked_counters += a["count"]
        for p in sc.get("pieces", []):
            if p["hexes"]:
                key = next((k for k in have if k[0] == p["hexes"][0] and k[1].startswith(p["id"] + " (") and have[k] > 0), None)
                if key is None:
                    fail(f"{title}: piece {p['id']} is not on {p['hexes'][0]}")
                have[key] -= 1
                checked_counters += 1
        # Markers (issue 33: pieces on their hexes), after every counter and piece: what
        # is left on a marker's hex is the marker.
        for m in sc.get("markers", []):
            key = next((k for k in have if k[0] == m["hex"] and have[k] > 0), None)
            if key is None:
                fail(f"{title}: marker {m['kind']} is not on {m['hex']}")
            have[key] -= 1
            checked_counters += 1
        left = {k: n for k, n in have.items() if n > 0}
        if left:
            fail(f"{title}: counters in the module that the scenario does not place there: {left}")
    print(f"vassal-check: ok: {len(inspects)} scenarios, {checked_counters} counters at their printed hexes, "
          f"{checked_hexes} set-up locations agree with pywargame's VASSAL numbering")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2:])
