"""Draws what a new game on one board of a module exported by `muster export vassal`
shows: the board image with every set-up stack's counters at the stack's position (a
VASSAL stack draws its counters slightly offset). Needs Pillow. Used for the README.

usage: python vassal-preview.py MODULE.vmod BOARD_NAME OUT.png
"""
import io
import sys
import xml.etree.ElementTree as ET
import zipfile

from PIL import Image


def main(module, board_name, out):
    z = zipfile.ZipFile(module)
    root = ET.fromstring(z.read("buildFile.xml"))
    board = next(b for b in root.iter("VASSAL.build.module.map.boardPicker.Board") if b.get("name") == board_name)
    img = Image.open(io.BytesIO(z.read("images/" + board.get("image")))).convert("RGBA")
    for st in root.iter("VASSAL.build.module.map.SetupStack"):
        if st.get("owningBoard") != board_name:
            continue
        x, y = int(st.get("x")), int(st.get("y"))
        for k, slot in enumerate(st.iter("VASSAL.build.widget.PieceSlot")):
            image = slot.text.split("piece;;;")[1].split(";")[0]
            if not image and "emb2;" in slot.text:
                # A two-step unit: its Layer's first image (the full step) draws it.
                image = slot.text.split("emb2;")[1].split(";")[15].split(",")[0]
            c = Image.open(io.BytesIO(z.read("images/" + image))).convert("RGBA")
            img.alpha_composite(c, (x - c.width // 2 + 3 * k, y - c.height // 2 - 3 * k))
    img.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:4])
