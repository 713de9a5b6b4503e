package io.tunescope.importers.perfreport;

import io.tunescope.model.perfreport.CallChainNode;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.perfreport.PerfReportEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Line-by-line reader of {@code perf report --stdio} text: perf header, per-event sections
 * ({@code # Samples: 1K of event 'cycles'}, {@code # Event count (approx.)}), the column titles (laid
 * out by the dotted line under them), entry lines, and the call-graph block under each entry in both
 * the current ({@code |--12.34%--foo}) and the old ({@code --- foo}, {@code |--83.31%-- bar}) styles.
 * The nesting of call-graph nodes is read from the column at which each name starts.
 */
public final class PerfReportParser {
    private static final Pattern SAMPLES = Pattern.compile("^# Samples: (\\S+)\\s+of event '(.*)'\\s*$");
    private static final Pattern EVENT_COUNT = Pattern.compile("^# Event count \\(approx\\.\\): (\\d+)");
    private static final Pattern HEADER_KV = Pattern.compile("^# ([a-zA-Z][\\w .()/-]*+)\\s*+: (.*)$");
    private static final Pattern DOTS = Pattern.compile("^#(?:\\s++\\.++)++\\s*+$");
    private static final Pattern TWO_SPACES = Pattern.compile(" {2,}");
    private static final Pattern ENTRY = Pattern.compile("^\\s*\\d+(\\.\\d+)?%\\s");
    private static final Pattern BRANCH = Pattern.compile("^--(\\d+(?:\\.\\d+)?)(%?)--(.*)$");
    private static final Set<String> STRING_COLUMNS = Set.of("Command", "Shared Object", "Symbol", "Pid:Command",
            "Parent symbol", "Source:Line", "Srcfile", "Local Weight", "Memory access", "Snoop", "TLB access",
            "Locked", "Data Symbol", "Data Object", "Branch Mispredicted", "Source Symbol", "Target Symbol",
            "Source Shared Object", "Target Shared Object", "Cgroup", "Transaction", "Trace", "Socket", "CPU",
            "Time", "Code Page Size", "Data Page Size", "In Tx", "Abort", "Blocked", "Type", "Weight",
            "Symbol Size", "Dso Size", "Local INSTR Latency", "Pipeline Stage Cycle", "Addr", "Inst Offset",
            "Parallelism");

    private final BiConsumer<Long, String> warn;
    private final Map<String, String> header = new LinkedHashMap<>();
    private final List<PerfReport.Section> sections = new ArrayList<>();
    private boolean inHeaderBlock;

    // current section
    private String event = "";
    private String samplesText = "";
    private long samples = -1;
    private long eventCount = -1;
    private List<String> columns = List.of();
    private List<PerfReportEntry> entries = new ArrayList<>();
    private boolean sectionOpen;
    private String previousComment = "";

    // current entry
    private PendingEntry entry;
    private final List<Node> path = new ArrayList<>();
    private long lineNo;
    /** The deepest call chain kept: far beyond perf's own limit (perf_event_max_stack, 127 by default). */
    static final int MAX_CHAIN_DEPTH = 1024;
    private boolean chainCut;

    public PerfReportParser(BiConsumer<Long, String> warn) {
        this.warn = warn;
    }

    private static final class Node {
        final String name;
        final Double pct;
        final int col;
        final List<Node> kids = new ArrayList<>();
        int depth;

        Node(String name, Double pct, int col) {
            this.name = name;
            this.pct = pct;
            this.col = col;
        }

        CallChainNode freeze() {
            List<CallChainNode> k = new ArrayList<>(kids.size());
            for (Node n : kids) {
                k.add(n.freeze());
            }
            return new CallChainNode(name, pct, k);
        }
    }

    private record PendingEntry(Double children, double self, Long samples, Long period, String command, String dso,
                                String symbol, char level, Map<String, String> other, List<Node> roots, long line) {
    }

    public void line(String l, long number) {
        lineNo = number;
        if (l.startsWith("#")) {
            endEntry();
            comment(l);
            return;
        }
        if (l.isBlank()) {
            endEntry();
            return;
        }
        char first = io.tunescope.importers.Head.firstNonSpace(l); // ENTRY needs a digit first (call graph lines fail here)
        if (!columns.isEmpty() && first >= '0' && first <= '9' && ENTRY.matcher(l).find()) {
            endEntry();
            entryLine(l);
            return;
        }
        if (entry != null) {
            graphLine(l);
            return;
        }
        warn.accept(number, "not a perf report line: " + abbreviate(l));
    }

    public PerfReport finish() {
        endEntry();
        endSection();
        return new PerfReport(header, sections);
    }

    public int entryCount() {
        int n = entries.size();
        for (PerfReport.Section s : sections) {
            n += s.entries().size();
        }
        return n;
    }

    private void comment(String l) {
        if (l.startsWith("# ========")) {
            inHeaderBlock = !inHeaderBlock;
            previousComment = l;
            return;
        }
        Matcher m = SAMPLES.matcher(l);
        if (m.find()) {
            endSection();
            sectionOpen = true;
            samplesText = m.group(1);
            samples = approx(samplesText);
            event = m.group(2);
            previousComment = l;
            return;
        }
        m = EVENT_COUNT.matcher(l);
        if (m.find()) {
            sectionOpen = true;
            eventCount = parseLong(m.group(1));
            previousComment = l;
            return;
        }
        if (DOTS.matcher(l).matches()) {
            sectionOpen = true;
            columns = titles(previousComment, l);
            previousComment = l;
            return;
        }
        if (inHeaderBlock) {
            m = HEADER_KV.matcher(l);
            if (m.find()) {
                header.putIfAbsent(m.group(1).trim(), m.group(2).trim());
            }
        }
        previousComment = l;
    }

    /** Column titles: the text of the title line above each run of dots. */
    static List<String> titles(String titleLine, String dots) {
        List<int[]> groups = new ArrayList<>();
        int i = 1;
        while (i < dots.length()) {
            while (i < dots.length() && dots.charAt(i) != '.') {
                i++;
            }
            int s = i;
            while (i < dots.length() && dots.charAt(i) == '.') {
                i++;
            }
            if (i > s) {
                groups.add(new int[] {s, i});
            }
        }
        List<String> out = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            int s = groups.get(g)[0];
            int e = g + 1 < groups.size() ? groups.get(g + 1)[0] : titleLine.length();
            // numeric titles are right-aligned and may start left of their dots
            int ps = g == 0 ? 1 : groups.get(g - 1)[1];
            String t = titleLine.length() > ps ? titleLine.substring(Math.min(ps, titleLine.length()), Math.min(e, titleLine.length())).trim() : "";
            if (t.isEmpty() && titleLine.length() > s) {
                t = titleLine.substring(s, Math.min(e, titleLine.length())).trim();
            }
            out.add(t);
        }
        return out;
    }

    private void entryLine(String l) {
        Double children = null;
        double self = 0;
        Long samplesCol = null;
        Long period = null;
        String command = "";
        String dso = "";
        String symbol = "";
        char level = ' ';
        Map<String, String> other = new LinkedHashMap<>();
        int pos = 0;
        int n = l.length();
        int c = 0;
        // numeric columns lead: whitespace-separated tokens
        for (; c < columns.size() && !STRING_COLUMNS.contains(columns.get(c)); c++) {
            while (pos < n && l.charAt(pos) == ' ') {
                pos++;
            }
            int s = pos;
            while (pos < n && l.charAt(pos) != ' ') {
                pos++;
            }
            String tok = l.substring(s, pos);
            String title = columns.get(c);
            try {
                boolean pct = tok.endsWith("%");
                String num = pct ? tok.substring(0, tok.length() - 1) : tok;
                switch (title) {
                    case "Children" -> children = Double.parseDouble(num);
                    case "Self", "Overhead" -> self = Double.parseDouble(num);
                    case "Samples" -> samplesCol = Long.parseLong(num);
                    case "Period" -> period = Long.parseLong(num);
                    default -> other.put(title, tok);
                }
            } catch (NumberFormatException e) {
                warn.accept(lineNo, "column '" + title + "' is not a number: " + abbreviate(tok));
            }
        }
        // string columns: separated by two or more spaces; the last one takes the rest of the line
        int left = columns.size() - c;
        if (left > 0) {
            String rest = l.substring(Math.min(pos, n)).strip();
            String[] parts = TWO_SPACES.split(rest, left);
            for (int k = 0; k < left; k++) {
                String title = columns.get(c + k);
                String v = k < parts.length ? parts[k].strip() : "";
                switch (title) {
                    case "Command" -> command = v;
                    case "Shared Object" -> dso = v;
                    case "Symbol" -> {
                        if (v.length() >= 4 && v.charAt(0) == '[' && v.charAt(2) == ']' && v.charAt(3) == ' ') {
                            level = v.charAt(1);
                            v = v.substring(4).strip();
                        } else if (v.length() == 3 && v.charAt(0) == '[' && v.charAt(2) == ']') {
                            level = v.charAt(1);
                            v = "";
                        }
                        symbol = v;
                    }
                    default -> other.put(title, v);
                }
            }
        }
        if (!columns.contains("Children") && !columns.contains("Self") && !columns.contains("Overhead")) {
            warn.accept(lineNo, "entry without an overhead column");
        }
        entry = new PendingEntry(children, self, samplesCol, period, command, dso, symbol, level, other,
                new ArrayList<>(), lineNo);
        path.clear();
    }

    private void graphLine(String l) {
        int k = 0;
        int n = l.length();
        while (k < n && (l.charAt(k) == ' ' || l.charAt(k) == '|')) {
            k++;
        }
        if (k >= n) {
            return;                                  // spacer "|          "
        }
        String content = l.substring(k);
        String name;
        Double pct = null;
        int nameCol;
        boolean chainStart = false;
        if (content.startsWith("---")) {
            String r = content.substring(3);
            int lead = r.length() - r.stripLeading().length();
            name = r.strip();
            nameCol = k + 3 + lead;
            chainStart = true;
        } else {
            Matcher m = BRANCH.matcher(content);
            if (m.matches()) {
                double v = Double.parseDouble(m.group(1));
                pct = m.group(2).isEmpty() ? null : v;
                name = m.group(3).strip();
                // the column right after "%--": the old style puts a space there, and its chain continues there
                nameCol = k + content.indexOf("--", 2) + 2;
                chainStart = true;
            } else {
                name = content.strip();
                nameCol = k;
            }
        }
        if (name.isEmpty()) {
            return;
        }
        Node node = new Node(name, pct, nameCol);
        if (chainStart) {
            while (!path.isEmpty() && path.get(path.size() - 1).col >= nameCol) {
                path.remove(path.size() - 1);
            }
        } else {
            while (!path.isEmpty() && path.get(path.size() - 1).col > nameCol) {
                path.remove(path.size() - 1);
            }
        }
        node.depth = path.isEmpty() ? 1 : path.get(path.size() - 1).depth + 1;
        if (node.depth > MAX_CHAIN_DEPTH) {
            // a chain deeper than any perf records (kernel.perf_event_max_stack is 127 by default): the
            // frames past the bound are left out, once said per entry, so that nothing downstream recurses
            // ten thousand levels deep
            if (!chainCut) {
                chainCut = true;
                warn.accept(lineNo, "call chain deeper than " + MAX_CHAIN_DEPTH + " frames; the deeper frames were left out");
            }
            return;
        }
        if (path.isEmpty()) {
            entry.roots().add(node);
        } else {
            path.get(path.size() - 1).kids.add(node);
            if (!chainStart && path.get(path.size() - 1).col == nameCol) {
                path.remove(path.size() - 1);        // a straight chain: the new node takes its column
            }
        }
        path.add(node);
    }

    private void endEntry() {
        chainCut = false;
        if (entry == null) {
            return;
        }
        List<CallChainNode> roots = new ArrayList<>();
        for (Node r : entry.roots()) {
            roots.add(r.freeze());
        }
        entries.add(new PerfReportEntry(entry.children(), entry.self(), entry.samples(), entry.period(),
                entry.command(), entry.dso(), entry.symbol(), entry.level(), entry.other(), roots, entry.line()));
        entry = null;
        path.clear();
    }

    private void endSection() {
        if (sectionOpen || !entries.isEmpty()) {
            sections.add(new PerfReport.Section(event, samplesText, samples, eventCount, columns, entries));
        }
        sectionOpen = false;
        event = "";
        samplesText = "";
        samples = -1;
        eventCount = -1;
        entries = new ArrayList<>();
    }

    /** {@code 1K} = 1000, {@code 2M} = 2000000, {@code 127} = 127. */
    static long approx(String s) {
        if (s.isEmpty()) {
            return -1;
        }
        char last = Character.toUpperCase(s.charAt(s.length() - 1));
        long mul = switch (last) {
            case 'K' -> 1_000L;
            case 'M' -> 1_000_000L;
            case 'G' -> 1_000_000_000L;
            default -> 1L;
        };
        String num = mul == 1 ? s : s.substring(0, s.length() - 1);
        try {
            return Math.round(Double.parseDouble(num) * mul);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }
}
