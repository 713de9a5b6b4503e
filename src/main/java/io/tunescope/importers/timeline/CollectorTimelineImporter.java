package io.tunescope.importers.timeline;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.CollectorTimeline;
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
 * The collector's {@code timeline.log} ({@code packaging/tunescope-collect.sh}): one line per command start
 * and end, {@code 2026-11-30T10:42:20+0000 start sysbench-sweep sysbench ...}. Times are read as printed
 * (the zone suffix is ignored), like every tool's wall-clock times.
 */
public final class CollectorTimelineImporter implements Importer<CollectorTimeline> {
    private static final Pattern LINE = Pattern.compile(
            "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2})(?:[+-]\\d{2}:?\\d{2}|Z)? (start|end) (\\S+)(?: (.*))?$");

    @Override
    public String format() {
        return "collector-timeline";
    }

    @Override
    public String description() {
        return "capture collector timeline (start/end of each command)";
    }

    @Override
    public Dataset<CollectorTimeline> dataset() {
        return SeriesDatasets.COLLECTOR_TIMELINE;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int ok = 0;
        int other = 0;
        for (String l : head.nonBlank()) {
            if (Head.startsWithDigit(l) && LINE.matcher(l).matches()) {
                ok++;
            } else {
                other++;
            }
        }
        if (ok >= 2 && other == 0) {
            return Sniff.certain(ok + " '<time> start|end NAME COMMAND' lines");
        }
        if (ok >= 2 && other <= ok / 10) {
            return Sniff.strong("mostly '<time> start|end NAME COMMAND' lines");
        }
        return Sniff.no("no collector timeline lines");
    }

    @Override
    public ImportResult<CollectorTimeline> parse(ImportContext ctx) throws ImportException, IOException {
        Map<String, long[]> open = new LinkedHashMap<>();
        List<CollectorTimeline.Event> events = new ArrayList<>();
        Map<String, String> commands = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        try (ImportContext.Lines in = ctx.lines()) {
            String l;
            while ((l = in.next()) != null) {
                int n = (int) in.number();
                if (l.isBlank()) {
                    continue;
                }
                Matcher m = LINE.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, ctx.displayName() + ": not a '<time> start|end NAME COMMAND' line");
                    continue;
                }
                long t;
                try {
                    t = LocalDateTime.parse(m.group(1)).toEpochSecond(ZoneOffset.UTC) * 1000;
                } catch (DateTimeParseException e) {
                    ctx.warn(n, ctx.displayName() + ": unreadable time " + m.group(1));
                    continue;
                }
                String name = m.group(3);
                if (m.group(2).equals("start")) {
                    if (open.containsKey(name)) {
                        close(events, name, open.remove(name), -1, commands, lines);
                    }
                    open.put(name, new long[] {t});
                    commands.put(name, m.group(4) == null ? "" : m.group(4));
                    lines.put(name, n);
                } else {
                    long[] s = open.remove(name);
                    if (s == null) {
                        ctx.warn(n, ctx.displayName() + ": end of '" + name + "' without a start");
                        continue;
                    }
                    close(events, name, s, t, commands, lines);
                }
            }
        }
        for (var e : open.entrySet()) {
            close(events, e.getKey(), e.getValue(), -1, commands, lines);
        }
        if (events.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no timeline entries");
        }
        events.sort(java.util.Comparator.comparingInt(CollectorTimeline.Event::line));
        return ctx.result(new CollectorTimeline(events));
    }

    private static void close(List<CollectorTimeline.Event> events, String name, long[] start, long end,
                              Map<String, String> commands, Map<String, Integer> lines) {
        events.add(new CollectorTimeline.Event(name, commands.get(name), start[0], end, lines.get(name)));
    }

    @Override
    public Map<String, Object> summarize(CollectorTimeline value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("events", value.events().size());
        return out;
    }
}
