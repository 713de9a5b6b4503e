package io.tunescope.export;

import io.tunescope.rules.Citations;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Result;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.RuleText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Findings as text, as JSON-ready maps, and as the {@code id | severity | summary} baseline. */
public final class FindingsWriter {
    private FindingsWriter() {
    }

    /** One {@code id | severity | summary} line per finding (with the step in brackets when the capture has steps). */
    public static String baseline(RuleEngine.Report report) {
        StringBuilder sb = new StringBuilder();
        for (Finding f : report.findings()) {
            sb.append(f.step().isEmpty() ? "" : "[" + f.step() + "] ").append(f.line()).append('\n');
        }
        return sb.toString();
    }

    /** Human-readable report in English; see {@link #text(RuleEngine.Report, boolean, Locale)}. */
    public static String text(RuleEngine.Report report, boolean showSkipped) {
        return text(report, showSkipped, Locale.ROOT);
    }

    /**
     * Human-readable report: findings with evidence, thresholds and recommendations; not-applicable rules at
     * the end. The headings are in the locale's language (the findings are in the language the report was
     * evaluated in).
     */
    public static String text(RuleEngine.Report report, boolean showSkipped, Locale locale) {
        StringBuilder sb = new StringBuilder();
        List<Finding> findings = report.findings();
        sb.append(w(locale, findings.size() == 1 ? "text.count.one" : "text.count", findings.size())).append('\n');
        if (!report.changed().isEmpty()) {
            // what was found depends on them: said before the findings
            sb.append(w(locale, "text.settings")).append('\n');
            for (io.tunescope.rules.Settings.Change c : report.changed()) {
                sb.append("  ").append(c.display(locale, report.settings())).append('\n');
            }
        }
        for (Finding f : findings) {
            String sev = f.severity().label(locale);
            sb.append('\n').append(sev.equals(f.severity().slug()) ? f.severity().name() : sev).append(" (").append(f.score()).append(") ").append(f.ruleId())
                    .append(f.step().isEmpty() ? "" : w(locale, "text.step", f.step())).append(": ").append(f.title()).append('\n');
            sb.append("  ").append(f.summary()).append('\n');
            if (!f.explanation().isEmpty()) {
                sb.append(w(locale, "text.why", f.explanation())).append('\n');
            }
            for (Finding.Observation o : f.evidence()) {
                sb.append("  - ").append(o.label()).append(": ").append(o.value()).append(o.ref() == null ? "" : "  (" + o.ref() + ")").append('\n');
            }
            for (Finding.Threshold t : f.thresholds()) {
                sb.append(w(locale, "text.threshold", t.display(locale))).append('\n');
            }
            for (Recommendation r : f.recommendations()) {
                sb.append(w(locale, "text.do", r.action())).append('\n');
                for (String l : r.lines()) {
                    sb.append("      ").append(l).append('\n');
                }
                if (!r.expectedEffect().isEmpty()) {
                    sb.append(w(locale, "text.effect", r.expectedEffect() + (r.effectSource().isEmpty() ? "" : " [" + Citations.resolve(r.effectSource()) + "]")))
                            .append('\n');
                }
                if (!r.risk().isEmpty()) {
                    sb.append(w(locale, "text.risk", r.risk())).append('\n');
                }
            }
            for (String wh : f.withheld()) {
                sb.append(w(locale, "text.withheld", wh)).append('\n');
            }
            sb.append(w(locale, "text.sources", String.join(", ", f.citations().stream().map(Citations::resolve).toList()))).append('\n');
        }
        if (showSkipped) {
            // checked and fine, with the values the rule read: silence means "looked at", not "not looked at"
            List<Result> passed = report.withStatus(Result.Status.PASSED);
            if (!passed.isEmpty()) {
                sb.append('\n').append(w(locale, "text.passed")).append('\n');
                for (Result r : passed) {
                    sb.append("  ").append(r.ruleId()).append(r.step().isEmpty() ? "" : " [" + r.step() + "]").append(": ")
                            .append(r.reason()).append('\n');
                }
            }
            List<Result> skipped = new ArrayList<>(report.withStatus(Result.Status.NOT_APPLICABLE));
            skipped.addAll(report.withStatus(Result.Status.FAILED));
            if (!skipped.isEmpty()) {
                sb.append('\n').append(w(locale, "text.notEvaluated")).append('\n');
                for (Result r : skipped) {
                    sb.append("  ").append(r.ruleId()).append(r.step().isEmpty() ? "" : " [" + r.step() + "]").append(": ")
                            .append(r.status() == Result.Status.FAILED ? w(locale, "text.failed") : "").append(r.reason()).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String w(Locale locale, String key, Object... args) {
        return RuleText.engine(locale, key, args);
    }

    /** A JSON-ready tree (maps, lists, strings, numbers). */
    public static Map<String, Object> json(String capture, RuleEngine.Report report) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("capture", capture);
        if (!report.changed().isEmpty() || !report.settings().source().isEmpty()) {
            // the thresholds this report ran with where they differ from the defaults, and from which file
            Map<String, Object> set = new LinkedHashMap<>();
            set.put("file", report.settings().source());
            set.put("user", report.settings().isUser());
            List<Map<String, Object>> changed = new ArrayList<>();
            for (io.tunescope.rules.Settings.Change c : report.changed()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("id", c.ruleId());
                e.put("key", c.key());
                e.put("value", c.value());
                e.put("default", c.defaultValue());
                e.put("unit", c.unit());
                changed.add(e);
            }
            set.put("changed", changed);
            root.put("settings", set);
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (Finding f : report.findings()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", f.ruleId());
            m.put("title", f.title());
            m.put("topic", f.topic().name().toLowerCase(Locale.ROOT));
            m.put("step", f.step());
            m.put("severity", f.severity().slug());
            m.put("score", f.score());
            m.put("summary", f.summary());
            m.put("explanation", f.explanation());
            List<Map<String, Object>> ev = new ArrayList<>();
            for (Finding.Observation o : f.evidence()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("label", o.label());
                e.put("value", o.value());
                if (o.ref() != null) {
                    e.put("file", o.ref().file());
                    e.put("line", o.ref().line());
                }
                ev.add(e);
            }
            m.put("evidence", ev);
            List<Map<String, Object>> th = new ArrayList<>();
            for (Finding.Threshold t : f.thresholds()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("key", t.key());
                e.put("description", t.description());
                e.put("value", t.value());
                e.put("default", t.defaultValue());
                e.put("unit", t.unit());
                e.put("basis", t.basis().name().toLowerCase(Locale.ROOT));
                if (t.changed()) {
                    e.put("changedBy", t.changedBy());
                }
                th.add(e);
            }
            m.put("thresholds", th);
            List<Map<String, Object>> recs = new ArrayList<>();
            for (Recommendation r : f.recommendations()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("action", r.action());
                e.put("language", r.language());
                e.put("lines", r.lines());
                e.put("variables", r.variables());
                e.put("expectedEffect", r.expectedEffect());
                e.put("effectSource", r.effectSource().isEmpty() ? "" : Citations.resolve(r.effectSource()));
                e.put("risk", r.risk());
                recs.add(e);
            }
            m.put("recommendations", recs);
            m.put("withheld", f.withheld());
            List<Map<String, String>> cites = new ArrayList<>();
            for (String c : f.citations()) {
                Map<String, String> cite = new LinkedHashMap<>(); // key first, then source: the same bytes every run
                cite.put("key", c);
                cite.put("source", Citations.resolve(c));
                cites.add(cite);
            }
            m.put("citations", cites);
            f.timeWindow().ifPresent(w -> {
                Map<String, Object> win = new LinkedHashMap<>();
                win.put("fromMs", w.fromMs());
                win.put("toMs", w.toMs());
                win.put("clock", w.clock());
                m.put("window", win);
            });
            if (!f.frames().isEmpty()) {
                m.put("frames", f.frames());
            }
            list.add(m);
        }
        root.put("findings", list);
        List<Map<String, Object>> na = new ArrayList<>();
        for (Result r : report.results()) {
            if (r.status() == Result.Status.NOT_APPLICABLE || r.status() == Result.Status.FAILED) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("id", r.ruleId());
                e.put("step", r.step());
                e.put("status", r.status().name().toLowerCase(Locale.ROOT).replace('_', '-'));
                e.put("reason", r.reason());
                na.add(e);
            }
        }
        root.put("notEvaluated", na);
        return root;
    }
}
