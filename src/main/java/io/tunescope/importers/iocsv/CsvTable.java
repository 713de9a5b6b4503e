package io.tunescope.importers.iocsv;

import io.tunescope.importers.stats.IoColumns;
import io.tunescope.importers.stats.Stamp;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** CSV helpers shared by the sadf -d and generic I/O CSV importers (commons-csv, one record per line). */
final class CsvTable {
    private CsvTable() {
    }

    /** The separator of a header line: ';', tab or ','; 0 when the line has none. */
    static char separator(String header) {
        int semi = count(header, ';');
        int tab = count(header, '\t');
        int comma = count(header, ',');
        if (semi >= Math.max(1, Math.max(tab, comma))) {
            return ';';
        }
        if (tab >= Math.max(1, comma)) {
            return '\t';
        }
        return comma >= 1 ? ',' : 0;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    /**
     * The fields of one CSV line. A line whose quotes do not close (a stray {@code "}) is split at every
     * separator with the quotes kept as text (see {@link #unbalancedQuotes}): the row is still read.
     */
    static List<String> split(String line, char sep) throws IOException {
        if (unbalancedQuotes(line)) {
            List<String> out = new ArrayList<>();
            for (String v : line.split(java.util.regex.Pattern.quote(String.valueOf(sep)), -1)) {
                out.add(v.strip());
            }
            return out;
        }
        CSVFormat f = CSVFormat.DEFAULT.builder().setDelimiter(sep).setTrim(true).get();
        try (CSVParser p = CSVParser.parse(new StringReader(line), f)) {
            List<String> out = new ArrayList<>();
            for (CSVRecord r : p) {
                for (String v : r) {
                    out.add(v);
                }
                break;
            }
            return out;
        } catch (java.io.UncheckedIOException | IllegalStateException e) {
            throw new IOException("not a CSV line: " + e.getMessage(), e);
        }
    }

    /** True when the line's double quotes do not pair up: CSV quoting would run past the line's end. */
    static boolean unbalancedQuotes(String line) {
        return count(line, '"') % 2 != 0;
    }

    /** A column's role in a generic I/O CSV. */
    enum Role { TIME, EPOCH, ELAPSED, ENTITY, METRIC, IGNORE }

    static Role role(String header) {
        String h = header.strip().toLowerCase(Locale.ROOT).replace("\"", "");
        switch (h) {
            case "time", "timestamp", "date", "datetime", "date_time", "ts", "local_time", "localtime", "date time" -> {
                return Role.TIME;
            }
            case "epoch", "unix_time", "unixtime", "epoch_s", "epoch_ms", "time_epoch", "unix" -> {
                return Role.EPOCH;
            }
            case "elapsed", "elapsed_s", "seconds", "second", "sec", "t", "offset_s", "uptime" -> {
                return Role.ELAPSED;
            }
            case "device", "dev", "disk", "disk_device", "disk-device", "devname", "device_name", "name", "drive" -> {
                return Role.ENTITY;
            }
            case "hostname", "host", "interval" -> {
                return Role.IGNORE;
            }
            default -> {
                return Role.METRIC;
            }
        }
    }

    /** Canonical metric for a CSV header, with units in brackets or parentheses understood. */
    static IoColumns.Col metric(String header) {
        String h = header.strip().replace("\"", "");
        IoColumns.Col c = IoColumns.of(h);
        if (c != null) {
            return c;
        }
        String base = h;
        String hint = "";
        int open = Math.max(h.indexOf('('), h.indexOf('['));
        if (open > 0) {
            base = h.substring(0, open).strip();
            hint = h.substring(open + 1).replace(")", "").replace("]", "").strip();
        }
        String b = base.toLowerCase(Locale.ROOT).replace(' ', '_');
        String u = hint.toLowerCase(Locale.ROOT);
        for (String cand : new String[] {b, b + "_" + u, b + u, b + "/s", "%" + b}) {
            if ("%".equals(u) && cand.equals(b + "_" + u)) {
                cand = b + "_%";
            }
            c = IoColumns.of(cand);
            if (c != null) {
                return c;
            }
        }
        String name = b.startsWith("%") ? b.substring(1) : b;
        Unit unit = b.startsWith("%") || u.equals("%") ? Unit.PERCENT : u.equals("ms") ? Unit.MILLISECONDS
                : b.endsWith("/s") || u.endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT;
        return new IoColumns.Col(name, unit, 1);
    }

    /** Epoch millis from an epoch number in seconds, millis or micros. */
    static long epochMillis(double v) {
        if (v < 1e11) {
            return Math.round(v * 1000);
        }
        if (v < 1e14) {
            return Math.round(v);
        }
        return Math.round(v / 1000);
    }

    static Double number(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        String t = s.strip();
        if (t.indexOf(':') >= 0 || t.indexOf(' ') >= 0) {
            return null; // a time or words: never a number (parseDouble would throw), asked of every sadf timestamp
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A text timestamp, or null. */
    static Stamp stamp(String s) {
        return s == null ? null : Stamp.parseLine(s.strip());
    }
}
