package io.tunescope.importers.series;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.tunescope.importers.stats.Stamp;
import io.tunescope.importers.stats.StampResolver;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Timestamps as sysstat prints them in any locale come back as the same wall time. */
class StampPropertiesTest {
    /** Formats sysstat uses with -t (C locale, ISO, en_GB / de_DE style dates, 12 h clock). */
    static final List<String> FORMATS = List.of("MM/dd/yyyy HH:mm:ss", "MM/dd/yy HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ssZ",
            "dd/MM/yyyy HH:mm:ss", "dd.MM.yyyy HH:mm:ss", "MM/dd/yyyy hh:mm:ss a", "yyyy-MM-dd HH:mm:ss");

    @Provide
    Arbitrary<LocalDateTime> times() {
        return Arbitraries.longs().between(LocalDateTime.of(2001, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC),
                LocalDateTime.of(2049, 12, 31, 23, 0).toEpochSecond(ZoneOffset.UTC))
                .map(s -> LocalDateTime.ofEpochSecond(s, 0, ZoneOffset.UTC));
    }

    @Property
    void aSeriesOfTimestampsReadsBackInEveryFormat(@ForAll("times") LocalDateTime start,
            @ForAll @IntRange(min = 0, max = 6) int format, @ForAll @IntRange(min = 1, max = 40) int n) {
        DateTimeFormatter f = DateTimeFormatter.ofPattern(FORMATS.get(format), Locale.ROOT).withZone(ZoneOffset.UTC);
        List<Stamp> stamps = new ArrayList<>();
        long[] expected = new long[n + 1];
        // the series always reaches a day above 12 so that day/month order can be decided
        LocalDateTime unambiguous = start.withDayOfMonth(Math.max(13, Math.min(28, start.getDayOfMonth())));
        for (int i = 0; i <= n; i++) {
            LocalDateTime t = (i < n ? start.plusSeconds(i * 3600L) : unambiguous);
            String text = f.format(t.atOffset(ZoneOffset.UTC));
            Stamp s = Stamp.parseLine(text);
            assertNotNull(s, text);
            stamps.add(s);
            expected[i] = t.toEpochSecond(ZoneOffset.UTC) * 1000;
        }
        assertArrayEquals(expected, StampResolver.resolve(stamps, null));
    }

    @Test
    void timeOnlyStampsTakeTheBannerDateAndRollOverMidnight() {
        List<Stamp> s = List.of(Stamp.parseLine("11:59:59 PM"), Stamp.parseLine("12:00:01 AM"), Stamp.parseLine("12:00:02 AM"));
        long[] t = StampResolver.resolve(s, Stamp.date("30.11.2026"));
        assertEquals(LocalDateTime.of(2026, 11, 30, 23, 59, 59).toEpochSecond(ZoneOffset.UTC) * 1000, t[0]);
        assertEquals(LocalDateTime.of(2026, 12, 1, 0, 0, 1).toEpochSecond(ZoneOffset.UTC) * 1000, t[1]);
        assertEquals(2000, t[2] - t[0] - 1000);
    }

    @Test
    void notTimestamps() {
        for (String s : List.of("", "avg-cpu:  %user", "Device r/s", "25:00:00", "10:61:00", "13:00:00 PM", "sda 1.00 2.00")) {
            assertNull(Stamp.parseLine(s), s);
        }
    }
}
