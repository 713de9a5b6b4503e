package io.tunescope.importers.perfreport;

import io.tunescope.importers.CpuDatasets;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.perfreport.PerfHeader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code perf report --header-only} output: the {@code # ========} block of {@code # key : value} lines
 * ({@code captured on}, {@code perf version}, {@code cmdline}, {@code event}, {@code time of first sample}, ...)
 * and no samples. A full {@code perf report} with entries is {@link PerfReportImporter}'s.
 */
public final class PerfHeaderImporter implements Importer<PerfHeader> {
    private static final Pattern KV = Pattern.compile("^# ([a-zA-Z][a-zA-Z0-9 _/.-]{0,60}?)\\s*:\\s(.*)$");
    private static final String NO = "no perf header block, or samples follow it (perf report or perf script)";
    private static final Pattern ENTRY = Pattern.compile("^\\s+\\d+\\.\\d+%\\s");

    @Override
    public String format() {
        return "perf-header";
    }

    @Override
    public String description() {
        return "perf report --header-only (when and how the recording was made)";
    }

    @Override
    public Dataset<PerfHeader> dataset() {
        return CpuDatasets.PERF_HEADER;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean captured = head.anyLine(l -> l.startsWith("# captured on"));
        boolean banner = captured && head.anyLine(l -> l.startsWith("# ========"));
        if (!banner) {
            return Sniff.no(NO); // both verdicts below need the two
        }
        boolean version = head.anyLine(l -> l.startsWith("# perf version"));
        boolean samples = head.anyLine(l -> l.startsWith("# Samples:")
                || !l.isEmpty() && Head.regexSpace(l.charAt(0)) && l.indexOf('%') > 0 && ENTRY.matcher(l).find());
        int other = head.count(l -> !l.isBlank() && !l.startsWith("#"));
        if (captured && version && banner && !samples && other == 0) {
            return Sniff.certain("a perf header block ('# captured on', '# perf version') and no samples");
        }
        if (captured && banner && !samples && other <= 2) {
            return Sniff.strong("a perf header block and no samples");
        }
        return Sniff.no(NO);
    }

    @Override
    public ImportResult<PerfHeader> parse(ImportContext ctx) throws ImportException, IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        try (ImportContext.Lines in = ctx.lines()) {
            String l;
            while ((l = in.next()) != null) {
                if (l.length() > 100_000) {
                    continue;
                }
                Matcher m = KV.matcher(l);
                if (m.matches()) {
                    fields.putIfAbsent(m.group(1).strip(), m.group(2).strip());
                }
            }
        }
        if (!fields.containsKey("captured on") && !fields.containsKey("perf version")) {
            throw new ImportException(0, ctx.displayName() + ": no perf header fields");
        }
        return ctx.result(new PerfHeader(fields));
    }

    @Override
    public Map<String, Object> summarize(PerfHeader value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("captured_on", value.get("captured on"));
        out.put("perf_version", value.get("perf version"));
        out.put("cmdline", value.get("cmdline"));
        out.put("sample_duration", value.get("sample duration"));
        return out;
    }
}
