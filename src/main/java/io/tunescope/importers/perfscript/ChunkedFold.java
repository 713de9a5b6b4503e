package io.tunescope.importers.perfscript;

import io.tunescope.importers.ByteLines;
import io.tunescope.importers.FileChunks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Folds a regular {@code perf script} file in parallel: the file is cut into chunks just after blank lines
 * (where a sample has ended and the folder's state is the one it starts with), each chunk is read (positional
 * reads, or memory-mapped) and folded by its own {@link PerfScriptFolder} on a pool thread, and the chunks are merged in file order
 * ({@link PerfScriptFolder#absorb}), so events, frames and stacks get the ids and counts of one folder reading the
 * whole file, and the folded output is byte for byte the same. Unrecognised lines are reported in file order with
 * their line numbers once all chunks are merged.
 *
 * <p>What crosses a blank line in FlameGraph's script is only its default event filter (the first event met): in
 * {@link FoldOptions#flameGraphExact()} mode without {@code --event-filter} it is read from the file's first sample
 * line with an event before the chunks start. Samples one by one ({@link PerfScriptFolder#keepingSamples()}) are not
 * kept here: the importer reads its file in one stream.
 */
public final class ChunkedFold {
    /** At most this many unrecognised lines are kept per chunk for reporting; a chunk with more: read in one piece. */
    static final int MAX_PROBLEMS_PER_CHUNK = 10_000;
    /** Mapped slices stay well under the 2 GB limit of one {@link java.nio.MappedByteBuffer}. */
    static final long MAX_CHUNK = 1L << 30;

    private ChunkedFold() {
    }

    /** The chunk size used for a file of {@code size} bytes and {@code threads} threads: about four chunks a thread. */
    public static long defaultChunkBytes(long size, int threads) {
        long c = size / (Math.max(1, threads) * 4L);
        return Math.max(4L << 20, Math.min(256L << 20, c));
    }

    /**
     * Folds {@code file} with {@code threads} threads in chunks of about {@code chunkBytes}; with
     * {@code keepUnendedLast} the end of the file ends its last sample. Each chunk is read with positional reads of
     * the file channel, or with {@code mapped} through a {@link java.nio.MappedByteBuffer} (page faults made that
     * cost 30-50 % more CPU than positional reads on the 2-vCPU project VM, see BENCHMARKS.md). Returns the merged folder, or null when the
     * file has to be read in one stream instead (an event name the charset does not keep, or more unrecognised lines in a chunk than can be kept in order); then
     * nothing was reported to {@code problems}.
     */
    public static PerfScriptFolder fold(Path file, FoldOptions options, Charset charset, PerfScriptFolder.Problems problems,
                                        boolean keepUnendedLast, int threads, long chunkBytes, boolean mapped) throws IOException {
        long chunk = Math.max(1, Math.min(MAX_CHUNK, chunkBytes));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long[] cuts = cuts(ch, size, chunk);
            FoldOptions o = options;
            if (o.flameGraphExact() && (o.eventFilter() == null || o.eventFilter().isEmpty())) {
                byte[] first = firstEvent(ch);
                if (first != null) {
                    String ev = new String(first, charset);
                    if (!Arrays.equals(ev.getBytes(charset), first)) {
                        return null;
                    }
                    o = o.withEventFilter(ev);
                }
            }
            int n = cuts.length - 1;
            PerfScriptFolder merged = new PerfScriptFolder(o, charset, null);
            ExecutorService pool = FileChunks.daemonPool(threads, n, "tunescope-fold");
            try {
                List<Future<Chunk>> futures = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    long s = cuts[i];
                    long e = cuts[i + 1];
                    boolean last = i == n - 1;
                    FoldOptions co = o;
                    futures.add(pool.submit(() -> foldChunk(ch, s, e, co, charset, last && keepUnendedLast, mapped)));
                }
                List<Chunk> done = new ArrayList<>(n);
                for (Future<Chunk> f : futures) {
                    Chunk c = get(f);
                    if (c.overflow) {
                        return null;
                    }
                    merged.absorb(c.folder);
                    c.folder = null;                // the merged tables hold what is needed; let the chunk's go
                    done.add(c);
                }
                long offset = 0;
                for (Chunk c : done) {
                    for (int i = 0; i < c.problemLines.size(); i++) {
                        problems.unrecognised(offset + c.problemLines.get(i), c.problemTexts.get(i));
                    }
                    offset += c.lines;
                }
                return merged;
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static Chunk get(Future<Chunk> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            throw FileChunks.failure(e);
        }
    }

    /** One folded chunk with the unrecognised lines it met (line numbers from 1 within the chunk). */
    private static final class Chunk {
        PerfScriptFolder folder;
        long lines;
        boolean overflow;
        final List<Long> problemLines = new ArrayList<>();
        final List<String> problemTexts = new ArrayList<>();
    }

    private static Chunk foldChunk(FileChannel ch, long s, long e, FoldOptions o, Charset cs, boolean endLast, boolean mapped)
            throws IOException {
        Chunk c = new Chunk();
        PerfScriptFolder f = new PerfScriptFolder(o, cs, (line, text) -> {
            if (c.problemLines.size() < MAX_PROBLEMS_PER_CHUNK) {
                c.problemLines.add(line);
                c.problemTexts.add(text);
            } else {
                c.overflow = true;
            }
        });
        f.feed(mapped ? new BufferInput(ch.map(FileChannel.MapMode.READ_ONLY, s, e - s)) : new FileChunks.Range(ch, s, e, null, null));
        if (endLast) {
            f.endLastSample();
        }
        f.dropLineCache();
        c.folder = f;
        c.lines = f.lines();
        return c;
    }

    /**
     * Chunk boundaries: 0, then the first position at or after each multiple of {@code chunk} (from the last cut)
     * that follows an empty line ("\n\n": the first LF ends a line whatever the line-end rules, the second is an
     * empty line, which ends a sample), then {@code size}.
     */
    static long[] cuts(FileChannel ch, long size, long chunk) throws IOException {
        List<Long> cuts = new ArrayList<>();
        cuts.add(0L);
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        long from = chunk;
        while (from < size) {
            long cut = -1;
            long pos = from - 1;                    // the byte before 'from' may be the first LF
            byte prev = 0;
            boolean havePrev = false;
            search:
            while (pos < size) {
                buf.clear();
                int r = ch.read(buf, pos);
                if (r <= 0) {
                    break;
                }
                for (int i = 0; i < r; i++) {
                    byte b = buf.get(i);
                    if (havePrev && prev == '\n' && b == '\n') {
                        cut = pos + i + 1;
                        break search;
                    }
                    prev = b;
                    havePrev = true;
                }
                pos += r;
            }
            if (cut < 0 || cut >= size) {
                break;
            }
            cuts.add(cut);
            from = cut + chunk;
        }
        cuts.add(size);
        return cuts.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The event of the file's first sample line whose event the reference script reads (usually on the first lines);
     * null when there is none.
     */
    private static byte[] firstEvent(FileChannel ch) throws IOException {
        PerfScriptParser p = new PerfScriptParser();
        ByteLines lines = new ByteLines(Channels.newInputStream(ch.position(0)), 1 << 16, 16 << 20).keepingCrBeforeLf();
        while (lines.next()) {
            if (p.parse(lines.buf(), lines.start(), lines.end()) == PerfScriptParser.Kind.SAMPLE && p.perlEventStart >= 0) {
                return Arrays.copyOfRange(lines.buf(), p.perlEventStart, p.perlEventEnd);
            }
        }
        return null;
    }

    /** The bytes of a buffer as a stream (a mapped chunk read by {@link ByteLines}). */
    static final class BufferInput extends InputStream {
        private final ByteBuffer b;

        BufferInput(ByteBuffer b) {
            this.b = b;
        }

        @Override
        public int read() {
            return b.hasRemaining() ? b.get() & 0xFF : -1;
        }

        @Override
        public int read(byte[] dst, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (!b.hasRemaining()) {
                return -1;
            }
            int n = Math.min(len, b.remaining());
            b.get(dst, off, n);
            return n;
        }
    }
}
