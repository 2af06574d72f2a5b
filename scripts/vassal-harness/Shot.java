// Shows the engine's map window with a piece's context menu open, for a screenshot taken
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
        for (GamePiece p : pieces) {
            final Object kinds = p.getProperty("Side");
            if (kinds != null && p.getProperty(VASSAL.counters.Properties.OBSCURED_BY) == null) {
                target = p;
                break;
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
        Thread.sleep(3000);
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
