package io.tunescope.testutil;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ftwrl-dip capture's {@code perf-sched.script.txt} read from scratch, for tests that check the off-CPU
 * profile against the text: regular expressions for the events, a map of open switch-outs for the intervals.
 * An interval runs from a thread's switch-out to its next switch-in, to its next switch-out when no switch-in
 * came first, or to the last event when it never came back.
 */
public final class FtwrlDipSched {
    public static final String PATH = FtwrlDipScript.STEP + "perf-sched.script.txt";
    /** driver.log: "start perf-sched recording" (the reading places the first event there). */
    public static final String RECORDING_START = "2026-12-02T04:46:18.983";
    private static final Pattern EVENT = Pattern.compile(
            "\\s(\\d+)\\.(\\d{6}): sched:sched_switch: .* prev_pid=(\\d+) .* prev_state=(\\S+) ==> .* next_pid=(\\d+) ");

    /** One event: time in ns of perf's clock, threads, state, and its frames (symbols without offsets). */
    public record Ev(long t, int prev, String state, int next, List<String> frames) {
    }

    /** One interval. */
    public record Iv(long start, long end, int tid, String state, List<String> frames) {
        /** Its overlap with {@code [from, to)} in ns (0 when none). */
        public long overlap(long from, long to) {
            return Math.max(0, Math.min(end, to) - Math.max(start, from));
        }
    }

    private final List<Ev> events;

    private FtwrlDipSched(List<Ev> events) {
        this.events = events;
    }

    public static FtwrlDipSched read() throws IOException {
        String name = "ftwrl-dip/" + PATH;
        byte[] text = FtwrlDipScript.untar(HandCaptures.DIR.resolve("ftwrl-dip.tar.gz"), Set.of(name)).get(name);
        return parse(new String(text, StandardCharsets.UTF_8).split("\n"));
    }

    public static FtwrlDipSched parse(String[] lines) {
        List<Ev> out = new ArrayList<>();
        List<String> frames = null;
        for (String l : lines) {
            Matcher m = EVENT.matcher(l);
            if (m.find()) {
                frames = new ArrayList<>();
                out.add(new Ev(Long.parseLong(m.group(1)) * 1_000_000_000L + Long.parseLong(m.group(2)) * 1000,
                        Integer.parseInt(m.group(3)), m.group(4), Integer.parseInt(m.group(5)), frames));
            } else if (!l.isBlank() && frames != null) {
                String sym = l.strip().split("\\s+", 2)[1];
                frames.add(sym.substring(0, sym.lastIndexOf(" (")).replaceAll("\\+0x[0-9a-f]+$", ""));
            }
        }
        return new FtwrlDipSched(out);
    }

    public List<Ev> events() {
        return events;
    }

    public List<Iv> intervals() {
        List<Iv> out = new ArrayList<>();
        Map<Integer, Ev> open = new HashMap<>();
        for (Ev e : events) {
            Ev before = open.put(e.prev(), e);
            if (before != null) {
                out.add(new Iv(before.t(), e.t(), e.prev(), before.state(), before.frames()));
            }
            Ev in = open.remove(e.next());
            if (in != null) {
                out.add(new Iv(in.t(), e.t(), e.next(), in.state(), in.frames()));
            }
        }
        long last = events.get(events.size() - 1).t();
        open.forEach((tid, e) -> out.add(new Iv(e.t(), last, tid, e.state(), e.frames())));
        return out;
    }

    /** perf time of a wall-clock time ({@code 2026-12-02T04:46:20.000}): the first event sits at {@link #RECORDING_START}. */
    public long perfNs(String iso) {
        long ms = Instant.parse(iso + "Z").toEpochMilli() - Instant.parse(RECORDING_START + "Z").toEpochMilli();
        return events.get(0).t() + ms * 1_000_000L;
    }

    /** Off-CPU ns in {@code [from, to)} (wall-clock ISO times), intervals cut to the window. */
    public long offCpuNs(String from, String to) {
        long a = perfNs(from);
        long b = perfNs(to);
        return intervals().stream().mapToLong(iv -> iv.overlap(a, b)).sum();
    }
}
