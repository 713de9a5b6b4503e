package io.tunescope.importers.innodb;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.innodb.InnodbDatasets;
import io.tunescope.model.innodb.InnodbStatus;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SHOW ENGINE INNODB STATUS} as the mysql client prints it: vertical ({@code \G}), batch ({@code -B}:
 * {@code InnoDB<TAB><TAB>status} with {@code \n} escapes on one line) and table ({@code | InnoDB | | ...}),
 * or the bare monitor output of the error log. MySQL 5.x/8.0 and MariaDB 10.x layouts; repeated
 * {@code INNODB MONITOR OUTPUT} blocks are read as snapshots in file order. Sections the importer does not
 * read are kept as text. Numbers are read by name (see {@link #parse}); a line that does not match is skipped.
 */
public final class InnodbStatusImporter implements Importer<InnodbStatus> {
    private static final String HEADER = "INNODB MONITOR OUTPUT";
    private static final String END = "END OF INNODB MONITOR OUTPUT";
    private static final Pattern ISO_STAMP = Pattern.compile("^(\\d{4})-(\\d{2})-(\\d{2})[ T](\\d{2}):(\\d{2}):(\\d{2})");
    private static final Pattern OLD_STAMP = Pattern.compile("^(\\d{2})(\\d{2})(\\d{2})\\s+(\\d{1,2}):(\\d{2}):(\\d{2})");
    private static final Pattern AVERAGES = Pattern.compile("^Per second averages calculated from the last (\\d+) seconds");
    private static final Pattern TITLE = Pattern.compile("^[A-Z][A-Z0-9 /&_-]*[A-Z]$");
    private static final Pattern DASHES = Pattern.compile("^-{3,}$");
    private static final Pattern RESERVATION = Pattern.compile("OS WAIT ARRAY INFO: reservation count (\\d+)");
    private static final Pattern SIGNAL = Pattern.compile("signal count (\\d+)");
    private static final Pattern WAIT = Pattern.compile(
            "^--Thread (\\S+) has waited at (\\S+) line (\\d+) for ([0-9.]+) seconds the semaphore:?");
    private static final Pattern TRX = Pattern.compile("^---TRANSACTION ([^,]+), ACTIVE (?:\\(PREPARED\\) )?(\\d+) sec(.*)$");
    private static final Pattern AIO = Pattern.compile(
            "^Pending normal aio reads:\\s*+(\\d++)?\\s*+(?:\\[([0-9, ]*+)\\])?\\s*+,\\s*+aio writes:\\s*+(\\d++)?\\s*+(?:\\[([0-9, ]*+)\\])?");
    private static final Pattern FSYNC_MYSQL = Pattern.compile("^Pending flushes \\(fsync\\) log: (\\d+); buffer pool: (\\d+)");
    private static final Pattern FSYNC_MARIADB = Pattern.compile("^Pending flushes \\(fsync\\):\\s*(\\d+)");
    private static final Pattern OS_FILES = Pattern.compile("^(\\d+) OS file reads, (\\d+) OS file writes, (\\d+) OS fsyncs");
    private static final Pattern PENDING_WRITES = Pattern.compile(
            "^Pending writes: LRU (\\d+), flush list (\\d+)(?:, single page (\\d+))?");
    private static final Pattern YOUNG = Pattern.compile("^Pages made young (\\d+), not young (\\d+)");
    private static final Pattern YOUNG_RATE = Pattern.compile("^([0-9.]+) youngs/s, ([0-9.]+) non-youngs/s");
    private static final Pattern HIT = Pattern.compile(
            "^Buffer pool hit rate (\\d+) / (\\d+)(?:, young-making rate (\\d+) / (\\d+) not (\\d+) / (\\d+))?");
    private static final Pattern ROWS = Pattern.compile(
            "^Number of rows inserted (\\d+), updated (\\d+), deleted (\\d+), read (\\d+)");
    private static final Pattern ROW_RATES = Pattern.compile(
            "^([0-9.]+) inserts/s, ([0-9.]+) updates/s, ([0-9.]+) deletes/s, ([0-9.]+) reads/s");
    private static final Pattern TABLE_FIRST = Pattern.compile("^\\|\\s*InnoDB\\s*\\|[^|]*\\|(.*)$");
    private static final Pattern VERTICAL_ROW = Pattern.compile("^\\*{5,} \\d+\\. row \\*{5,}$");
    /** Named numbers: line prefix (after trimming) to value name, per section. */
    private static final Map<String, Map<String, String>> PLAIN = Map.of(
            "TRANSACTIONS", Map.of("History list length", "history_list_length", "Trx id counter", "trx_id_counter"),
            "LOG", Map.of("Log sequence number", "log_sequence_number", "Log flushed up to", "log_flushed_up_to",
                    "Pages flushed up to", "pages_flushed_up_to", "Last checkpoint at", "last_checkpoint_at"),
            "BUFFER POOL AND MEMORY", Map.of("Buffer pool size", "buffer_pool_pages_total", "Free buffers", "buffer_pool_pages_free",
                    "Database pages", "buffer_pool_pages_data", "Old database pages", "buffer_pool_pages_old",
                    "Modified db pages", "buffer_pool_pages_modified", "Pending reads", "pending_reads"));

    @Override
    public String format() {
        return "innodb-status";
    }

    @Override
    public String description() {
        return "SHOW ENGINE INNODB STATUS output (\\G, -B or table; MySQL 5.x/8.0, MariaDB 10.x)";
    }

    @Override
    public Dataset<InnodbStatus> dataset() {
        return InnodbDatasets.STATUS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean sections = false;
        boolean batchHeader = false;
        for (String l : head.lines()) {
            if (l.contains(HEADER) && !l.contains(END)) {
                return Sniff.certain("InnoDB monitor output header");
            }
            if (l.startsWith("InnoDB\t") && l.contains("\\n")) {
                return Sniff.certain("batch-mode SHOW ENGINE INNODB STATUS row (InnoDB, Status with \\n escapes)");
            }
            if (l.equals("Type\tName\tStatus")) {
                batchHeader = true;
            }
            String s = l.strip();
            if (s.equals("BUFFER POOL AND MEMORY") || s.equals("ROW OPERATIONS") || s.equals("SEMAPHORES")) {
                sections = true;
            }
        }
        if (batchHeader) {
            return Sniff.strong("batch-mode SHOW ENGINE ... STATUS header (Type, Name, Status)");
        }
        return sections ? Sniff.weak("InnoDB monitor section headings without the header") : Sniff.no("no InnoDB monitor output");
    }

    @Override
    public ImportResult<InnodbStatus> parse(ImportContext ctx) throws ImportException, IOException {
        Reader r = new Reader(ctx);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                r.physical(l, (int) lines.number());
            }
        }
        r.finish();
        if (r.snapshots.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no INNODB MONITOR OUTPUT block found");
        }
        return ctx.result(new InnodbStatus(r.snapshots, r.layout()));
    }

    /** The state of one file's reading: the client's framing is undone here, the monitor text in {@link #logical}. */
    private static final class Reader {
        final ImportContext ctx;
        final List<InnodbStatus.Snapshot> snapshots = new ArrayList<>();
        boolean mysql80;
        boolean mariadb;
        boolean mysql5;
        // the open snapshot
        boolean open;
        int headerLine;
        String stamp = "";
        long epoch;
        Map<String, InnodbStatus.Value> values;
        List<InnodbStatus.SemaphoreWait> waits;
        List<InnodbStatus.Transaction> trx;
        List<InnodbStatus.Section> other;
        int deadlockLine;
        String deadlockTime = "";
        StringBuilder deadlockText;
        String section = "";
        int sectionLine;
        StringBuilder sectionText;
        String prev = "";
        String candidate;
        int candidateLine;
        InnodbStatus.SemaphoreWait pendingWait;

        Reader(ImportContext ctx) {
            this.ctx = ctx;
        }

        String layout() {
            return mysql80 ? "mysql-8.0" : mariadb ? "mariadb" : mysql5 ? "mysql-5.x" : "unknown";
        }

        void physical(String raw, int n) {
            String l = stripTrailing(raw);
            if (l.startsWith("InnoDB\t")) {
                int second = l.indexOf('\t', 7);
                String status = second < 0 ? "" : l.substring(second + 1);
                for (String part : io.tunescope.importers.MysqlBatch.unescape(status).split("\n", -1)) {
                    logical(stripTrailing(part), n);
                }
                return;
            }
            if (l.equals("Type\tName\tStatus") || VERTICAL_ROW.matcher(l).matches() || l.equals("|")
                    || (l.startsWith("+-") && l.chars().allMatch(c -> c == '+' || c == '-'))) {
                return;
            }
            Matcher m = TABLE_FIRST.matcher(l);
            if (m.matches()) {
                logical(stripTrailing(m.group(1)), n);
                return;
            }
            String s = l.strip();
            if (s.equals("Type: InnoDB") || s.equals("Name:") || s.equals("Status:")) {
                return;
            }
            if (l.startsWith("Status: ")) {
                logical(l.substring(8), n);
                return;
            }
            if (l.startsWith("| Type ") && l.contains("| Status")) {
                return;
            }
            logical(l, n);
        }

        void logical(String l, int n) {
            if (l.contains(HEADER) && !l.contains(END)) {
                if (open) {
                    ctx.warn(headerLine, ctx.displayName() + ": the monitor output of line " + headerLine
                            + " has no END OF INNODB MONITOR OUTPUT before the next one (line " + n + "); read as far as it goes");
                    close(false);
                }
                begin(l, n);
                return;
            }
            if (!open) {
                return;
            }
            if (l.contains(END)) {
                close(true);
                return;
            }
            try {
                line(l, n);
            } catch (NumberFormatException e) {
                ctx.warn(n, ctx.displayName() + ": number out of range in: " + abbreviate(l));
            }
            prev = l;
        }

        void begin(String l, int n) {
            open = true;
            headerLine = n;
            values = new LinkedHashMap<>();
            waits = new ArrayList<>();
            trx = new ArrayList<>();
            other = new ArrayList<>();
            deadlockLine = 0;
            deadlockTime = "";
            deadlockText = null;
            section = "";
            sectionText = null;
            candidate = null;
            pendingWait = null;
            prev = "";
            stamp = "";
            epoch = 0;
            String head = l.substring(0, l.indexOf(HEADER)).strip();
            Matcher m = ISO_STAMP.matcher(head);
            try {
                if (m.find()) {
                    stamp = m.group();
                    epoch = LocalDateTime.of(i(m, 1), i(m, 2), i(m, 3), i(m, 4), i(m, 5), i(m, 6)).toInstant(ZoneOffset.UTC).toEpochMilli();
                } else if ((m = OLD_STAMP.matcher(head)).find()) {
                    stamp = m.group();
                    epoch = LocalDateTime.of(2000 + i(m, 1), i(m, 2), i(m, 3), i(m, 4), i(m, 5), i(m, 6)).toInstant(ZoneOffset.UTC).toEpochMilli();
                } else {
                    ctx.warn(n, ctx.displayName() + ": monitor output header without a readable time: " + abbreviate(l));
                }
            } catch (java.time.DateTimeException e) {
                ctx.warn(n, ctx.displayName() + ": monitor output header with an impossible time: " + abbreviate(l));
                epoch = 0;
            }
        }

        private static int i(Matcher m, int g) {
            return Integer.parseInt(m.group(g));
        }

        void close(boolean complete) {
            endSection();
            snapshots.add(new InnodbStatus.Snapshot(headerLine, stamp, epoch, complete, values, waits, trx, deadlockLine,
                    deadlockTime, other, deadlockText == null ? "" : deadlockText.toString().strip()));
            open = false;
        }

        void finish() {
            if (open) {
                ctx.warn(headerLine, ctx.displayName() + ": the monitor output of line " + headerLine
                        + " ends without END OF INNODB MONITOR OUTPUT (truncated); read as far as it goes");
                close(false);
            }
        }

        void endSection() {
            if (sectionText != null) {
                other.add(new InnodbStatus.Section(section, sectionLine, sectionText.toString()));
                sectionText = null;
            }
        }

        void line(String l, int n) {
            // a heading is a title between two lines of dashes
            if (DASHES.matcher(l).matches()) {
                if (candidate != null && prevIsCandidate) {
                    endSection();
                    section = candidate;
                    sectionLine = candidateLine;
                    if (!known(section)) {
                        sectionText = new StringBuilder();
                    }
                    if (section.equals("LATEST DETECTED DEADLOCK")) {
                        deadlockLine = candidateLine;
                        deadlockText = new StringBuilder();
                    }
                    candidate = null;
                    prevIsCandidate = false;
                    return;
                }
                prevIsCandidate = false;
                dashes = true;
                return;
            }
            if (dashes && TITLE.matcher(l).matches()) {
                candidate = l;
                candidateLine = n;
                prevIsCandidate = true;
                dashes = false;
                return;
            }
            if (prevIsCandidate) {
                // a title-like line not followed by dashes is text of the current section
                text(candidate);
                prevIsCandidate = false;
                candidate = null;
            }
            dashes = false;
            text(l);
            Matcher m = AVERAGES.matcher(l);
            if (section.isEmpty() && m.find()) {
                put("averages_seconds", m.group(1), n);
                return;
            }
            switch (section) {
                case "SEMAPHORES" -> semaphores(l, n);
                case "LATEST DETECTED DEADLOCK" -> {
                    if (deadlockText != null && deadlockText.length() < DEADLOCK_TEXT_MAX) {
                        deadlockText.append(l).append('\n');
                    }
                    if (deadlockTime.isEmpty()) {
                        Matcher t = ISO_STAMP.matcher(l);
                        if (t.find()) {
                            deadlockTime = t.group();
                        } else if ((t = OLD_STAMP.matcher(l)).find()) {
                            deadlockTime = t.group();
                        }
                    }
                }
                case "TRANSACTIONS" -> {
                    plain(l, n);
                    Matcher t = TRX.matcher(l);
                    if (t.find()) {
                        trx.add(new InnodbStatus.Transaction(t.group(1).strip(), Long.parseLong(t.group(2)), t.group(3).strip(), n));
                    }
                }
                case "FILE I/O" -> fileIo(l, n);
                case "LOG" -> {
                    if (l.startsWith("Log buffer assigned up to")) {
                        mysql80 = true;
                    }
                    plain(l, n);
                    var lsn = values.get("log_sequence_number");
                    var ckpt = values.get("last_checkpoint_at");
                    if (lsn != null && ckpt != null && l.startsWith("Last checkpoint at")) {
                        values.put("checkpoint_age", new InnodbStatus.Value(lsn.value() - ckpt.value(), n));
                    }
                }
                case "BUFFER POOL AND MEMORY" -> bufferPool(l, n);
                case "ROW OPERATIONS" -> rows(l, n);
                default -> {
                }
            }
        }

        boolean dashes;
        boolean prevIsCandidate;

        /** The deadlock text kept at most (InnoDB itself prints the section cut at innodb_status_output size). */
        static final int DEADLOCK_TEXT_MAX = 64 * 1024;

        void text(String l) {
            if (sectionText != null && sectionText.length() < 64 * 1024) {
                sectionText.append(l).append('\n');
            }
        }

        static boolean known(String s) {
            return switch (s) {
                case "BACKGROUND THREAD", "SEMAPHORES", "TRANSACTIONS", "FILE I/O", "LOG", "BUFFER POOL AND MEMORY",
                     "ROW OPERATIONS", "LATEST DETECTED DEADLOCK" -> true;
                default -> false;
            };
        }

        void semaphores(String l, int n) {
            Matcher m = RESERVATION.matcher(l);
            if (m.find()) {
                put("os_wait_reservation_count", m.group(1), n);
            }
            if (l.startsWith("OS WAIT ARRAY INFO") && (m = SIGNAL.matcher(l)).find()) {
                put("os_wait_signal_count", m.group(1), n);
            }
            if (l.startsWith("Mutex spin waits")) {
                mysql5 = true;
            }
            if (pendingWait != null) {
                InnodbStatus.SemaphoreWait w = pendingWait;
                waits.add(new InnodbStatus.SemaphoreWait(w.thread(), w.file(), w.fileLine(), w.seconds(), l.strip(), w.line()));
                pendingWait = null;
                values.put("semaphore_waits", new InnodbStatus.Value(waits.size(), n - 1));
                return;
            }
            if ((m = WAIT.matcher(l)).find()) {
                String file = m.group(2);
                int slash = file.lastIndexOf('/');
                pendingWait = new InnodbStatus.SemaphoreWait(m.group(1), slash >= 0 ? file.substring(slash + 1) : file,
                        Integer.parseInt(m.group(3)), Double.parseDouble(m.group(4)), "", n);
            }
        }

        void fileIo(String l, int n) {
            Matcher m = AIO.matcher(l);
            if (m.find()) {
                put("pending_aio_reads", Double.toString(pending(m.group(1), m.group(2))), n);
                put("pending_aio_writes", Double.toString(pending(m.group(3), m.group(4))), n);
                return;
            }
            if ((m = FSYNC_MYSQL.matcher(l)).find()) {
                put("pending_log_flushes", m.group(1), n);
                put("pending_buffer_pool_flushes", m.group(2), n);
                put("pending_fsyncs", Long.toString(Long.parseLong(m.group(1)) + Long.parseLong(m.group(2))), n);
                mysql5 = true;
                return;
            }
            if ((m = FSYNC_MARIADB.matcher(l)).find()) {
                put("pending_fsyncs", m.group(1), n);
                mariadb = true;
                return;
            }
            if ((m = OS_FILES.matcher(l)).find()) {
                put("os_file_reads", m.group(1), n);
                put("os_file_writes", m.group(2), n);
                put("os_fsyncs", m.group(3), n);
            }
        }

        /** The total when printed, else the sum of the per-thread list. */
        private static double pending(String total, String list) {
            if (total != null) {
                return Double.parseDouble(total);
            }
            double s = 0;
            if (list != null) {
                for (String p : list.split(",")) {
                    if (!p.isBlank()) {
                        s += Double.parseDouble(p.strip());
                    }
                }
            }
            return s;
        }

        void bufferPool(String l, int n) {
            plain(l, n);
            Matcher m = PENDING_WRITES.matcher(l);
            if (m.find()) {
                long sum = Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)) + (m.group(3) == null ? 0 : Long.parseLong(m.group(3)));
                put("pending_writes_lru", m.group(1), n);
                put("pending_writes_flush_list", m.group(2), n);
                put("pending_writes", Long.toString(sum), n);
            } else if ((m = YOUNG.matcher(l)).find()) {
                put("pages_made_young", m.group(1), n);
                put("pages_made_not_young", m.group(2), n);
            } else if ((m = YOUNG_RATE.matcher(l)).find()) {
                put("youngs_per_second", m.group(1), n);
                put("non_youngs_per_second", m.group(2), n);
            } else if ((m = HIT.matcher(l)).find()) {
                double den = Double.parseDouble(m.group(2));
                if (den > 0) {
                    values.put("buffer_pool_hit_rate", new InnodbStatus.Value(100 * Double.parseDouble(m.group(1)) / den, n));
                }
                if (m.group(3) != null && Double.parseDouble(m.group(4)) > 0 && Double.parseDouble(m.group(6)) > 0) {
                    values.put("young_making_rate", new InnodbStatus.Value(100 * Double.parseDouble(m.group(3)) / Double.parseDouble(m.group(4)), n));
                    values.put("not_young_making_rate", new InnodbStatus.Value(100 * Double.parseDouble(m.group(5)) / Double.parseDouble(m.group(6)), n));
                }
            }
        }

        void rows(String l, int n) {
            Matcher m = ROWS.matcher(l);
            if (m.find()) {
                put("rows_inserted", m.group(1), n);
                put("rows_updated", m.group(2), n);
                put("rows_deleted", m.group(3), n);
                put("rows_read", m.group(4), n);
            } else if ((m = ROW_RATES.matcher(l)).find()) {
                put("rows_inserted_per_second", m.group(1), n);
                put("rows_updated_per_second", m.group(2), n);
                put("rows_deleted_per_second", m.group(3), n);
                put("rows_read_per_second", m.group(4), n);
            }
        }

        void plain(String l, int n) {
            Map<String, String> names = PLAIN.get(section);
            if (names == null) {
                return;
            }
            for (var e : names.entrySet()) {
                if (l.startsWith(e.getKey())) {
                    String rest = l.substring(e.getKey().length()).strip();
                    if (rest.startsWith(":")) {
                        rest = rest.substring(1).strip();
                    }
                    int sp = rest.indexOf(' ');
                    String num = sp < 0 ? rest : rest.substring(0, sp);
                    if (num.matches("\\d+")) {
                        put(e.getValue(), num, n);
                    }
                    return;
                }
            }
        }

        void put(String name, String number, int n) {
            values.putIfAbsent(name, new InnodbStatus.Value(Double.parseDouble(number), n));
        }

        static String stripTrailing(String s) {
            int e = s.length();
            while (e > 0 && (s.charAt(e - 1) == ' ' || s.charAt(e - 1) == '\t' || s.charAt(e - 1) == '\r')) {
                e--;
            }
            return s.substring(0, e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    @Override
    public Map<String, Object> summarize(InnodbStatus value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("snapshots", value.snapshots().size());
        out.put("layout", value.layout());
        InnodbStatus.Snapshot last = value.last();
        out.put("time", last.timestamp());
        for (String name : List.of("averages_seconds", "history_list_length", "log_sequence_number", "log_flushed_up_to",
                "last_checkpoint_at", "checkpoint_age", "pending_reads", "pending_writes", "pending_aio_reads", "pending_aio_writes",
                "pending_fsyncs", "pending_log_flushes", "pending_buffer_pool_flushes", "os_wait_reservation_count",
                "os_wait_signal_count", "buffer_pool_hit_rate", "young_making_rate", "not_young_making_rate",
                "buffer_pool_pages_total", "buffer_pool_pages_free", "buffer_pool_pages_data", "buffer_pool_pages_modified",
                "pages_made_young", "pages_made_not_young", "rows_inserted_per_second", "rows_updated_per_second",
                "rows_deleted_per_second", "rows_read_per_second")) {
            last.value(name).ifPresent(v -> out.put(name, number(v)));
        }
        out.put("semaphore_waits", last.semaphoreWaits().size());
        double longest = last.semaphoreWaits().stream().mapToDouble(InnodbStatus.SemaphoreWait::seconds).max().orElse(0);
        out.put("longest_semaphore_wait_seconds", number(longest));
        InnodbStatus.Transaction oldest = last.oldestTransaction();
        if (oldest != null) {
            out.put("oldest_active_transaction_seconds", oldest.activeSeconds());
        }
        out.put("latest_deadlock", last.hasDeadlock() ? "yes" : "no");
        if (last.hasDeadlock()) {
            out.put("latest_deadlock_time", last.deadlockTime());
        }
        if (value.snapshots().size() > 1) {
            out.put("first_time", value.snapshots().get(0).timestamp());
            value.snapshots().get(0).value("history_list_length").ifPresent(v -> out.put("history_list_length_first", number(v)));
        }
        List<String> other = new ArrayList<>();
        for (InnodbStatus.Section s : last.otherSections()) {
            other.add(s.name());
        }
        out.put("other_sections", other);
        return out;
    }

    private static Object number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? (Object) (long) v : (Object) (Math.round(v * 100) / 100.0);
    }
}
