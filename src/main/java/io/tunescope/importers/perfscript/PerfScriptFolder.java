package io.tunescope.importers.perfscript;

import io.tunescope.importers.ByteLines;
import io.tunescope.model.stack.ByteInterner;
import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Folds {@code perf script} lines into interned stacks: the state machine of FlameGraph's
 * {@code stackcollapse-perf.pl} (process name, stack, period, event filter) over {@link PerfScriptParser},
 * with its frame-name tidying. One reusable stack buffer; each distinct (symbol, module) line is named
 * once and then found in a cache, so the steady state allocates nothing per line.
 */
public final class PerfScriptFolder {

    /**
     * Sees every sample the folder keeps (the importers of tracepoint recordings read the sample's own fields
     * beside its stack): {@link #header} while the parser still holds the sample line, {@link #ended} with the
     * sample's stack (root first: process frame, then the call chain) when the sample ends.
     */
    public interface SampleObserver {
        void header(PerfScriptParser line, int eventIndex);

        void ended(int eventIndex, int[] rootFirst, int depth);
    }

    /** Receives the lines the folder could not read. */
    @FunctionalInterface
    public interface Problems {
        void unrecognised(long line, String text);
    }

    private static final byte[] UNKNOWN = bytes("[unknown]");
    private static final byte[] UNKNOWN_WORD = bytes("unknown");
    private static final byte[] VMLINUX = bytes("vmlinux");
    private static final byte[] ANON_NS = bytes("anonymous namespace)");
    private static final byte[] INL = bytes("_[i]");
    private static final byte[] KER = bytes("_[k]");
    private static final byte[] JIT = bytes("_[j]");
    private static final byte[] TMP_PERF = bytes("/tmp/perf-");

    private final FoldOptions opt;
    private final PerfScriptParser p = new PerfScriptParser();
    private final FrameTable frames;
    private final List<String> events = new ArrayList<>();
    private final List<StackTable> tables = new ArrayList<>();
    private final Problems problems;

    // state of the reference script: $pname defined?, @stack, $m_period, event filter
    private boolean inSample;
    private int pnameFrame;
    private boolean java;
    private int eventIndex;
    private long period;
    private byte[] filter;
    private int[] leafFirst = new int[128];
    private long[] pcs = new long[128];
    private boolean sampleHasInlined;
    private int depth;
    private int[] rootFirst = new int[128];
    private boolean anyPeriod;
    private long unrecognised;
    private long linesSeen;

    // the samples one by one (importer only): the current sample's header fields until it ends
    private SampleColumns.Builder samples;
    private final ByteInterner commKeys = new ByteInterner();
    private long sampleTime;
    private int sampleCpu;
    private int samplePid;
    private int sampleTid;
    private int sampleComm;

    // whole indented frame lines as printed -> cache entry and address, one table per Java tidying (off, on);
    // at most LINE_CACHE_BYTES of line bytes, so that memory stays bounded whatever the input
    static final long LINE_CACHE_BYTES = 8L << 20;
    /** Line bytes this folder remembers at most (tests set 0: every line parsed). */
    long lineCacheLimit = LINE_CACHE_BYTES;
    private final ByteInterner[] lineKeys = {new ByteInterner(), new ByteInterner()};
    private final int[][] lineEntry = {new int[256], new int[256]};
    private final long[][] linePc = {new long[256], new long[256]};
    private long lineBytes;

    // whole frame blocks (a sample's frame lines up to its blank line) -> the frames they push; at most
    // BLOCK_CACHE_BYTES, and given up on an input whose samples are not blocks ended by a blank line
    static final long BLOCK_CACHE_BYTES = 4L << 20;
    /** Bytes of frame blocks this folder remembers at most (tests set 0: every frame line read one by one). */
    long blockCacheLimit = BLOCK_CACHE_BYTES;
    private BlockCache blocks = new BlockCache();
    private boolean blocksOn = true;
    /** Set by a sample line that starts an empty stack: the bytes after it may be a known block. */
    private boolean blockNext;
    private long blockTries;
    private long blockFails;
    private long blockHits;
    // the block being read line by line, remembered when the blank line at pendEnd ends it
    private byte[] pendBuf;
    private int pendStart;
    private int pendEnd;
    private long pendHash;
    private long pendLinesBefore;
    /** The block entry whose frames the current sample holds (-1: none): its stack id is memoised. */
    private int hitEntry = -1;

    // (java flag, module id, raw symbol[, address]) -> frame ids
    private final ByteInterner cacheKeys = new ByteInterner();
    private int[] cacheStart = new int[256];
    private int[] cacheLen = new int[256];
    private int[] cacheIds = new int[512];
    private int cacheIdsSize;
    private byte[] key = new byte[256];
    private byte[] name = new byte[256];
    private int[] group = new int[16];
    private byte[] lastMod = new byte[256];
    private int lastModLen = -1;
    private int lastModId;

    public PerfScriptFolder(FoldOptions options, Charset charset, Problems problems) {
        this.opt = options;
        this.frames = new FrameTable(charset);
        this.problems = problems == null ? (l, t) -> { } : problems;
        p.lenient = !options.flameGraphExact();
        p.perlOnly = options.flameGraphExact();     // until samples one by one or an observer need the other fields
        inlinedModule = options.flameGraphExact() ? -1 : frames.module(INLINED, 0, INLINED.length);
        if (options.eventFilter() != null && !options.eventFilter().isEmpty()) {
            filter = options.eventFilter().getBytes(charset);
        }
    }

    public PerfScriptFolder(FoldOptions options) {
        this(options, StandardCharsets.UTF_8, null);
    }

    /**
     * Folds every line of the stream (not closed) and ends the input. A line ends at LF, CRLF or a lone CR;
     * in {@link FoldOptions#flameGraphExact()} mode the CR of a CRLF stays data, as the script reads it.
     */
    public void feed(InputStream in) throws IOException {
        ByteLines lines = new ByteLines(in);
        if (opt.flameGraphExact()) {
            lines.keepingCrBeforeLf();
        }
        while (lines.next()) {
            line(lines.buf(), lines.start(), lines.end(), lines.number());
            skipKnownBlock(lines);
        }
        finish();
    }

    /**
     * Call after each {@link #line} with the reader that gave it: when that line started a sample whose frame lines (up to
     * the blank line) are a block folded before, their frames are pushed at once and the reader passes over them; the
     * blank line is then read as usual. Otherwise nothing happens and the lines are read one by one.
     */
    public void skipKnownBlock(ByteLines lines) {
        if (!blockNext) {
            return;
        }
        blockNext = false;
        byte[] b = lines.buf();
        int from = lines.aheadStart();
        int q = blocks.scan(b, from, lines.ahead());
        if (q <= from) {
            if (q < 0) {
                blockTries++;
                blockFailed();
            }
            return;
        }
        blockTries++;
        int e = blocks.find(b, from, q, blocks.hash, java);
        if (e >= 0) {
            int d = blocks.depth(e);
            if (d > leafFirst.length) {
                leafFirst = Arrays.copyOf(leafFirst, d * 2);
                pcs = Arrays.copyOf(pcs, leafFirst.length);
            }
            int fs = blocks.frameStart(e);
            System.arraycopy(blocks.frames, fs, leafFirst, 0, d);
            if (blocks.inlined(e)) {
                System.arraycopy(blocks.pcs, fs, pcs, 0, d);
                sampleHasInlined = true;
            }
            depth = d;
            hitEntry = e;
            blockHits++;
            int n = blocks.lines(e);
            linesSeen += n;
            p.frameSeen();
            lines.skip(q - from, n);
        } else if (blocks.bytes() + (q - from) + 64 <= blockCacheLimit) {
            pendBuf = b;
            pendStart = from;
            pendEnd = q;
            pendHash = blocks.hash;
            pendLinesBefore = linesSeen;
        } else if (blockTries >= 4096 && blockHits * 4 < blockTries) {
            blocksOn = false;                       // full, and few samples repeat a block: looking costs more than it saves
        }
    }

    /** Samples whose frame lines were found whole in the block cache (for tests and measurements). */
    long blocksFound() {
        return blockHits;
    }

    private void blockFailed() {
        pendBuf = null;
        blockFails++;
        // an input whose samples are not blank-line-ended blocks of frames (CRLF, no blank lines): stop looking
        if (blockTries >= 256 && blockFails * 2 > blockTries) {
            blocksOn = false;
        }
    }

    /** At the blank line that ends a block read line by line: remembers the block with the frames its lines pushed. */
    private void rememberBlock(byte[] b, int start, int end) {
        if (b == pendBuf && start == pendEnd && end == start && inSample) {
            blocks.add(b, pendStart, pendEnd, pendHash, java, (int) (linesSeen - 1 - pendLinesBefore), leafFirst, pcs, depth,
                    sampleHasInlined);
        } else {
            blockFailed();
        }
        pendBuf = null;
    }

    private SampleObserver observer;

    /** Lets {@code o} see every kept sample. Call before the first line. */
    public PerfScriptFolder observing(SampleObserver o) {
        this.observer = o;
        p.perlOnly = false;
        return this;
    }

    /** The frames named so far (the observer's stacks index them). */
    public FrameTable frames() {
        return frames;
    }

    /**
     * Also keep every sample one by one ({@link SampleColumns}: time, CPU, PID/TID, command, stack id) in
     * the profile, for time windows and per-thread selections. Call before the first line.
     */
    public PerfScriptFolder keepingSamples() {
        if (linesSeen == 0) {
            samples = new SampleColumns.Builder();
            p.perlOnly = false;
        }
        return this;
    }

    /** True when the sample columns stopped growing (more samples than an int column can index). */
    public boolean samplesTruncated() {
        return samples != null && samples.full();
    }

    public long unrecognisedLines() {
        return unrecognised;
    }

    public long lines() {
        return linesSeen;
    }

    /** One line without its LF. */
    public void line(byte[] b, int start, int end, long lineNumber) {
        linesSeen++;
        blockNext = false;
        if (pendBuf != null && (b != pendBuf || start >= pendEnd)) {
            rememberBlock(b, start, end);           // before the blank line ends the sample
        }
        if (!opt.flameGraphExact() && end > start && b[end - 1] == '\r') {
            end--;
        }
        if (end > start && PerfScriptParser.ws(b[start]) && p.indentedIsFrameOnly()) {
            // a frame line seen before (the same bytes, the same Java tidying): its frames without parsing it again
            int j = java ? 1 : 0;
            int l = lineKeys[j].find(b, start, end - start);
            if (l >= 0) {
                p.frameSeen();
                if (inSample) {
                    push(lineEntry[j][l], true, linePc[j][l], b);
                }
                return;
            }
        }
        switch (p.parse(b, start, end)) {
            case FRAME -> {
                if (inSample) {
                    frameLine(b, true);
                }
            }
            case BLANK -> endSample();
            case SAMPLE -> {
                dropBlock();
                header(b);
            }
            case COMMENT -> dropBlock();
            case OTHER -> {
                dropBlock();
                unrecognised++;
                problems.unrecognised(lineNumber, new String(b, start, Math.min(end - start, 200), frames.charset()));
            }
        }
    }

    /** A line in the block being read that is not a frame line: the block is not remembered. */
    private void dropBlock() {
        if (pendBuf != null) {
            blockFailed();
        }
    }

    /** End of input: the reference script drops a last sample that no blank line ends; the importer keeps it. */
    public void finish() {
        if (!opt.flameGraphExact()) {
            endSample();
        }
    }

    /**
     * Ends a last sample that no blank line ended, whatever the options (after {@link #feed}): so that
     * {@code collapse} keeps the sample the importer counts; the script drops it.
     */
    public void endLastSample() {
        endSample();
    }

    /**
     * Adds what {@code next} folded from the input that follows this folder's (a later chunk of the same file, split
     * after a blank line, folded with the same options and a fixed event filter): its events, frames and stacks
     * in the order {@code next} met them, so the result has the ids and counts one folder reading both parts
     * would have. Not for folders that keep samples one by one or have an observer.
     */
    public void absorb(PerfScriptFolder next) {
        if (samples != null || next.samples != null || observer != null || next.observer != null) {
            throw new IllegalStateException("absorb: samples one by one are kept in input order by one folder only");
        }
        if (inSample) {
            throw new IllegalStateException("absorb: this folder's last sample is not ended");
        }
        int[] frameMap = frames.addAll(next.frames);
        int[] stack = new int[16];
        for (int e = 0; e < next.eventBytes.size(); e++) {
            byte[] ev = next.eventBytes.get(e);
            int mine = eventIndex(ev, 0, ev.length);
            StackTable from = next.tables.get(e);
            StackTable to = tables.get(mine);
            for (int i = 0, n = from.size(); i < n; i++) {
                int d = from.depth(i);
                if (stack.length < d) {
                    stack = new int[d * 2];
                }
                for (int k = 0; k < d; k++) {
                    stack[k] = frameMap[from.frame(i, k)];
                }
                to.add(stack, d, from.samples(i), from.period(i));
            }
        }
        anyPeriod |= next.anyPeriod;
        unrecognised += next.unrecognised;
        linesSeen += next.linesSeen;
    }

    /** Forgets the frame lines remembered so far (after the input, when the folder is kept only for its tables). */
    void dropLineCache() {
        blocks = new BlockCache();
        pendBuf = null;
        hitEntry = -1;
        for (int j = 0; j < 2; j++) {
            lineKeys[j] = new ByteInterner();
            lineEntry[j] = new int[256];
            linePc[j] = new long[256];
        }
        lineBytes = 0;
    }

    /** The folded stacks; the profile's event is the filter event (or the first event met). */
    public InternedStackProfile profile() {
        int primary = 0;
        if (filter != null) {
            int i = events.indexOf(new String(filter, frames.charset()));
            primary = Math.max(0, i);
        }
        if (opt.flameGraphExact() && !events.isEmpty() && filter != null) {
            events.set(0, new String(filter, frames.charset()));
        }
        SampleColumns cols = samples == null ? null : samples.build();
        if (events.isEmpty()) {
            return new InternedStackProfile(frames, List.of(""), List.of(new StackTable()), 0, false, anyPeriod, cols);
        }
        return new InternedStackProfile(frames, events, tables, primary, false, anyPeriod, cols);
    }

    private void header(byte[] b) {
        if (!opt.flameGraphExact()) {
            endSample();                            // a sample line without a blank line before it starts a new sample
        }
        int evS;
        int evE;
        long per = 1;
        boolean perlMatched = p.perlEventStart >= 0;
        if (opt.flameGraphExact()) {
            evS = p.perlEventStart;
            evE = p.perlEventEnd;
            if (perlMatched) {
                int ds = p.perlPeriodStart;
                int de = p.perlPeriodEnd;
                // Perl: "if (not $period)": no digits, or exactly "0", mean 1
                if (de > ds && !(de - ds == 1 && b[ds] == '0')) {
                    per = parseLong(b, ds, de);
                    anyPeriod = true;
                }
            }
        } else {
            evS = p.eventStart;
            evE = p.eventEnd;
            if (evS < 0 && perlMatched) {
                evS = p.perlEventStart;
                evE = p.perlEventEnd;
            }
            if (p.period >= 0) {
                per = p.period;
                anyPeriod = true;
            } else if (perlMatched && p.perlPeriodEnd > p.perlPeriodStart) {
                per = parseLong(b, p.perlPeriodStart, p.perlPeriodEnd);
                anyPeriod = true;
            }
        }
        int ev;
        if (opt.flameGraphExact()) {
            if (evS >= 0) {
                if (filter == null) {
                    filter = Arrays.copyOfRange(b, evS, evE);
                } else if (!Arrays.equals(b, evS, evE, filter, 0, filter.length)) {
                    return;                         // "next": $pname and @stack stay as they are
                }
            }
            // the script folds every sample it keeps into one set, lines without a readable event included
            if (tables.isEmpty()) {
                tables.add(new StackTable());
                eventBytes.add(new byte[0]);
                events.add("");
            }
            ev = 0;
        } else {
            if (evS < 0) {
                evS = 0;
                evE = 0;
            }
            if (filter != null && evE > evS && !Arrays.equals(b, evS, evE, filter, 0, filter.length)) {
                eventIndex(b, evS, evE);
                return;
            }
            ev = eventIndex(b, evS, evE);
        }
        // process name: comm[-pid[/tid]], spaces to underscores
        int n = 0;
        n = put(b, p.commStart, p.commEnd, n);
        if (opt.includeTid()) {
            n = putByte((byte) '-', n);
            n = p.hasPid ? put(b, p.pidStart, p.pidEnd, n) : putByte((byte) '?', n);
            n = putByte((byte) '/', n);
            n = put(b, p.tidStart, p.tidEnd, n);
        } else if (opt.includePid()) {
            n = putByte((byte) '-', n);
            n = p.hasPid ? put(b, p.pidStart, p.pidEnd, n) : putByte((byte) '?', n);
        }
        for (int i = 0; i < n; i++) {
            if (name[i] == ' ') {
                name[i] = '_';
            }
        }
        if (opt.legacyJavaTidy()) {
            java = n == 4 && name[0] == 'j' && name[1] == 'a' && name[2] == 'v' && name[3] == 'a';
        } else {
            java = n >= 4 && name[0] == 'j' && name[1] == 'a' && name[2] == 'v' && name[3] == 'a';
        }
        pnameFrame = frames.frame(name, 0, n, 0);
        inSample = true;
        if (samples != null) {
            sampleTime = p.timeNs;
            sampleCpu = p.cpu;
            int ce = p.commEnd;
            if (p.recovered) {
                samplePid = SampleColumns.NONE;
                sampleTid = p.recoveredTid;
                ce = p.recoveredCommEnd;
            } else {
                samplePid = p.hasPid ? (int) Math.min(Integer.MAX_VALUE, parseLong(b, p.pidStart, p.pidEnd)) : SampleColumns.NONE;
                sampleTid = (int) Math.min(Integer.MAX_VALUE, parseLong(b, p.tidStart, p.tidEnd));
            }
            int before = commKeys.size();
            int c = commKeys.intern(b, p.commStart, ce - p.commStart);
            if (c == before) {
                samples.comm(new String(b, p.commStart, ce - p.commStart, frames.charset()));
            }
            sampleComm = c;
        }
        if (observer != null) {
            observer.header(p, ev);
        }
        eventIndex = ev;
        period = per;
        if (!opt.flameGraphExact() && p.inlineFrame()) {
            frameLine(b, false);                    // perf script without -g: the sample's own ip/sym/dso
        }
        blockNext = blocksOn && blockCacheLimit > 0 && depth == 0 && !sampleHasInlined;
    }

    private int eventIndex(byte[] b, int s, int e) {
        // few events: a linear scan over byte arrays is cheaper than a map
        for (int i = 0; i < eventBytes.size(); i++) {
            byte[] x = eventBytes.get(i);
            if (Arrays.equals(x, 0, x.length, b, s, e)) {
                return i;
            }
        }
        eventBytes.add(Arrays.copyOfRange(b, s, e));
        events.add(new String(b, s, e - s, frames.charset()));
        tables.add(new StackTable());
        return events.size() - 1;
    }

    private final List<byte[]> eventBytes = new ArrayList<>();

    private void endSample() {
        if (!inSample) {
            return;
        }
        int d = depth + 1;
        if (rootFirst.length < d) {
            rootFirst = new int[d * 2];
        }
        if (sampleHasInlined) {
            resolveInlined();
            sampleHasInlined = false;
        }
        int hit = hitEntry;
        hitEntry = -1;
        StackTable table = tables.get(eventIndex);
        int stackId = hit >= 0 && observer == null ? blocks.memo(hit, pnameFrame, eventIndex) : -1;
        if (stackId >= 0) {
            table.addTo(stackId, 1, period);        // a known block in the same process and event: the same stack
        } else {
            rootFirst[0] = pnameFrame;
            for (int i = 0; i < depth; i++) {
                rootFirst[i + 1] = leafFirst[depth - 1 - i];
            }
            stackId = table.add(rootFirst, d, 1, period);
            if (hit >= 0) {
                blocks.memo(hit, pnameFrame, eventIndex, stackId);
            }
        }
        if (samples != null) {
            samples.add(sampleTime, sampleCpu, samplePid, sampleTid, sampleComm, eventIndex, stackId, period);
        }
        if (observer != null) {
            observer.ended(eventIndex, rootFirst, d);
        }
        inSample = false;
        depth = 0;
    }

    /**
     * perf prints the functions inlined at an address as {@code (inlined)} frames beside the real frame of
     * that address, the real one on the caller side: such a frame takes the module of the next caller-side
     * frame with the same address. Without one the module stays "inlined" (the DSO is not in the text).
     */
    private void resolveInlined() {
        for (int i = 0; i < depth; i++) {
            int f = leafFirst[i];
            if (frames.moduleId(f) != inlinedModule) {
                continue;
            }
            long pc = pcs[i];
            int real = -1;
            for (int j = i + 1; j < depth && pcs[j] == pc && real < 0; j++) {
                if (frames.moduleId(leafFirst[j]) != inlinedModule) {
                    real = j;
                }
            }
            if (real >= 0) {
                leafFirst[i] = frames.withModule(f, frames.moduleId(leafFirst[real]));
            }
        }
    }

    private static long hex(byte[] b, int s, int e) {
        long v = 0;
        for (int i = s; i < e && i < s + 16; i++) {
            int c = b[i];
            int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
            v = (v << 4) | (d & 0xF);
        }
        return v;
    }

    /**
     * The frames of the frame line the parser holds; with {@code cacheable} (an indented line the parser read as a
     * frame) its raw bytes are remembered so that the next time the same line is not parsed again.
     */
    private void frameLine(byte[] b, boolean cacheable) {
        int fs = p.funcStart;
        int fe = p.funcEnd;
        int ms = p.modStart;
        int me = p.modEnd;
        // modules repeat from line to line: compare with the last one before interning
        int ml = me - ms;
        int modId;
        if (ml == lastModLen && Arrays.equals(b, ms, me, lastMod, 0, ml)) {
            modId = lastModId;
        } else {
            modId = frames.module(b, ms, ml);
            if (lastMod.length < ml) {
                lastMod = new byte[ml * 2];
            }
            System.arraycopy(b, ms, lastMod, 0, ml);
            lastModLen = ml;
            lastModId = modId;
        }
        // cache key: java flag, module id, symbol (+ address when --addrs may print it)
        int klen = 1 + 4 + (fe - fs);
        boolean withPc = opt.includeAddrs() && indexOf(b, fs, fe, UNKNOWN) >= 0;
        if (withPc) {
            klen += 1 + p.pcEnd - p.pcStart;
        }
        if (key.length < klen) {
            key = new byte[klen * 2];
        }
        byte[] k = key;
        k[0] = (byte) (java ? 1 : 0);
        k[1] = (byte) (modId >>> 24);
        k[2] = (byte) (modId >>> 16);
        k[3] = (byte) (modId >>> 8);
        k[4] = (byte) modId;
        System.arraycopy(b, fs, k, 5, fe - fs);
        if (withPc) {
            int o = 5 + fe - fs;
            k[o] = 0;
            System.arraycopy(b, p.pcStart, k, o + 1, p.pcEnd - p.pcStart);
        }
        int known = cacheKeys.size();
        int id = cacheKeys.intern(k, 0, klen);
        if (id == known) {
            name(b, id);
        }
        long pc = 0;
        boolean pcKnown = false;
        int ls = p.lineStart;
        int ll = p.lineEnd - ls;
        if (cacheable && ll > 0 && PerfScriptParser.ws(b[ls]) && lineBytes + ll <= lineCacheLimit) {
            int j = java ? 1 : 0;
            int before = lineKeys[j].size();
            int l = lineKeys[j].intern(b, ls, ll);
            if (l == before) {
                lineBytes += ll;
            }
            if (l == lineEntry[j].length) {
                lineEntry[j] = Arrays.copyOf(lineEntry[j], l * 2);
                linePc[j] = Arrays.copyOf(linePc[j], l * 2);
            }
            pc = hex(b, p.pcStart, p.pcEnd);
            lineEntry[j][l] = id;
            linePc[j][l] = pc;
            pcKnown = true;
        }
        push(id, pcKnown, pc, b);
    }

    /**
     * Appends the frames of cache entry {@code id} to the sample's stack; {@code pc} is the line's address when
     * {@code pcKnown}, otherwise it is read from the parser's line when an inlined frame needs it.
     */
    private void push(int id, boolean pcKnown, long pc, byte[] b) {
        int s = cacheStart[id];
        int len = cacheLen[id];
        if (depth + len > leafFirst.length) {
            leafFirst = Arrays.copyOf(leafFirst, Math.max(leafFirst.length * 2, depth + len));
            pcs = Arrays.copyOf(pcs, leafFirst.length);
        }
        if (inlinedModule >= 0 && len > 0 && (sampleHasInlined || frames.moduleId(cacheIds[s]) == inlinedModule)) {
            sampleHasInlined = true;               // addresses are needed from the first inlined frame on
            if (!pcKnown) {
                pc = hex(b, p.pcStart, p.pcEnd);
            }
        } else {
            pc = 0;
        }
        hitEntry = -1;
        // the frames of one line are root-to-leaf (a, b_[i], c_[i]); the buffer is leaf first
        for (int i = len - 1; i >= 0; i--) {
            pcs[depth] = pc;
            leafFirst[depth++] = cacheIds[s + i];
        }
    }

    /** Names the frames of the current frame line (cache entry {@code id}). */
    private void name(byte[] b, int id) {
        int fs = p.funcStart;
        int fe = p.funcEnd;
        int ms = p.modStart;
        int me = p.modEnd;
        int count = 0;
        // s/\+0x[\da-f]+$//
        int h = fe;
        while (h > fs && isLowerHex(b[h - 1])) {
            h--;
        }
        if (h < fe && h - fs >= 3 && b[h - 3] == '+' && b[h - 2] == '0' && b[h - 1] == 'x') {
            fe = h - 3;
        }
        if (!(fe > fs && b[fs] == '(')) {           // "(...)" symbols are process names: skipped
            int moduleId = frames.module(b, ms, me - ms);
            // split /->/, trailing empty fields dropped
            int last = fe;
            while (last - fs >= 2 && b[last - 2] == '-' && b[last - 1] == '>') {
                last -= 2;
            }
            int partStart = fs;
            int partIndex = 0;
            while (partStart < last) {
                int arrow = indexOf(b, partStart, last, ARROW);
                int partEnd = arrow < 0 ? last : arrow;
                int n = partName(b, partStart, partEnd, ms, me, partIndex);
                if (count == group.length) {
                    group = Arrays.copyOf(group, count * 2);
                }
                group[count++] = frames.frame(name, 0, n, moduleId);
                partIndex++;
                if (arrow < 0) {
                    break;
                }
                partStart = arrow + 2;
            }
        }
        if (id == cacheStart.length) {
            cacheStart = Arrays.copyOf(cacheStart, id * 2);
            cacheLen = Arrays.copyOf(cacheLen, id * 2);
        }
        if (cacheIdsSize + count > cacheIds.length) {
            cacheIds = Arrays.copyOf(cacheIds, Math.max(cacheIds.length * 2, cacheIdsSize + count));
        }
        System.arraycopy(group, 0, cacheIds, cacheIdsSize, count);
        cacheStart[id] = cacheIdsSize;
        cacheLen[id] = count;
        cacheIdsSize += count;
    }

    private static final byte[] ARROW = bytes("->");
    private static final byte[] INLINED = bytes("inlined");
    /** Module id of perf's "(inlined)" frames; -1 when they are left as they are (reference behaviour). */
    private final int inlinedModule;

    /** The tidied name of one "->" part into {@link #name}; returns its length. */
    private int partName(byte[] b, int s, int e, int ms, int me, int partIndex) {
        int n = 0;
        if (e - s == UNKNOWN.length && Arrays.equals(b, s, e, UNKNOWN, 0, UNKNOWN.length)) {
            n = putByte((byte) '[', n);
            if (Arrays.equals(b, ms, me, UNKNOWN, 0, UNKNOWN.length)) {
                n = put(UNKNOWN_WORD, 0, UNKNOWN_WORD.length, n);
            } else {
                int slash = me - 1;
                while (slash >= ms && b[slash] != '/') {
                    slash--;
                }
                n = put(b, slash + 1, me, n);
            }
            if (opt.includeAddrs()) {
                n = putByte((byte) ' ', n);
                n = putByte((byte) '<', n);
                n = put(b, p.pcStart, p.pcEnd, n);
                n = putByte((byte) '>', n);
            }
            n = putByte((byte) ']', n);
        } else {
            n = put(b, s, e, n);
        }
        byte[] x = name;
        // s/;/:/g
        for (int i = 0; i < n; i++) {
            if (x[i] == ';') {
                x[i] = ':';
            }
        }
        // unless Go-style m/\.\(.*\)\./: cut at the first '(' that does not open "(anonymous namespace)"
        if (!goMethod(x, n)) {
            for (int i = 0; i < n; i++) {
                if (x[i] == '(' && !startsWith(x, i + 1, n, ANON_NS)) {
                    n = i;
                    break;
                }
            }
        }
        // tr/"'//d
        int w = 0;
        for (int i = 0; i < n; i++) {
            byte c = x[i];
            if (c != '"' && c != '\'') {
                x[w++] = c;
            }
        }
        n = w;
        // Java: s/^L// if m:/:
        if (java && n > 0 && x[0] == 'L' && indexOf(x, 0, n, (byte) '/') >= 0) {
            System.arraycopy(x, 1, x, 0, n - 1);
            n--;
        }
        if (partIndex > 0) {
            if (indexOf(x, 0, n, INL) < 0) {
                n = put(INL, 0, INL.length, n);
            }
        } else if (opt.annotateKernel() && isKernelModule(b, ms, me)) {
            n = put(KER, 0, KER.length, n);
        } else if (opt.annotateJit() && isJitModule(b, ms, me)) {
            if (indexOf(x, 0, n, JIT) < 0) {
                n = put(JIT, 0, JIT.length, n);
            }
        }
        return n;
    }

    /** {@code $mod =~ m/(^\[|vmlinux$)/ && $mod !~ /unknown/}. */
    private static boolean isKernelModule(byte[] b, int ms, int me) {
        boolean k = (me > ms && b[ms] == '[')
                || (me - ms >= VMLINUX.length && Arrays.equals(b, me - VMLINUX.length, me, VMLINUX, 0, VMLINUX.length));
        return k && indexOf(b, ms, me, UNKNOWN_WORD) < 0;
    }

    /** {@code $mod =~ m:/tmp/perf-\d+\.map:}. */
    private static boolean isJitModule(byte[] b, int ms, int me) {
        int from = ms;
        while (true) {
            int i = indexOf(b, from, me, TMP_PERF);
            if (i < 0) {
                return false;
            }
            int d = i + TMP_PERF.length;
            int j = d;
            while (j < me && PerfScriptParser.digit(b[j])) {
                j++;
            }
            if (j > d && j + 4 <= me && b[j] == '.' && b[j + 1] == 'm' && b[j + 2] == 'a' && b[j + 3] == 'p') {
                return true;
            }
            from = i + 1;
        }
    }

    /** {@code m/\.\(.*\)\./}: a ".(" with a ")." at or after two bytes later. */
    private static boolean goMethod(byte[] x, int n) {
        int first = -1;
        for (int i = 0; i + 1 < n; i++) {
            if (x[i] == '.' && x[i + 1] == '(') {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return false;
        }
        for (int j = n - 2; j >= first + 2; j--) {
            if (x[j] == ')' && x[j + 1] == '.') {
                return true;
            }
        }
        return false;
    }

    private int put(byte[] src, int s, int e, int n) {
        int len = e - s;
        if (n + len > name.length) {
            name = Arrays.copyOf(name, Math.max(name.length * 2, n + len + 16));
        }
        System.arraycopy(src, s, name, n, len);
        return n + len;
    }

    private int putByte(byte c, int n) {
        if (n + 1 > name.length) {
            name = Arrays.copyOf(name, name.length * 2);
        }
        name[n] = c;
        return n + 1;
    }

    private static boolean isLowerHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }

    private static boolean startsWith(byte[] x, int at, int n, byte[] prefix) {
        return n - at >= prefix.length && Arrays.equals(x, at, at + prefix.length, prefix, 0, prefix.length);
    }

    static int indexOf(byte[] b, int s, int e, byte c) {
        for (int i = s; i < e; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    static int indexOf(byte[] b, int s, int e, byte[] needle) {
        int last = e - needle.length;
        byte f = needle[0];
        outer:
        for (int i = s; i <= last; i++) {
            if (b[i] != f) {
                continue;
            }
            for (int k = 1; k < needle.length; k++) {
                if (b[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static long parseLong(byte[] b, int s, int e) {
        long v = 0;
        for (int i = s; i < e; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * {@link #absorb} for folders that keep samples one by one ({@link #keepingSamples()}, no observer, no event filter):
     * also appends {@code next}'s samples after this folder's, with their events, stacks and commands renumbered
     * into this folder's, so the columns are those of one folder reading both parts. Returns false, changing nothing,
     * when {@code next}'s columns stopped growing (then only one folder reading the whole input gives the same result).
     */
    boolean absorbSamples(PerfScriptFolder next) {
        if (samples == null || next.samples == null || observer != null || next.observer != null
                || filter != null || next.filter != null || opt.flameGraphExact()) {
            throw new IllegalStateException("absorbSamples: both folders must keep samples, without observer or filter");
        }
        if (inSample || next.inSample) {
            throw new IllegalStateException("absorbSamples: a last sample is not ended");
        }
        if (next.samples.full() || samples.full()) {
            return false;
        }
        int[] frameMap = frames.addAll(next.frames);
        int ne = next.eventBytes.size();
        int[] eventMap = new int[ne];
        int[][] stackMap = new int[ne][];
        int[] stack = new int[16];
        for (int e = 0; e < ne; e++) {
            byte[] ev = next.eventBytes.get(e);
            int mine = eventIndex(ev, 0, ev.length);
            eventMap[e] = mine;
            StackTable from = next.tables.get(e);
            StackTable to = tables.get(mine);
            int[] map = new int[from.size()];
            for (int i = 0, n = from.size(); i < n; i++) {
                int d = from.depth(i);
                if (stack.length < d) {
                    stack = new int[d * 2];
                }
                for (int k = 0; k < d; k++) {
                    stack[k] = frameMap[from.frame(i, k)];
                }
                map[i] = to.add(stack, d, from.samples(i), from.period(i));
            }
            stackMap[e] = map;
        }
        int nc = next.commKeys.size();
        int[] commMap = new int[nc];
        for (int c = 0; c < nc; c++) {
            byte[] b = next.commKeys.bytes(c);
            int before = commKeys.size();
            int id = commKeys.intern(b, 0, b.length);
            if (id == before) {
                samples.comm(new String(b, frames.charset()));
            }
            commMap[c] = id;
        }
        SampleColumns cols = next.samples.build();
        for (int i = 0, n = cols.size(); i < n; i++) {
            int e = cols.event(i);
            samples.add(cols.timeNs(i), cols.cpu(i), cols.pid(i), cols.tid(i), commMap[cols.comm(i)], eventMap[e],
                    stackMap[e][cols.stack(i)], cols.period(i));
        }
        anyPeriod |= next.anyPeriod;
        unrecognised += next.unrecognised;
        linesSeen += next.linesSeen;
        return true;
    }
}
