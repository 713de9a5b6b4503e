package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the importers that read one large regular file in chunks on several threads share (perf script folding
 * and import, folded stacks): the policy (threads, the size from which, whether a core is free), the pool, how a
 * chunk's failure is thrown, reading a byte range of the file as a stream, and waiting for a chunk with progress.
 */
public final class FileChunks {
    /** Files at least this large are read in chunks (-Dtunescope.importParallelMinBytes); smaller ones in one stream. */
    public static final long PARALLEL_MIN_BYTES = 64L << 20;
    /** Probes of a chunk (bytes, line terminators) that the charset must write as ASCII does for the cuts to hold. */
    private static final String ASCII_PROBE = "\n\r\t #:/[]()+-.0123456789abcdefxABCDEF_";

    private FileChunks() {
    }

    /** The threads used by the importers for a file (-Dtunescope.importThreads, default: the processors). */
    public static int threads() {
        return Math.max(1, Integer.getInteger("tunescope.importThreads", Runtime.getRuntime().availableProcessors()));
    }

    /** The size from which a file is read in chunks. */
    public static long minBytes() {
        return Long.getLong("tunescope.importParallelMinBytes", PARALLEL_MIN_BYTES);
    }

    /**
     * One chunk a thread: every chunk starts with empty caches and interns its distinct names again, so more chunks
     * than threads cost more than they balance.
     */
    public static long chunkBytes(long size, int threads) {
        return Math.max(1 << 20, (size + threads - 1) / Math.max(1, threads));
    }

    /**
     * True when a second core is likely free: the system's one-minute load average is below {@code threads}
     * (-Dtunescope.importParallelMaxLoad to change the bound; unknown load counts as free). On a busy machine the
     * chunks cannot run side by side and only cost more: the 480 MB perf script of the ~500 MB capture took 2.8-3.2 s
     * of CPU in chunks against 2.4-2.6 s in one stream (cold JVM, load average 21-23 on 2 cores), and more wall time.
     */
    public static boolean coresFree(int threads) {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        String max = System.getProperty("tunescope.importParallelMaxLoad");
        double bound = max == null ? threads : Double.parseDouble(max);
        return load < 0 || load < bound;
    }

    /** True when bytes of {@code cs} can be cut at LF bytes: the charset writes line ends and ASCII as ASCII does. */
    public static boolean asciiCompatible(Charset cs) {
        String n = cs.name();
        if (n.startsWith("UTF-16") || n.startsWith("UTF-32") || !cs.canEncode()) {
            return false;
        }
        try {
            return Arrays.equals(ASCII_PROBE.getBytes(cs), ASCII_PROBE.getBytes(StandardCharsets.US_ASCII));
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** A pool of at most {@code threads} daemon threads (no more than there are {@code chunks}), named {@code name}. */
    public static ExecutorService daemonPool(int threads, int chunks, String name) {
        return Executors.newFixedThreadPool(Math.max(1, Math.min(threads, chunks)), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** What a chunk task failed with: unchecked causes and errors are thrown as they are, the rest as an IOException to throw. */
    public static IOException failure(ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof UncheckedIOException u) {
            return u.getCause();
        }
        if (c instanceof IOException io) {
            return io;
        }
        if (c instanceof RuntimeException r) {
            throw r;
        }
        if (c instanceof Error err) {
            throw err;
        }
        return new IOException(c);
    }

    /** Waits for one chunk, reporting progress and checking cancellation about every 50 ms meanwhile. */
    public static <T> T await(Future<T> f, ImportContext ctx, AtomicLong read) throws IOException {
        while (true) {
            try {
                return f.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                ctx.progressTo(read.get());    // checks cancellation too
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException();
            } catch (ExecutionException e) {
                throw failure(e);
            }
        }
    }

    /**
     * Cuts at line ends: {@code from}, then the position just after the first LF at or after each multiple of
     * {@code chunk} (from the last cut), then {@code size}. A cut after an LF is a line's start whatever the line-end
     * rules (LF, CR LF or a lone CR end a line: the CR of a CR LF stays before the cut).
     */
    public static long[] cutsAfterLf(FileChannel ch, long from, long size, long chunk) throws IOException {
        List<Long> cuts = new ArrayList<>();
        cuts.add(from);
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        long next = from + chunk;
        while (next < size) {
            long cut = -1;
            long pos = Math.max(from, next - 1);
            search:
            while (pos < size) {
                buf.clear();
                int r = ch.read(buf, pos);
                if (r <= 0) {
                    break;
                }
                for (int i = 0; i < r; i++) {
                    if (buf.get(i) == '\n') {
                        cut = pos + i + 1;
                        break search;
                    }
                }
                pos += r;
            }
            if (cut < 0 || cut >= size) {
                break;
            }
            if (cut > cuts.get(cuts.size() - 1)) {
                cuts.add(cut);
            }
            next = cut + chunk;
        }
        cuts.add(size);
        return cuts.stream().mapToLong(Long::longValue).toArray();
    }

    /** The bytes {@code [s, e)} of a file channel as a stream (the channel's own position is untouched), counting what is read; stops when told to. */
    public static final class Range extends InputStream {
        private final FileChannel ch;
        private final AtomicLong read;
        private final AtomicBoolean stop;
        private long pos;
        private final long end;

        /** @param read counts the bytes read (null: not counted); @param stop when set, the next read throws {@link CancelledException} (null: never) */
        public Range(FileChannel ch, long s, long e, AtomicLong read, AtomicBoolean stop) {
            this.ch = ch;
            this.pos = s;
            this.end = e;
            this.read = read;
            this.stop = stop;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] dst, int off, int len) throws IOException {
            if (stop != null && stop.get()) {
                throw new CancelledException();
            }
            if (len == 0) {
                return 0;
            }
            if (pos >= end) {
                return -1;
            }
            int r = ch.read(ByteBuffer.wrap(dst, off, (int) Math.min(len, end - pos)), pos);
            if (r < 0) {
                return -1;                          // the file shrank under us
            }
            pos += r;
            if (read != null) {
                read.addAndGet(r);
            }
            return r;
        }
    }

    /**
     * The messages of one chunk, in order, with their line numbers counted from 1 within the chunk: all are counted,
     * the first {@link ImportContext#MAX_DIAGNOSTICS} kept (a null text is an over-long line), to be replayed into the
     * import context with the file's line numbers once the chunks before it are known.
     */
    public static class ChunkMessages {
        /** Lines in the chunk. */
        public long lineCount;
        /** Messages met. */
        public long messages;
        /** How many of them are kept in {@link #lines} and {@link #texts}. */
        public int kept;
        public long[] lines = new long[16];
        public String[] texts = new String[16];

        public void message(long line, String text) {
            if (kept < ImportContext.MAX_DIAGNOSTICS) {
                if (kept == lines.length) {
                    lines = Arrays.copyOf(lines, kept * 2);
                    texts = Arrays.copyOf(texts, kept * 2);
                }
                lines[kept] = line;
                texts[kept] = text;
                kept++;
            }
            messages++;
        }

        /**
         * The chunks' messages into {@code ctx} in file order with the file's line numbers, as one reading reports them;
         * {@code describe} gives a message's whole text from its kept text (null for an over-long line).
         */
        public static void replay(ImportContext ctx, List<? extends ChunkMessages> chunks,
                                  java.util.function.Function<String, String> describe) {
            long offset = 0;
            for (ChunkMessages c : chunks) {
                for (int i = 0; i < c.kept; i++) {
                    ctx.warn(offset + c.lines[i], describe.apply(c.texts[i]));
                }
                // beyond the kept ones the context only counts messages: more are counted, not kept
                for (long i = c.kept; i < c.messages; i++) {
                    ctx.warn(0, "");
                }
                offset += c.lineCount;
            }
        }
    }
}
