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
        // the same line as bytes (UTF-8 and GB18030): the same fields, decoded when asked
        for (java.nio.charset.Charset cs : new java.nio.charset.Charset[] {java.nio.charset.StandardCharsets.UTF_8, TextDecoding.GB18030}) {
            byte[] b = ("<" + line + ">").getBytes(cs);
            Fields bf = new Fields();
            int bn = bf.split(b, 1, b.length - 1, cs);
            String[] gotBytes = new String[bn];
            for (int i = 0; i < bn; i++) {
                gotBytes[i] = bf.text(i);
                assertTrue(bf.is(i, want[i]) || want[i].chars().anyMatch(ch -> ch >= 0x80), want[i]);
                assertEquals(want[i].indexOf(',') >= 0, bf.has(i, ','), want[i]);
            }
            assertArrayEquals(want, gotBytes, cs + " [" + line + "]");
        }
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
        assertEquals(f.has(1, ','), f.comma(), text);
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
        // the same field read from bytes: the same number, bit for bit
        byte[] b = ("x " + text + " y").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Fields bf = new Fields();
        bf.split(b, 0, b.length, java.nio.charset.StandardCharsets.UTF_8);
        double fromBytes = bf.number(1);
        assertEquals(bf.has(1, ','), bf.comma(), text);
        assertEquals(f.ok(), bf.ok(), text);
        assertEquals(Double.doubleToRawLongBits(got), Double.doubleToRawLongBits(fromBytes), text);
        // and as Double.parseDouble reads it without a decimal comma (sadf -d values)
        Double strict;
        try {
            strict = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            strict = null;
        }
        double s = bf.parseDouble(b, 2, 2 + text.length(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(strict != null, bf.ok(), text);
        assertEquals(text.indexOf(',') >= 0, bf.comma(), text);
        if (strict != null) {
            assertEquals(Double.doubleToRawLongBits(strict), Double.doubleToRawLongBits(s), text);
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
