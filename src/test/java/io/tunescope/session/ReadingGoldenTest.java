package io.tunescope.session;

import io.tunescope.testutil.HandCaptures;

import io.tunescope.cli.TunescopeCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code tunescope steps --json} of every hand-made capture and of the sample captures equals its golden
 * dump {@code <name>.steps.expected.json} beside the capture (refresh with
 * {@code -Dtunescope.refreshGolden=true} after reviewing the diff; a mismatch writes {@code .steps.actual.json}).
 * Two runs give the same bytes.
 */
class ReadingGoldenTest {
    @TempDir
    Path tmp;

    private static String steps(Path p) {
        return cli("steps", p.toString(), "--json");
    }

    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        assertEquals(TunescopeCli.OK, code, err.toString());
        return out.toString();
    }

    /** {@code findings --baseline} of every hand-made capture equals {@code <name>.findings.expected.txt} beside it. */
    @Test
    void findingsMatchTheGoldenDumps() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (String name : List.of("hand-3step", "bench-repeats.tar.gz", "one-step-colocated", "healthy-control.tar.gz",
                "pt-stalk-2x.tar.gz", "ftwrl-dip.tar.gz")) {
            Path c = HandCaptures.get(name, tmp);
            String base = name.replace(".tar.gz", "");
            compare(cli("findings", c.toString(), "--baseline"), HandCaptures.DIR.resolve(base + ".findings.expected.txt"), mismatches);
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n\n", mismatches));
        }
    }

    @Test
    void stepsJsonMatchesTheGoldenDumps() throws Exception {
        List<String> mismatches = new ArrayList<>();
        check(HandCaptures.get("hand-3step", tmp), HandCaptures.DIR.resolve("hand-3step.steps.expected.json"), mismatches);
        check(HandCaptures.get("bench-repeats.tar.gz", tmp), HandCaptures.DIR.resolve("bench-repeats.steps.expected.json"), mismatches);
        check(HandCaptures.get("one-step-colocated", tmp), HandCaptures.DIR.resolve("one-step-colocated.steps.expected.json"), mismatches);
        check(HandCaptures.get("healthy-control.tar.gz", tmp), HandCaptures.DIR.resolve("healthy-control.steps.expected.json"), mismatches);
        check(HandCaptures.get("pt-stalk-2x.tar.gz", tmp), HandCaptures.DIR.resolve("pt-stalk-2x.steps.expected.json"), mismatches);
        check(HandCaptures.get("ftwrl-dip.tar.gz", tmp), HandCaptures.DIR.resolve("ftwrl-dip.steps.expected.json"), mismatches);
        for (String s : List.of("mariadb-oltp", "numa-4node-synthetic")) {
            Path copy = tmp.resolve("sample");
            Files.createDirectories(copy);
            Path src = HandCaptures.sample(s);
            Path c = HandCaptures.copyTree(src, copy.resolve(s));
            check(c, src.resolveSibling(s + ".steps.expected.json"), mismatches);
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n\n", mismatches));
        }
    }

    private static void check(Path capture, Path expected, List<String> mismatches) throws Exception {
        String actual = steps(capture);
        assertEquals(actual, steps(capture), "steps --json is byte-stable: " + capture);
        compare(actual, expected, mismatches);
    }

    private static void compare(String actual, Path expected, List<String> mismatches) throws Exception {
        Path actualFile = expected.resolveSibling(expected.getFileName().toString().replace(".expected.", ".actual."));
        io.tunescope.testutil.Golden.compare(actual, expected, actualFile, mismatches);
    }
}
