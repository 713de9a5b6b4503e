package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.testutil.Conformance;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FlameGraph's own test matrix: 13 {@code perf script} inputs x 6 options = 78 expected outputs of
 * {@code stackcollapse-perf.pl}, compared byte for byte.
 *
 * <p>Chosen behaviour for the 8 Java {@code --pid}/{@code --tid} cases (documented in
 * {@link PerfScriptCollapser}): Tunescope follows the current upstream script, which strips the leading
 * {@code L} of Java class names for every process name starting with {@code java} (so also for
 * {@code java-PID} and {@code java-PID/TID}). FlameGraph's expected files for those 8 were produced before
 * that change and keep the {@code L}. For them this test asserts two things exactly:
 * <ol>
 * <li>default options = the expected file with that one documented change applied (strip {@code L} from
 *     frames that start with {@code L} and contain {@code /} on lines whose process frame starts with
 *     {@code java}, identical stacks merged, lines re-sorted in byte order);</li>
 * <li>{@link FoldOptions#legacyJavaTidy()} = the expected file unchanged.</li>
 * </ol>
 * The other 70 must equal their expected file unchanged.
 */
class PerfScriptConformanceTest {
    static final List<String> OPTIONS = List.of("pid", "tid", "kernel", "jit", "all", "addrs");
    static final Set<String> JAVA_INPUTS = Set.of("perf-java-faults-01", "perf-java-stacks-01",
            "perf-java-stacks-02", "perf-vertx-stacks-01");

    static Stream<Arguments> matrix() throws IOException {
        Path test = Conformance.dir("flamegraph").resolve("test");
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(test)) {
            for (Path in : s.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                String name = in.getFileName().toString().replaceAll("\\.txt$", "");
                for (String opt : OPTIONS) {
                    out.add(Arguments.of(name, opt));
                }
            }
        }
        assertEquals(78, out.size(), "13 inputs x 6 options");
        return out.stream();
    }

    static FoldOptions options(String opt) {
        FoldOptions o = FoldOptions.collapse();
        return switch (opt) {
            case "pid" -> o.withPid(true);
            case "tid" -> o.withTid(true);
            case "kernel" -> o.withKernel(true);
            case "jit" -> o.withJit(true);
            case "all" -> o.withAll(true);
            case "addrs" -> o.withAddrs(true);
            default -> throw new IllegalArgumentException(opt);
        };
    }

    static String collapse(Path in, FoldOptions o) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream is = Files.newInputStream(in)) {
            PerfScriptCollapser.collapse(is, out, o, null);
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest(name = "{0} --{1}")
    @MethodSource("matrix")
    void foldsLikeStackcollapsePerf(String input, String opt) throws IOException {
        Path test = Conformance.dir("flamegraph").resolve("test");
        Path in = test.resolve(input + ".txt");
        String expected = Files.readString(test.resolve("results/" + input + "-collapsed-" + opt + ".txt"),
                StandardCharsets.ISO_8859_1);
        boolean divergent = JAVA_INPUTS.contains(input) && (opt.equals("pid") || opt.equals("tid"));
        if (divergent) {
            String current = currentJavaTidy(expected);
            assertTrue(!current.equals(expected), "the documented divergence must show in " + input + " --" + opt);
            assertEquals(current, collapse(in, options(opt)), input + " --" + opt + " (current upstream Java tidying)");
            assertEquals(expected, collapse(in, options(opt).withLegacyJavaTidy(true)),
                    input + " --" + opt + " (legacy Java tidying = expected file)");
        } else {
            assertEquals(expected, collapse(in, options(opt)), input + " --" + opt);
        }
    }

    /** The expected output as the current script prints it: L stripped on java* processes, merged, re-sorted. */
    static String currentJavaTidy(String folded) {
        Map<String, Long> merged = new TreeMap<>(PerfScriptConformanceTest::byteOrder);
        for (String line : folded.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            String stack = line.substring(0, sp);
            long count = Long.parseLong(line.substring(sp + 1));
            String[] frames = stack.split(";", -1);
            if (frames[0].startsWith("java")) {
                for (int i = 1; i < frames.length; i++) {
                    if (frames[i].startsWith("L") && frames[i].contains("/")) {
                        frames[i] = frames[i].substring(1);
                    }
                }
                stack = String.join(";", frames);
            }
            merged.merge(stack, count, Long::sum);
        }
        StringBuilder sb = new StringBuilder();
        merged.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        return sb.toString();
    }

    private static int byteOrder(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.ISO_8859_1), b.getBytes(StandardCharsets.ISO_8859_1));
    }
}
