package io.tunescope.analysis.window;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which samples of a window count: by thread, command, CPU, and by a frame (a sample counts when any
 * frame of its stack matches the regex, as a search does). An empty set means "any".
 *
 * @param tids  thread ids
 * @param comms command names as perf prints them ({@code mariadbd}, {@code C2 CompilerThre})
 * @param cpus  CPU numbers
 * @param frame regex found in a frame name, or null
 */
public record SampleFilter(Set<Integer> tids, Set<String> comms, Set<Integer> cpus, Pattern frame) {
    public static final SampleFilter ALL = new SampleFilter(Set.of(), Set.of(), Set.of(), null);

    public SampleFilter {
        tids = Set.copyOf(tids);
        comms = Set.copyOf(comms);
        cpus = Set.copyOf(cpus);
    }

    public boolean all() {
        return tids.isEmpty() && comms.isEmpty() && cpus.isEmpty() && frame == null;
    }

    public SampleFilter withTid(int tid) {
        return new SampleFilter(Set.of(tid), comms, cpus, frame);
    }

    public SampleFilter withComm(String comm) {
        return new SampleFilter(tids, Set.of(comm), cpus, frame);
    }

    public SampleFilter withCpu(int cpu) {
        return new SampleFilter(tids, comms, Set.of(cpu), frame);
    }

    /** @throws java.util.regex.PatternSyntaxException for a bad regex */
    public SampleFilter withFrame(String regex) {
        return new SampleFilter(tids, comms, cpus, regex == null || regex.isEmpty() ? null : Pattern.compile(regex));
    }

    /** For status bars and titles: "comm mariadbd, tid 1234, frame /lock/"; "" when all samples count. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (!comms.isEmpty()) {
            b.append("comm ").append(String.join(",", new java.util.TreeSet<>(comms)));
        }
        if (!tids.isEmpty()) {
            b.append(b.isEmpty() ? "" : ", ").append("tid ").append(joined(tids));
        }
        if (!cpus.isEmpty()) {
            b.append(b.isEmpty() ? "" : ", ").append("cpu ").append(joined(cpus));
        }
        if (frame != null) {
            b.append(b.isEmpty() ? "" : ", ").append("frame /").append(frame.pattern()).append('/');
        }
        return b.toString();
    }

    private static String joined(Set<Integer> s) {
        return String.join(",", new java.util.TreeSet<>(s).stream().map(String::valueOf).toList());
    }
}
