package io.tunescope.importers;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a zip's central directory for the one thing the extractor needs before unpacking: the sum of the
 * uncompressed sizes it declares (a bomb is refused before any byte is written). A directory that cannot be
 * read gives 0: the extractor's count of the bytes it writes still bounds the archive.
 */
final class ZipDirectory {
    private static final int EOCD = 0x06054b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_EOCD = 0x06064b50;
    private static final int CENTRAL = 0x02014b50;
    private static final long MAX_DIRECTORY = 64L << 20;

    private ZipDirectory() {
    }

    /** The declared uncompressed total, or 0 when the directory cannot be read. */
    static long declaredSize(Path zip) throws IOException {
        try (FileChannel ch = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = ch.size();
            int tail = (int) Math.min(size, 22 + 65535);
            ByteBuffer t = read(ch, size - tail, tail);
            int at = -1;
            for (int i = tail - 22; i >= 0; i--) {
                if (t.getInt(i) == EOCD) {
                    at = i;
                    break;
                }
            }
            if (at < 0) {
                return 0;
            }
            long entries = t.getShort(at + 10) & 0xFFFF;
            long dirSize = t.getInt(at + 12) & 0xFFFFFFFFL;
            long dirOffset = t.getInt(at + 16) & 0xFFFFFFFFL;
            if ((entries == 0xFFFF || dirSize == 0xFFFFFFFFL || dirOffset == 0xFFFFFFFFL) && at >= 20 && t.getInt(at - 20) == ZIP64_LOCATOR) {
                long z64 = t.getLong(at - 20 + 8);
                if (z64 < 0 || z64 + 56 > size) {
                    return 0;
                }
                ByteBuffer e = read(ch, z64, 56);
                if (e.getInt(0) != ZIP64_EOCD) {
                    return 0;
                }
                entries = e.getLong(32);
                dirSize = e.getLong(40);
                dirOffset = e.getLong(48);
            }
            if (dirSize <= 0 || dirSize > MAX_DIRECTORY || dirOffset < 0 || dirOffset + dirSize > size) {
                return 0;
            }
            ByteBuffer d = read(ch, dirOffset, (int) dirSize);
            long total = 0;
            int p = 0;
            for (long n = 0; n < entries && p + 46 <= dirSize; n++) {
                if (d.getInt(p) != CENTRAL) {
                    return total;
                }
                long usize = d.getInt(p + 24) & 0xFFFFFFFFL;
                int nameLen = d.getShort(p + 28) & 0xFFFF;
                int extraLen = d.getShort(p + 30) & 0xFFFF;
                int commentLen = d.getShort(p + 32) & 0xFFFF;
                if (usize == 0xFFFFFFFFL) {
                    int x = p + 46 + nameLen;
                    int end = Math.min((int) dirSize, x + extraLen);
                    while (x + 4 <= end) {
                        int id = d.getShort(x) & 0xFFFF;
                        int len = d.getShort(x + 2) & 0xFFFF;
                        if (id == 1 && x + 12 <= end) {
                            usize = d.getLong(x + 4);
                            break;
                        }
                        x += 4 + len;
                    }
                }
                if (usize < 0) {
                    return Long.MAX_VALUE;
                }
                total = total > Long.MAX_VALUE - usize ? Long.MAX_VALUE : total + usize;
                p += 46 + nameLen + extraLen + commentLen;
            }
            return total;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static ByteBuffer read(FileChannel ch, long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                break;
            }
        }
        return b.flip().order(ByteOrder.LITTLE_ENDIAN);
    }
}
