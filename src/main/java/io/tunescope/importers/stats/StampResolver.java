package io.tunescope.importers.stats;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Turns the raw {@link Stamp}s of one file into epoch milliseconds (wall time as printed, read as UTC so
 * that every tool's local times line up). The order of year, month and day is decided from all dates
 * together: a 4-digit first field is year-first; a first field above 12 means day-first; a second field
 * above 12 means month-first; '.' dates are day-first; otherwise month-first (sysstat's C locale).
 * A time that goes backwards while the date stays the same means the clock passed midnight.
 */
public final class StampResolver {
    public enum Order { YMD, DMY, MDY }

    private StampResolver() {
    }

    public static Order order(List<Stamp> dates) {
        boolean dayFirst = false;
        boolean monthFirst = false;
        boolean dot = false;
        for (Stamp s : dates) {
            if (s == null || !s.hasDate()) {
                continue;
            }
            if (s.a() >= 100) {
                return Order.YMD;
            }
            if (s.a() > 12) {
                dayFirst = true;
            }
            if (s.b() > 12) {
                monthFirst = true;
            }
            if (s.sep() == '.') {
                dot = true;
            }
        }
        if (dayFirst && !monthFirst) {
            return Order.DMY;
        }
        if (monthFirst) {
            return Order.MDY;
        }
        return dot ? Order.DMY : Order.MDY;
    }

    public static LocalDate date(Stamp s, Order order) {
        if (s == null || !s.hasDate()) {
            return null;
        }
        int y;
        int mo;
        int d;
        switch (order) {
            case YMD -> {
                y = s.a();
                mo = s.b();
                d = s.c();
            }
            case DMY -> {
                d = s.a();
                mo = s.b();
                y = s.c();
            }
            default -> {
                mo = s.a();
                d = s.b();
                y = s.c();
            }
        }
        if (y < 100) {
            y += 2000;
        }
        try {
            return LocalDate.of(y, mo, d);
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    /**
     * Epoch millis for each stamp (same order). {@code fallbackDate} is used for stamps without a date
     * (e.g. the banner date). Returns null when some stamp has no time or no date can be found at all.
     */
    public static long[] resolve(List<Stamp> stamps, Stamp fallbackDate) {
        java.util.ArrayList<Stamp> dates = new java.util.ArrayList<>(stamps);
        dates.add(fallbackDate);
        Order order = order(dates);
        LocalDate fallback = date(fallbackDate, order);
        long[] out = new long[stamps.size()];
        LocalDate day = null;
        int lastSec = -1;
        long dayShift = 0;
        for (int i = 0; i < stamps.size(); i++) {
            Stamp s = stamps.get(i);
            if (s == null || !s.hasTime()) {
                return null;
            }
            LocalDate d = date(s, order);
            if (d != null) {
                if (!d.equals(day)) {
                    dayShift = 0;
                }
                day = d;
            } else {
                if (day == null) {
                    day = fallback;
                }
                if (day == null) {
                    return null;
                }
                if (lastSec >= 0 && s.seconds() < lastSec - 60) {
                    dayShift++;
                }
            }
            if (d != null && lastSec >= 0 && i > 0 && s.seconds() < lastSec - 60 && stamps.get(i - 1) != null
                    && d.equals(date(stamps.get(i - 1), order))) {
                dayShift++;
            }
            lastSec = s.seconds();
            long epochDay = day.plusDays(dayShift).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
            out[i] = (epochDay + s.seconds()) * 1000L + s.millis();
        }
        return out;
    }
}
