package io.tunescope.importers.collector;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.CollectorTimeline;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The collector's {@code timeline.log}: {@code 2026-11-30T10:40:45+0000 start NAME COMMAND} lines
 * (offset with or without a colon).
 */
public final class CollectorTimelineImporter implements Importer<CollectorTimeline> {
    private static final Pattern LINE = Pattern.compile(
            "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[+-]\\d{2}:?\\d{2}|Z))\\s+(start|end)\\s+(\\S+)\\s*(.*)$");
    private static final DateTimeFormatter NO_COLON = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS]xx");

    @Override
    public String format() {
        return "collector-timeline";
    }

    @Override
    public String description() {
        return "capture collector timeline.log";
    }

    @Override
    public Dataset<CollectorTimeline> dataset() {
        return CollectorTimeline.DATASET;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (l.isEmpty()) {
            return Sniff.no("empty");
        }
        int ok = head.count(s -> LINE.matcher(s).matches());
        if (ok >= 2 && ok >= l.size() * 0.9) {
            return Sniff.certain(ok + " 'TIME start|end NAME COMMAND' collector timeline lines");
        }
        return Sniff.no("no collector timeline lines");
    }

    static OffsetDateTime parseTime(String s) {
        try {
            return OffsetDateTime.parse(s);
        } catch (DateTimeParseException e) {
            return OffsetDateTime.parse(s, NO_COLON);
        }
    }

    @Override
    public ImportResult<CollectorTimeline> parse(ImportContext ctx) throws ImportException, IOException {
        List<CollectorTimeline.Event> events = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                if (l.isBlank()) {
                    continue;
                }
                int n = (int) lines.number();
                Matcher m = LINE.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, ctx.displayName() + ": not a timeline line");
                    continue;
                }
                try {
                    events.add(new CollectorTimeline.Event(parseTime(m.group(1)),
                            m.group(2).equals("start") ? CollectorTimeline.Phase.START : CollectorTimeline.Phase.END,
                            m.group(3), m.group(4), SourceRef.of(ctx.displayName(), n)));
                } catch (DateTimeParseException e) {
                    ctx.warn(n, ctx.displayName() + ": unreadable time " + m.group(1));
                }
            }
        }
        if (events.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no timeline events");
        }
        return ctx.result(new CollectorTimeline(events));
    }

    @Override
    public Map<String, Object> summarize(CollectorTimeline value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("events", value.events().size());
        out.put("start", value.start().map(Object::toString).orElse(""));
        out.put("end", value.end().map(Object::toString).orElse(""));
        LinkedHashSet<String> names = new LinkedHashSet<>();
        value.events().forEach(e -> names.add(e.name()));
        out.put("actions", List.copyOf(names));
        return out;
    }
}
