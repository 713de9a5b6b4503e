package io.tunescope.analysis.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.flame.FlameNavigation.Move;
import io.tunescope.testing.FoldedTestProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keyboard moves over the flame graph: parent, child, neighbours on a row, zoom steps. */
class FlameNavigationTest {
    static final CallTree T = FlameLayoutTest.T;
    static final FlameLayout FLAME = FlameLayout.of(T);

    static int node(String... path) {
        return T.nodeByPath(List.of(path));
    }

    static final int MYSQLD = node("mysqld");
    static final int MAIN = node("mysqld", "main");
    static final int BPG = node("mysqld", "main", "buf_page_get");
    static final int BPG_LOW = node("mysqld", "main", "buf_page_get", "buf_page_get_low");
    static final int ROW_SEARCH = node("mysqld", "main", "row_search");
    static final int RS_BPG = node("mysqld", "main", "row_search", "buf_page_get");
    static final int LOCK_REC = node("mysqld", "main", "row_search", "lock_rec");
    static final int CPU_IDLE = node("swapper", "cpu_idle");

    @Test
    void upIsTheWidestChildInAFlameGraphAndDownTheParent() {
        assertEquals(MYSQLD, FlameNavigation.move(FLAME, 0, Move.UP, 0, -1), "mysqld 65 is wider than swapper 35");
        assertEquals(BPG, FlameNavigation.move(FLAME, MAIN, Move.UP, 0, -1), "equal widths: the leftmost");
        assertEquals(ROW_SEARCH, FlameNavigation.move(FLAME, MAIN, Move.UP, 0, ROW_SEARCH), "the child it came from");
        assertEquals(BPG, FlameNavigation.move(FLAME, MAIN, Move.UP, 0, CPU_IDLE), "not a child of main: ignored");
        assertEquals(LOCK_REC, FlameNavigation.move(FLAME, LOCK_REC, Move.UP, 0, -1), "a leaf stays");
        assertEquals(ROW_SEARCH, FlameNavigation.move(FLAME, LOCK_REC, Move.DOWN, 0, -1));
        assertEquals(0, FlameNavigation.move(FLAME, 0, Move.DOWN, 0, -1), "the root stays");
    }

    @Test
    void anIcicleTurnsUpAndDownAround() {
        FlameLayout icicle = FLAME.withOrientation(Orientation.ICICLE);
        assertEquals(ROW_SEARCH, FlameNavigation.move(icicle, LOCK_REC, Move.UP, 0, -1));
        assertEquals(MYSQLD, FlameNavigation.move(icicle, 0, Move.DOWN, 0, -1));
    }

    @Test
    void leftAndRightWalkTheRowAcrossSubtrees() {
        assertEquals(RS_BPG, FlameNavigation.move(FLAME, BPG_LOW, Move.RIGHT, 0, -1), "a cousin under row_search");
        assertEquals(LOCK_REC, FlameNavigation.move(FLAME, RS_BPG, Move.RIGHT, 0, -1), "a sibling");
        assertEquals(LOCK_REC, FlameNavigation.move(FLAME, LOCK_REC, Move.RIGHT, 0, -1), "the last on its row stays");
        assertEquals(RS_BPG, FlameNavigation.move(FLAME, LOCK_REC, Move.LEFT, 0, -1));
        assertEquals(BPG_LOW, FlameNavigation.move(FLAME, RS_BPG, Move.LEFT, 0, -1));
        assertEquals(BPG_LOW, FlameNavigation.move(FLAME, BPG_LOW, Move.LEFT, 0, -1), "the first on its row stays");
        assertEquals(CPU_IDLE, FlameNavigation.move(FLAME, MAIN, Move.RIGHT, 0, -1), "from mysqld's subtree to swapper's");
        assertEquals(MAIN, FlameNavigation.move(FLAME, CPU_IDLE, Move.LEFT, 0, -1));
        assertEquals(0, FlameNavigation.move(FLAME, 0, Move.RIGHT, 0, -1), "the root is alone on its row");
    }

    @Test
    void framesTooNarrowToDrawAreSkipped() {
        // 15 weight units per pixel: lock_rec (10) is merged into a grey block, buf_page_get (20) is drawn
        assertFalse(FlameNavigation.isVisible(FLAME, LOCK_REC, 15));
        assertTrue(FlameNavigation.isVisible(FLAME, RS_BPG, 15));
        assertEquals(RS_BPG, FlameNavigation.move(FLAME, RS_BPG, Move.RIGHT, 15, -1));
        assertEquals(RS_BPG, FlameNavigation.move(FLAME, ROW_SEARCH, Move.UP, 15, LOCK_REC), "the remembered child is too narrow");
    }

    @Test
    void zoomedTheMovesStayInThePicture() {
        FlameLayout z = FlameLayout.of(T, 0, ROW_SEARCH, Orientation.FLAME);
        assertEquals(ROW_SEARCH, FlameNavigation.move(z, ROW_SEARCH, Move.LEFT, 0, -1), "buf_page_get beside it is not drawn");
        assertEquals(RS_BPG, FlameNavigation.move(z, LOCK_REC, Move.LEFT, 0, -1));
        assertEquals(MYSQLD, FlameNavigation.move(z, 0, Move.UP, 0, -1));
        assertEquals(ROW_SEARCH, FlameNavigation.move(z, MAIN, Move.UP, 0, -1), "towards the zoomed frame, not the widest child");
        assertEquals(CPU_IDLE, FlameNavigation.move(z, CPU_IDLE, Move.DOWN, 0, -1), "not in the picture: no move");
        assertEquals(LOCK_REC, FlameNavigation.zoomIn(z, LOCK_REC, 0), "one step towards the cursor");
        assertEquals(RS_BPG, FlameNavigation.zoomIn(z, -1, 0), "no cursor below: the widest child");
        assertEquals(MAIN, FlameNavigation.zoomOut(z));
        assertEquals(MYSQLD, FlameNavigation.zoomIn(FLAME, LOCK_REC, 0));
        assertEquals(0, FlameNavigation.zoomOut(FLAME));
    }
}
