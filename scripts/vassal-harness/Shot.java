// Shows the engine's map window with a piece's context menu open (a two-step unit's, else
// a turned counter's), for a screenshot taken
// from outside (ImageMagick's `import -window root` on the Xvfb display); waits until the
// screenshot file exists.

import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.MenuDisplayer;
import VASSAL.counters.GamePiece;

import java.awt.Point;
import java.io.File;
import java.util.List;
import javax.swing.JFrame;
import javax.swing.JPopupMenu;
import javax.swing.SwingUtilities;

public class Shot {
    static void show(Map map, List<GamePiece> pieces, String file) throws Exception {
        GamePiece target = null;
        // A two-step unit set up face up (its menu has Delete and Flip).
        for (GamePiece p : pieces) {
            if (p.getProperty("Step_Level") != null
                && p.getProperty(VASSAL.counters.Properties.OBSCURED_BY) == null) {
                target = p;
                break;
            }
        }
        // Else (a module without two-step units) a face-up counter turned from its rest
        // facing (its menu has Rotate clockwise and anticlockwise).
        for (GamePiece p : pieces) {
            if (target != null) break;
            final Object r = VASSAL.counters.Decorator.getDecorator(p, VASSAL.counters.FreeRotator.class);
            if (r != null && ((VASSAL.counters.FreeRotator) r).getAngle() != 0.0
                && p.getProperty(VASSAL.counters.Properties.OBSCURED_BY) == null) {
                target = p;
            }
        }
        final GamePiece piece = target;
        SwingUtilities.invokeAndWait(() -> {
            final JFrame frame = GameModule.getGameModule().getPlayerWindow();
            frame.setSize(1100, 760);
            frame.setLocation(0, 0);
            frame.setVisible(true);
            map.getView().revalidate();
            if (piece != null) {
                map.centerAt(piece.getPosition());
            }
        });
        // The engine's own start-up questions (an older engine than the module names; a
        // new log file) come one after another: close each as it comes.
        for (int i = 0; i < 16; i++) {
            Thread.sleep(500);
            SwingUtilities.invokeLater(() -> {
                for (java.awt.Window w : java.awt.Window.getWindows()) {
                    if (w instanceof java.awt.Dialog && w.isVisible()) w.dispose();
                }
            });
        }
        SwingUtilities.invokeAndWait(() -> {
            final JFrame frame = GameModule.getGameModule().getPlayerWindow();
            frame.setVisible(true);
            frame.toFront();
            if (piece != null) {
                map.centerAt(piece.getPosition());
            }
        });
        Thread.sleep(1500);
        if (piece != null) {
            SwingUtilities.invokeAndWait(() -> {
                final JPopupMenu menu = MenuDisplayer.createPopup(piece, true);
                final Point p = map.mapToComponent(piece.getPosition());
                menu.show(map.getView(), p.x + 20, p.y + 10);
            });
        }
        System.out.println("SHOT\tready");
        System.out.flush();
        final File f = new File(file);
        for (int i = 0; i < 600 && !f.exists(); i++) Thread.sleep(100);
        Thread.sleep(500);
    }
}
