package io.tunescope.importers.folded;

import io.tunescope.importers.ByteLines;
import io.tunescope.importers.FileChunks;
import io.tunescope.importers.ImportContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
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
 * The {@link FoldedImporter}'s reading of a large regular file on several threads: the file is cut just after LF
 * bytes (a line starts there whatever the line ends), each chunk is read by its own {@link FoldedParser}, and the
 * parsers are joined in file order ({@link FoldedParser#absorb}), so frames and stacks get the ids, counts and
 * byte-order state of one parser reading the whole file. The messages (malformed lines, over-long lines) are replayed
 * into the {@link ImportContext} in file order with their file line numbers once every chunk is read. Only the
 * calling thread touches the context (progress, cancellation); the policy (threads, sizes, load) is the perf script
 * importer's ({@link FileChunks}).
 */
final class FoldedChunks {
    private FoldedChunks() {
    }

    /**
     * The parser of the whole context's file read in chunks, or null when it is to be read in one stream (a small
     * file, one thread, a charset whose bytes cannot be cut at LF, not a regular file, no core free, or a count that
     * overflowed: then nothing was reported to the context).
     */
    static FoldedParser read(ImportContext ctx, Charset cs) throws IOException {
        int threads = FileChunks.threads();
        Path path = ctx.path();
        if (threads < 2 || path == null || !Files.isRegularFile(path) || ctx.size() < FileChunks.minBytes()
                || !FileChunks.asciiCompatible(cs) || !FileChunks.coresFree(threads)) {
            return null;
        }
        long chunk = Long.getLong("tunescope.importChunkBytes", FileChunks.chunkBytes(ctx.size(), threads));
        return read(ctx, path, ctx.decoding().bomLength(), cs, threads, chunk);
    }

    /** Reads {@code file} from {@code skip} (a byte-order mark) in chunks of about {@code chunkBytes}; null as {@link #read(ImportContext, Charset)}. */
    static FoldedParser read(ImportContext ctx, Path file, long skip, Charset cs, int threads, long chunkBytes)
            throws IOException {
        AtomicLong read = new AtomicLong(skip);
        AtomicBoolean stop = new AtomicBoolean();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long[] cuts = FileChunks.cutsAfterLf(ch, skip, ch.size(), Math.max(1, chunkBytes));
            int n = cuts.length - 1;
            ExecutorService pool = FileChunks.daemonPool(threads, n, "tunescope-import-chunk");
            try {
                List<Future<Chunk>> futures = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    long s = cuts[i];
                    long e = cuts[i + 1];
                    futures.add(pool.submit(() -> chunk(new FileChunks.Range(ch, s, e, read, stop), cs, ctx.maxLineChars())));
                }
                List<Chunk> done = new ArrayList<>(n);
                FoldedParser merged = null;
                for (Future<Chunk> f : futures) {
                    Chunk c = FileChunks.await(f, ctx, read);
                    if (merged == null) {
                        merged = c.parser;
                    } else if (!merged.absorb(c.parser)) {
                        return null;
                    }
                    c.parser = null;
                    done.add(c);
                }
                ctx.progressTo(read.get());
                replay(ctx, done);
                return merged;
            } finally {
                stop.set(true);
                pool.shutdownNow();
            }
        }
    }

    /** The chunks' messages into the context in file order, as one reading reports them. */
    static void replay(ImportContext ctx, List<Chunk> chunks) {
        String file = ctx.displayName();
        FileChunks.ChunkMessages.replay(ctx, chunks, why -> why == null
                ? file + ": line longer than " + ctx.maxLineChars() + " bytes; skipped" : file + ": " + why);
    }

    /** One chunk's lines (numbered from 1 within the chunk) through its own parser. */
    static Chunk chunk(InputStream in, Charset cs, int maxLine) throws IOException {
        Chunk c = new Chunk();
        FoldedParser p = new FoldedParser(cs, c::message);
        ByteLines lines = new ByteLines(in, 1 << 20, maxLine);
        while (lines.next()) {
            if (lines.truncated()) {
                c.message(lines.number(), null);
                continue;
            }
            p.line(lines.buf(), lines.start(), lines.end(), lines.number());
        }
        c.parser = p;
        c.lineCount = lines.number();
        return c;
    }

    /** One chunk read: its parser, its line count and its messages in order (a null text is an over-long line). */
    static final class Chunk extends FileChunks.ChunkMessages {
        FoldedParser parser;
    }
}
