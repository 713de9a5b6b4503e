package io.tunescope.importers.perfscript;

/**
 * The one {@code perf script} line parser, byte-based, allocation-free: {@link #parse} classifies a line
 * and leaves the spans of its fields in public fields, valid until the next call. The importer and the
 * {@link PerfScriptCollapser} both consume it through {@link PerfScriptFolder}.
 *
 * <p>The classification follows FlameGraph's {@code stackcollapse-perf.pl} exactly, byte for byte:
 * <ul>
 * <li>a line starting with {@code #} is a comment;</li>
 * <li>an empty line ends a sample;</li>
 * <li>a sample header is what {@code /^(\S.+?)\s+(\d+)\/*(\d+)*\s+/} matches: the command (at least two
 *     characters, may contain spaces), then the TID, or PID/TID;</li>
 * <li>otherwise a frame is what {@code /^\s*(\w+)\s*(.+) \((.*)\)/} matches: address, symbol (with
 *     offset, inlined {@code a->b} parts), module in parentheses at the last {@code " ("} (it may hold spaces:
 *     {@code [JIT app cache]});</li>
 * <li>anything else is an unrecognised line.</li>
 * </ul>
 * For a header the event and period are read twice: the way the script does
 * ({@code /:\s*(\d+)*\s+(\S+):\s*$/}, which finds no event when the line has no timestamp or carries
 * tracepoint arguments) in {@link #perlEventStart}, and by a field-by-field reading that also names the
 * event of tracepoint lines and timestamp-less lines in {@link #eventStart}.
 */
public final class PerfScriptParser {

    public enum Kind { COMMENT, BLANK, SAMPLE, FRAME, OTHER }

    /** The line last parsed. */
    public byte[] buf;
    public int lineStart;
    public int lineEnd;

    /** Sample header: command, PID (absent when the line gives only a TID) and TID. */
    public int commStart;
    public int commEnd;
    public boolean hasPid;
    public int pidStart;
    public int pidEnd;
    public int tidStart;
    public int tidEnd;
    /** The event as the reference script reads it; -1 when its pattern does not match. */
    public int perlEventStart;
    public int perlEventEnd;
    /** The reference script's period digits (empty span when none); valid when perlEventStart >= 0. */
    public int perlPeriodStart;
    public int perlPeriodEnd;
    /** The event read field by field (also for tracepoints and lines without timestamp); -1 when none. */
    public int eventStart;
    public int eventEnd;
    /** The period read field by field; -1 when the line has none. */
    public long period;
    /** Where the text after the event starts (tracepoint arguments, or "ip sym (dso)" without -g); -1: none. */
    public int restStart;
    /** The sample's timestamp ({@code 1234.567890:}) in nanoseconds of perf's clock; -1 when the line has none. */
    public long timeNs;
    /** The sample's CPU ({@code [001]}); -1 when the line has none. */
    public int cpu;
    /**
     * True when the header pattern took the time and CPU into the command (perf's unknown-thread sample
     * {@code ":-1    -1 [001]   477.959141:   20408163 cpu-clock:"}: the pattern needs a TID of digits) and
     * they were read again from the line: then {@link #recoveredCommEnd} and {@link #recoveredTid} are the
     * command's end and the TID as printed (-1 for that sample). Stacks keep the pattern's reading.
     */
    public boolean recovered;
    public int recoveredCommEnd;
    public int recoveredTid;

    /** Frame: address, raw symbol, module (without the parentheses). */
    public int pcStart;
    public int pcEnd;
    public int funcStart;
    public int funcEnd;
    public int modStart;
    public int modEnd;

    /** Perl's {@code \s}: space, tab, CR, LF, FF, VT. */
    static boolean ws(byte c) {
        return (CLS[c & 0xFF] & WS) != 0;
    }

    private static final byte WS = 1;
    private static final byte WORD = 2;
    private static final byte DIGIT = 4;
    /** Where the backward module scan stops: '(' or whitespace. */
    private static final byte STOP = 8;
    private static final byte[] CLS = new byte[256];

    static {
        for (char c : new char[] {' ', '\t', '\r', '\n', '\f', 0x0B}) {
            CLS[c] |= WS | STOP;
        }
        for (int c = 0; c < 256; c++) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') {
                CLS[c] |= WORD;
            }
            if (c >= '0' && c <= '9') {
                CLS[c] |= DIGIT;
            }
        }
        CLS['('] |= STOP;
    }

    static boolean digit(byte c) {
        return (CLS[c & 0xFF] & DIGIT) != 0;
    }

    /** Perl's {@code \w} on bytes (no locale, no Unicode rules). */
    static boolean word(byte c) {
        return (CLS[c & 0xFF] & WORD) != 0;
    }

    /**
     * Also read indented sample lines ({@code perf script} without call chains right-aligns the command:
     * {@code "      mysqld 1234 ... cycles:  7f.. sym (dso)"}) when they name an event and do not follow a
     * frame line. The reference script reads those as frames; the importer turns this on.
     */
    public boolean lenient;
    /**
     * Read only what the reference script reads from a sample line (command, PID/TID, {@link #perlEventStart} and its
     * period): the field-by-field reading ({@link #eventStart}, {@link #period}, {@link #timeNs}, {@link #cpu},
     * {@link #restStart}, {@link #recovered}) is skipped and those fields are not set. Only without {@link #lenient}.
     */
    public boolean perlOnly;
    private Kind previous = Kind.BLANK;

    /**
     * True when an indented line is read now without trying the sample-header pattern (strict mode, or the
     * line before was a frame): then a line known to be a frame is a frame here too, whatever else it holds,
     * and a caller may skip {@link #parse} for it ({@link #frameSeen()} keeps the state).
     */
    public boolean indentedIsFrameOnly() {
        return !lenient || previous == Kind.FRAME;
    }

    /** Records that the caller read the current line as a frame without {@link #parse} (field spans not set). */
    public void frameSeen() {
        previous = Kind.FRAME;
    }

    /** Classifies {@code b[start, end)} (one line without its terminator). */
    public Kind parse(byte[] b, int start, int end) {
        Kind k = classify(b, start, end);
        previous = k;
        return k;
    }

    private Kind classify(byte[] b, int start, int end) {
        buf = b;
        lineStart = start;
        lineEnd = end;
        if (end == start) {
            return Kind.BLANK;
        }
        byte c0 = b[start];
        if (c0 == '#') {
            return Kind.COMMENT;
        }
        if (!ws(c0)) {
            if (header(b, start, end)) {
                return Kind.SAMPLE;
            }
        } else if (lenient && previous != Kind.FRAME) {
            int s = start;
            while (s < end && ws(b[s])) {
                s++;
            }
            if (s < end && header(b, s, end) && eventStart >= 0) {
                return Kind.SAMPLE;
            }
        }
        if (frame(b, start, end)) {
            return Kind.FRAME;
        }
        return Kind.OTHER;
    }

    /** {@code /^(\S.+?)\s+(\d+)\/*(\d+)*\s+/}: the shortest command after which the pattern holds. */
    private boolean header(byte[] b, int start, int end) {
        for (int e = start + 2; e < end; e++) {
            if (!ws(b[e])) {
                continue;
            }
            int f = e + 1;
            while (f < end && ws(b[f])) {
                f++;
            }
            int g = f;
            while (g < end && digit(b[g])) {
                g++;
            }
            if (g == f) {
                e = f - 1;
                continue;
            }
            int h = g;
            while (h < end && b[h] == '/') {
                h++;
            }
            int i = h;
            while (i < end && digit(b[i])) {
                i++;
            }
            if (i >= end || !ws(b[i])) {
                e = f - 1;
                continue;
            }
            commStart = start;
            commEnd = e;
            // Perl: "if (not $tid)": a missing TID, or a TID that is exactly "0", means "TID only".
            boolean tidMissing = i == h || (i - h == 1 && b[h] == '0');
            if (tidMissing) {
                hasPid = false;
                tidStart = f;
                tidEnd = g;
            } else {
                hasPid = true;
                pidStart = f;
                pidEnd = g;
                tidStart = h;
                tidEnd = i;
            }
            perlEvent(b, start, end);
            if (perlOnly && !lenient) {
                return true;
            }
            fields(b, i, end);
            recovered = false;
            if (timeNs < 0) {
                recover(b, start, commEnd);
            }
            return true;
        }
        return false;
    }

    /** {@code /:\s*(\d+)*\s+(\S+):\s*$/} read from the end of the line. */
    private void perlEvent(byte[] b, int start, int end) {
        perlEventStart = -1;
        int t = end;
        while (t > start && ws(b[t - 1])) {
            t--;
        }
        if (t - start < 2 || b[t - 1] != ':') {
            return;
        }
        int es = t - 1;
        while (es > start && !ws(b[es - 1])) {
            es--;
        }
        if (es == t - 1 || es == start) {
            return;
        }
        int j = es - 1;
        while (j >= start && ws(b[j])) {
            j--;
        }
        int dEnd = j + 1;
        while (j >= start && digit(b[j])) {
            j--;
        }
        int dStart = j + 1;
        while (j >= start && ws(b[j])) {
            j--;
        }
        if (j < start || b[j] != ':') {
            return;
        }
        perlEventStart = es;
        perlEventEnd = t - 1;
        perlPeriodStart = dStart;
        perlPeriodEnd = dEnd;
    }

    /** Field-by-field reading after the PID/TID: [cpu] time: period event: (tracepoint args...). */
    private void fields(byte[] b, int pos, int end) {
        eventStart = -1;
        period = -1;
        restStart = -1;
        timeNs = -1;
        cpu = -1;
        long pendingPeriod = -1;
        while (pos < end) {
            int s = skipWs(b, pos, end);
            pos = tokenEnd(b, s, end);
            if (s == pos) {
                return;
            }
            byte first = b[s];
            byte last = b[pos - 1];
            if (first == '[' && last == ']') {
                cpu = digits(b, s + 1, pos - 1);   // [cpu]
                continue;
            }
            if (last == ':') {
                if (timeToken(b, s, pos - 1)) {
                    timeNs = seconds(b, s, pos - 1); // 1234.567890:
                    continue;
                }
                if (pos - 1 > s) {
                    eventStart = s;
                    eventEnd = pos - 1;
                    period = pendingPeriod;
                    while (pos < end && ws(b[pos])) {
                        pos++;
                    }
                    restStart = pos < end ? pos : -1;
                }
                return;
            }
            boolean num = true;
            long v = 0;
            for (int k = s; k < pos; k++) {
                if (!digit(b[k]) || k - s > 17) {
                    num = false;
                    break;
                }
                v = v * 10 + (b[k] - '0');
            }
            if (!num) {
                return;
            }
            pendingPeriod = v;
        }
    }

    /** Looks in the command span for "TID [cpu] time:" and reads them when they are there. */
    private void recover(byte[] b, int start, int end) {
        int prevS = -1;
        int prevE = -1;
        int pos = start;
        while (pos < end) {
            int s = skipWs(b, pos, end);
            pos = tokenEnd(b, s, end);
            if (s == pos) {
                return;
            }
            if (b[s] == '[' && b[pos - 1] == ']' && prevS > start) {
                int c = digits(b, s + 1, pos - 1);
                int q = skipWs(b, pos, end);
                int r = tokenEnd(b, q, end);
                boolean neg = b[prevS] == '-';
                int tid = digits(b, neg ? prevS + 1 : prevS, prevE);
                long t = r - q >= 2 && b[r - 1] == ':' && timeToken(b, q, r - 1) ? seconds(b, q, r - 1) : -1;
                if (c < 0 || tid < 0 || t < 0) {
                    return;
                }
                int ce = prevS;
                while (ce > start && ws(b[ce - 1])) {
                    ce--;
                }
                cpu = c;
                timeNs = t;
                recovered = true;
                recoveredCommEnd = ce;
                recoveredTid = neg ? -tid : tid;
                return;
            }
            prevS = s;
            prevE = pos;
        }
    }

    /** Decimal digits as an int; -1 when empty, not all digits, or too long. */
    private static int digits(byte[] b, int s, int e) {
        if (e <= s || e - s > 9) {
            return -1;
        }
        int v = 0;
        for (int k = s; k < e; k++) {
            if (!digit(b[k])) {
                return -1;
            }
            v = v * 10 + (b[k] - '0');
        }
        return v;
    }

    /** Digits and dots only, at least one byte: what perf prints as a time (read by {@link #seconds}). */
    private static boolean timeToken(byte[] b, int s, int e) {
        for (int k = s; k < e; k++) {
            if (!digit(b[k]) && b[k] != '.') {
                return false;
            }
        }
        return e > s;
    }

    private static int skipWs(byte[] b, int pos, int end) {
        while (pos < end && ws(b[pos])) {
            pos++;
        }
        return pos;
    }

    private static int tokenEnd(byte[] b, int pos, int end) {
        while (pos < end && !ws(b[pos])) {
            pos++;
        }
        return pos;
    }

    /**
     * {@code SSSS.fffffffff} (digits and at most one dot, at most nine decimals used) as nanoseconds; -1 when
     * not that (empty, another byte, more than ten digits before the dot).
     */
    private static long seconds(byte[] b, int s, int e) {
        if (e <= s) {
            return -1;
        }
        long whole = 0;
        long frac = 0;
        int fracDigits = -1;
        for (int k = s; k < e; k++) {
            byte c = b[k];
            if (c == '.') {
                if (fracDigits >= 0) {
                    return -1;
                }
                fracDigits = 0;
            } else if (!digit(c)) {
                return -1;
            } else if (fracDigits < 0) {
                if (k - s > 10) {
                    return -1;
                }
                whole = whole * 10 + (c - '0');
            } else if (fracDigits < 9) {
                frac = frac * 10 + (c - '0');
                fracDigits++;
            }
        }
        for (int k = Math.max(fracDigits, 0); k < 9; k++) {
            frac *= 10;
        }
        return whole * 1_000_000_000L + frac;
    }

    /**
     * The "ip sym (dso)" that {@code perf script} without call chains prints after the event on the sample
     * line itself: a frame whose address is hexadecimal. Sets the frame fields.
     */
    public boolean inlineFrame() {
        if (restStart < 0 || !frame(buf, restStart, lineEnd)) {
            return false;
        }
        if (pcEnd >= lineEnd || !ws(buf[pcEnd])) {
            return false;
        }
        for (int i = pcStart; i < pcEnd; i++) {
            byte c = buf[i];
            if (!(digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code /^\s*(\w+)\s*(.+) \((.*)\)/} (FlameGraph since 2023-11, "Handle spaces in file paths"): the module
     * starts at the last {@code " ("} that some later {@code ')'} closes and ends at the line's last {@code ')'},
     * so a module with spaces ({@code [JIT app cache]}, a path with a space) keeps its frame.
     */
    private boolean frame(byte[] b, int start, int end) {
        int lead = start;
        while (lead < end && ws(b[lead])) {
            lead++;
        }
        int w = lead;
        while (w < end && word(b[w])) {
            w++;
        }
        if (w == lead) {
            return false;
        }
        // greedy (.*)\): the line's last ')'; greedy (.+) before " (": the last " (" left of it
        int q = end - 1;
        while (q > w && b[q] != ')') {
            q--;
        }
        int p = q - 2;
        while (p > w - 1 && !(b[p] == ' ' && b[p + 1] == '(')) {
            p--;
        }
        if (q <= w || p <= w - 1) {
            q = -1;
        }
        if (q < 0) {
            return false;
        }
        int s = w;
        while (s < end && ws(b[s])) {
            s++;
        }
        int pcE = w;
        int fs;
        if (p > s) {
            fs = s;
        } else if (p > w) {
            fs = p - 1;                            // "pc  (mod)": the symbol is the one space Perl leaves
        } else if (p - 1 > lead) {
            pcE = p - 1;                           // "ab (mod)": Perl backtracks into the address
            fs = p - 1;
        } else {
            return false;
        }
        pcStart = lead;
        pcEnd = pcE;
        funcStart = fs;
        funcEnd = p;
        modStart = p + 2;
        modEnd = q;
        return true;
    }
}
