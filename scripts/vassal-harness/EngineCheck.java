// Loads a module exported by `muster export vassal` in VASSAL's own engine, headless (under
// Xvfb), starts each predefined set-up of its Scenarios menu on the board of the same name,
// and prints every piece as the engine sees it: VASSAL's own location name, its traits
// (outermost first), its menu, who masks it, what its flip does, which way it faces and
// what its rotation commands do, and which hexes the engine's drawing of it covers. Used
// by scripts/vassal-engine-check.sh, which compares the output with `muster inspect`.
//
// usage: java -cp ENGINE_CLASSPATH:. EngineCheck MODULE.vmod [SHOT.png]
// Output, one record a line, fields separated by tabs:
//   SETUP  name  board  grid (flat or pointy: how the board's HexGrid turns its hexes)
//   ROSTER side...   (the module's player roster, as the engine reads it)
//   SLOT   palette  name  unit  traits  menu   (each marker of a "… — Markers" palette)
//   PIECE  setup  location  name  side  traits  menu  maskedBy  flip  reveal  detail
//          facing  covers  unit
//   DONE   setups  pieces
// With SHOT.png, the first set-up stays open in the engine's window with the first
// piece's menu shown, and the harness waits for the file to be written by the caller.

import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.BoardPicker;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

import java.util.ArrayList;
import java.util.List;
import javax.swing.KeyStroke;

public class EngineCheck {
    static String clean(Object o) {
        return o == null ? "" : o.toString().replace('\t', ' ').replace('\n', ' ');
    }

    static List<GamePiece> pieces(Map map) {
        final List<GamePiece> out = new ArrayList<>();
        for (GamePiece p : map.getPieces()) {
            if (p instanceof Stack) {
                for (GamePiece q : ((Stack) p).asList()) out.add(q);
            } else {
                out.add(p);
            }
        }
        return out;
    }

    static String traits(GamePiece p) {
        final StringBuilder sb = new StringBuilder();
        GamePiece q = p;
        while (true) {
            if (sb.length() > 0) sb.append(',');
            sb.append(q.getClass().getSimpleName());
            if (!(q instanceof Decorator)) break;
            q = ((Decorator) q).getInner();
        }
        return sb.toString();
    }

    static String menu(GamePiece p) {
        final Object o = p.getProperty(Properties.KEY_COMMANDS);
        final StringBuilder sb = new StringBuilder();
        if (o instanceof KeyCommand[]) {
            for (KeyCommand k : (KeyCommand[]) o) {
                if (k.getName() == null || k.getName().isEmpty()) continue;
                if (sb.length() > 0) sb.append(',');
                sb.append(k.getName());
            }
        }
        return sb.toString();
    }

    /** Flips a two-step piece (its Layer's Ctrl+F) and back: what its name became. */
    static String flip(GamePiece p) {
        GamePiece q = p;
        boolean layer = false;
        while (q instanceof Decorator) {
            if (q.getClass().getSimpleName().equals("Embellishment")) layer = true;
            q = ((Decorator) q).getInner();
        }
        if (!layer) return "";
        final Object masked = p.getProperty(Properties.OBSCURED_BY);
        if (masked != null) p.setProperty(Properties.OBSCURED_BY, null);
        final KeyStroke f = KeyStroke.getKeyStroke(70, 130);
        p.keyEvent(f);
        final String reduced = p.getName() + " [level " + p.getProperty("Step_Level") + "]";
        p.keyEvent(f);
        final String back = p.getName() + " [level " + p.getProperty("Step_Level") + "]";
        if (masked != null) p.setProperty(Properties.OBSCURED_BY, masked);
        return reduced + " -> " + back;
    }

    /**
     * Which way a piece faces and what its rotation does: "" without a rotator, else
     * "NAME facings N index I cw J ccw K": the rotator's name and number of facings (from
     * its type), the facing it stands at (0-based, from its `_Facing` property), and where
     * Ctrl+] and then Ctrl+[ turned it (it is left as it was).
     */
    static String facing(GamePiece p) {
        final Decorator d = (Decorator) Decorator.getDecorator(p, VASSAL.counters.FreeRotator.class);
        if (d == null) return "";
        final String[] type = d.myGetType().split(";");
        final String name = type.length > 8 ? type[8] : "";
        final Object masked = p.getProperty(Properties.OBSCURED_BY);
        if (masked != null) p.setProperty(Properties.OBSCURED_BY, null);
        final String at = index(p, name);
        p.keyEvent(KeyStroke.getKeyStroke(93, 130));
        final String cw = index(p, name);
        p.keyEvent(KeyStroke.getKeyStroke(91, 130));
        final String ccw = index(p, name);
        if (masked != null) p.setProperty(Properties.OBSCURED_BY, masked);
        return name + " facings " + type[1] + " index " + at + " cw " + cw + " ccw " + ccw;
    }

    static String index(GamePiece p, String name) {
        final Object f = p.getProperty(name + "_Facing");
        try {
            return String.valueOf(Integer.parseInt(String.valueOf(f)) - 1);
        } catch (NumberFormatException e) {
            return "?" + f;
        }
    }

    /**
     * The hexes the engine's drawing of a piece covers, as the viewer sees it: every hex
     * (or named box) whose centre, as the map snaps to it, lies under an opaque pixel of
     * the piece, sorted and joined by "+".
     */
    static String covers(Map map, GamePiece p) {
        final java.awt.Rectangle bb = p.boundingBox();
        if (bb.width <= 0 || bb.height <= 0) return "";
        final java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(
            bb.width, bb.height, java.awt.image.BufferedImage.TYPE_INT_ARGB);
        final java.awt.Graphics2D g = img.createGraphics();
        p.draw(g, -bb.x, -bb.y, map.getView(), 1.0);
        g.dispose();
        final java.awt.Point pos = p.getPosition();
        final java.util.TreeSet<String> names = new java.util.TreeSet<>();
        final java.util.function.BiPredicate<Integer, Integer> opaque = (x, y) ->
            x >= 0 && y >= 0 && x < bb.width && y < bb.height && (img.getRGB(x, y) >>> 24) >= 128;
        for (int y = 0; y < bb.height; y += 3) {
            for (int x = 0; x < bb.width; x += 3) {
                if (!opaque.test(x, y)) continue;
                final java.awt.Point c = map.snapTo(new java.awt.Point(pos.x + bb.x + x, pos.y + bb.y + y));
                if (opaque.test(c.x - pos.x - bb.x, c.y - pos.y - bb.y)) {
                    names.add(clean(map.locationName(c)));
                }
            }
        }
        return String.join("+", names);
    }

    /** How the board's hex grid turns its hexes: "pointy" when sideways, else "flat". */
    static String orientation(Board board) {
        for (VASSAL.build.module.map.boardPicker.board.HexGrid h
                 : board.getAllDescendantComponentsOf(VASSAL.build.module.map.boardPicker.board.HexGrid.class)) {
            return h.isSideways() ? "pointy" : "flat";
        }
        return "";
    }

    /** Starts a game without the set-up wizard's dialogs. */
    static class NoWizard extends VASSAL.build.module.WizardSupport {
        @Override
        public void showGameSetupWizard() {
        }
    }

    /** The menu bar the player's window asks for (as VASSAL's Player sets one up). */
    static class Menus extends VASSAL.tools.menu.MenuManager {
        private final VASSAL.tools.menu.MenuBarProxy bar = new VASSAL.tools.menu.MenuBarProxy();

        @Override
        public javax.swing.JMenuBar getMenuBarFor(javax.swing.JFrame fc) {
            return bar.createPeer();
        }

        @Override
        public VASSAL.tools.menu.MenuBarProxy getMenuBarProxyFor(javax.swing.JFrame fc) {
            return bar;
        }
    }

    /**
     * A masked piece as its owner sees it: the harness takes the owning side in the
     * roster, reveals the piece with its Mask's Ctrl+M, masks it again, and leaves the
     * side. Says "revealed by SIDE" when the owner's reveal showed the piece, and whether
     * the owner's menu offers the mask command.
     */
    static String reveal(GamePiece p) {
        final Object by = p.getProperty(Properties.OBSCURED_BY);
        if (by == null) return "";
        final VASSAL.build.module.PlayerRoster roster = GameModule.getGameModule().getPlayerRoster();
        final String me = GameModule.getActiveUserId();
        roster.add(me, "harness", by.toString());
        final KeyStroke m = KeyStroke.getKeyStroke(77, 130);
        final String menu = menu(p);
        p.keyEvent(m);
        final Object after = p.getProperty(Properties.OBSCURED_BY);
        p.keyEvent(m);
        final Object again = p.getProperty(Properties.OBSCURED_BY);
        roster.remove(me);
        if (after == null && by.equals(again)) return "revealed by " + by + " (menu " + menu + ")";
        return "not revealed (" + after + ", then " + again + "; menu " + menu + ")";
    }

    /**
     * What the map's counter detail viewer shows of a piece: its report text, read from the
     * viewer's own format and filter, or "(not shown)" when its filter leaves the piece out
     * (a piece masked from the viewer).
     */
    static String detail(Map map, GamePiece p) {
        for (VASSAL.build.module.map.CounterDetailViewer v
                 : map.getComponentsOf(VASSAL.build.module.map.CounterDetailViewer.class)) {
            final String filter = v.getAttributeValueString("propertyFilter");
            if (filter != null && !filter.isEmpty()
                && !VASSAL.counters.PropertiesPieceFilter.parse(filter).accept(p)) {
                return "(not shown)";
            }
            return new VASSAL.tools.FormattedString(v.getAttributeValueString("counterReportFormat"))
                .getText((VASSAL.build.module.properties.PropertySource) p);
        }
        return "(no viewer)";
    }

    public static void main(String[] args) throws Exception {
        VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
        new Menus();
        final GameModule module = new GameModule(new DataArchive(args[0]));
        // No set-up wizard: the harness is the player, and picks each set-up's board itself.
        final java.lang.reflect.Field wizard = GameModule.class.getDeclaredField("wizardSupport");
        wizard.setAccessible(true);
        wizard.set(module, new NoWizard());
        GameModule.init(module);
        final GameModule gm = GameModule.getGameModule();
        final GameState gs = gm.getGameState();
        final Map map = Map.getMapList().get(0);
        final BoardPicker picker = map.getComponentsOf(BoardPicker.class).get(0);
        final List<PredefinedSetup> setups = new ArrayList<>();
        for (PredefinedSetup s : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
            if (!s.isMenu()) setups.add(s);
        }
        System.out.println("ROSTER\t" + String.join("\t", gm.getPlayerRoster().getSides()));
        // The markers players place: each palette's blank markers, as the engine builds them.
        for (VASSAL.build.widget.ListWidget list
                 : gm.getAllDescendantComponentsOf(VASSAL.build.widget.ListWidget.class)) {
            final String palette = list.getConfigureName();
            if (palette == null || !palette.endsWith(" — Markers")) continue;
            for (VASSAL.build.widget.PieceSlot slot
                     : list.getComponentsOf(VASSAL.build.widget.PieceSlot.class)) {
                final GamePiece p = slot.getPiece();
                System.out.println(String.join("\t", "SLOT", clean(palette),
                    clean(p.getProperty("BasicName")), clean(p.getProperty("Unit")), traits(p), menu(p)));
            }
        }
        int n = 0;
        boolean shot = args.length > 1;
        for (PredefinedSetup s : setups) {
            final String name = s.getConfigureName();
            final Board board = picker.getBoard(name);
            System.out.println("SETUP\t" + name + "\t" + (board == null ? "" : board.getName())
                + "\t" + (board == null ? "" : orientation(board)));
            if (board == null) continue;
            // As the player's choice of the set-up's board does: a SetBoards command, then
            // a new game.
            gs.setup(false);
            new BoardPicker.SetBoards(picker, new ArrayList<>(List.of(board))).execute();
            gs.setup(true);
            for (GamePiece p : pieces(map)) {
                final String loc = map.locationName(p.getPosition());
                final Object by = p.getProperty(Properties.OBSCURED_BY);
                // As an observer first (the detail viewer, the menu), then as the owner.
                final String seen = detail(map, p);
                final String menu = menu(p);
                System.out.println(String.join("\t", "PIECE", name, clean(loc),
                    clean(p.getProperty("BasicName")), clean(p.getProperty("Side")),
                    traits(p), menu, clean(by), flip(p), clean(reveal(p)), clean(seen),
                    clean(facing(p)), covers(map, p), clean(p.getProperty("Unit"))));
                n++;
            }
            if (shot) {
                Shot.show(map, pieces(map), args[1]);
                shot = false;
            }
        }
        System.out.println("DONE\t" + setups.size() + "\t" + n);
        System.out.flush();
        System.exit(0);
    }
}
