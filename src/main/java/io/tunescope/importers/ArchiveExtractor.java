package io.tunescope.importers;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Unpacks a {@code .tar.gz}/{@code .tgz}/{@code .tar}/{@code .zip} capture into a private temporary
 * folder, refusing anything that could write outside it: entry names with {@code ..}, absolute names,
 * links and devices. The unpacked total and the number of entries are bounded (archive bombs), counted
 * from the bytes actually written, never from sizes the archive declares.
 */
public final class ArchiveExtractor {
    public static final long DEFAULT_MAX_BYTES = 4L * 1024 * 1024 * 1024;
    public static final int DEFAULT_MAX_ENTRIES = 100_000;

    private final long maxBytes;
    private final int maxEntries;
    private long written;
    private int entries;
    private int skippedLinks;

    public ArchiveExtractor(long maxBytes, int maxEntries) {
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
    }

    /** True when the file's first bytes say gzip or zip, or its name says tar. */
    public static boolean isArchive(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".zip") || n.endsWith(".tar")) {
            return true;
        }
        return false;
    }

    /** Links and special files that were skipped. */
    public int skippedLinks() {
        return skippedLinks;
    }

    /** Creates a private folder (owner-only where the file system allows it) and unpacks into it. */
    public Path extractToTemp(Path archive) throws IOException, CaptureException {
        Path dest;
        try {
            dest = Files.createTempDirectory("tunescope-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            dest = Files.createTempDirectory("tunescope-");
        }
        try {
            extract(archive, dest);
        } catch (IOException | CaptureException | RuntimeException e) {
            deleteTree(dest);
            throw e;
        }
        return dest;
    }

    public void extract(Path archive, Path dest) throws IOException, CaptureException {
        byte[] magic = new byte[4];
        int m;
        try (InputStream in = Files.newInputStream(archive)) {
            m = in.readNBytes(magic, 0, 4);
        }
        String name = archive.getFileName().toString();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16)) {
            if (m >= 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
                untar(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16), dest, name);
            } else if (m >= 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4) {
                unzip(raw, dest, name);
            } else if (name.toLowerCase(Locale.ROOT).endsWith(".tar")) {
                untar(raw, dest, name);
            } else {
                throw new CaptureException(name + ": not a gzip, tar or zip archive");
            }
        } catch (java.util.zip.ZipException | EOFException e) {
            throw new CaptureException(name + ": the archive is damaged or truncated (" + e.getMessage() + ")", e);
        }
    }

    private void unzip(InputStream raw, Path dest, String archiveName) throws IOException, CaptureException {
        try (ZipInputStream zin = new ZipInputStream(raw, StandardCharsets.UTF_8)) {
            ZipEntry e;
            while ((e = zin.getNextEntry()) != null) {
                Path target = safeTarget(dest, e.getName(), archiveName);
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    copy(zin, target, Long.MAX_VALUE, archiveName, e.getName());
                    keepTime(target, e.getTime());
                }
            }
        }
    }

    private void untar(InputStream in, Path dest, String archiveName) throws IOException, CaptureException {
        byte[] header = new byte[512];
        String longName = null;
        String paxPath = null;
        while (true) {
            int n = in.readNBytes(header, 0, 512);
            if (n == 0) {
                return;
            }
            if (n < 512) {
                throw new CaptureException(archiveName + ": the tar archive is truncated");
            }
            if (allZero(header)) {
                return;
            }
            if (!checksumOk(header)) {
                throw new CaptureException(archiveName + ": not a valid tar archive (header checksum mismatch)");
            }
            char type = (char) header[156];
            long size = parseSize(header, 124, 12);
            String entryName;
            if (longName != null) {
                entryName = longName;
            } else if (paxPath != null) {
                entryName = paxPath;
            } else {
                String base = cstring(header, 0, 100);
                String prefix = isUstar(header) ? cstring(header, 345, 155) : "";
                entryName = prefix.isEmpty() ? base : prefix + "/" + base;
            }
            if (type == 'L' || type == 'x' || type == 'g') {
                if (size > 1 << 20) {
                    throw new CaptureException(archiveName + ": tar extension header too large");
                }
                byte[] data = in.readNBytes((int) size);
                skipPadding(in, size);
                if (type == 'L') {
                    longName = cstring(data, 0, data.length);
                } else if (type == 'x') {
                    paxPath = paxValue(data, "path");
                }
                continue;
            }
            longName = null;
            paxPath = null;
            if (type == '0' || type == '\0' || type == '7') {
                Path target = safeTarget(dest, entryName, archiveName);
                copy(in, target, size, archiveName, entryName);
                skipPadding(in, size);
                keepTime(target, parseOctal(header, 136, 12) * 1000);
            } else if (type == '5') {
                Files.createDirectories(safeTarget(dest, entryName, archiveName));
            } else {
                // links, devices, FIFOs: never created; still check the name, then skip the data
                safeTarget(dest, entryName, archiveName);
                skippedLinks++;
                skipFully(in, size);
                skipPadding(in, size);
            }
        }
    }

    /** The entry's modification time, as tar and zip keep it: the clock of last resort for files without times. */
    private static void keepTime(Path target, long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Files.setLastModifiedTime(target, java.nio.file.attribute.FileTime.fromMillis(millis));
        } catch (IOException e) {
            // the time stays the extraction's
        }
    }

    private Path safeTarget(Path dest, String entryName, String archiveName) throws CaptureException {
        String n = entryName.replace('\\', '/');
        if (n.startsWith("/") || n.matches("^[A-Za-z]:.*")) {
            throw new CaptureException(archiveName + ": entry '" + entryName + "' has an absolute path; the archive was rejected");
        }
        for (String part : n.split("/")) {
            if (part.equals("..")) {
                throw new CaptureException(archiveName + ": entry '" + entryName + "' points outside the archive ('..'); the archive was rejected");
            }
        }
        if (++entries > maxEntries) {
            throw new CaptureException(archiveName + ": more than " + maxEntries + " entries; the archive was rejected");
        }
        Path target = dest.resolve(n).normalize();
        if (!target.startsWith(dest)) {
            throw new CaptureException(archiveName + ": entry '" + entryName + "' points outside the archive; the archive was rejected");
        }
        return target;
    }

    private void copy(InputStream in, Path target, long size, String archiveName, String entryName) throws IOException, CaptureException {
        Files.createDirectories(target.getParent());
        byte[] buf = new byte[1 << 16];
        long left = size;
        try (OutputStream out = Files.newOutputStream(target)) {
            while (left > 0) {
                int r = in.read(buf, 0, (int) Math.min(buf.length, left));
                if (r < 0) {
                    if (size == Long.MAX_VALUE) {
                        break;
                    }
                    throw new CaptureException(archiveName + ": entry '" + entryName + "' is truncated");
                }
                written += r;
                if (written > maxBytes) {
                    throw new CaptureException(archiveName + ": unpacks to more than " + (maxBytes >> 20)
                            + " MB; the archive was rejected (a possible archive bomb)");
                }
                out.write(buf, 0, r);
                left -= r;
            }
        }
    }

    private static void skipPadding(InputStream in, long size) throws IOException {
        long pad = (512 - (size % 512)) % 512;
        skipFully(in, pad);
    }

    private static void skipFully(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("unexpected end of tar data");
                }
                s = 1;
            }
            left -= s;
        }
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUstar(byte[] h) {
        return h[257] == 'u' && h[258] == 's' && h[259] == 't' && h[260] == 'a' && h[261] == 'r';
    }

    private static boolean checksumOk(byte[] h) {
        long stored = parseOctal(h, 148, 8);
        long sum = 0;
        for (int i = 0; i < 512; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xFF);
        }
        return stored == sum;
    }

    private static long parseSize(byte[] h, int off, int len) {
        if ((h[off] & 0x80) != 0) {
            long v = 0;
            for (int i = off + 1; i < off + len; i++) {
                v = (v << 8) | (h[i] & 0xFF);
            }
            return v;
        }
        return parseOctal(h, off, len);
    }

    private static long parseOctal(byte[] h, int off, int len) {
        long v = 0;
        for (int i = off; i < off + len; i++) {
            int c = h[i];
            if (c == 0 || c == ' ') {
                if (v != 0) {
                    break;
                }
                continue;
            }
            if (c < '0' || c > '7') {
                break;
            }
            v = v * 8 + (c - '0');
        }
        return v;
    }

    private static String cstring(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static String paxValue(byte[] data, String key) {
        String text = new String(data, StandardCharsets.UTF_8);
        for (String rec : text.split("\n")) {
            int sp = rec.indexOf(' ');
            int eq = rec.indexOf('=');
            if (sp > 0 && eq > sp && rec.substring(sp + 1, eq).equals(key)) {
                return rec.substring(eq + 1);
            }
        }
        return null;
    }

    /** Deletes a folder this class created. */
    public static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a temporary folder
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
