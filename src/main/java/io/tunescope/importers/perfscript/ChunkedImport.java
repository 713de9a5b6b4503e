package io.tunescope.importers.perfscript;

import io.tunescope.importers.ByteLines;
import io.tunescope.importers.FileChunks;
import io.tunescope.importers.ImportContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@link PerfScriptImporter}'s reading of a large regular file on several threads: the file is cut just after
 * empty lines (LF LF or LF CR LF: a sample has ended there, and the importer's folder, without event filter, is
 * in its starting state), each chunk is read by its own {@link PerfScriptFolder} keeping samples one by one, and
 * the chunks are merged in file order ({@link PerfScriptFolder#absorbSamples}), so frames, stacks, events and
 * {@link io.tunescope.model.stack.SampleColumns} get the ids, counts and order of one folder reading the whole file.
 * The diagnostics (unrecognised lines, over-long lines) are replayed into the {@link ImportContext} in file order
 * with their file line numbers once every chunk is read.
 *
 * <p>Only the calling thread touches the context: it reports the bytes the chunks have read as progress and
 * checks cancellation while it waits for them; on cancellation the chunks stop at their next read.
 */
final class ChunkedImport {

    private ChunkedImport() {
    }

    /** {@link FileChunks#threads}. */
    static int threads() {
        return FileChunks.threads();
    }

    /** {@link FileChunks#minBytes}. */
    static long minBytes() {
        return FileChunks.minBytes();
    }

    /** {@link FileChunks#chunkBytes}. */
    static long chunkBytes(long size, int threads) {
        return FileChunks.chunkBytes(size, threads);
    }

    /** {@link FileChunks#coresFree}. */
    static boolean coresFree(int threads) {
        return FileChunks.coresFree(threads);
    }

    /** {@link FileChunks#asciiCompatible}. */
    static boolean asciiCompatible(Charset cs) {
        return FileChunks.asciiCompatible(cs);
    }

    /**
     * Reads {@code file} (the context's file; its first {@code skip} bytes are a byte-order mark) in chunks of about
     * {@code chunkBytes} on {@code threads} threads and returns the merged folder, its input finished; or null when
     * the file has to be read in one stream (a chunk's sample columns stopped growing). Nothing is reported to
     * {@code ctx} before the whole file is read; null leaves it untouched.
     */
    static PerfScriptFolder read(ImportContext ctx, Path file, long skip, Charset cs, int threads, long chunkBytes)
            throws IOException {
        String display = ctx.displayName();
        long chunk = Math.max(1, Math.min(ChunkedFold.MAX_CHUNK, chunkBytes));
        AtomicLong read = new AtomicLong(skip);
        AtomicBoolean stop = new AtomicBoolean();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long[] cuts = cuts(ch, skip, size, chunk);
            int n = cuts.length - 1;
            ExecutorService pool = FileChunks.daemonPool(threads, n, "tunescope-import-chunk");
            try {
                List<Future<Chunk>> futures = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    long s = cuts[i];
                    long e = cuts[i + 1];
                    futures.add(pool.submit(() -> readChunk(ch, s, e, cs, ctx.maxLineChars(), read, stop)));
                }
                PerfScriptFolder merged = null;
                List<Chunk> done = new ArrayList<>(n);
                for (Future<Chunk> f : futures) {
                    Chunk c = FileChunks.await(f, ctx, read);
                    if (merged == null) {
                        merged = c.folder;
                    } else if (!merged.absorbSamples(c.folder)) {
                        return null;
                    }
                    c.folder = null;                // the merged tables hold what is needed; let the chunk's go
                    done.add(c);
                }
                ctx.progressTo(read.get());
                FileChunks.ChunkMessages.replay(ctx, done, text -> text == null
                        ? display + ": line longer than " + ctx.maxLineChars() + " bytes; the rest of it was skipped"
                        : display + ": unrecognised line: " + text);
                return merged;
            } finally {
                stop.set(true);
                pool.shutdownNow();
            }
        }
    }

    /** One chunk read: its folder, its line count and its messages in order (line numbers from 1 within the chunk). */
    private static final class Chunk extends FileChunks.ChunkMessages {
        PerfScriptFolder folder;
    }

    private static Chunk readChunk(FileChannel ch, long s, long e, Charset cs, int maxLine, AtomicLong read,
                                   AtomicBoolean stop) throws IOException {
        Chunk c = new Chunk();
        PerfScriptFolder f = new PerfScriptFolder(FoldOptions.profile(), cs, c::message).keepingSamples();
        ByteLines lines = new ByteLines(new FileChunks.Range(ch, s, e, read, stop), 1 << 20, maxLine);
        while (lines.next()) {
            if (lines.truncated()) {
                c.message(lines.number(), null);
            }
            f.line(lines.buf(), lines.start(), lines.end(), lines.number());
            f.skipKnownBlock(lines);
        }
        f.finish();
        f.dropLineCache();
        c.folder = f;
        c.lineCount = lines.number();
        return c;
    }

    /**
     * Chunk boundaries: {@code from}, then the first position at or after each multiple of {@code chunk} (from the
     * last cut) that follows an LF and an empty line (LF or CR LF: the first LF ends a line whatever the line-end
     * rules, the next line is empty), then {@code size}.
     */
    static long[] cuts(FileChannel ch, long from, long size, long chunk) throws IOException {
        List<Long> cuts = new ArrayList<>();
        cuts.add(from);
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        long next = from + chunk;
        while (next < size) {
            long cut = -1;
            long pos = Math.max(from, next - 2);   // the two bytes before 'next' may start the pattern
            int state = 0;                          // 0: nothing, 1: after LF, 2: after LF CR
            search:
            while (pos < size) {
                buf.clear();
                int r = ch.read(buf, pos);
                if (r <= 0) {
                    break;
                }
                for (int i = 0; i < r; i++) {
                    byte b = buf.get(i);
                    if (b == '\n') {
                        if (state != 0) {
                            cut = pos + i + 1;
                            break search;
                        }
                        state = 1;
                    } else if (b == '\r' && state == 1) {
                        state = 2;
                    } else {
                        state = 0;
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
}
