package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A binary {@code perf.data} recording, told by its content: the {@code PERFILE2} magic of perf's file header (written
 * byte-swapped, {@code 2ELIFREP}, by a machine of the other endianness). Tunescope does not read the binary format;
 * perf on the recording machine turns it into text ({@code perf script}), or {@code importers.perfdata.PerfDataConverter}
 * does on request when a {@code perf} binary is installed.
 */
public final class PerfData {
    /** The format slug shown for such files. */
    public static final String FORMAT = "perf-data";
    /** What the listing says instead of "not recognised". */
    public static final String REASON = "binary perf.data: run perf script on the recording machine";
    private static final byte[] MAGIC = "PERFILE2".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MAGIC_SWAPPED = "2ELIFREP".getBytes(StandardCharsets.US_ASCII);

    private PerfData() {
    }

    /** True when the bytes start with perf's file magic (either byte order). */
    public static boolean magic(byte[] head, int length) {
        if (length < 8) {
            return false;
        }
        byte[] b = Arrays.copyOf(head, 8);
        return Arrays.equals(b, MAGIC) || Arrays.equals(b, MAGIC_SWAPPED);
    }

    /** True when the file starts with perf's file magic; false when it cannot be read. */
    public static boolean is(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(8);
            return magic(b, b.length);
        } catch (IOException e) {
            return false;
        }
    }
}
