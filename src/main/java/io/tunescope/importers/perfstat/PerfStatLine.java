package io.tunescope.importers.perfstat;

import io.tunescope.model.perfstat.PerfStat.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One counter line of {@code perf stat} output, text or {@code -x SEP} CSV, taken apart. Pure functions, shared by
 * the sniffer and the parser so that both read a line the same way.
 *
 * @param time     the {@code -I} interval end in seconds since perf started, or NaN
 * @param entity   the aggregation entity ({@code CPU0}, {@code S0-D0-C1}, {@code N0}) or ""
 * @param value    the count, NaN unless counted
 * @param status   counted, {@code <not supported>} or {@code <not counted>}
 * @param unit     {@code msec} or ""
 * @param event    the event as printed
 * @param variance {@code -r N}: perf's {@code +- x%}, else NaN
 * @param percent  the multiplexing column (share of time counted), NaN when not printed
 * @param comment  perf's derived metric ({@code 0.53  insn per cycle}), or ""
 */
record PerfStatLine(double time, String entity, double value, Status status, String unit, String event, double variance,
                    double percent, String comment) {

    static final String AGGR = "(?:CPU\\d+|N\\d+|S\\d+(?:-[A-Z]+\\d+)*)";
    private static final Pattern AGGR_P = Pattern.compile(AGGR);
    private static final String VALUE = "(<not supported>|<not counted>|-?\\d[\\d,']*(?:\\.\\d+)?)";
    private static final String UNITS = "(?:(msec|usec|nsec|ns|us|ms|Joules|MiB|KiB|GiB|kB|MB|GB|W)\\s+)?";
    private static final String EVENT = "([A-Za-z_][^\\s#]*)";
    private static final Pattern TEXT = Pattern.compile("^\\s*(?:(" + AGGR + ")\\s+(?:(\\d+)\\s+)?)?" + VALUE + "\\s+" + UNITS + EVENT + "(.*)$");
    private static final Pattern TEXT_I = Pattern.compile("^\\s*(\\d+\\.\\d+)\\s+(?:(" + AGGR + ")\\s+(?:(\\d+)\\s+)?)?" + VALUE + "\\s+"
            + UNITS + EVENT + "(.*)$");
    private static final Pattern VARIANCE = Pattern.compile("\\(\\s*\\+-\\s*(\\d+(?:\\.\\d+)?)%\\s*\\)");
    private static final Pattern PERCENT = Pattern.compile("\\((\\d+(?:\\.\\d+)?)%\\)\\s*$");
    private static final Pattern NUMBER = Pattern.compile("-?\\d[\\d,']*(?:\\.\\d+)?");
    private static final Pattern TIME = Pattern.compile("\\d+\\.\\d+");
    private static final Pattern EVENT_P = Pattern.compile("[A-Za-z_][^\\s]*");
    private static final Pattern UNIT_P = Pattern.compile("[A-Za-z%/]*");
    private static final Pattern INT = Pattern.compile("\\d+");
    private static final Pattern PCT = Pattern.compile("\\d+(?:\\.\\d+)?");

    /** Separators perf users pass to {@code -x}, in the order they are tried. */
    static final char[] SEPARATORS = {',', ';', '\t', '|', ':'};

    /** A text-layout counter line ({@code interval}: with the {@code -I} time first), or null. */
    static PerfStatLine text(String line, boolean interval) {
        Matcher m = (interval ? TEXT_I : TEXT).matcher(line);
        if (!m.matches()) {
            return null;
        }
        int g = interval ? 1 : 0;
        double time = interval ? Double.parseDouble(m.group(1)) : Double.NaN;
        String entity = m.group(g + 1) == null ? "" : m.group(g + 1);
        String v = m.group(g + 3);
        String unit = m.group(g + 4) == null ? "" : m.group(g + 4);
        String event = m.group(g + 5);
        String rest = m.group(g + 6);
        double variance = Double.NaN;
        Matcher vm = VARIANCE.matcher(rest);
        if (vm.find()) {
            variance = Double.parseDouble(vm.group(1));
            rest = rest.substring(0, vm.start()) + rest.substring(vm.end());
        }
        double pct = Double.NaN;
        Matcher pm = PERCENT.matcher(rest);
        if (pm.find()) {
            pct = Double.parseDouble(pm.group(1));
            rest = rest.substring(0, pm.start());
        }
        String r = rest.strip();
        if (r.startsWith("(") && r.indexOf(')') > 0 && unit.isEmpty()) {
            // perf before 4.x: "8008.478891  cpu-clock (msec)"
            unit = r.substring(1, r.indexOf(')')).strip();
            r = r.substring(r.indexOf(')') + 1).strip();
        }
        String comment = "";
        if (r.startsWith("#")) {
            comment = r.substring(1).strip().replaceAll("\\s+", " ");
        } else if (!r.isEmpty()) {
            return null;
        }
        return of(time, entity, v, unit, event, variance, pct, comment);
    }

    private static PerfStatLine of(double time, String entity, String v, String unit, String event, double variance, double pct,
                                   String comment) {
        Status st = switch (v) {
            case "<not supported>" -> Status.NOT_SUPPORTED;
            case "<not counted>" -> Status.NOT_COUNTED;
            default -> Status.COUNTED;
        };
        double value = Double.NaN;
        if (st == Status.COUNTED) {
            try {
                value = Double.parseDouble(v.replace(",", "").replace("'", ""));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return new PerfStatLine(time, entity, value, st, unit, event, variance, pct, comment);
    }

    /** Fields of a {@code -x SEP} line, empty fields kept, each stripped. */
    static List<String> split(String line, char sep) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= line.length(); i++) {
            if (i == line.length() || line.charAt(i) == sep) {
                out.add(line.substring(start, i).strip());
                start = i + 1;
            }
        }
        return out;
    }

    /**
     * A {@code -x SEP} line: {@code [time SEP] [entity SEP [cpus SEP]] value SEP unit SEP event SEP [variance% SEP]
     * run-time SEP percent [SEP metric SEP metric-unit]}, or null.
     */
    static PerfStatLine csv(String line, char sep) {
        int seps = 0;
        for (int i = line.indexOf(sep); i >= 0 && seps < 4; i = line.indexOf(sep, i + 1)) {
            seps++;
        }
        if (seps < 4) {
            return null; // fewer than the five fields every layout has
        }
        List<String> f = split(line, sep);
        for (int k = 0; k <= 3 && k + 5 <= f.size(); k++) {
            PerfStatLine p = csvAt(f, k);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private static PerfStatLine csvAt(List<String> f, int k) {
        String v = f.get(k);
        char c0 = v.isEmpty() ? 0 : v.charAt(0);
        if (c0 != '<' && c0 != '-' && (c0 < '0' || c0 > '9')) {
            return null; // neither a number nor <not ...>
        }
        if (!(v.equals("<not supported>") || v.equals("<not counted>") || NUMBER.matcher(v).matches())) {
            return null;
        }
        String unit = f.get(k + 1);
        String event = f.get(k + 2);
        if (!UNIT_P.matcher(unit).matches() || !EVENT_P.matcher(event).matches() || NUMBER.matcher(event).matches()) {
            return null;
        }
        int i = k + 3;
        double variance = Double.NaN;
        if (f.get(i).endsWith("%")) {
            String s = f.get(i).substring(0, f.get(i).length() - 1);
            if (!PCT.matcher(s).matches()) {
                return null;
            }
            variance = Double.parseDouble(s);
            i++;
        }
        if (i + 1 >= f.size() || !INT.matcher(f.get(i)).matches() || !PCT.matcher(f.get(i + 1)).matches()) {
            return null;
        }
        double pct = Double.parseDouble(f.get(i + 1));
        if (pct > 100.0) {
            return null;
        }
        double time = Double.NaN;
        String entity = "";
        List<String> pre = f.subList(0, k);
        int j = 0;
        if (j < pre.size() && TIME.matcher(pre.get(j)).matches()) {
            time = Double.parseDouble(pre.get(j));
            j++;
        }
        if (j < pre.size() && AGGR_P.matcher(pre.get(j)).matches()) {
            entity = pre.get(j);
            j++;
            if (j < pre.size() && INT.matcher(pre.get(j)).matches()) {
                j++;
            }
        }
        if (j != pre.size()) {
            return null;
        }
        String comment = "";
        if (i + 3 < f.size() && !f.get(i + 2).isEmpty()) {
            comment = (f.get(i + 2) + " " + f.get(i + 3)).strip().replaceAll("\\s+", " ");
        }
        return of(time, entity, v, unit, event, variance, pct, comment);
    }

    /** The separator most lines of the sample parse with, and how many do; '\0' when none. */
    static char detectSeparator(List<String> lines) {
        return (char) separatorAndCount(lines)[0];
    }

    /** The separator most lines parse with ('\0' when none), and how many lines do. */
    static int[] separatorAndCount(List<String> lines) {
        // one pass over each line counts every separator: csv needs four of one
        int[] parsed = new int[SEPARATORS.length];
        int[] seen = new int[SEPARATORS.length];
        for (String l : lines) {
            java.util.Arrays.fill(seen, 0);
            for (int i = 0; i < l.length(); i++) {
                switch (l.charAt(i)) { // the order of SEPARATORS
                    case ',' -> seen[0]++;
                    case ';' -> seen[1]++;
                    case '\t' -> seen[2]++;
                    case '|' -> seen[3]++;
                    case ':' -> seen[4]++;
                    default -> { }
                }
            }
            for (int s = 0; s < SEPARATORS.length; s++) {
                if (seen[s] >= 4 && csv(l, SEPARATORS[s]) != null) {
                    parsed[s]++;
                }
            }
        }
        char best = 0;
        int bestN = 0;
        for (int s = 0; s < SEPARATORS.length; s++) {
            char sep = SEPARATORS[s];
            int n = parsed[s];
            if (n > bestN) {
                best = sep;
                bestN = n;
            }
        }
        return new int[] {best, bestN};
    }
}
