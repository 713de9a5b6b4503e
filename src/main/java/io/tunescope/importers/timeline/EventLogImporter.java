package io.tunescope.importers.timeline;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.EventLog;
import io.tunescope.model.series.SeriesDatasets;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Any event log whose lines start with an ISO-8601 time ({@code 2026-12-01T22:51:03.123+00:00},
 * {@code 2026-12-01 22:51:03}, optionally in brackets) or an epoch time in seconds
 * ({@code 1764629000.123}), followed by words: the driver logs people write around their benchmarks.
 * The collector's own {@code timeline.log} is left to {@link CollectorTimelineImporter}.
 */
public final class EventLogImporter implements Importer<EventLog> {
    static final int MAX_LINE = 2000;
    private static final Pattern ISO = Pattern.compile(
            "^\\[?(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}:\\d{2})([.,]\\d{1,9})?(?:Z|[+-]\\d{2}:?\\d{2})?\\]? +(\\S.*)$");
    private static final Pattern EPOCH = Pattern.compile("^\\[?(1\\d{9})(\\.\\d{1,9})?\\]? +(\\S.*)$");
    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");
    private static final Pattern COLLECTOR = Pattern.compile(
            "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:[+-]\\d{2}:?\\d{2}|Z)? (start|end) \\S+.*$");

    @Override
    public String format() {
        return "event-log";
    }

    @Override
    public String description() {
        return "event log with a wall-clock time on every line (driver or script log)";
    }

    @Override
    public Dataset<EventLog> dataset() {
        return SeriesDatasets.EVENT_LOG;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int ok = 0;
        int other = 0;
        int collector = 0;
        for (String l : head.nonBlank()) {
            if (parse(l) != null) {
                ok++;
                if (l.length() <= MAX_LINE && COLLECTOR.matcher(l).matches()) {
                    collector++;
                }
            } else {
                other++;
            }
        }
        if (ok >= 2 && collector == ok) {
            return Sniff.weak("timed lines in the collector's timeline format");
        }
        if (ok >= 3 && other * 10 <= ok) {
            return Sniff.strong(ok + " lines that start with a wall-clock time followed by words");
        }
        if (ok >= 2 && other == 0) {
            return Sniff.weak(ok + " lines that start with a wall-clock time");
        }
        return Sniff.no("not lines of '<time> words'");
    }

    /** The entry of one line (line number 0), or null when the line is not '<time> words'. */
    static EventLog.Entry parse(String l) {
        if (l.length() > MAX_LINE || l.isEmpty()) {
            return null;
        }
        // what the expressions need first, after an optional '[': four digits and '-' (ISO), or '1' and nine digits (epoch)
        int o = l.charAt(0) == '[' ? 1 : 0;
        boolean iso = digits(l, o, 4) && l.length() > o + 4 && l.charAt(o + 4) == '-';
        boolean epoch = l.length() > o && l.charAt(o) == '1' && digits(l, o + 1, 9);
        if (!iso && !epoch) {
            return null;
        }
        Matcher m = ISO.matcher(l);
        if (m.matches()) {
            String text = m.group(4).strip();
            if (!WORD.matcher(text).find()) {
                return null;
            }
            try {
                long t = LocalDateTime.parse(m.group(1) + "T" + m.group(2)).toEpochSecond(ZoneOffset.UTC) * 1000 + millis(m.group(3));
                return new EventLog.Entry(t, text, 0);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        m = EPOCH.matcher(l);
        if (m.matches()) {
            String text = m.group(3).strip();
            if (!WORD.matcher(text).find()) {
                return null;
            }
            return new EventLog.Entry(Long.parseLong(m.group(1)) * 1000 + millis(m.group(2)), text, 0);
        }
        return null;
    }

    private static boolean digits(String l, int from, int n) {
        if (l.length() < from + n) {
            return false;
        }
        for (int i = from; i < from + n; i++) {
            if (l.charAt(i) < '0' || l.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static long millis(String frac) {
        if (frac == null || frac.length() < 2) {
            return 0;
        }
        String d = (frac.substring(1) + "000").substring(0, 3);
        return Long.parseLong(d);
    }

    @Override
    public ImportResult<EventLog> parse(ImportContext ctx) throws ImportException, IOException {
        List<EventLog.Entry> out = new ArrayList<>();
        try (ImportContext.Lines in = ctx.lines()) {
            String l;
            while ((l = in.next()) != null) {
                int n = (int) in.number();
                if (l.isBlank()) {
                    continue;
                }
                EventLog.Entry e = parse(l.strip());
                if (e == null) {
                    ctx.warn(n, ctx.displayName() + ": no wall-clock time at the start of the line; skipped");
                    continue;
                }
                out.add(new EventLog.Entry(e.time(), e.text(), n));
            }
        }
        if (out.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no timed lines");
        }
        return ctx.result(new EventLog(out));
    }

    @Override
    public Map<String, Object> summarize(EventLog value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("events", value.entries().size());
        return out;
    }
}
