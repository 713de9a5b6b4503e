package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class WordsProperties {

    @Provide
    Arbitrary<String> lines() {
        return Arbitraries.strings().withChars(" \t\u000B\f\rab1.%,\u00a0\u3000中").ofMaxLength(40);
    }

    @Property(tries = 2000)
    void splitsAsTheRegexDoes(@ForAll("lines") String line) {
        assertArrayEquals(line.strip().split("\\s+"), Words.split(line), "[" + line + "]");
    }
}
