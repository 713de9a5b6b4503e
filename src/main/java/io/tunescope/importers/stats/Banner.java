package io.tunescope.importers.stats;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The sysstat banner line: {@code Linux 6.8.0-52-generic (jerry) 04/08/2025 _x86_64_ (48 CPU)}. */
public final class Banner {
    private static final Pattern P = Pattern.compile(
            "^Linux (\\S++) \\(([^)]*+)\\)\\s++(\\S++)\\s++(?:_(\\S+)_)?\\s*+(?:\\((\\d++) CPU\\))?\\s*+$");

    private Banner() {
    }

    /** Reads the banner into the collector (host, kernel, date, cpus) and returns true, or returns false. */
    public static boolean read(String line, SeriesCollector c) {
        if (!line.startsWith("Linux ")) {
            return false;
        }
        Matcher m = P.matcher(line);
        if (!m.matches()) {
            return false;
        }
        c.meta("kernel", m.group(1));
        c.meta("host", m.group(2));
        c.meta("date", m.group(3));
        c.meta("cpus", m.group(5));
        c.bannerDate(Stamp.date(m.group(3)));
        return true;
    }

    public static boolean matches(String line) {
        return line.startsWith("Linux ") && P.matcher(line).matches();
    }
}
