package io.tunescope.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.rules.Setting;
import io.tunescope.rules.Settings;
import io.tunescope.rules.catalog.RuleCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsFileTest {
    @TempDir
    Path dir;

    private static Setting setting(String rule, String key) {
        return RuleCatalog.byId(rule).settings().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void validEntriesOverrideTheDefaults() {
        SettingsFile.Loaded l = SettingsFile.parse("{\"thresholds\": {\"IO-HIGH-AWAIT.awaitNvmeMs\": 2.5, \"CPU-HOST-SATURATED.busyPercent\": 85}}",
                "my.json", false);
        assertEquals(List.of(), l.problems());
        assertEquals(2.5, l.settings().get("IO-HIGH-AWAIT", setting("IO-HIGH-AWAIT", "awaitNvmeMs")));
        assertEquals(85, l.settings().get("CPU-HOST-SATURATED", setting("CPU-HOST-SATURATED", "busyPercent")));
        // untouched thresholds keep their defaults
        assertEquals(20, l.settings().get("IO-HIGH-AWAIT", setting("IO-HIGH-AWAIT", "awaitOtherMs")));
        assertEquals("my.json", l.settings().source());
        assertFalse(l.settings().isUser());
    }

    @Test
    void badEntriesAreNamedWithFileAndKeyAndTheRestLoads() {
        String json = """
                {"thresholds": {
                  "IO-HIGH-AWAIT.awaitNvmeMs": 2,
                  "NO-SUCH-RULE.x": 1,
                  "IO-HIGH-AWAIT.noSuchKey": 1,
                  "CPU-HOST-SATURATED.busyPercent": "fast",
                  "SRV-CONNECTIONS.maxUsedPercent": 150,
                  "SRV-LONG-TRX.activeSeconds": -5,
                  "nodot": 3
                 },
                 "colour": "blue"}
                """;
        SettingsFile.Loaded l = SettingsFile.parse(json, "/home/me/t.json", false);
        Map<String, Double> overrides = l.settings().overrides();
        assertEquals(Map.of("IO-HIGH-AWAIT.awaitNvmeMs", 2.0), overrides, "only the valid entry is taken");
        List<String> msgs = l.problems().stream().map(p -> p.message(Locale.ROOT)).toList();
        assertEquals(7, msgs.size(), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: NO-SUCH-RULE.x: no rule has the id NO-SUCH-RULE; ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: IO-HIGH-AWAIT.noSuchKey: the rule has no such threshold "
                + "(its thresholds: awaitNvmeMs, awaitOtherMs, minUtilPercent); ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: CPU-HOST-SATURATED.busyPercent: \"fast\" is not a number; ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: SRV-CONNECTIONS.maxUsedPercent: 150 (0 .. 100 %) is out of range; ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: SRV-LONG-TRX.activeSeconds: -5 (\u2265 0 s) is out of range; ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: nodot: no rule has the id nodot; ignored"), msgs.toString());
        assertTrue(msgs.contains("/home/me/t.json: colour: unknown field, a settings file has only \"thresholds\"; ignored"), msgs.toString());
        // the same problems in Chinese name the same file and key
        String zh = l.problems().get(0).message(Locale.SIMPLIFIED_CHINESE);
        assertTrue(zh.startsWith("/home/me/t.json") && zh.contains("已忽略"), zh);
    }

    @Test
    void aFileThatIsNotJsonGivesTheDefaultsAndSaysWhere() {
        SettingsFile.Loaded l = SettingsFile.parse("{\"thresholds\": {\n  \"IO-HIGH-AWAIT.awaitNvmeMs\": 2,,\n}}", "broken.json", false);
        assertEquals(Map.of(), l.settings().overrides());
        assertEquals(1, l.problems().size());
        assertEquals(SettingsFile.Kind.SYNTAX, l.problems().get(0).kind());
        String m = l.problems().get(0).message(Locale.ROOT);
        assertTrue(m.startsWith("broken.json: cannot be read as a settings file (line 2: "), m);
        assertTrue(m.endsWith("the default thresholds are used"), m);

        SettingsFile.Loaded array = SettingsFile.parse("[1, 2]", "a.json", false);
        assertEquals(SettingsFile.Kind.SYNTAX, array.problems().get(0).kind());
        SettingsFile.Loaded notObject = SettingsFile.parse("{\"thresholds\": 3}", "b.json", false);
        assertEquals(SettingsFile.Kind.SYNTAX, notObject.problems().get(0).kind());
        assertEquals("thresholds", notObject.problems().get(0).key());
        SettingsFile.Loaded empty = SettingsFile.parse("", "c.json", false);
        assertEquals(List.of(), empty.problems());
        assertEquals(Map.of(), empty.settings().overrides());
    }

    @Test
    void aMissingFileCannotBeRead() {
        assertThrows(IOException.class, () -> SettingsFile.read(dir.resolve("none.json"), false));
    }

    @Test
    void saveAndLoadRoundTripAtomically() throws IOException {
        Settings s = Settings.defaults().with("IO-HIGH-AWAIT", "awaitNvmeMs", 2.5).with("CPU-HOST-SATURATED", "busyPercent", 85)
                .with("SRV-LONG-TRX", "criticalHistory", 2_000_000);
        Path f = dir.resolve("sub").resolve("settings.json");
        SettingsFile.write(f, s);
        String text = Files.readString(f, StandardCharsets.UTF_8);
        // sorted by key, whole numbers without ".0"
        assertTrue(text.indexOf("CPU-HOST-SATURATED.busyPercent\" : 85") < text.indexOf("IO-HIGH-AWAIT.awaitNvmeMs\" : 2.5"), text);
        assertTrue(text.contains("\"SRV-LONG-TRX.criticalHistory\" : 2000000"), text);
        SettingsFile.Loaded back = SettingsFile.read(f, true);
        assertEquals(List.of(), back.problems());
        assertEquals(s.overrides(), back.settings().overrides());
        assertTrue(back.settings().isUser());
        // written through a temporary file that does not stay behind
        try (var files = Files.list(f.getParent())) {
            assertEquals(List.of("settings.json"), files.map(p -> p.getFileName().toString()).toList());
        }
        // written again (a value back at its default is dropped by the caller): the file follows
        SettingsFile.write(f, s.without("SRV-LONG-TRX", "criticalHistory"));
        assertEquals(2, SettingsFile.read(f, true).settings().overrides().size());
    }

    @Test
    void theUserFileLivesInTheTunescopeHome() throws IOException {
        String before = System.getProperty("tunescope.home");
        System.setProperty("tunescope.home", dir.toString());
        try {
            assertEquals(dir.resolve("settings.json"), SettingsFile.userFile());
            SettingsFile.Loaded none = SettingsFile.user();
            assertEquals(Map.of(), none.settings().overrides());
            assertTrue(none.settings().isUser());
            SettingsFile.write(SettingsFile.userFile(), Settings.defaults().with("IO-HIGH-AWAIT", "awaitOtherMs", 8));
            SettingsFile.Loaded mine = SettingsFile.user();
            assertEquals(Map.of("IO-HIGH-AWAIT.awaitOtherMs", 8.0), mine.settings().overrides());
            assertEquals("user settings (" + dir.resolve("settings.json") + ")", mine.settings().by(Locale.ROOT));
        } finally {
            if (before == null) {
                System.clearProperty("tunescope.home");
            } else {
                System.setProperty("tunescope.home", before);
            }
        }
    }

    @Test
    void everyDefaultIsWithinItsOwnRange() {
        for (var r : RuleCatalog.rules()) {
            for (Setting s : r.settings()) {
                assertTrue(s.allows(s.defaultValue()), r.id() + "." + s.key() + " default " + s.defaultValue());
            }
        }
    }
}
