package io.tunescope.importers.sysbench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values of one sysbench interim report, read by a single pass over its whitespace-separated tokens
 * (no regular expressions: a 12-hour log has tens of thousands of these lines). Understands
 * <ul>
 * <li>1.0/1.1: {@code thds: 64 tps: 5318.92 qps: 106975.40 (r/w/o: 74971.45/21304.66/10699.29)
 *     lat (ms,95%): 33.72 err/s: 0.00 reconn/s: 0.00} (also {@code err/s 1.20}, {@code eps:},
 *     {@code lat (ms,avg)})</li>
 * <li>0.5: {@code threads: 16, tps: 5370.69, reads: 75253.14, writes: 0.00, response time: 4.00ms (95%),
 *     errors: 0.00, reconnects:  0.00} and the older {@code reads/s: ..., writes/s: ...} form</li>
 * <li>fileio: {@code reads: 407.63 MiB/s writes: 271.76 MiB/s fsyncs: 1738.24/s latency (ms,95%): 0.006}</li>
 * <li>memory: {@code 367.65 MiB/sec}</li>
 * </ul>
 */
final class Interim {
    int threads = -1;
    double tps = Double.NaN;
    double qps = Double.NaN;
    double reads = Double.NaN;
    double writes = Double.NaN;
    double other = Double.NaN;
    double lat = Double.NaN;
    double pct;
    double err = Double.NaN;
    double reconn = Double.NaN;
    final Map<String, Double> extra = new LinkedHashMap<>(4);

    /** Cheap check used by sniffing. */
    static boolean looksLikeReport(String rest) {
        return rest.contains("thds:") || rest.contains("threads:") || rest.contains(" MiB/s") || rest.endsWith("MiB/sec");
    }

    /** The values of the line, or null when a number cannot be read. */
    static Interim parse(String rest) {
        String[] t = tokens(rest);
        Interim v = new Interim();
        try {
            for (int i = 0; i < t.length; i++) {
                String k = t[i];
                switch (k) {
                    case "thds:", "threads:" -> v.threads = (int) num(t[++i]);
                    case "tps:", "eps:" -> v.tps = num(t[++i]);
                    case "qps:" -> v.qps = num(t[++i]);
                    case "(r/w/o:" -> {
                        String[] p = strip(t[++i]).split("/");
                        if (p.length == 3) {
                            v.reads = num(p[0]);
                            v.writes = num(p[1]);
                            v.other = num(p[2]);
                        }
                    }
                    case "lat", "latency" -> {
                        if (i + 2 < t.length && t[i + 1].startsWith("(ms,")) {
                            String spec = t[i + 1].substring(4, t[i + 1].length() - 1);
                            spec = spec.endsWith(":") ? spec.substring(0, spec.length() - 1) : spec;
                            spec = spec.endsWith(")") ? spec.substring(0, spec.length() - 1) : spec;
                            v.pct = spec.equals("avg") ? 0 : num(spec.replace("%", ""));
                            v.lat = num(t[i + 2]);
                            i += 2;
                        }
                    }
                    case "err/s:", "err/s" -> v.err = num(t[++i]);
                    case "reconn/s:", "reconn/s" -> v.reconn = num(t[++i]);
                    case "errors:" -> v.err = num(t[++i]);
                    case "reconnects:" -> v.reconn = num(t[++i]);
                    case "response" -> {
                        // response time: 4.00ms (95%),
                        if (i + 3 < t.length && t[i + 1].equals("time:")) {
                            String ms = t[i + 2];
                            v.lat = num(ms.endsWith("ms") ? ms.substring(0, ms.length() - 2) : ms);
                            String p = t[i + 3].replace("(", "").replace(")", "").replace("%", "").replace(",", "");
                            v.pct = num(p);
                            i += 3;
                        }
                    }
                    case "reads:", "writes:" -> {
                        double x = num(t[++i]);
                        boolean mib = i + 1 < t.length && t[i + 1].startsWith("MiB/s");
                        if (mib) {
                            v.extra.put(k.equals("reads:") ? "reads_mib_s" : "writes_mib_s", x);
                            i++;
                        } else if (k.equals("reads:")) {
                            v.reads = x;
                        } else {
                            v.writes = x;
                        }
                    }
                    case "reads/s:" -> v.reads = num(t[++i]);
                    case "writes/s:" -> v.writes = num(t[++i]);
                    case "fsyncs:" -> v.extra.put("fsyncs_s", num(t[++i]));
                    default -> {
                        if (i + 1 < t.length && t[i + 1].equals("MiB/sec")) {
                            v.extra.put("mib_s", num(k));
                            i++;
                        }
                    }
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return null;
        }
        if (Double.isNaN(v.qps) && !Double.isNaN(v.reads) && v.extra.isEmpty() && (rest.contains("reads:") || rest.contains("reads/s:"))) {
            // 0.5: qps is reads + writes per second
            v.qps = v.reads + (Double.isNaN(v.writes) ? 0 : v.writes);
        }
        return v;
    }

    /** Whitespace-separated tokens (a hand loop: a regex split costs more than the rest of the line). */
    static String[] tokens(String s) {
        String[] out = new String[24];
        int n = 0;
        int i = 0;
        int len = s.length();
        while (i < len) {
            while (i < len && s.charAt(i) <= ' ') {
                i++;
            }
            int start = i;
            while (i < len && s.charAt(i) > ' ') {
                i++;
            }
            if (i > start) {
                if (n == out.length) {
                    out = java.util.Arrays.copyOf(out, n * 2);
                }
                out[n++] = s.substring(start, i);
            }
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    private static String strip(String s) {
        return s.endsWith(")") ? s.substring(0, s.length() - 1) : s;
    }

    /** A number, with a trailing ',' or '/s' tolerated. */
    static double num(String s) {
        int end = s.length();
        while (end > 0 && !Character.isDigit(s.charAt(end - 1))) {
            end--;
        }
        return SysbenchImporter.num(end == s.length() ? s : s.substring(0, end));
    }
}
