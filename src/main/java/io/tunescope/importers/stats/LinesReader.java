package io.tunescope.importers.stats;

import io.tunescope.importers.ImportContext;
import java.io.IOException;
import java.io.Reader;

/**
 * A {@link Reader} over {@link ImportContext.Lines} (each line followed by '\n'), so that a streaming
 * JSON parser reads the file through the context (decoding, progress, cancel) with matching line numbers.
 */
public final class LinesReader extends Reader {
    private final ImportContext.Lines lines;
    private String cur = "";
    private int pos;
    private boolean eof;

    public LinesReader(ImportContext.Lines lines) {
        this.lines = lines;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (pos >= cur.length()) {
            if (eof) {
                return -1;
            }
            String l = lines.next();
            if (l == null) {
                eof = true;
                return -1;
            }
            cur = l + "\n";
            pos = 0;
        }
        int n = Math.min(len, cur.length() - pos);
        cur.getChars(pos, pos + n, cbuf, off);
        pos += n;
        return n;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
