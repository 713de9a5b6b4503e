package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class FieldsProperties {

    @Provide
    Arbitrary<String> lines() {
        // \s separators only (strip() also drops Unicode spaces; the importers' columns are ASCII)
        return Arbitraries.strings().withChars(" \t\u000B\f\rab1.%,\u00a0中").ofMaxLength(60);
    }

    @Property(tries = 2000)
    void splitsAsTheRegexDoes(@ForAll("lines") String line) {
        String t = line.replaceAll("^\\s+|\\s+$", "");
        String[] want = t.isEmpty() ? new String[0] : t.split("\\s+");
        Fields f = new Fields();
        int n = f.split(line);
        String[] got = new String[n];
        for (int i = 0; i < n; i++) {
            got[i] = f.text(i);
            assertTrue(f.is(i, want[i]));
        }
        assertArrayEquals(want, got, "[" + line + "]");
    }

    @Provide
    Arbitrary<String> decimals() {
        Arbitrary<String> sign = Arbitraries.of("", "-", "+");
        Arbitrary<String> whole = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(19);
        Arbitrary<String> frac = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(24);
        Arbitrary<String> point = Arbitraries.of("", ".", ",");
        Arbitrary<String> tail = Arbitraries.of("", "", "", "e3", "E-2", "d", "x", ".", "%");
        return Combinators.combine(sign, whole, point, frac, tail).as((s, w, p, f, t) -> s + w + p + (p.isEmpty() ? "" : f) + t);
    }

    /** Every field reads as Double.parseDouble reads it after a decimal comma becomes a point, bit for bit. */
    @Property(tries = 5000)
    void readsNumbersAsParseDoubleDoes(@ForAll("decimals") String text) {
        Fields f = new Fields();
        f.split("x " + text + " y");
        if (text.isEmpty()) {
            return;
        }
        double got = f.number(1);
        Double want;
        try {
            want = Double.parseDouble(text.replace(',', '.'));
        } catch (NumberFormatException e) {
            want = null;
        }
        if (want == null) {
            assertFalse(f.ok(), text);
        } else {
            assertTrue(f.ok(), text);
            assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got), text);
        }
    }

    @Test
    void trimsASuffixAndKeepsNegativeZeroAndNotANumber() {
        Fields f = new Fields();
        assertEquals(4, f.split("  12.5%  -0.00 NaN 69.6k"));
        assertEquals(12.5, f.number(0, 1));
        assertEquals('%', f.last(0));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(f.number(1)));
        assertTrue(Double.isNaN(f.number(2)));
        assertTrue(f.ok(), "NaN is a number Java reads; the collector reports it as not finite");
        assertEquals(69.6, f.number(3, 1));
        f.number(3);
        assertFalse(f.ok());
        assertEquals(0, f.split(" \t "));
    }
}
