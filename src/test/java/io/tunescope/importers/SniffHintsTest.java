package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The cheap tests sniffers run before an expression ({@link Head#startsWithAsciiLetter} and the others) say what the
 * expressions they stand for say, on random lines made of the characters that trip such tests up (the spaces
 * {@code \s} knows and the ones it does not, line separators, non-ASCII letters that upper-case to ASCII ones).
 */
class SniffHintsTest {
    private static final String ALPHABET = "aAzZiIkKsS_09 \t\u000B\f\u0085\u2028\u2029\u00A0\u2003\u0131\u017F\u212A:=;,|%#-.[";
    private static final Pattern LAST = Pattern.compile("(?s).*?([^\\s])\\s*");
    private static final Pattern FIRST = Pattern.compile("(?s)\\s*([^\\s]).*");

    private static String random(Random r) {
        int n = r.nextInt(14);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(r.nextInt(6) == 0 ? "count_STAR" : String.valueOf(ALPHABET.charAt(r.nextInt(ALPHABET.length()))));
        }
        return b.toString();
    }

    @Test
    void hintsAgreeWithTheExpressions() {
        Random r = new Random(17);
        for (int k = 0; k < 200_000; k++) {
            String l = random(r);
            assertEquals(l.matches("(?s)[A-Za-z].*"), Head.startsWithAsciiLetter(l), l);
            assertEquals(l.matches("(?s)\\d.*"), Head.startsWithDigit(l), l);
            Matcher last = LAST.matcher(l);
            assertEquals(last.matches() ? last.group(1).charAt(0) : 0, Head.lastNonSpace(l), l);
            Matcher first = FIRST.matcher(l);
            assertEquals(first.matches() ? first.group(1).charAt(0) : 0, Head.firstNonSpace(l), l);
            String stripped = l.strip();
            assertEquals(stripped.isEmpty() ? 0 : stripped.charAt(0), Head.firstNonWhitespace(l), l);
            // never says no where an ASCII name compared upper-cased is there; exact on ASCII lines
            boolean upper = l.toUpperCase(Locale.ROOT).contains("COUNT_STAR");
            boolean ascii = l.chars().allMatch(c -> c < 128);
            if (ascii) {
                assertEquals(upper, Head.containsAsciiIgnoreCase(l, "count_star"), l);
            } else if (Head.containsAsciiIgnoreCase(l, "count_star")) {
                assertTrue(upper, l);
            }
        }
    }

    @Test
    void aMemoIsComputedOncePerHead() {
        Head h = Head.ofText("x", "a\n\nb\n");
        AtomicInteger calls = new AtomicInteger();
        Object key = new Object();
        Object v1 = h.memo(key, x -> calls.incrementAndGet() + ":" + x.lines().size());
        Object v2 = h.memo(key, x -> calls.incrementAndGet() + ":" + x.lines().size());
        assertSame(v1, v2);
        assertEquals(1, calls.get());
        assertEquals("1:3", v1);
        assertSame(h.nonBlank(), h.nonBlank());
        assertEquals(java.util.List.of("a", "b"), h.nonBlank());
        // another head of the same text computes its own
        assertEquals("2:3", Head.ofText("x", "a\n\nb\n").memo(key, x -> calls.incrementAndGet() + ":" + x.lines().size()));
    }
}
