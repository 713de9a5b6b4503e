package io.tunescope.importers;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.zip.GZIPInputStream;

/**
 * Unpacks a {@code .tar.gz}/{@code .tgz}/{@code .tar}/{@code .zip} capture into a private temporary
 * folder, refusing anything that could write outside it: entry names with {@code ..} and absolute names
 * reject the archive; links and devices are never created (each is named in {@link #notes()}), and every
 * file is written only where the real path of its folder is inside the temporary folder.
 *
 * <p>An entry the file system refuses (a NUL in its name, a name component over 255 bytes, a path nested
 * too deep, a file where a folder of the same name was unpacked, an empty name) or a name that is not text
 * is skipped with a note naming it; a name seen twice keeps the first copy, with a note. Zip entry names are
 * UTF-8 when the entry says so (flag bit 11); otherwise UTF-8 when they are valid UTF-8, else GB18030 (zips
 * made on Chinese Windows), else CP437 (the zip format's original code page). Tar names are UTF-8, else
 * GB18030.
 *
 * <p>The unpacked total and the number of entries are bounded (archive bombs): a zip whose central
 * directory declares more than the bound, or an entry whose header declares more than what is left, is
 * rejected before any of its bytes are written; the bytes actually written are counted too, for sizes an
 * archive does not declare or declares falsely. Cancel is honoured between entries and every 64 KB. The
 * temporary folder is deleted on any exit: a failure, the JVM's shutdown (a hook registered before the
 * first byte is written), or {@link #release} when the app closes the capture.
 */
public final class ArchiveExtractor {
    public static final long DEFAULT_MAX_BYTES = 4L * 1024 * 1024 * 1024;
    public static final int DEFAULT_MAX_ENTRIES = 100_000;
    /** Longest name component most file systems take, in bytes. */
    static final int MAX_COMPONENT_BYTES = 255;
    /** Longest path (bytes) under the temporary folder written; Linux refuses 4096. */
    static final int MAX_PATH_BYTES = 3800;
    private static final Charset CP437 = Charset.forName("IBM437");
    /** Temporary folders of unpacked archives still on disk, with the hook that deletes them at exit. */
    private static final Map<Path, Thread> TEMPS = new ConcurrentHashMap<>();
    private static final int MAX_NOTES = 50;
    /** Set by the shutdown hook: unpacking stops at the next check. */
    private static volatile boolean shuttingDown;

    private final long maxBytes;
    private final int maxEntries;
    private BooleanSupplier cancelled = () -> false;
    private long written;
    private int entries;
    private int skippedLinks;
    private int skippedEntries;
    private final List<String> notes = new ArrayList<>();
    /** Names unpacked so far (without a trailing slash), and whether each is a folder. */
    private final Map<String, Boolean> seen = new HashMap<>();
    private Path destReal;

    public ArchiveExtractor(long maxBytes, int maxEntries) {
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
    }

    /** Checked between entries and every 64 KB: unpacking stops with {@link CancelledException}. */
    public ArchiveExtractor cancelWhen(BooleanSupplier cancelled) {
        this.cancelled = cancelled == null ? () -> false : cancelled;
        return this;
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

    /** Entries skipped for their names (refused, not text, repeated). */
    public int skippedEntries() {
        return skippedEntries;
    }

    /** One sentence per entry that was not unpacked as it is, naming it (the first 50; then a count). */
    public List<String> notes() {
        List<String> out = new ArrayList<>(notes);
        int more = skippedLinks + skippedEntries - notes.size();
        if (more > 0) {
            out.add(more + " more entries were not unpacked");
        }
        return out;
    }

    private void note(String s) {
        if (notes.size() < MAX_NOTES) {
            notes.add(s);
        }
    }

    /**
     * Creates a private folder (owner-only where the file system allows it) and unpacks into it. The folder
     * is deleted if unpacking fails or is cancelled, when the JVM exits, or on {@link #release}.
     */
    public Path extractToTemp(Path archive) throws IOException, CaptureException {
        Path dest;
        try {
            dest = Files.createTempDirectory("tunescope-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            dest = Files.createTempDirectory("tunescope-");
        }
        Path d = dest;
        Thread hook = new Thread(() -> {
            // the JVM is ending (SIGTERM, System.exit) perhaps while this folder is being written: stop the
            // writer, delete, and delete again what a write in flight created meanwhile
            shuttingDown = true;
            deleteTree(d);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            deleteTree(d);
        }, "tunescope-temp-cleanup");
        TEMPS.put(dest, hook);
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down already
            release(dest);
            throw new CancelledException();
        }
        try {
            extract(archive, dest);
        } catch (IOException | CaptureException | RuntimeException | Error e) {
            release(dest);
            throw e;
        }
        return dest;
    }

    /**
     * Deletes the temporary folder an archive was unpacked into, given that folder or any path inside it
     * (a capture's root); does nothing for other paths. Returns true when a folder was deleted.
     */
    public static boolean release(Path rootOrInside) {
        if (rootOrInside == null) {
            return false;
        }
        Path p = rootOrInside.toAbsolutePath().normalize();
        for (Path temp : List.copyOf(TEMPS.keySet())) {
            if (p.startsWith(temp)) {
                Thread hook = TEMPS.remove(temp);
                deleteTree(temp);
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // shutting down: the hook runs anyway
                }
                return true;
            }
        }
        return false;
    }

    /** Temporary folders still held (tests). */
    static java.util.Set<Path> held() {
        return java.util.Set.copyOf(TEMPS.keySet());
    }

    public void extract(Path archive, Path dest) throws IOException, CaptureException {
        byte[] magic = new byte[4];
        int m;
        try (InputStream in = Files.newInputStream(archive)) {
            m = in.readNBytes(magic, 0, 4);
        }
        destReal = dest.toRealPath();
        String name = archive.getFileName().toString();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16)) {
            if (m >= 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
                untar(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16), dest, name);
            } else if (m >= 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4) {
                checkDeclaredZipSize(archive, name);
                unzip(new PushbackInputStream(raw, 1 << 16), dest, name);
            } else if (name.toLowerCase(Locale.ROOT).endsWith(".tar")) {
                untar(raw, dest, name);
            } else {
                throw new CaptureException(name + ": not a gzip, tar or zip archive");
            }
        } catch (java.util.zip.ZipException | java.util.zip.DataFormatException | EOFException e) {
            throw new CaptureException(name + ": the archive is damaged or truncated (" + e.getMessage() + ")", e);
        }
    }

    // ---- zip ----------------------------------------------------------------------------------

    /** The sum of the sizes the central directory declares; over the bound rejects the zip before unpacking. */
    private void checkDeclaredZipSize(Path archive, String archiveName) throws IOException, CaptureException {
        long declared = ZipDirectory.declaredSize(archive);
        if (declared > maxBytes) {
            throw new CaptureException(archiveName + ": unpacks to more than " + (maxBytes >> 20)
                    + " MB; the archive was rejected (a possible archive bomb)");
        }
    }

    private void unzip(PushbackInputStream in, Path dest, String archiveName) throws IOException, CaptureException, java.util.zip.DataFormatException {
        byte[] h = new byte[30];
        while (true) {
            checkCancel();
            int n = in.readNBytes(h, 0, 4);
            if (n < 4) {
                return;
            }
            int sig = le32(h, 0);
            if (sig == 0x02014b50 || sig == 0x06054b50 || sig == 0x06064b50) {
                return; // central directory: every entry was read
            }
            if (sig != 0x04034b50) {
                throw new java.util.zip.ZipException("unexpected bytes where an entry should start");
            }
            if (in.readNBytes(h, 4, 26) < 26) {
                throw new EOFException("an entry header is cut off");
            }
            int flags = le16(h, 6);
            int method = le16(h, 8);
            long crc = le32(h, 14) & 0xFFFFFFFFL;
            long csize = le32(h, 18) & 0xFFFFFFFFL;
            long usize = le32(h, 22) & 0xFFFFFFFFL;
            byte[] rawName = in.readNBytes(le16(h, 26));
            byte[] extra = in.readNBytes(le16(h, 28));
            boolean zip64 = false;
            long mtime = dosTime(le16(h, 10), le16(h, 12));
            for (int i = 0; i + 4 <= extra.length; ) {
                int id = le16(extra, i);
                int len = le16(extra, i + 2);
                int at = i + 4;
                if (id == 0x0001) {
                    zip64 = true;
                    if (usize == 0xFFFFFFFFL && at + 8 <= extra.length) {
                        usize = le64(extra, at);
                        at += 8;
                    }
                    if (csize == 0xFFFFFFFFL && at + 8 <= extra.length) {
                        csize = le64(extra, at);
                    }
                } else if (id == 0x5455 && len >= 5 && i + 9 <= extra.length && (extra[i + 4] & 1) != 0) {
                    mtime = (le32(extra, i + 5) & 0xFFFFFFFFL) * 1000;
                }
                i += 4 + len;
            }
            boolean descriptor = (flags & 8) != 0;
            String entryName = zipName(rawName, (flags & 0x800) != 0);
            String shown = entryName != null ? entryName : printable(rawName);
            boolean dir = entryName != null && (entryName.endsWith("/") || entryName.endsWith("\\")) && usize == 0;
            if (method != 0 && method != 8 || (flags & 1) != 0) {
                if (descriptor) {
                    throw new java.util.zip.ZipException("entry '" + shown + "' is encrypted or compressed with method " + method
                            + " and its size is not known in advance");
                }
                skipFully(in, csize);
                skippedEntries++;
                note(archiveName + ": entry '" + shown + "' is " + ((flags & 1) != 0 ? "encrypted" : "compressed with method " + method)
                        + ", which Tunescope does not unpack; skipped");
                continue;
            }
            if (method == 0 && descriptor && csize == 0) {
                throw new java.util.zip.ZipException("entry '" + shown + "' is stored with its size after the data; cannot be read as a stream");
            }
            Path target = entryName == null ? null : place(dest, entryName, dir, archiveName);
            if (entryName == null) {
                skippedEntries++;
                note(archiveName + ": entry '" + shown + "' has a name that is not valid UTF-8 although the archive says it is; skipped");
            }
            if (target != null && !dir && !descriptor) {
                checkBudget(usize, archiveName, entryName, dest);
            }
            if (dir && target != null) {
                createFolder(target, entryName, archiveName);
            }
            java.util.zip.CRC32 sum = new java.util.zip.CRC32();
            long got;
            OutputStream out = dir ? null : open(target, entryName, archiveName);
            try {
                got = method == 0 ? copyStored(in, out, csize, sum, archiveName, shown, target)
                        : inflate(in, out, sum, archiveName, shown, target);
            } finally {
                if (out != null) {
                    out.close();
                }
            }
            if (descriptor) {
                byte[] d = in.readNBytes(4);
                int off = d.length == 4 && le32(d, 0) == 0x08074b50 ? 0 : -1;
                if (off == 0) {
                    d = in.readNBytes(4);
                }
                if (d.length < 4) {
                    throw new EOFException("an entry's data descriptor is cut off");
                }
                crc = le32(d, 0) & 0xFFFFFFFFL;
                in.readNBytes(zip64 ? 16 : 8);
            }
            if (out != null && (sum.getValue() != crc || (!descriptor && got != usize))) {
                Files.deleteIfExists(target);
                skippedEntries++;
                note(archiveName + ": entry '" + shown + "' is damaged (its checksum does not match); skipped");
            } else if (out != null) {
                keepTime(target, mtime);
            }
        }
    }

    private static long dosTime(int time, int date) {
        if (date == 0) {
            return 0;
        }
        try {
            return java.time.LocalDateTime.of(((date >> 9) & 0x7F) + 1980, Math.max(1, (date >> 5) & 0xF), Math.max(1, date & 0x1F),
                    (time >> 11) & 0x1F, (time >> 5) & 0x3F, Math.min(59, (time & 0x1F) * 2))
                    .atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();
        } catch (java.time.DateTimeException e) {
            return 0;
        }
    }

    private long copyStored(InputStream in, OutputStream out, long size, java.util.zip.CRC32 sum, String archiveName, String entryName,
                            Path target) throws IOException, CaptureException {
        byte[] buf = new byte[1 << 16];
        long left = size;
        while (left > 0) {
            int r = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (r < 0) {
                throw new EOFException("entry '" + entryName + "' is truncated");
            }
            count(r, archiveName, out == null ? null : target);
            sum.update(buf, 0, r);
            if (out != null) {
                out.write(buf, 0, r);
            }
            left -= r;
        }
        return size;
    }

    private long inflate(PushbackInputStream in, OutputStream out, java.util.zip.CRC32 sum, String archiveName, String entryName, Path target)
            throws IOException, CaptureException, java.util.zip.DataFormatException {
        java.util.zip.Inflater inf = new java.util.zip.Inflater(true);
        byte[] inBuf = new byte[1 << 16];
        byte[] outBuf = new byte[1 << 16];
        int last = 0;
        long total = 0;
        try {
            while (!inf.finished()) {
                if (inf.needsInput()) {
                    last = in.read(inBuf);
                    if (last < 0) {
                        throw new EOFException("entry '" + entryName + "' is truncated");
                    }
                    inf.setInput(inBuf, 0, last);
                }
                int n = inf.inflate(outBuf);
                if (n == 0 && inf.needsDictionary()) {
                    throw new java.util.zip.ZipException("entry '" + entryName + "' needs a preset dictionary");
                }
                if (n > 0) {
                    count(n, archiveName, out == null ? null : target);
                    sum.update(outBuf, 0, n);
                    total += n;
                    if (out != null) {
                        out.write(outBuf, 0, n);
                    }
                }
            }
            int rem = inf.getRemaining();
            if (rem > 0) {
                in.unread(inBuf, last - rem, rem);
            }
        } finally {
            inf.end();
        }
        return total;
    }

    /** A zip name: UTF-8 when flagged (null when it is not), else UTF-8, GB18030 or CP437, the first that decodes. */
    static String zipName(byte[] raw, boolean utf8Flag) {
        String s = strict(raw, StandardCharsets.UTF_8);
        if (s != null || utf8Flag) {
            return s;
        }
        s = strict(raw, io.tunescope.importers.TextDecoding.GB18030);
        return s != null ? s : new String(raw, CP437);
    }

    private static String strict(byte[] raw, Charset cs) {
        try {
            return cs.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** A name for messages: printable ASCII as it is, other bytes as \xNN. */
    private static String printable(byte[] raw) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < raw.length && i < 200; i++) {
            int c = raw[i] & 0xFF;
            b.append(c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format(Locale.ROOT, "\\x%02X", c));
        }
        return b.toString();
    }

    private static int le16(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8;
    }

    private static int le32(byte[] b, int o) {
        return le16(b, o) | le16(b, o + 2) << 16;
    }

    private static long le64(byte[] b, int o) {
        return (le32(b, o) & 0xFFFFFFFFL) | (long) le32(b, o + 4) << 32;
    }

    // ---- tar ----------------------------------------------------------------------------------

    private void untar(InputStream in, Path dest, String archiveName) throws IOException, CaptureException {
        byte[] header = new byte[512];
        String longName = null;
        String paxPath = null;
        while (true) {
            checkCancel();
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
                entryName = base == null || prefix == null ? null : prefix.isEmpty() ? base : prefix + "/" + base;
            }
            String shown = entryName != null ? entryName : printable(java.util.Arrays.copyOf(header, 100)).replaceAll("(\\\\x00)+$", "");
            if (size < 0) {
                // where the next header starts is unknown: what was unpacked stays, the rest cannot be read
                skippedEntries++;
                note(archiveName + ": entry '" + shown + "' declares a negative size (" + size + "); the rest of the archive "
                        + "could not be read");
                return;
            }
            if (type == 'L' || type == 'x' || type == 'g') {
                if (size > 1 << 20) {
                    throw new CaptureException(archiveName + ": tar extension header too large");
                }
                byte[] data = in.readNBytes((int) size);
                if (data.length < size) {
                    throw new CaptureException(archiveName + ": the tar archive is truncated");
                }
                skipPadding(in, size);
                if (type == 'L') {
                    longName = cstring(data, 0, data.length);
                    if (longName == null) {
                        longName = "\0"; // not text: skipped by name below, with a note
                    }
                } else if (type == 'x') {
                    paxPath = paxValue(data, "path");
                }
                continue;
            }
            longName = null;
            paxPath = null;
            if (entryName == null || entryName.equals("\0")) {
                skippedEntries++;
                note(archiveName + ": entry '" + shown + "' has a name that is neither UTF-8 nor GB18030 text; skipped");
                skipFully(in, size);
                skipPadding(in, size);
                continue;
            }
            if (type == '0' || type == '\0' || type == '7') {
                Path target = place(dest, entryName, false, archiveName);
                if (target != null) {
                    checkBudget(size, archiveName, entryName, dest);
                }
                OutputStream out = open(target, entryName, archiveName);
                try {
                    copyTar(in, out, target, size, archiveName, entryName);
                } finally {
                    if (out != null) {
                        out.close();
                    }
                }
                skipPadding(in, size);
                if (out != null) {
                    keepTime(target, parseOctal(header, 136, 12) * 1000);
                }
            } else if (type == '5') {
                Path target = place(dest, entryName, true, archiveName);
                if (target != null) {
                    createFolder(target, entryName, archiveName);
                }
                skipFully(in, size);
                skipPadding(in, size);
            } else {
                // links, devices, FIFOs: never created; still check the name, then skip the data
                checkName(entryName, archiveName);
                skippedLinks++;
                String link = type == '1' || type == '2' ? cstring(header, 157, 100) : null;
                note(archiveName + ": " + (type == '2' ? "symbolic link" : type == '1' ? "hard link" : "special file") + " '" + entryName
                        + "'" + (link != null ? " -> '" + link + "'" : "") + " was not unpacked");
                skipFully(in, size);
                skipPadding(in, size);
            }
        }
    }

    private void copyTar(InputStream in, OutputStream out, Path target, long size, String archiveName, String entryName)
            throws IOException, CaptureException {
        byte[] buf = new byte[1 << 16];
        long left = size;
        while (left > 0) {
            int r = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (r < 0) {
                if (target != null) {
                    Files.deleteIfExists(target);
                }
                throw new CaptureException(archiveName + ": entry '" + entryName + "' is truncated");
            }
            count(r, archiveName, out == null ? null : target);
            if (out != null) {
                out.write(buf, 0, r);
            }
            left -= r;
        }
    }

    // ---- both ---------------------------------------------------------------------------------

    private void checkCancel() {
        if (shuttingDown || cancelled.getAsBoolean()) {
            throw new CancelledException();
        }
    }

    /** Counts bytes about to be written; over the bound stops before they are. */
    private void count(int n, String archiveName, Path partial) throws IOException, CaptureException {
        written += n;
        if (written > maxBytes) {
            if (partial != null) {
                Files.deleteIfExists(partial);
            }
            throw new CaptureException(archiveName + ": unpacks to more than " + (maxBytes >> 20)
                    + " MB; the archive was rejected (a possible archive bomb)");
        }
        if ((written & 0xFFFF) < n) {
            checkCancel();
        }
    }

    /** An entry that declares more than the bound left (or the room on the disk) is refused before it is written. */
    private void checkBudget(long declared, String archiveName, String entryName, Path dest) throws IOException, CaptureException {
        if (declared > maxBytes - written) {
            throw new CaptureException(archiveName + ": unpacks to more than " + (maxBytes >> 20)
                    + " MB; the archive was rejected (a possible archive bomb; entry '" + entryName + "' declares " + declared + " bytes)");
        }
        long room;
        try {
            room = Files.getFileStore(dest).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return;
        }
        if (declared > room) {
            throw new CaptureException(archiveName + ": entry '" + entryName + "' needs " + (declared >> 20) + " MB and the temporary "
                    + "folder's disk has " + (room >> 20) + " MB free; the archive was not unpacked");
        }
    }

    /** Opens an entry's file, or null (with a note) when the file system refuses it; its bytes are then skipped. */
    private OutputStream open(Path target, String entryName, String archiveName) throws IOException {
        if (target == null) {
            return null;
        }
        try {
            Files.createDirectories(target.getParent());
            if (!target.getParent().toRealPath().startsWith(destReal)) {
                skippedEntries++;
                note(archiveName + ": entry '" + entryName + "' would be written through a link out of the archive's folder; skipped");
                return null;
            }
            return new BufferedOutputStream(Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16);
        } catch (FileSystemException | InvalidPathException e) {
            refused(entryName, archiveName, e);
            return null;
        }
    }

    private void createFolder(Path target, String entryName, String archiveName) {
        try {
            Files.createDirectories(target);
        } catch (IOException | InvalidPathException e) {
            refused(entryName, archiveName, e);
        }
    }

    private void refused(String entryName, String archiveName, Exception e) {
        skippedEntries++;
        String why = e instanceof FileAlreadyExistsException || e instanceof java.nio.file.NotDirectoryException
                ? "a file and a folder of the same name" : e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getClass().getSimpleName();
        note(archiveName + ": entry '" + abbreviate(entryName) + "' cannot be created here (" + why + "); skipped");
    }

    private static String abbreviate(String s) {
        return s.length() <= 160 ? s : s.substring(0, 80) + "..." + s.substring(s.length() - 60) + " (" + s.length() + " characters)";
    }

    /** Rejects the archive for names that point outside; the entry count bound. */
    private void checkName(String entryName, String archiveName) throws CaptureException {
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
    }

    /**
     * Where an entry goes, or null when it is skipped (with a note) or is the archive's own top ({@code ./}).
     * Rejects the archive for names that point outside it.
     */
    private Path place(Path dest, String entryName, boolean dir, String archiveName) throws CaptureException {
        checkName(entryName, archiveName);
        // "./a//b/." is "a/b": the same file the file system would make of it
        StringBuilder sb = new StringBuilder();
        for (String part : entryName.replace('\\', '/').split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                sb.append(sb.length() == 0 ? "" : "/").append(part);
            }
        }
        String n = sb.toString();
        String why = null;
        if (n.isEmpty()) {
            if (dir) {
                return null; // "./": the top folder itself
            }
            why = "it has no name";
        } else if (n.indexOf('\0') >= 0) {
            why = "a NUL character in its name";
        } else if (n.getBytes(StandardCharsets.UTF_8).length + destReal.toString().length() > MAX_PATH_BYTES) {
            why = "its path is longer than " + MAX_PATH_BYTES + " bytes (nested too deep)";
        } else {
            for (String part : n.split("/")) {
                if (part.getBytes(StandardCharsets.UTF_8).length > MAX_COMPONENT_BYTES) {
                    why = "a name component longer than " + MAX_COMPONENT_BYTES + " bytes";
                    break;
                }
            }
        }
        if (why == null) {
            // a file under a name unpacked as a file, or a name unpacked as the other kind
            String p = n;
            for (int i = p.indexOf('/'); i >= 0 && why == null; i = p.indexOf('/', i + 1)) {
                if (Boolean.FALSE.equals(seen.get(p.substring(0, i)))) {
                    why = "a file and a folder of the same name ('" + p.substring(0, i) + "' is a file)";
                }
            }
            Boolean before = seen.get(n);
            if (why == null && before != null) {
                if (before && dir) {
                    return null; // the same folder again: nothing to do
                }
                skippedEntries++;
                note(archiveName + ": entry '" + abbreviate(entryName) + "' appears " + (before == dir ? "twice; the first copy was kept"
                        : "as both a file and a folder; the first was kept"));
                return null;
            }
        }
        if (why != null) {
            skippedEntries++;
            note(archiveName + ": entry '" + abbreviate(entryName.replace("\0", "\\0")) + "' cannot be created here (" + why + "); skipped");
            return null;
        }
        Path target;
        try {
            target = dest.resolve(n).normalize();
        } catch (InvalidPathException e) {
            skippedEntries++;
            note(archiveName + ": entry '" + abbreviate(entryName) + "' cannot be created here (" + e.getReason() + "); skipped");
            return null;
        }
        if (!target.startsWith(dest)) {
            throw new CaptureException(archiveName + ": entry '" + entryName + "' points outside the archive; the archive was rejected");
        }
        seen.put(n, dir);
        for (int i = n.indexOf('/'); i >= 0; i = n.indexOf('/', i + 1)) {
            seen.putIfAbsent(n.substring(0, i), true);
        }
        return target;
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

    /** A NUL-ended name: UTF-8, else GB18030; null when it is neither. */
    private static String cstring(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && end < b.length && b[end] != 0) {
            end++;
        }
        byte[] raw = java.util.Arrays.copyOfRange(b, off, end);
        String s = strict(raw, StandardCharsets.UTF_8);
        return s != null ? s : strict(raw, io.tunescope.importers.TextDecoding.GB18030);
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
