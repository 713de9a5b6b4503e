package io.tunescope.analysis.flame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.testing.FoldedTestProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

class FlameLayoutTest {
    static final CallTree T = CallTree.of(FoldedTestProfile.of(
            "mysqld;main;buf_page_get;buf_page_get_low 30",
            "mysqld;main;row_search;buf_page_get 20",
            "mysqld;main;row_search;lock_rec 10",
            "mysqld;main 5",
            "swapper;cpu_idle 35"));

    int node(String... path) {
        return T.nodeByPath(List.of(path));
    }

    @Test
    void layoutPacksChildrenLeftToRight() {
        FlameLayout l = FlameLayout.of(T);
        assertEquals(100, l.span());
        assertEquals(5, l.rows());
        assertEquals(0, l.x(node("mysqld")));
        assertEquals(65, l.width(node("mysqld")));
        assertEquals(65, l.x(node("swapper")));
        assertEquals(0, l.x(node("mysqld", "main", "buf_page_get")));
        assertEquals(30, l.x(node("mysqld", "main", "row_search")));
        assertEquals(50, l.x(node("mysqld", "main", "row_search", "lock_rec")));
        assertEquals(4, l.rowFromTop(0));
        assertEquals(0, l.withOrientation(Orientation.ICICLE).rowFromTop(0));
    }

    @Test
    void hitTesting() {
        FlameLayout l = FlameLayout.of(T);
        assertEquals(0, l.nodeAt(10, 0));
        assertEquals(node("swapper", "cpu_idle"), l.nodeAt(70, 2));
        assertEquals(node("mysqld", "main", "row_search", "lock_rec"), l.nodeAt(55, 4));
        assertEquals(-1, l.nodeAt(62, 3)); // main's self gap
        assertEquals(-1, l.nodeAt(99, 3));
        assertEquals(-1, l.nodeAt(100, 0));
    }

    @Test
    void zoomSpansTheZoomedNodeAndItsAncestors() {
        int rs = node("mysqld", "main", "row_search");
        FlameLayout z = FlameLayout.of(T, 0, rs, Orientation.FLAME);
        assertEquals(30, z.span());
        assertEquals(30, z.width(0));
        assertEquals(30, z.width(node("mysqld")));
        assertEquals(0, z.x(rs));
        assertEquals(20, z.x(node("mysqld", "main", "row_search", "lock_rec")));
        assertEquals(node("mysqld", "main"), z.nodeAt(25, 2));
        assertEquals(-1, z.nodeAt(31, 4));
        List<Integer> seen = new ArrayList<>();
        z.visit(0, 30, 0, 10, 0.5, new FlameLayout.Visitor() {
            @Override
            public void frame(int n, double x, double w, int row) {
                seen.add(n);
                assertTrue(x >= 0 && x + w <= 30.0001);
            }

            @Override
            public void merged(double x, double w, int row, int hidden) {
                throw new AssertionError("nothing is narrow");
            }
        });
        assertEquals(6, seen.size());
        assertTrue(!seen.contains(node("swapper")));
    }

    @Test
    void narrowFramesAreMergedAndCounted() {
        List<String> lines = new ArrayList<>();
        lines.add("big 1000");
        for (int i = 0; i < 100; i++) {
            lines.add("tiny" + (100 + i) + ";child 1");
        }
        CallTree t = CallTree.of(FoldedTestProfile.of(lines));
        FlameLayout l = FlameLayout.of(t);
        List<String> events = new ArrayList<>();
        int[] hidden = {0};
        l.visit(0, l.span(), 0, l.rows(), 5, new FlameLayout.Visitor() {
            @Override
            public void frame(int n, double x, double w, int row) {
                events.add(t.name(n));
            }

            @Override
            public void merged(double x, double w, int row, int count) {
                events.add("merged@" + row + "x" + (long) x + "w" + (long) w);
                hidden[0] += count;
            }
        });
        assertEquals(List.of("all", "big", "merged@1x1000w100"), events);
        assertEquals(200, hidden[0]); // 100 tiny frames and their 100 children
    }

    @Test
    void viewportCulling() {
        FlameLayout l = FlameLayout.of(T);
        List<Integer> seen = new ArrayList<>();
        l.visit(66, 100, 0, 10, 0.01, new FlameLayout.Visitor() {
            @Override
            public void frame(int n, double x, double w, int row) {
                seen.add(n);
            }

            @Override
            public void merged(double x, double w, int row, int hidden) {
            }
        });
        assertEquals(List.of(0, node("swapper"), node("swapper", "cpu_idle")), seen);
    }

    @Test
    void searchCountsNestedMatchesOnce() {
        FlameSearch s = FlameSearch.of(T, 0, "buf_page", false);
        assertEquals(3, s.count());
        assertEquals(50, s.matchedWeight()); // 30 (buf_page_get incl. nested _low) + 20 under row_search
        assertEquals(0.5, s.share(), 1e-9);
        int first = node("mysqld", "main", "buf_page_get");
        int nested = node("mysqld", "main", "buf_page_get", "buf_page_get_low");
        int second = node("mysqld", "main", "row_search", "buf_page_get");
        assertArrayEquals(new int[] {first, nested, second}, s.nodes());
        assertEquals(nested, s.next(first));
        assertEquals(first, s.next(second));
        assertEquals(second, s.previous(first));
        assertEquals(first, s.next(0));
        FlameSearch r = FlameSearch.of(T, 0, "^(lock|row)_", true);
        assertEquals(30, r.matchedWeight());
        assertTrue(r.matchesFrame(T.frame(node("mysqld", "main", "row_search", "lock_rec"))));
        assertEquals(0, FlameSearch.of(T, 0, "BUF_PAGE", true).count());
        assertEquals(3, FlameSearch.of(T, 0, "BUF_PAGE", false).count());
        assertEquals(-1, FlameSearch.of(T, 0, "", false).next(0));
        assertThrows(PatternSyntaxException.class, () -> FlameSearch.of(T, 0, "(", true));
        assertNotNull(FlameSearch.regexError("("));
        assertNull(FlameSearch.regexError("a|b"));
    }

    @Test
    void readableNames() {
        String raw = "std::vector<std::pair<int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, "
                + "std::allocator<std::pair<int, int> > >::_M_realloc_insert<int&>(int&) [clone .isra.0]";
        assertEquals("std::vector<std::pair<int, std::string>, std::allocator<std::pair<int, int>>>::_M_realloc_insert<int&>(int&)",
                FrameNames.readable(raw, false));
        assertEquals("std::vector<…>::_M_realloc_insert<…>(int&)", FrameNames.readable(raw, true));
        assertEquals("schedule", FrameNames.readable("schedule_[k]", true));
        assertEquals("bool operator<<(a<…>)", FrameNames.readable("bool operator<<(a<b>)", true));
        assertEquals("row_search_mvcc", FrameNames.readable("row_search_mvcc.constprop.0", true));
        assertArrayEquals(new String[] {"ns::Cls::method", "Cls::method"}, FrameNames.shorterForms("ns::Cls::method(int)"));
        assertArrayEquals(new String[] {"plain", "plain"}, FrameNames.shorterForms("plain"));
    }

    @Test
    void subsystems() {
        Subsystems s = Subsystems.builtIn();
        assertTrue(s.problems().isEmpty(), s.problems().toString());
        assertEquals("buffer_pool", s.of("buf_page_get_gen"));
        assertEquals("locks", s.of("lock_rec_lock"));
        assertEquals("redo_log", s.of("log_write_up_to"));
        assertEquals("redo_log", s.of("mtr_t::commit"));
        assertEquals("transactions", s.of("trx_commit_low"));
        assertEquals("row_access", s.of("row_search_mvcc"));
        assertEquals("row_access", s.of("btr_cur_search_to_nth_level"));
        assertEquals("sql_layer", s.of("JOIN::exec_inner"));
        assertEquals("sql_layer", s.of("dispatch_command"));
        assertEquals("network", s.of("tcp_sendmsg"));
        assertEquals("network", s.of("my_net_read_packet"));
        assertEquals("kernel_sched", s.of("__schedule"));
        assertEquals("kernel_sched", s.of("futex_wait"));
        assertEquals("kernel_io", s.of("ext4_file_write_iter"));
        assertEquals("kernel_io", s.of("__x64_sys_fsync"));
        assertEquals("kernel", s.of("do_syscall_64_[k]"));
        assertEquals(Subsystems.OTHER, s.of("zzz_unknown"));
        Subsystems user = Subsystems.parse("# mine\n^my_plugin_ = plugins\nbad line\n^buf_ = mine\n(( = x\n", "user.properties");
        assertEquals(2, user.rules().size());
        assertEquals(2, user.problems().size());
        assertEquals("user.properties:3: expected REGEX = subsystem", user.problems().get(0));
        assertEquals("plugins", user.of("my_plugin_init"));
        assertTrue(user.subsystems().contains("plugins"));
    }
}
