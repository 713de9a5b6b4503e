package io.tunescope.importers.perfreport;

import io.tunescope.importers.CpuDatasets;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.perfreport.PerfReportEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code perf report --stdio} text: header, Children+Self or Overhead columns, Samples and Period columns
 * ({@code -n}, {@code -F}), any {@code --sort} keys, with or without call graphs ({@code -g none},
 * caller and callee order, current and pre-4.x styles), several events, long C++ symbols.
 */
public final class PerfReportImporter implements Importer<PerfReport> {
    private static final Pattern SAMPLES = Pattern.compile("^# Samples: \\S+\\s+of event '.*'");
    private static final Pattern COLUMNS = Pattern.compile("^# (Children|Overhead)\\s");
    private static final Pattern ENTRY = Pattern.compile("^\\s++\\d++\\.\\d++%\\s++\\S");
    private static final Pattern MARKED_ENTRY = Pattern.compile("^\\s+\\d+\\.\\d+%\\s.*\\s\\[[.kguH]\\]\\s");

    @Override
    public String format() {
        return "perf-report";
    }

    @Override
    public String description() {
        return "perf report --stdio text";
    }

    @Override
    public Dataset<PerfReport> dataset() {
        return CpuDatasets.PERF_REPORT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        // literal tests first (the expressions, anchored at the line's start, decide): headers start with "# ", entries
        // with a space and hold a '%'
        boolean samples = head.anyLine(l -> l.startsWith("# Samples: ") && SAMPLES.matcher(l).find());
        boolean columns = head.anyLine(l -> l.startsWith("# ") && COLUMNS.matcher(l).find());
        int entries = 0;
        int marked = 0;
        for (String l : head.lines()) {
            if (!l.isEmpty() && Head.regexSpace(l.charAt(0)) && l.indexOf('%') > 0) {
                if (ENTRY.matcher(l).find()) {
                    entries++;
                }
                if (MARKED_ENTRY.matcher(l).find()) {
                    marked++;
                }
            }
        }
        if (samples && columns) {
            return Sniff.certain("'# Samples: ... of event' header and the column titles of perf report");
        }
        if ((samples || columns) && entries >= 1) {
            return Sniff.strong("perf report header and entry lines");
        }
        if (marked >= 5) {
            return Sniff.strong(marked + " 'NN.NN%  command  dso  [.] symbol' entry lines");
        }
        if (samples || columns || marked >= 2) {
            return Sniff.weak("some perf report lines");
        }
        return Sniff.no("no '# Samples: ... of event' header and no perf report entries");
    }

    @Override
    public ImportResult<PerfReport> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        PerfReportParser parser = new PerfReportParser((line, msg) -> ctx.warn(line, file + ": " + msg));
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                parser.line(l, lines.number());
            }
        }
        PerfReport report = parser.finish();
        if (parser.entryCount() == 0) {
            throw new ImportException(0, file + ": no perf report entries found");
        }
        for (PerfReport.Section s : report.sections()) {
            if (s.entries().isEmpty()) {
                ctx.info(0, file + ": event '" + s.event() + "' has no entries");
            }
        }
        return ctx.result(report);
    }

    @Override
    public Map<String, Object> summarize(PerfReport value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("event", value.event());
        out.put("event_count", value.eventCount() < 0 ? null : value.eventCount());
        out.put("entries", value.entries().size());
        List<PerfReportEntry> sorted = new ArrayList<>(value.entries());
        sorted.sort(Comparator.comparingDouble(PerfReportEntry::selfPct).reversed());
        List<Map<String, Object>> top = new ArrayList<>();
        for (PerfReportEntry e : sorted.subList(0, Math.min(10, sorted.size()))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("symbol", e.symbol());
            m.put("dso", e.dso());
            m.put("command", e.command());
            m.put("self_pct", e.selfPct());
            m.put("children_pct", e.childrenPct());
            m.put("samples", e.samples());
            top.add(m);
        }
        out.put("top", top);
        if (value.sections().size() > 1) {
            out.put("events", value.sections().stream().map(PerfReport.Section::event).toList());
        }
        return out;
    }
}
