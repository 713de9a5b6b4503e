package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The frame-name rules of stackcollapse-perf.pl on lines the FlameGraph matrix does not cover. */
class PerfScriptFoldingRulesTest {
    static final String SAMPLE = String.join("\n",
            "java 100 [000] 1.0: cycles: ",
            "\t7f01 Lcom/foo/Bar;::run->Lcom/foo/Baz;::inner (/tmp/perf-100.map)",
            "\t7f02 net/http.(*Client).Do+0x1a (/usr/bin/app)",
            "\t7f03 ns::(anonymous namespace)::helper(int) (/usr/bin/app)",
            "\t7f04 \"quoted'name\" (/usr/bin/app)",
            "\t7f05 (skipped) (/usr/bin/app)",
            "\tffff06 [unknown] ([kernel.kallsyms])",
            "\t7f07 [unknown] ([unknown])",
            "", "");

    static String fold(String text, FoldOptions o) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfScriptCollapser.collapse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), out, o, null);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void defaults() throws Exception {
        assertEquals("java;[unknown];[[kernel.kallsyms]];quotedname;ns::(anonymous namespace)::helper;"
                + "net/http.(*Client).Do;com/foo/Bar:::run;com/foo/Baz:::inner_[i] 1\n", fold(SAMPLE, FoldOptions.collapse()));
    }

    @Test
    void annotationsAndAddresses() throws Exception {
        assertEquals("java;[unknown];[[kernel.kallsyms]]_[k];quotedname;ns::(anonymous namespace)::helper;"
                + "net/http.(*Client).Do;com/foo/Bar:::run_[j];com/foo/Baz:::inner_[i] 1\n",
                fold(SAMPLE, FoldOptions.collapse().withAll(true)));
        assertEquals("java;[unknown <7f07>];[[kernel.kallsyms] <ffff06>];quotedname;ns::(anonymous namespace)::helper;"
                + "net/http.(*Client).Do;com/foo/Bar:::run;com/foo/Baz:::inner_[i] 1\n",
                fold(SAMPLE, FoldOptions.collapse().withAddrs(true)));
    }

    @Test
    void javaTidyingWithPid() throws Exception {
        String current = fold(SAMPLE, FoldOptions.collapse().withPid(true));
        assertEquals(true, current.startsWith("java-?;") && current.contains(";com/foo/Bar:::run;"), current);
        String legacy = fold(SAMPLE, FoldOptions.collapse().withPid(true).withLegacyJavaTidy(true));
        assertEquals(true, legacy.contains(";Lcom/foo/Bar:::run;Lcom/foo/Baz:::inner_[i] 1"), legacy);
    }

    @Test
    void samplesWithoutBlankLineMergeAndFilteredEventsAreDropped() throws Exception {
        String text = "aa 1 [000] 1.0: 5 cycles: \n\t1 f (/x)\nbb 2 [000] 1.1: 7 instructions: \n\t2 g (/x)\n\n"
                + "cc 3 [000] 1.2: 9 cycles: \n\t3 h (/x)\n\n";
        // the script keeps the first sample's name and stack when a filtered header follows without a blank line
        assertEquals("aa;g;f 5\ncc;h 9\n", fold(text, FoldOptions.collapse()));
        assertEquals("bb;g 7\n", fold(text, FoldOptions.collapse().withEventFilter("instructions")));
        // a one-letter command is not a command to the script's pattern (\S.+? needs two characters)
        assertEquals("a_1_[000]_1.0:;f 5\n", fold("a 1 [000] 1.0: 5 cycles: \n\t1 f (/x)\n\n", FoldOptions.collapse()));
    }
}
