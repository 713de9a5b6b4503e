package io.tunescope.importers.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Stamp#parseLine} reads the common timestamp lines without its regular expressions: whatever the line, it
 * gives what the expressions alone give (the same stamp, or null).
 */
class StampCommonLayoutTest {
    private static Arbitrary<String> pick(String... options) {
        return Arbitraries.of(options);
    }

    private static Arbitrary<String> digits() {
        return Arbitraries.strings().withChars("0123456789").ofMinLength(0).ofMaxLength(5);
    }

    /** Lines built from the pieces of timestamp lines, most of them valid, many just off. */
    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> blanks = pick("", "", " ", "  ", "\t", " \t", "\u2003", "\u001c", "\r", "\f");
        Arbitrary<String> date = Combinators.combine(digits(), pick("/", "/", ".", "-", ":", "x", ""), digits(),
                pick("/", "/", ".", "-", ""), digits()).as((a, s1, b, s2, c) -> a + s1 + b + s2 + c);
        Arbitrary<String> dateOrNot = Arbitraries.oneOf(date, date, pick("", "Time: ", "T"));
        Arbitrary<String> joint = pick(" ", " ", "T", "  ", "\t", " \t ", "", "_", "\u2003");
        Arbitrary<String> time = Combinators.combine(digits(), pick(":", ":", ".", ""), digits(), pick(":", ":", ""), digits(),
                pick("", "", "", ".5", ",123", ".1234567", "7")).as((h, c1, m, c2, s, f) -> h + c1 + m + c2 + s + f);
        Arbitrary<String> ampm = pick("", "", "AM", "PM", "am", "pm", "Am", "pM", "AMX", "A", "M");
        Arbitrary<String> zone = pick("", "", "", "UTC", "+0000", "-05:30", "Z", "CEST", "x", "T", "ST", "MT", "ZZ", "+05:3", "-0530 ", "UTC ", "ABCDE",
                "Z\t", "+05:30x");
        return Combinators.combine(blanks, dateOrNot, joint, time, blanks, ampm, blanks, zone).as(
                (b1, d, j, t, b2, a, b3, z) -> b1 + d + j + t + b2 + a + b3 + z);
    }

    @Property(tries = 3000)
    void commonLayoutsReadAsTheExpressionsReadThem(@ForAll("lines") String line) {
        assertEquals(Stamp.parseLineByExpressions(line), Stamp.parseLine(line), line);
    }

    @Property(tries = 2000)
    void anyShortLineReadsAsTheExpressionsReadIt(@ForAll("noise") String line) {
        assertEquals(Stamp.parseLineByExpressions(line), Stamp.parseLine(line), line);
    }

    /** Times of day as mpstat and sar print them, and texts just off them. */
    @Provide
    Arbitrary<String> times() {
        Arbitrary<String> blanks = pick("", "", " ", "\t", "  ", "\u2003", "\r");
        Arbitrary<String> time = Combinators.combine(digits(), pick(":", ":", "."), digits(), pick(":", ":", ""), digits(),
                pick("", "", "", ".5", ",123456", ".1234567")).as((h, c1, m, c2, s, f) -> h + c1 + m + c2 + s + f);
        return Combinators.combine(blanks, time, blanks, pick("", "", "AM", "PM", "am", "pm", "Am", "AMX", "M"), blanks)
                .as((b1, t, b2, a, b3) -> b1 + t + b2 + a + b3);
    }

    @Property(tries = 3000)
    void timesReadAsTheExpressionReadsThem(@ForAll("times") String text) {
        assertEquals(Stamp.timeByExpressions(text), Stamp.time(text), text);
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.strings().withChars("0123456789/.-: TAPMapm\t,").ofMinLength(0).ofMaxLength(30);
    }

    @Test
    void theLayoutsCollectorsPrint() {
        for (String l : List.of("12/02/2026 02:00:00 PM", "12/02/2026 12:00:00 AM", "2026-11-30T10:41:33", "11/30/26 10:41:33",
                "30.11.2026 23:59:60", "  12/02/2026 02:00:00 pm  ", "2026-12-02 00:00:00", "12/02/2026 \t02:00:00PM",
                "2026-11-30T10:41:33+0000", "12/02/2026 14:00:00 UTC", "12/02/2026 02:00:00.250 PM", "Time: 10:41:33")) {
            assertNotNull(Stamp.parseLine(l), l);
            assertEquals(Stamp.parseLineByExpressions(l), Stamp.parseLine(l), l);
        }
        for (String l : List.of("12/02/2026\t02:00:00PM", "12/02/2026 02:00:00 AMST", "12/02/2026 13:00:00 PM", "12/02/2026 02:00:60")) {
            assertEquals(Stamp.parseLineByExpressions(l), Stamp.parseLine(l), l);
        }
    }
}
