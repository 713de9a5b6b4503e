package io.tunescope.testutil;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The cpu-clock samples of the ftwrl-dip capture (captures/README.md, Capture 6) read a second way, for tests:
 * straight from the archive (a tar reader of its own), the perf script text (a regex of its own) and the perf
 * header's {@code captured on}, with nanosecond arithmetic of its own, not through any Tunescope code.
 */
public final class FtwrlDipScript {
    public static final String STEP = "rw-4t-ftwrl/";
    /** The global read lock's times (driver log, the server's NOW(3)). */
    public static final String DIP_FROM = "2026-12-02T04:46:19.689";
    public static final String DIP_TO = "2026-12-02T04:46:23.705";
    /** Ten seconds before the lock. */
    public static final String PLATEAU_FROM = "2026-12-02T04:46:09.689";

    /** One sample as read here, independently of the importer. */
    public record Raw(String comm, int tid, int cpu, long ns, Set<String> frames) {
    }

    private final List<Raw> raw;
    private final long capturedOnMs;
    private final long lastNs;

    private FtwrlDipScript(List<Raw> raw, long capturedOnMs) {
        this.raw = raw;
        this.capturedOnMs = capturedOnMs;
        this.lastNs = raw.stream().mapToLong(Raw::ns).max().orElseThrow();
    }

    public static FtwrlDipScript read() throws IOException {
        Path archive = HandCaptures.DIR.resolve("ftwrl-dip.tar.gz");
        String script = "ftwrl-dip/" + STEP + "perf-cpu.script.txt";
        String header = "ftwrl-dip/" + STEP + "perf-cpu.header.txt";
        Map<String, byte[]> files = untar(archive, Set.of(script, header));
        return new FtwrlDipScript(readScript(files.get(script)), capturedOn(files.get(header)));
    }

    public List<Raw> samples() {
        return raw;
    }

    public long capturedOnMs() {
        return capturedOnMs;
    }

    /** perf's captured-on is the end of the recording: the last sample sits there, the others by their distance to it. */
    public long wallNs(Raw s) {
        return capturedOnMs * 1_000_000L + (s.ns() - lastNs);
    }

    public static long ns(String iso) {
        return Instant.parse(iso + "Z").toEpochMilli() * 1_000_000L;
    }

    /** Samples whose wall-clock time is in [from, to) and that pass {@code p}. */
    public long count(String from, String to, Predicate<Raw> p) {
        long a = ns(from);
        long b = ns(to);
        return raw.stream().filter(s -> wallNs(s) >= a && wallNs(s) < b && p.test(s)).count();
    }

    /** The named members of a .tar.gz (ustar headers: name at 0, octal size at 124, prefix at 345, 512-byte blocks). */
    private static Map<String, byte[]> untar(Path archive, Set<String> names) throws IOException {
        Map<String, byte[]> out = new HashMap<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(archive))) {
            byte[] h = new byte[512];
            while (in.readNBytes(h, 0, 512) == 512 && h[0] != 0) {
                String name = field(h, 0, 100);
                String prefix = field(h, 345, 155);
                if (!prefix.isEmpty()) {
                    name = prefix + "/" + name;
                }
                long size = Long.parseLong(field(h, 124, 12), 8);
                byte[] body = in.readNBytes((int) size);
                in.readNBytes((int) ((512 - size % 512) % 512));
                if (names.contains(name)) {
                    out.put(name, body);
                }
            }
        }
        if (!out.keySet().equals(names)) {
            throw new IOException("missing in " + archive + ": " + names);
        }
        return out;
    }

    private static String field(byte[] h, int at, int len) {
        return new String(h, at, len, StandardCharsets.US_ASCII).replace("\0", "").strip();
    }

    private static final Pattern HEADER = Pattern.compile("^(\\S.*?)\\s+(-?\\d+)\\s+\\[(\\d+)\\]\\s+(\\d+)\\.(\\d{6}):\\s+\\d+\\s+cpu-clock:");
    private static final Pattern FRAME = Pattern.compile("^\\s+[0-9a-f]+\\s+(.+?)(\\+0x[0-9a-f]+)?\\s+\\(.*\\)$");

    private static List<Raw> readScript(byte[] text) throws IOException {
        List<Raw> out = new ArrayList<>();
        Set<String> frames = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(text), StandardCharsets.UTF_8))) {
            String l;
            while ((l = r.readLine()) != null) {
                Matcher m = HEADER.matcher(l);
                if (m.find()) {
                    frames = new HashSet<>();
                    out.add(new Raw(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                            Long.parseLong(m.group(4)) * 1_000_000_000L + Long.parseLong(m.group(5)) * 1000L, frames));
                    continue;
                }
                Matcher f = FRAME.matcher(l);
                if (frames != null && f.find()) {
                    frames.add(f.group(1));
                }
            }
        }
        return out;
    }

    private static long capturedOn(byte[] header) {
        for (String l : new String(header, StandardCharsets.UTF_8).split("\\n")) {
            if (l.startsWith("# captured on")) {
                String v = l.substring(l.indexOf(':') + 1).strip().replaceAll("\\s+", " ");
                return LocalDateTime.parse(v, DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ENGLISH))
                        .toInstant(ZoneOffset.UTC).toEpochMilli();
            }
        }
        throw new IllegalStateException("no captured on");
    }
}
