package io.tunescope.importers;

import io.tunescope.model.capture.Diagnostic;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Everything an importer needs while parsing one file: a streaming line reader with the right decoding,
 * progress (bytes read), cancellation and line-numbered diagnostics. Not thread-safe: one per file.
 */
public final class ImportContext {
    /** Diagnostics kept per file; the rest are counted and summarised. */
    public static final int MAX_DIAGNOSTICS = 200;

    private final Path path;
    private final String displayName;
    private final TextDecoding.Detected decoding;
    private final long size;
    private final BooleanSupplier cancelled;
    private final LongConsumer progress;
    private final int bufferSize;
    private final int maxLineChars;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private int suppressed;
    private long bytesRead;
    private long lastLine;

    public ImportContext(Path path, String displayName, TextDecoding.Detected decoding, BooleanSupplier cancelled,
                         LongConsumer progress, int bufferSize, int maxLineChars) throws IOException {
        this.path = path;
        this.displayName = displayName;
        this.decoding = decoding;
        this.size = Files.size(path);
        this.cancelled = cancelled == null ? () -> false : cancelled;
        this.progress = progress == null ? b -> { } : progress;
        this.bufferSize = bufferSize;
        this.maxLineChars = maxLineChars;
    }

    /** A context for one file on its own (CLI, tests): detects the decoding from the file's head. */
    public static ImportContext forFile(Path path) throws IOException {
        return forFile(path, 64 * 1024);
    }

    public static ImportContext forFile(Path path, int bufferSize) throws IOException {
        Head head = Head.read(path);
        return new ImportContext(path, path.getFileName().toString(), head.decoding(), null, null, bufferSize,
                16 * 1024 * 1024);
    }

    public Path path() {
        return path;
    }

    /** The file's name as shown to the user (path relative to the capture). */
    public String displayName() {
        return displayName;
    }

    public long size() {
        return size;
    }

    public TextDecoding.Detected decoding() {
        return decoding;
    }

    /** Opens the file as lines. Progress and cancellation are handled by the returned reader. */
    public Lines lines() throws IOException {
        var decoder = decoding.charset().newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new Lines(new LineReader(new InputStreamReader(bytes(), decoder), bufferSize, maxLineChars));
    }

    /**
     * Opens the file as lines of bytes ({@link TextLines}): no decoding and no string per line in an
     * ASCII-compatible charset, the decoded lines otherwise. Progress and cancellation as with {@link #lines()}.
     */
    public TextLines textLines() throws IOException {
        return new TextLines(this);
    }

    void lastLine(long line) {
        lastLine = line;
    }

    /**
     * Opens the raw bytes of the file after its byte-order mark, for importers that parse bytes (large
     * profiles). Progress and cancellation work as with {@link #lines()}; the bytes are in
     * {@link #decoding()}'s charset.
     */
    public InputStream bytes() throws IOException {
        InputStream raw = Files.newInputStream(path);
        long skipped = raw.skip(decoding.bomLength());
        bytesRead = skipped;
        return new FilterInputStream(raw) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    count(n);
                }
                return n;
            }
        };
    }

    /** Bytes of the file read so far through {@link #bytes()} or {@link #lines()}. */
    public long bytesRead() {
        return bytesRead;
    }

    /**
     * For an importer that reads the file through its own channels (chunks on several threads): {@code bytes} of the
     * file have been read so far. Reports progress and checks cancellation, as reading through {@link #bytes()} does.
     * Call it from the thread that called the importer only.
     */
    public void progressTo(long bytes) {
        if (bytes > bytesRead) {
            bytesRead = bytes;
            progress.accept(bytesRead);
        }
        checkCancelled();
    }

    /** The longest line importers keep; longer ones are cut (and reported). */
    public int maxLineChars() {
        return maxLineChars;
    }

    private void count(int n) {
        bytesRead += n;
        progress.accept(bytesRead);
        checkCancelled();
    }

    public void checkCancelled() {
        if (cancelled.getAsBoolean()) {
            throw new CancelledException();
        }
    }

    /** A piece of a line quoted in a message: at most 80 characters, longer ones cut with an ellipsis. */
    public static String excerpt(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /**
     * Reports a line an importer could not take in (a number out of range, say: {@link Failures#describe})
     * and lets it go on with the next one.
     */
    public void skipLine(long line, RuntimeException e) {
        warn(line, displayName + ": " + Failures.describe(e) + "; the line was skipped");
    }

    public void info(long line, String message) {
        add(Diagnostic.info(line, message));
    }

    public void warn(long line, String message) {
        add(Diagnostic.warning(line, message));
    }

    public void error(long line, String message) {
        add(Diagnostic.error(line, message));
    }

    private void add(Diagnostic d) {
        if (diagnostics.size() < MAX_DIAGNOSTICS) {
            diagnostics.add(d);
        } else {
            suppressed++;
        }
    }

    public List<Diagnostic> diagnostics() {
        List<Diagnostic> out = new ArrayList<>(diagnostics);
        if (suppressed > 0) {
            out.add(Diagnostic.info(0, suppressed + " more messages not shown"));
        }
        return out;
    }

    /** The number of the line last read through {@link #lines()} (0 before the first): where a failure happened. */
    public long lastLine() {
        return lastLine;
    }

    public <T> ImportResult<T> result(T value) {
        return new ImportResult<>(value, diagnostics());
    }

    /** A line reader that reports over-long lines as warnings. */
    public final class Lines implements AutoCloseable {
        private final LineReader reader;

        Lines(LineReader reader) {
            this.reader = reader;
        }

        public String next() throws IOException {
            String l = reader.readLine();
            lastLine = reader.lineNumber();
            if (l != null && reader.lastLineTruncated()) {
                warn(reader.lineNumber(), "line longer than " + maxLineChars + " characters; the rest of it was skipped");
            }
            return l;
        }

        /** 1-based number of the line last returned. */
        public long number() {
            return reader.lineNumber();
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }
}
