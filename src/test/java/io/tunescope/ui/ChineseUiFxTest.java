package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The UI in Chinese shows no untranslated word: every view of a real three-step capture is walked (labels,
 * tooltips, column headers, tab titles, menus, prompt texts, choice box entries, placeholders, the F1 list), and a
 * text that equals the English side of a bundle entry whose Chinese differs, or that an English message template
 * with its arguments filled in produces, fails the test with the view and the node where it shows.
 */
@ExtendWith(ApplicationExtension.class)
class ChineseUiFxTest {
    /** A template's literal text must have this many ASCII letters to be matched with its arguments filled in. */
    private static final int TEMPLATE_LETTERS = 8;

    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Settings settings = new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime()));
        settings.put("ui.language", Language.CHINESE.name());
        window = new MainWindow(stage, List.of(), settings);
        window.show();
    }

    /** The English texts that the Chinese bundles say differently: exact values, and templates as patterns. */
    static final class English {
        final Map<String, String> exact = new LinkedHashMap<>();
        final Map<Pattern, String> templates = new LinkedHashMap<>();

        String match(String text) {
            String t = text.strip();
            if (t.isEmpty()) {
                return null;
            }
            String key = exact.get(t);
            if (key != null) {
                return key;
            }
            for (Map.Entry<Pattern, String> e : templates.entrySet()) {
                if (e.getKey().matcher(t).matches()) {
                    return e.getValue();
                }
            }
            return null;
        }
    }

    static English english() throws IOException {
        English out = new English();
        List<Path> bundles;
        try (Stream<Path> s = Files.walk(Path.of("src/main/resources"))) {
            bundles = s.filter(p -> p.toString().endsWith(".properties") && !p.getFileName().toString().contains("_")).sorted().toList();
        }
        for (Path en : bundles) {
            Path zh = en.resolveSibling(en.getFileName().toString().replace(".properties", "_zh_CN.properties"));
            if (!Files.exists(zh)) {
                continue;
            }
            Properties e = load(en);
            Properties z = load(zh);
            for (String k : new TreeSet<>(e.stringPropertyNames())) {
                String ev = e.getProperty(k).strip();
                String zv = z.getProperty(k);
                if (zv == null || zv.strip().equals(ev) || ev.isEmpty()) {
                    continue; // the same in both languages (a unit, a name): not a sign of anything
                }
                String where = en.getFileName() + ": " + k;
                if (ev.contains("{")) {
                    Pattern p = template(ev);
                    if (p != null) {
                        out.templates.putIfAbsent(p, where);
                    }
                    out.exact.putIfAbsent(ev, where);
                } else {
                    out.exact.putIfAbsent(ev, where);
                    out.exact.putIfAbsent(ev.replace("''", "'"), where);
                }
            }
        }
        return out;
    }

    /** The template as a pattern ({0} and friends match anything), or null when too little of it is words. */
    static Pattern template(String value) {
        String literal = value.replace("''", "'").replaceAll("\\{\\d+[^}]*}", "");
        long letters = literal.chars().filter(c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')).count();
        if (letters < TEMPLATE_LETTERS) {
            return null;
        }
        StringBuilder re = new StringBuilder();
        java.util.regex.Matcher m = Pattern.compile("\\{\\d+[^}]*}").matcher(value);
        int at = 0;
        while (m.find()) {
            re.append(Pattern.quote(value.substring(at, m.start()).replace("''", "'")));
            re.append("(?s:.*?)");
            at = m.end();
        }
        re.append(Pattern.quote(value.substring(at).replace("''", "'")));
        return Pattern.compile(re.toString().strip(), Pattern.DOTALL);
    }

    private static Properties load(Path p) throws IOException {
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            props.load(r);
        }
        return props;
    }

    /** Every text a node and what hangs off it shows, with where it is. */
    static void texts(Node node, String where, Map<Object, Boolean> seen, List<String[]> out) {
        if (node == null || seen.put(node, Boolean.TRUE) != null) {
            return;
        }
        String here = where + " > " + node.getClass().getSimpleName() + (node.getId() == null ? "" : "#" + node.getId());
        if (node instanceof Labeled l) {
            add(out, l.getText(), here);
            texts(l.getGraphic(), here, seen, out);
        }
        if (node instanceof javafx.scene.text.Text t && !(node.getParent() instanceof Labeled)) {
            add(out, t.getText(), here);
        }
        if (node instanceof Control c) {
            tooltip(c.getTooltip(), here, out);
            if (c.getContextMenu() != null) {
                menuItems(c.getContextMenu().getItems(), here + " (context menu)", out);
            }
        }
        if (node instanceof TextInputControl t) {
            add(out, t.getPromptText(), here + " (prompt)");
        }
        if (node instanceof ComboBox<?> cb) {
            comboItems(cb, here, out);
            add(out, cb.getPromptText(), here + " (prompt)");
        }
        if (node instanceof ChoiceBox<?> cb && cb.getConverter() != null) {
            for (Object item : cb.getItems()) {
                add(out, convert(cb.getConverter(), item), here + " (choice)");
            }
        }
        if (node instanceof MenuButton mb) {
            menuItems(mb.getItems(), here, out);
        }
        if (node instanceof TableView<?> tv) {
            columns(tv.getColumns(), here, seen, out);
            texts(tv.getPlaceholder(), here + " (placeholder)", seen, out);
        }
        if (node instanceof TreeTableView<?> tv) {
            columns(tv.getColumns(), here, seen, out);
            texts(tv.getPlaceholder(), here + " (placeholder)", seen, out);
        }
        if (node instanceof javafx.scene.control.ListView<?> lv) {
            texts(lv.getPlaceholder(), here + " (placeholder)", seen, out);
        }
        if (node instanceof TabPane tp) {
            for (Tab t : tp.getTabs()) {
                String tabWhere = here + " > tab " + t.getText();
                add(out, t.getText(), tabWhere);
                tooltip(t.getTooltip(), tabWhere, out);
                texts(t.getGraphic(), tabWhere, seen, out);
                texts(t.getContent(), tabWhere, seen, out);
            }
        }
        if (node instanceof SplitPane sp) {
            for (Node n : sp.getItems()) {
                texts(n, here, seen, out);
            }
        }
        if (node instanceof ScrollPane sp) {
            texts(sp.getContent(), here, seen, out);
        }
        if (node instanceof TitledPane tp) {
            texts(tp.getContent(), here, seen, out);
        }
        if (node instanceof MenuBar mb) {
            for (Menu m : mb.getMenus()) {
                add(out, m.getText(), here + " > menu");
                menuItems(m.getItems(), here + " > menu " + m.getText(), out);
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                texts(child, here, seen, out);
            }
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static String convert(javafx.util.StringConverter c, Object item) {
        return c.toString(item);
    }

    private static void comboItems(ComboBox<?> cb, String where, List<String[]> out) {
        for (Object item : cb.getItems()) {
            String text = cb.getConverter() != null ? convert(cb.getConverter(), item) : String.valueOf(item);
            add(out, text, where + " (entry)");
        }
    }

    private static void columns(List<? extends TableColumnBase<?, ?>> columns, String where, Map<Object, Boolean> seen, List<String[]> out) {
        for (TableColumnBase<?, ?> c : columns) {
            add(out, c.getText(), where + " (column header)");
            texts(c.getGraphic(), where + " (column header)", seen, out);
            columns(c.getColumns(), where, seen, out);
        }
    }

    private static void tooltip(Tooltip t, String where, List<String[]> out) {
        if (t != null) {
            add(out, t.getText(), where + " (tooltip)");
        }
    }

    private static void menuItems(List<MenuItem> items, String where, List<String[]> out) {
        for (MenuItem i : items) {
            add(out, i.getText(), where + " > item");
            if (i instanceof Menu m) {
                menuItems(m.getItems(), where + " > " + m.getText(), out);
            }
        }
    }

    private static void add(List<String[]> out, String text, String where) {
        if (text != null && !text.isBlank()) {
            out.add(new String[] {text, where});
        }
    }

    @Test
    void everyViewOfARealCaptureIsInChinese(FxRobot robot) throws Exception {
        English english = english();
        assertTrue(english.exact.size() > 500, "the English side was read: " + english.exact.size());
        Path capture = Path.of("src/test/resources/captures/hand-3step");
        robot.interact(() -> window.open(capture));
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.sleep(3, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Locale.SIMPLIFIED_CHINESE, window.locale());
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        Map<String, String> found = new java.util.TreeMap<>();
        int checked = 0;
        for (int i = 0; i < tabs.getTabs().size(); i++) {
            int index = i;
            robot.interact(() -> tabs.getSelectionModel().select(index));
            // the view fills itself in the background (flame layout, rule engine, charts)
            WaitForAsyncUtils.sleep(2500, TimeUnit.MILLISECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            List<String[]> shown = new ArrayList<>();
            robot.interact(() -> texts(stage.getScene().getRoot(), "view " + tabs.getTabs().get(index).getText(),
                    new IdentityHashMap<>(), shown));
            checked += shown.size();
            for (String[] t : shown) {
                String key = english.match(t[0]);
                if (key != null) {
                    // the whole window is walked from each view: one line per text and place
                    found.putIfAbsent("\"" + t[0] + "\" (" + key + ") at " + t[1].substring(t[1].indexOf(" > ") + 3), t[1]);
                }
            }
        }
        // the F1 list: every view's keys, described in Chinese
        List<String[]> help = new ArrayList<>();
        robot.interact(() -> texts(ShortcutsDialog.create(stage, window.shortcuts(), window.bundle()).getDialogPane(), "F1",
                new IdentityHashMap<>(), help));
        checked += help.size();
        for (String[] t : help) {
            String key = english.match(t[0]);
            if (key != null) {
                found.putIfAbsent("\"" + t[0] + "\" (" + key + ") at " + t[1], t[1]);
            }
        }
        assertTrue(checked > 300, "the views were walked: " + checked + " texts");
        assertTrue(found.isEmpty(), found.size() + " untranslated texts in the Chinese UI:\n" + String.join("\n", found.keySet()));
    }

    /**
     * Entries whose Chinese is the English word for word are names (of the app, of a tool, of a server's table) or an
     * echo of a configuration line; any other one would show English in the Chinese UI that the walk above cannot tell
     * from a translation, so it is listed here or translated.
     */
    private static final Set<String> SAME_ON_PURPOSE = Set.of("app.title", "app.titleWithCapture", "dialog.error", "source.goto.prompt",
            "config.layer.printDefaults", "config.layer.sysctl", "timeline.col.iowait", "perfreport.tab", "server.tab.innodb",
            "server.tab.pfs", "OS-SWAPPINESS.pass", "OS-NOFILE-SYSTEMD.pass", "OS-OVERCOMMIT-NOOP.pass", "OS-THP-ENABLED.pass",
            "IO-BUFFERED-DOUBLE-CACHE.pass.method", "IO-FLUSH-NEIGHBORS-SSD.pass", "NUMA-BALANCING-WITH-BINDING.pass");

    @Test
    void wordsKeptInEnglishAreNames() throws IOException {
        List<Path> bundles;
        try (Stream<Path> s = Files.walk(Path.of("src/main/resources"))) {
            bundles = s.filter(p -> p.toString().endsWith(".properties") && !p.getFileName().toString().contains("_")).sorted().toList();
        }
        Pattern word = Pattern.compile("[A-Za-z]?[a-z]{3,}");
        Pattern han = Pattern.compile("\\p{IsHan}");
        Set<String> same = new TreeSet<>();
        for (Path en : bundles) {
            Path zh = en.resolveSibling(en.getFileName().toString().replace(".properties", "_zh_CN.properties"));
            if (!Files.exists(zh)) {
                continue;
            }
            Properties e = load(en);
            Properties z = load(zh);
            for (String k : e.stringPropertyNames()) {
                String v = e.getProperty(k).strip();
                if (v.equals(z.getProperty(k, "").strip()) && word.matcher(v.replaceAll("\\{[^}]*}", "")).find()
                        && !han.matcher(v).find() && !SAME_ON_PURPOSE.contains(k)) {
                    same.add(en.getFileName() + ": " + k + "=" + v);
                }
            }
        }
        assertTrue(same.isEmpty(), "English words left in the Chinese bundles:\n" + String.join("\n", same));
    }
}
