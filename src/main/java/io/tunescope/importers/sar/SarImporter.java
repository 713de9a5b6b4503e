package io.tunescope.importers.sar;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.stats.Banner;
import io.tunescope.importers.stats.IoColumns;
import io.tunescope.importers.stats.SeriesCollector;
import io.tunescope.importers.stats.Stamp;
import io.tunescope.importers.stats.StampResolver;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sar} text reports (sysstat 10 to 12): one report kind ({@code -u}, {@code -u ALL}, {@code -P ALL},
 * {@code -d}, {@code -r}, {@code -n DEV}, {@code -q}, {@code -B}, {@code -W}, {@code -b}, {@code -w}, ...) or many
 * ({@code sar -A}, or live {@code sar -u -r 1 N}, which repeats each kind's header every interval), read from a day
 * file ({@code sar -f}) or live. Times are read as printed (24 h, 12 h with AM/PM, zh_CN {@code 07时20分55秒}) on the
 * date of the banner line, a time that goes back past midnight moving to the next day; a {@code LINUX RESTART} line
 * starts a new run of the same kinds (counters start again). Values with a decimal comma (de_DE) are read.
 *
 * <p>Series use the names of the tools that print the same measure: {@code sar -d} columns are iostat's
 * ({@link IoColumns}: {@code util}, {@code await}, {@code rkB/s}, ...), devices as entities; {@code sar -u ALL} and
 * {@code -P} have mpstat's ({@code usr}, {@code sys}, {@code iowait}, {@code soft}, ..., entities {@code all},
 * {@code 0}, {@code 1}); plain {@code sar -u} has iostat's avg-cpu names ({@code user}, {@code system}: like iostat,
 * its {@code %system} holds irq and softirq time); {@code kbmemfree}/{@code kbbuffers}/{@code kbactive}/
 * {@code kbinact}, {@code cswch/s}, {@code pgpgin/s}/{@code pgpgout/s} and {@code blocked} are vmstat's
 * {@code free}/{@code buff}/{@code active}/{@code inact}, {@code cs}, {@code bi}/{@code bo} and {@code b} (the same
 * kernel counters). Other columns keep sar's names without '%'. Of the {@code -I} interrupt tables only the
 * {@code sum} row is kept, as mpstat's {@code intr/s} per CPU. {@code Average:} lines (and {@code Summary:}, and their
 * translations) are sar's mean over the intervals above them: a summary, not a sample, so not plotted.
 */
public final class SarImporter implements Importer<SeriesSet> {
    /** A line that starts with a time of day: 24 h, 12 h with AM/PM, or the CJK form. */
    private static final Pattern TIMED = Pattern.compile(
            "^(\\d{1,2}:\\d{2}:\\d{2}(?:\\s?[AaPp][Mm])?|\\d{1,2}[\u65f6\u6642]\\d{2}\u5206\\d{2}\u79d2)\\s++(\\S.*)$");
    /** The date of the sysstat banner ({@code Linux 6.8.0 (host) \t12/02/26 \t_x86_64_\t(2 CPU)}). */
    private static final Pattern BANNER_DATE = Pattern.compile("^Linux \\S++ \\([^)]*+\\)\\s++(\\S++)");
    private static final Pattern RESTART = Pattern.compile("^LINUX RESTART\\s*+(?:\\((\\d++) CPU\\))?\\s*+$");
    private static final Pattern COMMENT = Pattern.compile("^COM (.*)$");
    /** A summary line: a word ending in ':' ({@code Average:}, {@code Summary:}, {@code Durchschn.:}, {@code 平均时间:}). */
    private static final Pattern SUMMARY = Pattern.compile("^([^\\s\\d][^\\s:]*+):\\s++(\\S.*)$");

    /** The first column of a header that only sar prints. */
    private static final Set<String> SAR_FIRST = Set.of("IFACE", "INTR", "TTY", "kbmemfree", "kbswpfree", "kbhugfree",
            "runq-sz", "pgpgin/s", "pswpin/s", "proc/s", "dentunusd", "totsck", "MBfsfree", "call/s", "scall/s", "irec/s",
            "ihdrerr/s", "imsg/s", "ierr/s", "active/s", "atmptf/s", "idgm/s", "tcp6sck", "irec6/s", "ihdrer6/s", "imsg6/s",
            "ierr6/s", "idgm6/s", "%scpu-10", "%smem-10", "%sio-10", "frmpg/s");

    /** Columns that hold the same kernel counter as a vmstat column, with vmstat's name and unit. */
    private static final Map<String, Name> VMSTAT_NAMES = Map.of(
            "kbmemfree", new Name("free", Unit.KB),
            "kbbuffers", new Name("buff", Unit.KB),
            "kbactive", new Name("active", Unit.KB),
            "kbinact", new Name("inact", Unit.KB),
            "cswch/s", new Name("cs", Unit.PER_SECOND),
            "pgpgin/s", new Name("bi", Unit.PER_SECOND),
            "pgpgout/s", new Name("bo", Unit.PER_SECOND),
            "blocked", new Name("b", Unit.COUNT));

    /** A series name and unit (a value is multiplied by {@code factor}). */
    private record Name(String name, Unit unit, double factor) {
        Name(String name, Unit unit) {
            this(name, unit, 1);
        }
    }

    @Override
    public String format() {
        return "sar";
    }

    @Override
    public String description() {
        return "sar text reports (-u, -P, -d, -r, -n DEV, -q, -B, -W, -b, -w, -A)";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.SAR;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean banner = false;
        boolean restart = false;
        int headers = 0;
        for (String l : head.lines()) {
            if (Banner.matches(l)) {
                banner = true;
                continue;
            }
            Matcher m;
            if (!Head.startsWithDigit(l) || !(m = TIMED.matcher(l)).matches()) {
                continue; // a time starts with a digit
            }
            String rest = m.group(2).strip();
            if (rest.startsWith("LINUX RESTART") && RESTART.matcher(rest).matches()) {
                restart = true;
            } else if (maybeSarHeader(rest) && isSarHeader(SPACES.split(rest))) {
                headers++;
            }
        }
        if (headers > 0 && (banner || restart)) {
            return Sniff.certain("sysstat banner and sar report headers");
        }
        if (headers > 0) {
            return Sniff.strong("sar report header");
        }
        return Sniff.no("no sar report header");
    }

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** False when the first column rules out {@link #isSarHeader} (the line need not be split). */
    private static boolean maybeSarHeader(String rest) {
        int end = 0;
        while (end < rest.length() && !Head.regexSpace(rest.charAt(end))) {
            end++;
        }
        String first = rest.substring(0, end);
        return SAR_FIRST.contains(first) || first.equals("DEV") || first.equals("tps") || first.equals("CPU");
    }

    /** A column header only sar prints (not mpstat, iostat, pidstat). */
    static boolean isSarHeader(String[] c) {
        if (c.length < 2) {
            return false;
        }
        if (SAR_FIRST.contains(c[0]) || c[0].equals("DEV") && c[1].equals("tps") || c[0].equals("tps") && c[1].equals("rtps")
                || c[0].equals("tps") && c[c.length - 1].equals("DEV")) {     // sar -d -p: the device name last
            return true;
        }
        if (!c[0].equals("CPU")) {
            return false;
        }
        List<String> cols = List.of(c);
        // sar -u: %user ... %system (mpstat says %usr/%sys); sar -u ALL: %steal right after %iowait (mpstat: %irq)
        return cols.contains("%user") && cols.contains("%system") && !cols.contains("%usr")
                || io.tunescope.importers.mpstat.MpstatImporter.sarCpuLayout(String.join(" ", cols))
                || c[1].equals("MHz") || c[1].equals("total/s");
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesSet set = new Reader(ctx).read();
        if (set.reports() == 0) {
            throw new ImportException(0, ctx.displayName() + ": no sar report rows found");
        }
        return ctx.result(set);
    }

    /** One kind of report as its header line says: its columns, where the entity is, and each column's series name. */
    private static final class Section {
        final String signature;
        final String entityColumn;
        /** 0: the entity is the first column; 1: the last; -1: host-wide (no entity). */
        final int entityAt;
        final String[] columns;
        final Name[] names;
        /** The {@code -I} table (interrupts as rows, CPUs as columns): only its {@code sum} row is kept. */
        final boolean interrupts;
        /** A table of text ({@code -m USB}: vendor and product names): not kept. */
        final boolean text;
        int day;
        int lastSeconds = -1;

        Section(String[] cols) {
            signature = String.join(" ", cols);
            String first = cols[0];
            String last = cols[cols.length - 1];
            if (isEntityColumn(first)) {
                entityAt = 0;
                entityColumn = first;
            } else if (isEntityColumn(last)) {
                entityAt = 1;
                entityColumn = last;
            } else {
                entityAt = -1;
                entityColumn = "";
            }
            int from = entityAt == 0 ? 1 : 0;
            int to = entityAt == 1 ? cols.length - 1 : cols.length;
            columns = java.util.Arrays.copyOfRange(cols, from, to);
            interrupts = entityColumn.equals("INTR");
            text = signature.contains("manufact") || signature.contains("product");
            names = new Name[columns.length];
            Set<String> plain = new java.util.HashSet<>(List.of(columns));
            for (int i = 0; i < columns.length; i++) {
                names[i] = interrupts ? new Name("intr/s", Unit.PER_SECOND) : name(entityColumn, columns[i]);
                if (names[i] != null && columns[i].startsWith("%") && plain.contains(columns[i].substring(1))) {
                    names[i] = new Name(columns[i], Unit.PERCENT);  // -F: %Iused beside Iused
                }
            }
        }

        static boolean isEntityColumn(String col) {
            for (int k = 0; k < col.length(); k++) {
                char ch = col.charAt(k);
                if (!(ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' && k > 0 || ch == '_')) {
                    return false;
                }
            }
            return !col.isEmpty();
        }
    }

    /** The series name of a column of a section whose entity column is {@code entityColumn}; null for a text column. */
    static Name name(String entityColumn, String col) {
        if (Section.isEntityColumn(col)) {
            return null;                                     // a text column such as DEVICE of -m FAN
        }
        if (entityColumn.equals("DEV")) {
            IoColumns.Col io = IoColumns.of(col);
            if (io != null) {
                return new Name(io.name(), io.unit(), io.factor());
            }
        }
        if (entityColumn.equals("CPU") && col.startsWith("%")) {
            return new Name(col.substring(1), Unit.PERCENT);
        }
        Name vm = entityColumn.isEmpty() ? VMSTAT_NAMES.get(col) : null;
        if (vm != null) {
            return vm;
        }
        if (col.startsWith("%")) {
            return new Name(col.substring(1), Unit.PERCENT);
        }
        if (col.endsWith("kB/s")) {
            return new Name(col, Unit.KB_PER_SECOND);
        }
        if (col.endsWith("/s")) {
            return new Name(col, Unit.PER_SECOND);
        }
        return new Name(col, col.startsWith("kb") ? Unit.KB : Unit.COUNT);
    }

    /** One read of a file: the state of the sections, runs (between restarts) and reports. */
    private static final class Reader {
        private final ImportContext ctx;
        private final SeriesCollector c;
        private final Map<String, Section> sections = new HashMap<>();
        private final Map<String, Integer> reportOf = new HashMap<>();
        /** The section that first gave a series its values: a name two sections share is kept from the first only. */
        private final Map<String, String> owner = new HashMap<>();
        /** The last report each series has a value in: a second value in one report is a repeated row. */
        private final Map<String, Integer> lastReport = new HashMap<>();
        private final Set<String> repeated = new TreeSet<>();
        private final Map<Long, Integer> steps = new TreeMap<>();
        private Section section;
        private LocalDate date;
        private int run;
        private int runDay;
        /** The latest row time read (day, seconds), to place a restart. */
        private int lastDay;
        private int lastSeconds = -1;
        private int summaries;
        private int skippedInterrupts;
        private int skippedText;
        private int unknown;
        private int restarts;

        Reader(ImportContext ctx) {
            this.ctx = ctx;
            this.c = new SeriesCollector("sar", ctx.displayName());
        }

        SeriesSet read() throws IOException {
            try (ImportContext.Lines lines = ctx.lines()) {
                String l;
                while ((l = lines.next()) != null) {
                    line((int) lines.number(), l);
                }
            }
            if (summaries > 0) {
                ctx.info(0, ctx.displayName() + ": sar's 'Average:' lines (" + summaries + ") are its mean over the intervals"
                        + " above them (since the start of the report or of the restart): a summary, not a sample; not plotted");
            }
            if (skippedInterrupts > 0) {
                ctx.info(0, ctx.displayName() + ": per-interrupt rows of sar -I (" + skippedInterrupts + ") not kept;"
                        + " the 'sum' row is, as intr/s per CPU");
            }
            if (skippedText > 0) {
                ctx.info(0, ctx.displayName() + ": " + skippedText + " rows of text tables (sar -m USB) not kept");
            }
            if (unknown > 5) {
                ctx.warn(0, ctx.displayName() + ": " + unknown + " lines not understood as sar output in all; skipped");
            }
            if (!repeated.isEmpty()) {
                ctx.info(0, ctx.displayName() + ": " + String.join(", ", repeated)
                        + " appear in two report kinds; kept from the first");
            }
            if (restarts > 0) {
                c.meta("restarts", Integer.toString(restarts));
            }
            long interval = 0;
            int most = 0;
            for (Map.Entry<Long, Integer> e : steps.entrySet()) {
                if (e.getValue() > most) {
                    most = e.getValue();
                    interval = e.getKey();
                }
            }
            return c.build(ctx, false, interval);
        }

        private void line(int n, String l) {
            if (l.isBlank()) {
                return;
            }
            if (Banner.read(l, c)) {
                Matcher b = BANNER_DATE.matcher(l);
                Stamp d = b.lookingAt() ? Stamp.date(b.group(1)) : null;
                if (d != null) {
                    c.bannerDate(d);
                    date = StampResolver.date(d, StampResolver.order(List.of(d)));
                }
                return;
            }
            Matcher m = TIMED.matcher(l);
            if (!m.matches()) {
                Matcher s = SUMMARY.matcher(l);
                if (s.matches() && !l.startsWith("Linux ")) {
                    // an Average:/Summary: header or row: sar's mean over the intervals above, not a sample
                    if (hasNumber(s.group(2).strip().split("\\s+"))) {
                        summaries++;
                    }
                    return;
                }
                notUnderstood(n);
                return;
            }
            Stamp time = Stamp.time(m.group(1));
            String rest = m.group(2).strip();
            if (time == null) {
                notUnderstood(n);
                return;
            }
            Matcher r = RESTART.matcher(rest);
            if (r.matches()) {
                restart(n, time, r.group(1));
                return;
            }
            Matcher com = COMMENT.matcher(rest);
            if (com.matches()) {
                ctx.info(n, ctx.displayName() + ": comment recorded at " + m.group(1) + ": " + com.group(1).strip());
                return;
            }
            String[] tok = rest.split("\\s+");
            if (!hasNumber(tok)) {
                header(tok, time);
                return;
            }
            row(n, tok, time, m.group(1));
        }

        private void notUnderstood(int n) {
            if (unknown++ < 5) {
                ctx.warn(n, ctx.displayName() + ": line not understood as sar output; skipped");
            }
        }

        private void restart(int n, Stamp time, String cpus) {
            restarts++;
            run++;
            runDay = lastSeconds >= 0 && time.seconds() < lastSeconds - 60 ? lastDay + 1 : lastDay;
            sections.clear();
            section = null;
            ctx.info(n, ctx.displayName() + ": the system restarted here (LINUX RESTART" + (cpus == null ? "" : ", " + cpus + " CPU")
                    + "): its counters start again; the intervals before and after are kept, the gap is not filled");
        }

        private void header(String[] cols, Stamp time) {
            Section s = sections.get(String.join(" ", cols));
            if (s == null) {
                s = new Section(cols);
                s.day = runDay;
                sections.put(s.signature, s);
            }
            advance(s, time.seconds());
            section = s;
        }

        /** Moves a section's clock to a time it printed: a time that goes back by more than a minute is the next day. */
        private static void advance(Section s, int seconds) {
            if (s.lastSeconds >= 0 && seconds < s.lastSeconds - 60) {
                s.day++;
            }
            s.lastSeconds = seconds;
        }

        private void row(int n, String[] tok, Stamp time, String printed) {
            Section s = section;
            if (s == null) {
                ctx.warn(n, ctx.displayName() + ": values before any sar column header; skipped");
                return;
            }
            if (s.text) {
                skippedText++;
                return;
            }
            int entities = s.entityAt < 0 ? 0 : 1;
            if (tok.length != s.columns.length + entities) {
                ctx.warn(n, ctx.displayName() + ": row has " + (tok.length - entities) + " values for " + s.columns.length
                        + " columns; skipped");
                return;
            }
            String entity = s.entityAt == 0 ? tok[0] : s.entityAt == 1 ? tok[tok.length - 1] : "";
            if (s.entityColumn.equals("TTY")) {
                entity = "tty" + entity;                     // -y: serial line 0 is not CPU 0
            }
            if (s.interrupts && !entity.equals("sum")) {
                skippedInterrupts++;
                return;
            }
            int before = s.lastSeconds;
            int dayBefore = s.day;
            advance(s, time.seconds());
            if (before >= 0 && time.seconds() != before) {
                long step = (time.seconds() - before + (s.day - dayBefore) * 86_400L) * 1000L;
                if (step > 0) {
                    steps.merge(step, 1, Integer::sum);
                }
            }
            if (s.day > lastDay || s.day == lastDay && time.seconds() > lastSeconds) {
                lastDay = s.day;
                lastSeconds = time.seconds();
            }
            String key = run + "/" + s.day + "/" + time.seconds();
            Integer report = reportOf.get(key);
            if (report == null) {
                Stamp st = date == null ? time : dated(date.plusDays(s.day), time);
                report = c.beginReport(n, st);
                reportOf.put(key, report);
            } else {
                c.selectReport(report);
            }
            int first = s.entityAt == 0 ? 1 : 0;
            for (int i = 0; i < s.columns.length; i++) {
                Name name = s.names[i];
                if (name == null) {
                    continue;
                }
                String ent = entity;
                if (s.interrupts) {
                    // -I ALL: columns all, CPU0, CPU1, ...; -I SUM: intr/s
                    String col = s.columns[i];
                    ent = col.equals("all") || col.equals("intr/s") ? "all" : col.startsWith("CPU") ? col.substring(3) : col;
                }
                Double v = number(tok[first + i]);
                if (v == null) {
                    ctx.warn(n, ctx.displayName() + ": '" + tok[first + i] + "' is not a number (" + s.columns[i] + ")");
                    continue;
                }
                String series = ent + "/" + name.name();
                String firstOwner = owner.putIfAbsent(series, s.signature);
                if (firstOwner != null && !firstOwner.equals(s.signature)) {
                    repeated.add(name.name());
                    continue;
                }
                Integer last = lastReport.put(series, report);
                if (last != null && last >= report) {
                    lastReport.put(series, last);
                    ctx.warn(n, ctx.displayName() + ": a second " + name.name() + (ent.isEmpty() ? "" : " of " + ent)
                            + " at " + printed + "; skipped");
                    continue;
                }
                if (s.entityColumn.equals("DEV")) {
                    c.addDevice(name.name(), ent, name.unit(), v * name.factor(), n);
                } else {
                    c.add(name.name(), ent, name.unit(), v * name.factor(), n);
                }
            }
        }

        private static Stamp dated(LocalDate d, Stamp time) {
            return new Stamp(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), '-', time.seconds(), time.millis());
        }
    }

    private static boolean hasNumber(String[] tok) {
        for (String t : tok) {
            if (number(t) != null) {
                return true;
            }
        }
        return false;
    }

    /** A value as sar prints it: plain or with a decimal comma (de_DE and other locales). */
    static Double number(String s) {
        if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-' && s.length() > 1)) {
            return null;
        }
        try {
            return Double.parseDouble(s.replace(',', '.'));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reports", value.reports());
        Map<String, List<TimeSeries>> byEntity = value.byEntity();
        List<String> cpus = new ArrayList<>();
        Map<String, Object> devices = new LinkedHashMap<>();
        for (Map.Entry<String, List<TimeSeries>> e : byEntity.entrySet()) {
            TimeSeries util = null;
            TimeSeries await = null;
            boolean cpu = false;
            for (TimeSeries s : e.getValue()) {
                switch (s.metric().name()) {
                    case "util" -> util = s;
                    case "await" -> await = s;
                    case "idle" -> cpu = true;
                    default -> { }
                }
            }
            if (cpu) {
                cpus.add(e.getKey());
            }
            if (util != null) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("samples", util.size());
                d.put("max_util_pct", util.max());
                if (await != null) {
                    d.put("mean_await_ms", Math.round(await.mean() * 1000) / 1000.0);
                }
                devices.put(e.getKey(), d);
            }
        }
        if (!cpus.isEmpty()) {
            out.put("cpus", cpus);
        }
        if (!devices.isEmpty()) {
            out.put("devices", devices);
        }
        out.put("series", value.series().size());
        return out;
    }
}
