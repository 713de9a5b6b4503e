package io.tunescope.importers.stats;

import io.tunescope.model.series.Unit;
import java.util.Locale;

/**
 * The one vocabulary of disk metrics used by every I/O importer (iostat text and JSON, sadf, I/O CSV):
 * column names of every sysstat era and common CSV headers map to one name and unit, with a factor that
 * converts the value (MB/s and sectors become kB/s, seconds become ms).
 */
public final class IoColumns {
    /** A column's meaning: canonical name, unit, and factor to multiply raw values by. */
    public record Col(String name, Unit unit, double factor) {
    }

    private IoColumns() {
    }

    /** Maps a header as printed (e.g. {@code %util}, {@code rMB/s}, {@code avgqu-sz}) or null if unknown. */
    public static Col of(String header) {
        String h = header.strip();
        String l = h.toLowerCase(Locale.ROOT);
        switch (l) {
            case "%util", "util", "util%", "util_pct", "%utilization", "utilization", "util-percent", "util_%", "util(%)" -> {
                return new Col("util", Unit.PERCENT, 1);
            }
            case "await", "await_ms" -> {
                return new Col("await", Unit.MILLISECONDS, 1);
            }
            case "r_await", "r_await_ms", "read_await", "read_await_ms", "rawait" -> {
                return new Col("r_await", Unit.MILLISECONDS, 1);
            }
            case "w_await", "w_await_ms", "write_await", "write_await_ms", "wawait" -> {
                return new Col("w_await", Unit.MILLISECONDS, 1);
            }
            case "d_await" -> {
                return new Col("d_await", Unit.MILLISECONDS, 1);
            }
            case "f_await" -> {
                return new Col("f_await", Unit.MILLISECONDS, 1);
            }
            case "svctm" -> {
                return new Col("svctm", Unit.MILLISECONDS, 1);
            }
            case "aqu-sz", "avgqu-sz", "aqu_sz", "avgqu_sz", "queue", "queue_size", "queue_depth", "qlen" -> {
                return new Col("aqu-sz", Unit.COUNT, 1);
            }
            case "avgrq-sz", "areq-sz" -> {
                return new Col(l.equals("avgrq-sz") ? "avgrq-sz" : "areq-sz", Unit.COUNT, 1);
            }
            case "rareq-sz" -> {
                return new Col("rareq-sz", Unit.KB, 1);
            }
            case "wareq-sz" -> {
                return new Col("wareq-sz", Unit.KB, 1);
            }
            case "dareq-sz" -> {
                return new Col("dareq-sz", Unit.KB, 1);
            }
            case "r/s", "rd/s", "reads/s", "read_iops/s", "read_/s", "reads_iops", "read_iops", "riops", "r_iops", "reads_per_sec", "rio/s" -> {
                return new Col("r/s", Unit.PER_SECOND, 1);
            }
            case "w/s", "wr/s", "writes/s", "write_iops/s", "write_/s", "writes_iops", "write_iops", "wiops", "w_iops", "writes_per_sec", "wio/s" -> {
                return new Col("w/s", Unit.PER_SECOND, 1);
            }
            case "d/s", "f/s", "tps", "iops", "rrqm/s", "wrqm/s", "drqm/s" -> {
                return new Col(l, Unit.PER_SECOND, 1);
            }
            case "%rrqm", "rrqm" -> {
                return new Col("rrqm", Unit.PERCENT, 1);
            }
            case "%wrqm", "wrqm" -> {
                return new Col("wrqm", Unit.PERCENT, 1);
            }
            case "%drqm", "drqm" -> {
                return new Col("drqm", Unit.PERCENT, 1);
            }
            case "rkb/s", "rkb", "kb_read/s", "read_kb/s_", "read_kb", "rd_kb/s", "read_kb/s", "read_kbps", "rkbps" -> {
                return new Col("rkB/s", Unit.KB_PER_SECOND, 1);
            }
            case "wkb/s", "wkb", "kb_wrtn/s", "write_kb", "wr_kb/s", "write_kb/s", "write_kbps", "wkbps" -> {
                return new Col("wkB/s", Unit.KB_PER_SECOND, 1);
            }
            case "dkb/s", "dkb", "kb_dscd/s" -> {
                return new Col("dkB/s", Unit.KB_PER_SECOND, 1);
            }
            case "rmb/s", "read_mb", "mb_read/s", "read_mb/s", "read_mbps", "rmbps" -> {
                return new Col("rkB/s", Unit.KB_PER_SECOND, 1024);
            }
            case "wmb/s", "write_mb", "mb_wrtn/s", "write_mb/s", "write_mbps", "wmbps" -> {
                return new Col("wkB/s", Unit.KB_PER_SECOND, 1024);
            }
            case "dmb/s", "mb_dscd/s" -> {
                return new Col("dkB/s", Unit.KB_PER_SECOND, 1024);
            }
            case "rsec/s", "rd_sec/s" -> {
                return new Col("rkB/s", Unit.KB_PER_SECOND, 0.5);
            }
            case "wsec/s", "wr_sec/s" -> {
                return new Col("wkB/s", Unit.KB_PER_SECOND, 0.5);
            }
            case "read_bytes/s", "read_bps", "rbytes/s" -> {
                return new Col("rkB/s", Unit.KB_PER_SECOND, 1 / 1024.0);
            }
            case "write_bytes/s", "write_bps", "wbytes/s" -> {
                return new Col("wkB/s", Unit.KB_PER_SECOND, 1 / 1024.0);
            }
            default -> {
                return null;
            }
        }
    }
}
