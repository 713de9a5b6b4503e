package io.tunescope.importers.stats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.tunescope.importers.Head;
import java.io.IOException;

/**
 * What the head of a sysstat JSON document holds, read with Jackson's streaming parser so that any layout is
 * recognised: sysstat's own (one {@code {"sysstat": ...}} line, then fields line by line), pretty-printed by
 * {@code jq}, or minified onto one line. The head may end in the middle of the document; what was seen before
 * counts.
 *
 * @param sysstat       a {@code "sysstat"} field (the document's root key)
 * @param disk          {@code "disk_device"} or {@code "avg-cpu"} fields (iostat -o JSON)
 * @param cpuLoad       a {@code "cpu-load"} field (mpstat -o JSON)
 * @param dateTimestamp a {@code "timestamp"} that is an object with a {@code "date"} (sadf -j)
 */
public record SysstatJson(boolean sysstat, boolean disk, boolean cpuLoad, boolean dateTimestamp) {
    private static final JsonFactory JSON = new JsonFactory();
    private static final SysstatJson NONE = new SysstatJson(false, false, false, false);

    /** The head's reading, made once per head (the iostat, mpstat and sadf sniffs all ask). */
    public static SysstatJson of(Head head) {
        if (!head.firstNonBlank().startsWith("{")) {
            return NONE;
        }
        return head.memo(SysstatJson.class, SysstatJson::read);
    }

    private static SysstatJson read(Head head) {
        boolean sysstat = false;
        boolean disk = false;
        boolean cpuLoad = false;
        boolean dateStamp = false;
        String text = String.join("\n", head.lines());
        try (JsonParser p = JSON.createParser(text)) {
            JsonToken t;
            String previous = "";
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    switch (f) {
                        case "sysstat" -> sysstat = true;
                        case "disk_device", "avg-cpu" -> disk = true;
                        case "cpu-load" -> cpuLoad = true;
                        case "date" -> dateStamp |= previous.equals("timestamp");
                        default -> { }
                    }
                    previous = f;
                } else if (t != JsonToken.START_OBJECT) {
                    previous = "";
                }
            }
        } catch (IOException e) {
            // the head ends inside the document (or the JSON breaks): what was seen before counts
        }
        return new SysstatJson(sysstat, disk, cpuLoad, dateStamp);
    }
}
