package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Need;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuleEngineTest {
    @TempDir
    Path dir;

    static final class Fixed extends BaseRule {
        private final int score;

        Fixed(String id, int score) {
            super(id, Topic.CONFIG, "fixed " + id, List.of(), List.of("TEST"),
                    Setting.heuristic("limit", "a limit", 3, "%"));
            this.score = score;
        }

        @Override
        protected void check(Run run) {
            if (score < 0) {
                throw new IllegalStateException("boom");
            }
            run.finding(score, "score " + score + ".").threshold(settings().get(0)).add();
        }
    }

    @Test
    void severityBands() {
        assertEquals(Severity.INFO, Severity.ofScore(25));
        assertEquals(Severity.INFO, Severity.ofScore(74));
        assertEquals(Severity.WARNING, Severity.ofScore(75));
        assertEquals(Severity.WARNING, Severity.ofScore(89));
        assertEquals(Severity.CRITICAL, Severity.ofScore(90));
        assertThrows(IllegalArgumentException.class, () -> Severity.ofScore(101));
        assertEquals(Severity.WARNING, Severity.parse("Warning"));
    }

    @Test
    void failuresAreIsolatedAndFindingsSorted() {
        var capture = Caps.in(dir).mycnf("a=1\n").load();
        RuleEngine engine = new RuleEngine(List.of(new Fixed("T-LOW", 30), new Fixed("T-BOOM", -1), new Fixed("T-HIGH", 90),
                new Fixed("T-MID", 60), new Fixed("T-OK", 24)));
        RuleEngine.Report rep = engine.run(capture, Settings.defaults());
        assertEquals(List.of("T-HIGH", "T-MID", "T-LOW"), rep.findings().stream().map(Finding::ruleId).toList());
        Result ok = rep.withStatus(Result.Status.PASSED).get(0);
        assertEquals("T-OK", ok.ruleId(), "a score below 25 is checked and fine, not a finding");
        assertEquals("score 24. (score 24, below the 25 at which a finding is reported)", ok.reason());
        List<Result> failed = rep.withStatus(Result.Status.FAILED);
        assertEquals(1, failed.size());
        assertEquals("IllegalStateException: boom", failed.get(0).reason());
        assertTrue(rep.any(Severity.CRITICAL));
        assertEquals("T-HIGH | critical | score 90.", rep.findings().get(0).line());
    }

    @Test
    void settingsCanBeOverridden() {
        Fixed r = new Fixed("T-X", 40);
        Settings s = Settings.defaults().with("T-X", "limit", 7);
        Evidence e = Caps.in(dir).mycnf("a=1\n").evidence();
        Finding f = r.evaluate(e, s).findings().get(0);
        assertEquals(7, f.thresholds().get(0).value());
        assertEquals("a limit: 7 % [H]", f.thresholds().get(0).display());
        assertEquals(3, r.evaluate(e, Settings.defaults()).findings().get(0).thresholds().get(0).value());
    }

    @Test
    void missingNeedsMakeARuleNotApplicableWithTheReason() {
        Evidence e = Caps.in(dir).mycnf("a=1\n").evidence();
        Result r = new io.tunescope.rules.os.ZoneReclaimRule().evaluate(e, Settings.defaults());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status());
        assertEquals("needs " + Need.SYSCTL.description() + "; " + Need.LSCPU.description(), r.reason());
    }

    @Test
    void catalogHasUniqueIdsCitationsAndMarkdown() {
        List<Rule> rules = io.tunescope.rules.catalog.RuleCatalog.rules();
        Set<String> ids = new HashSet<>();
        for (Rule r : rules) {
            assertTrue(ids.add(r.id()), "duplicate " + r.id());
            assertTrue(r.id().matches("[A-Z]+(-[A-Z0-9]+)+"), r.id());
            assertFalse(r.sources().isEmpty(), r.id() + " cites nothing");
            for (String s : r.sources()) {
                assertTrue(Citations.known(s), r.id() + " cites unknown key " + s);
            }
        }
        String md = io.tunescope.rules.catalog.RuleCatalog.markdown();
        assertTrue(md.contains("| `CFG-UNKNOWN-VARIABLE` | Option not valid for this server<br>选项对该服务器无效 |"), md);
        assertTrue(md.contains("`maxMemoryPercent` worst-case memory above 85 % of RAM [S]"), md);
        assertTrue(md.startsWith("Tunescope has " + rules.size() + " rules."));
    }

    @Test
    void noRuleRecommendsAVariableTheServerLacks() {
        // every rule on a capture that fires most of them, for MySQL 8.0 and MariaDB 10.11
        for (String version : List.of("8.0.36", "10.11.6-MariaDB", "5.7.44")) {
            Path d = dir.resolve(version);
            var capture = Caps.in(d).version(version).mycnf(ConfigRulesTest.SEED_000_MYCNF + "innodb_numa_interleave=ON\nlog_bin=b\n")
                    .sysctl("vm.swappiness = 60\nkernel.numa_balancing = 1\nvm.zone_reclaim_mode = 1\nvm.overcommit_memory = 1\n")
                    .lscpu(96, 4).meminfo(128L << 20, 40L << 20, 8L << 20, 1L << 20).binding("0-47", "0,1")
                    .status("status-1.txt", "Uptime", "100", "Max_used_connections", "900", "Innodb_buffer_pool_wait_free", "0",
                            "Innodb_log_waits", "0", "Innodb_history_list_length", "5")
                    .status("status-2.txt", "Uptime", "400", "Max_used_connections", "1900", "Innodb_buffer_pool_wait_free", "500",
                            "Innodb_log_waits", "70", "Innodb_history_list_length", "500000")
                    .load();
            Evidence e = Evidence.of(capture, "");
            for (Finding f : io.tunescope.rules.catalog.RuleCatalog.engine().run(capture, Settings.defaults()).findings()) {
                for (Recommendation r : f.recommendations()) {
                    for (String v : r.variables()) {
                        assertTrue(ServerVariables.check(e, v).status() != ServerVariables.Status.MISSING,
                                f.ruleId() + " recommends " + v + " on " + version);
                    }
                    String text = String.join("\n", r.lines());
                    if (version.contains("MariaDB") || version.startsWith("5.7")) {
                        assertFalse(text.contains("SET PERSIST"), f.ruleId() + " uses SET PERSIST on " + version + ": " + text);
                    }
                }
            }
        }
    }
}
