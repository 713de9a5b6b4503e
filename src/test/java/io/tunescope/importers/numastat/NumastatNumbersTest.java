package io.tunescope.importers.numastat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** numastat's values and snapshot times read without substrings and the ISO parser: what those give, bit for bit. */
class NumastatNumbersTest {
    @Provide
    Arbitrary<String> numbers() {
        Arbitrary<String> whole = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(22);
        Arbitrary<String> frac = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(25);
        return Combinators.combine(Arbitraries.of("", "-"), whole, Arbitraries.of("", "", "."), frac)
                .as((s, w, p, f) -> s + w + (p.isEmpty() ? "" : p + f));
    }

    @Property(tries = 5000)
    void valuesReadAsParseDoubleReadsThem(@ForAll("numbers") String text) {
        String line = "numa_hit   " + text + "  ";
        int from = line.indexOf(text, 8);
        assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)),
                Double.doubleToRawLongBits(NumastatImporter.number(line, from, from + text.length())), text);
    }

    @Test
    void digitsOtherThanAsciiThrowAsParseDoubleDoes() {
        String s = "12\u0663";
        assertThrows(NumberFormatException.class, () -> NumastatImporter.number(s, 0, s.length()));
    }

    @Provide
    Arbitrary<String> isoTimes() {
        Arbitrary<Integer> two = Arbitraries.integers().between(0, 99);
        return Combinators.combine(Arbitraries.integers().between(0, 9999), Arbitraries.integers().between(0, 13),
                Arbitraries.integers().between(0, 32), Arbitraries.integers().between(0, 25), two, two,
                Arbitraries.of("", "", "Z", "+0000", "-05:30", "+14:00", "+1900"), Arbitraries.of("T", " "))
                .as((y, mo, d, h, mi, s, z, sep) -> String.format(java.util.Locale.ROOT, "%04d-%02d-%02d%s%02d:%02d:%02d%s",
                        y, mo, d, sep, h, mi, s, z));
    }

    @Property(tries = 3000)
    void isoTimesReadAsTheIsoParserReadsThem(@ForAll("isoTimes") String text) {
        assertEquals(byIsoParser(text), SnapshotTime.parse(text), text);
    }

    /** What SnapshotTime read ISO times as before: LocalDateTime.parse of date 'T' time. */
    private static Instant byIsoParser(String text) {
        try {
            LocalDateTime t = LocalDateTime.parse(text.substring(0, 10) + "T" + text.substring(11, 19));
            String z = text.substring(19);
            ZoneOffset off = ZoneOffset.UTC;
            if (!z.isEmpty() && !z.equals("Z")) {
                off = ZoneOffset.of(z.contains(":") ? z : z.substring(0, 3) + ":" + z.substring(3));
            }
            return OffsetDateTime.of(t, off).toInstant();
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }
}
