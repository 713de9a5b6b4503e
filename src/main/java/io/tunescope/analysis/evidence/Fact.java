package io.tunescope.analysis.evidence;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigSnapshot;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** One named value read from the capture, with the file and line it came from. */
public record Fact(String name, String value, SourceRef ref) {

    public Fact {
        value = value == null ? "" : value.strip();
    }

    /** The value as a number ({@code 8G}, {@code 4096}, {@code 1.5}); empty for words. */
    public OptionalDouble number() {
        Optional<Double> d = ConfigSnapshot.parseNumber(value);
        return d.isPresent() ? OptionalDouble.of(d.get()) : OptionalDouble.empty();
    }

    /** ON/1/TRUE/YES as the server reads a boolean option. */
    public boolean isOn() {
        String v = unquoted().toUpperCase(Locale.ROOT);
        return v.equals("ON") || v.equals("1") || v.equals("TRUE") || v.equals("YES") || v.equals("FORCE");
    }

    /** The value without surrounding quotes. */
    public String unquoted() {
        String s = value;
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            s = s.substring(1, s.length() - 1).strip();
        }
        return s;
    }

    @Override
    public String toString() {
        return name + " = " + value + " (" + ref + ")";
    }
}
