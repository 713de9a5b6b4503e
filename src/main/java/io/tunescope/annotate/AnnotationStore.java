package io.tunescope.annotate;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.files.AtomicFiles;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes the annotations of a capture: {@code tunescope-annotations.json} inside a capture
 * folder, or {@code <archive name>.tunescope-annotations.json} beside an archive (the archive itself is
 * never changed). Writes go through {@link AtomicFiles} (a temporary file flushed to disk, then renamed), so
 * a failed write leaves the previous file intact. No other file of the capture is touched.
 *
 * <p>No note is ever lost to a file that cannot be read:
 * <ul>
 *   <li>an entry that cannot be read (an unknown kind, a bad date, no id) is skipped with a message naming
 *       it; the others are read, and the skipped entry is written back unchanged with every save;</li>
 *   <li>a file that cannot be parsed at all (truncated, not JSON, not UTF-8 nor GB18030) is never written
 *       over: the notes before the damage are shown, and new notes go to the sibling
 *       {@code tunescope-annotations.continued.json}; both are read next time;</li>
 *   <li>a file written by a newer Tunescope (a higher {@code version}) is shown read-only;</li>
 *   <li>a capture whose folder cannot be written saves to the user's own folder
 *       ({@link io.tunescope.files.UserDirs#annotationsFor}), read back with the capture's own file;</li>
 *   <li>before saving, the file on disk is compared with what was read: when another window or program
 *       changed it meanwhile, the two are merged by annotation id (theirs kept, ours applied) and the user
 *       is told.</li>
 * </ul>
 * Deleting a note that lives in a file this store does not write (the damaged file, the capture's file when
 * saving to the user's folder) records its id in the written file's {@code deleted} list.
 */
public final class AnnotationStore {
    public static final String FILE_NAME = "tunescope-annotations.json";
    /** The sibling that takes new notes when the annotations file cannot be read: {@code ...continued.json}. */
    public static final String CONTINUED_SUFFIX = ".continued.json";
    static final int VERSION = 1;
    /** Temporary files of a killed writer older than this are removed when the annotations are read. */
    static final Duration STALE_TEMP = Duration.ofMinutes(5);

    /** Called between writing the temporary file and moving it into place (tests inject failures here). */
    interface BeforeMove {
        void run(Path temp) throws IOException;
    }

    /** What {@link #read} found: the notes to show, messages for the user, and where changes are saved (null: read-only). */
    public record Reading(List<Annotation> annotations, List<String> messages, Path saveTo) {
        public boolean readOnly() {
            return saveTo == null;
        }
    }

    /** What a save wrote: the notes now saved (merged with another writer's when there was one) and messages. */
    public record Saved(List<Annotation> annotations, List<String> messages, Path file) {
    }

    private enum Status { ABSENT, OK, DAMAGED, NEWER }

    /** One annotations file as read. */
    private record Parsed(Path file, Status status, byte[] bytes, List<Annotation> entries, List<JsonNode> unreadable,
                          Set<String> deleted, ObjectNode root, List<String> messages, int version) {
        Set<String> ids() {
            Set<String> out = new LinkedHashSet<>();
            entries.forEach(a -> out.add(a.id()));
            return out;
        }
    }

    private final Path file;
    private final Path continued;
    private final Path userFile;
    private final BeforeMove beforeMove;
    private final java.util.function.Predicate<Path> writable;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // text after the JSON (a bad merge, two saves run together) makes the file damaged, never dropped
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    // what the last read or save left: the base of the next save
    private boolean loaded;
    private Path target;
    private String readOnlyWhy;
    private byte[] targetBytes;
    private List<Annotation> base = List.of();
    private List<JsonNode> keptUnreadable = List.of();
    private ObjectNode keptRoot;
    private Set<String> targetDeleted = Set.of();
    private Set<String> otherIds = Set.of();
    private List<Path> mergedFrom = List.of();

    AnnotationStore(Path file, Path userFile, BeforeMove beforeMove) {
        this(file, userFile, beforeMove, AnnotationStore::folderWritable);
    }

    /** {@code writable} decides whether a folder can be written (tests running as root cannot make one read-only). */
    AnnotationStore(Path file, Path userFile, BeforeMove beforeMove, java.util.function.Predicate<Path> writable) {
        this.writable = writable;
        this.file = file.toAbsolutePath();
        String n = this.file.getFileName().toString();
        this.continued = this.file.resolveSibling(n.substring(0, n.length() - ".json".length()) + CONTINUED_SUFFIX);
        this.userFile = userFile;
        this.beforeMove = beforeMove;
    }

    AnnotationStore(Path file, BeforeMove beforeMove) {
        this(file, null, beforeMove);
    }

    /** The store for what the user opened: a capture folder, an archive, or a single file. */
    public static AnnotationStore forCapture(Path opened) {
        return new AnnotationStore(location(opened), io.tunescope.files.UserDirs.annotationsFor(opened), t -> {
        });
    }

    /** Where the annotations of a capture live. */
    public static Path location(Path opened) {
        Path abs = opened.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            return abs.resolve(FILE_NAME);
        }
        Path dir = abs.getParent();
        return dir.resolve(abs.getFileName() + "." + FILE_NAME);
    }

    /** True for the names of the files this store writes (capture listings skip them). */
    public static boolean isAnnotationsFile(String fileName) {
        return fileName.endsWith(FILE_NAME) || fileName.endsWith(FILE_NAME.replace(".json", CONTINUED_SUFFIX));
    }

    /** The capture's own annotations file. */
    public Path file() {
        return file;
    }

    /** Where changes are saved now: the capture's file, its sibling, the user's folder; null when read-only. */
    public Path saveTo() {
        if (!loaded) {
            read();
        }
        return target;
    }

    /** Why changes are not saved (a newer version, nowhere to write), or null when they are. */
    public String readOnlyReason() {
        if (!loaded) {
            read();
        }
        return target == null ? readOnlyWhy : null;
    }

    /** The annotations (every readable one from every file of this capture), or an empty list. */
    public List<Annotation> load() {
        return read().annotations();
    }

    /** Reads the capture's annotations files; never fails: what cannot be read is named in the messages. */
    public Reading read() {
        List<String> messages = new ArrayList<>();
        boolean writable = this.writable.test(file.getParent());
        if (writable) {
            AtomicFiles.removeStale(file, STALE_TEMP);
            AtomicFiles.removeStale(continued, STALE_TEMP);
        }
        Parsed main = parse(file);
        Parsed cont = parse(continued);
        Parsed user = userFile == null ? parse(null) : parse(userFile);
        messages.addAll(main.messages());
        messages.addAll(cont.messages());
        messages.addAll(user.messages());

        Parsed into;
        readOnlyWhy = null;
        if (main.status() == Status.NEWER) {
            into = null;
            readOnlyWhy = file + ": written by a newer Tunescope (format version " + main.version() + ", this one writes "
                    + VERSION + "); the notes are shown read-only and changes are not saved";
        } else if (main.status() == Status.DAMAGED) {
            into = writable ? cont : user;
            if (into.file() != null) {
                messages.add(file + " is kept as it is; new notes are saved in " + into.file() + " and both are read next time");
            }
        } else if (!writable) {
            into = user;
            if (into.file() != null) {
                messages.add(file.getParent() + " cannot be written (read-only); notes are saved in " + into.file() + " instead");
            }
        } else {
            into = main;
        }
        if (into != null && into.file() == null) {
            readOnlyWhy = file + ": cannot be saved (no writable place for the notes); changes are not saved";
            into = null;
        } else if (into != null && (into.status() == Status.DAMAGED || into.status() == Status.NEWER)) {
            readOnlyWhy = into.file() + ": cannot be read; it is kept as it is and changes are not saved";
            into = null;
        }
        if (readOnlyWhy != null) {
            messages.add(readOnlyWhy);
        }

        // every readable note, the latest edit of each id winning; ids deleted in any file stay deleted
        Map<String, Annotation> byId = new LinkedHashMap<>();
        Set<String> deleted = new HashSet<>();
        List<Path> merged = new ArrayList<>();
        for (Parsed p : List.of(main, cont, user)) {
            deleted.addAll(p.deleted());
            for (Annotation a : p.entries()) {
                byId.merge(a.id(), a, (x, y) -> y.updated().isAfter(x.updated()) ? y : x);
            }
            if (p != into && p.status() != Status.ABSENT && p.file() != null && !p.entries().isEmpty()) {
                merged.add(p.file());
            }
        }
        deleted.forEach(byId::remove);
        List<Annotation> all = List.copyOf(byId.values());

        loaded = true;
        target = into == null ? null : into.file();
        targetBytes = into == null ? null : into.bytes();
        base = all;
        keptUnreadable = into == null ? List.of() : into.unreadable();
        keptRoot = into == null ? null : into.root();
        targetDeleted = into == null ? Set.of() : into.deleted();
        Set<String> others = new HashSet<>();
        for (Parsed p : List.of(main, cont, user)) {
            if (p != into) {
                others.addAll(p.ids());
            }
        }
        otherIds = others;
        // the notes of the other files are folded into the capture's own file at the next save
        mergedFrom = into == main ? merged.stream().filter(f -> f.equals(continued) ? cont.status() == Status.OK
                : user.status() == Status.OK).toList() : List.of();
        return new Reading(all, List.copyOf(messages), target);
    }

    /**
     * Saves the notes the user now has (the list last read or saved, changed). When the file changed on disk
     * since, another writer's notes are merged by id and a message says so. Throws when the notes cannot be
     * saved anywhere (read-only; the file on disk was replaced by one that cannot be read).
     */
    public Saved save(List<Annotation> annotations) throws IOException {
        if (!loaded) {
            read();
        }
        if (target == null) {
            throw new IOException(readOnlyWhy);
        }
        List<String> messages = new ArrayList<>();
        List<Annotation> next = List.copyOf(annotations);
        byte[] now = bytesOrNull(target);
        List<JsonNode> unreadable = keptUnreadable;
        ObjectNode root = keptRoot;
        Set<String> deleted = new LinkedHashSet<>(targetDeleted);
        if (!Arrays.equals(now, targetBytes)) {
            Parsed disk = parse(target);
            if (disk.status() == Status.DAMAGED || disk.status() == Status.NEWER) {
                throw new IOException(target + " was replaced by another program with a file that cannot be read; it is kept "
                        + "as it is and your change was not saved");
            }
            next = mergeById(base, next, disk.entries());
            unreadable = disk.unreadable();
            root = disk.root();
            deleted.addAll(disk.deleted());
            messages.add(target + " was changed by another window or program since it was read; its notes and yours were "
                    + "merged by id (" + next.size() + " notes now)");
        }
        Set<String> ids = new HashSet<>();
        next.forEach(a -> ids.add(a.id()));
        for (Annotation a : base) {
            if (!ids.contains(a.id()) && otherIds.contains(a.id())) {
                deleted.add(a.id());
            }
        }
        deleted.removeAll(ids);
        if (mergedFrom.isEmpty() && target.equals(file)) {
            deleted.retainAll(otherIds);
        }
        byte[] bytes = serialise(root, next, unreadable, deleted);
        Path wrote = target;
        try {
            AtomicFiles.write(target, out -> out.write(bytes), beforeMove::run);
        } catch (AccessDeniedException e) {
            wrote = divertToUser(e, next, deleted, messages);
        } catch (java.nio.file.ReadOnlyFileSystemException e) {
            wrote = divertToUser(new IOException("read-only file system", e), next, deleted, messages);
        } catch (FileSystemException e) {
            if (e instanceof NoSuchFileException || userFile == null || target.equals(userFile) || !isReadOnlyReason(e)) {
                throw e;
            }
            wrote = divertToUser(e, next, deleted, messages);
        }
        if (wrote.equals(file)) {
            for (Path f : mergedFrom) {
                Files.deleteIfExists(f);
                messages.add("the notes of " + f + " are now in " + file + "; " + f.getFileName() + " was removed");
            }
            mergedFrom = List.of();
            otherIds = Set.of();
        }
        target = wrote;
        targetBytes = Files.readAllBytes(wrote);
        base = next;
        targetDeleted = deleted;
        return new Saved(next, List.copyOf(messages), wrote);
    }

    private static boolean isReadOnlyReason(FileSystemException e) {
        String r = String.valueOf(e.getReason()).toLowerCase(java.util.Locale.ROOT);
        return r.contains("read-only") || r.contains("permission") || r.contains("not permitted");
    }

    private Path divertToUser(IOException why, List<Annotation> next, Set<String> deleted, List<String> messages) throws IOException {
        if (userFile == null || target.equals(userFile)) {
            throw why;
        }
        Parsed there = parse(userFile);
        if (there.status() == Status.DAMAGED || there.status() == Status.NEWER) {
            throw new IOException(target + " cannot be written (" + why.getMessage() + ") and " + userFile + " cannot be read; "
                    + "your change was not saved");
        }
        Set<String> del = new LinkedHashSet<>(deleted);
        del.addAll(there.deleted());
        Set<String> others = new HashSet<>(otherIds);
        Parsed old = parse(target);
        others.addAll(old.ids());
        otherIds = others;
        keptUnreadable = there.unreadable();
        byte[] bytes = serialise(there.root(), next, there.unreadable(), del);
        AtomicFiles.write(userFile, out -> out.write(bytes), beforeMove::run);
        messages.add(target + " cannot be written (" + reason(why) + "); the notes were saved in " + userFile
                + " instead and are read from there with this capture");
        return userFile;
    }

    private static String reason(IOException e) {
        return e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                : e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
    }

    /** Theirs (what is on disk now) with our changes since {@code base} applied: our adds, edits and deletes. */
    static List<Annotation> mergeById(List<Annotation> base, List<Annotation> ours, List<Annotation> theirs) {
        Map<String, Annotation> before = new LinkedHashMap<>();
        base.forEach(a -> before.put(a.id(), a));
        Map<String, Annotation> out = new LinkedHashMap<>();
        theirs.forEach(a -> out.put(a.id(), a));
        Set<String> kept = new HashSet<>();
        for (Annotation a : ours) {
            kept.add(a.id());
            Annotation b = before.get(a.id());
            if (b == null || !b.equals(a)) {
                out.put(a.id(), a);
            }
        }
        for (Annotation b : base) {
            if (!kept.contains(b.id())) {
                out.remove(b.id());
            }
        }
        return List.copyOf(out.values());
    }

    // ---- reading ----------------------------------------------------------------------------------

    private static byte[] bytesOrNull(Path p) throws IOException {
        try {
            return Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private Parsed parse(Path p) {
        List<String> msgs = new ArrayList<>();
        if (p == null || !Files.exists(p)) {
            return new Parsed(p, Status.ABSENT, null, List.of(), List.of(), Set.of(), null, msgs, VERSION);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(p);
        } catch (IOException | OutOfMemoryError e) {
            msgs.add(p + ": cannot be read (" + e.getMessage() + "); it is kept as it is");
            return new Parsed(p, Status.DAMAGED, null, List.of(), List.of(), Set.of(), null, msgs, VERSION);
        }
        String text = decode(p, bytes, msgs);
        if (text == null) {
            msgs.add(p + ": neither UTF-8 nor GB18030 text; it is kept as it is");
            return new Parsed(p, Status.DAMAGED, bytes, List.of(), List.of(), Set.of(), null, msgs, VERSION);
        }
        if (text.isBlank()) {
            // nothing to lose: read as no notes, written over by the next save
            return new Parsed(p, Status.OK, bytes, List.of(), List.of(), Set.of(), null, msgs, VERSION);
        }
        JsonNode tree;
        try {
            tree = mapper.readTree(text);
        } catch (IOException e) {
            List<Annotation> salvaged = new ArrayList<>();
            salvage(p, text, salvaged, msgs);
            msgs.add(p + ": not valid JSON (" + firstLine(e.getMessage()) + "); " + salvaged.size()
                    + " notes before the damage were read, the file is kept as it is");
            return new Parsed(p, Status.DAMAGED, bytes, salvaged, List.of(), Set.of(), null, msgs, VERSION);
        }
        if (!(tree instanceof ObjectNode root) || (root.has("annotations") && !root.get("annotations").isArray())) {
            msgs.add(p + ": not an annotations file (no list of annotations); it is kept as it is");
            return new Parsed(p, Status.DAMAGED, bytes, List.of(), List.of(), Set.of(), null, msgs, VERSION);
        }
        JsonNode v = root.path("version");
        int version = v.canConvertToInt() ? v.asInt() : v.isMissingNode() ? VERSION : Integer.MAX_VALUE;
        List<Annotation> entries = new ArrayList<>();
        List<JsonNode> bad = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int i = 0;
        for (JsonNode n : root.path("annotations")) {
            i++;
            try {
                Annotation a = toAnnotation(n);
                if (!seen.add(a.id())) {
                    msgs.add(p + ": note " + i + " (id " + a.id() + ") repeats an id; the first is shown, this one stays in the file");
                    bad.add(n);
                    continue;
                }
                entries.add(a);
            } catch (RuntimeException e) {
                msgs.add(p + ": note " + i + describe(n) + " skipped: " + e.getMessage() + "; it stays in the file unchanged");
                bad.add(n);
            }
        }
        Set<String> deleted = new LinkedHashSet<>();
        root.path("deleted").forEach(x -> deleted.add(x.asText()));
        if (version > VERSION) {
            return new Parsed(p, Status.NEWER, bytes, entries, bad, deleted, root, msgs, version);
        }
        return new Parsed(p, Status.OK, bytes, entries, bad, deleted, root, msgs, version);
    }

    private static String describe(JsonNode n) {
        String id = n.path("id").asText("");
        return id.isEmpty() ? "" : " (id " + id + ")";
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    /** UTF-8 (a BOM dropped), else GB18030 as Chinese Windows editors save; null when neither. */
    private static String decode(Path p, byte[] bytes, List<String> msgs) {
        int bom = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, bom, bytes.length - bom)).toString();
        } catch (CharacterCodingException e) {
            // not UTF-8
        }
        try {
            String s = io.tunescope.importers.TextDecoding.GB18030.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            if (s.indexOf('\0') >= 0) {
                return null;
            }
            msgs.add(p + ": not UTF-8; read as GB18030 (saved as UTF-8 from the next change on)");
            return s;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The complete notes before the place a damaged file breaks (a truncated save, a bad edit). */
    private void salvage(Path p, String text, List<Annotation> out, List<String> msgs) {
        try (JsonParser jp = mapper.getFactory().createParser(text)) {
            if (jp.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            while (jp.nextToken() == JsonToken.FIELD_NAME) {
                String field = jp.currentName();
                JsonToken t = jp.nextToken();
                if ("annotations".equals(field) && t == JsonToken.START_ARRAY) {
                    int i = 0;
                    while (jp.nextToken() == JsonToken.START_OBJECT) {
                        i++;
                        JsonNode n = mapper.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(jp);
                        try {
                            out.add(toAnnotation(n));
                        } catch (RuntimeException e) {
                            msgs.add(p + ": note " + i + describe(n) + " skipped: " + e.getMessage());
                        }
                    }
                    return;
                }
                jp.skipChildren();
            }
        } catch (IOException | RuntimeException e) {
            // the damage: what was read before it stays
        }
    }

    private static Annotation toAnnotation(JsonNode n) {
        if (!n.isObject()) {
            throw new IllegalArgumentException("not an object");
        }
        String id = n.path("id").asText("");
        if (id.isBlank()) {
            throw new IllegalArgumentException("no id");
        }
        JsonNode t = n.path("target");
        String kind = t.path("kind").asText("");
        AnnotationTarget.Kind k;
        try {
            k = AnnotationTarget.Kind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown kind '" + kind + "'");
        }
        List<String> frames = new ArrayList<>();
        t.path("frames").forEach(x -> frames.add(x.asText()));
        AnnotationTarget target = new AnnotationTarget(k, t.path("step").asText(""), t.path("view").asText(""), frames,
                t.hasNonNull("fromMs") ? t.get("fromMs").asLong() : null, t.hasNonNull("toMs") ? t.get("toMs").asLong() : null,
                t.path("row").asText(""), t.path("column").asText(""), t.path("findingId").asText(""));
        Instant created;
        try {
            created = Instant.parse(n.path("created").asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("unreadable date '" + n.path("created").asText() + "'");
        }
        Instant updated = created;
        if (n.hasNonNull("updated")) {
            try {
                updated = Instant.parse(n.get("updated").asText());
            } catch (java.time.format.DateTimeParseException e) {
                // the note stays; its edit time is its creation time
            }
        }
        return new Annotation(id, target, n.path("note").asText(""), created, updated);
    }

    // ---- writing ----------------------------------------------------------------------------------

    private byte[] serialise(ObjectNode old, List<Annotation> annotations, List<JsonNode> unreadable, Set<String> deleted) throws IOException {
        ObjectNode root = mapper.createObjectNode();
        root.put("version", VERSION);
        ArrayNode arr = root.putArray("annotations");
        for (Annotation a : annotations) {
            ObjectNode n = arr.addObject();
            n.put("id", a.id());
            ObjectNode t = n.putObject("target");
            AnnotationTarget tg = a.target();
            t.put("kind", tg.kind().name());
            t.put("step", tg.step());
            if (!tg.view().isEmpty()) {
                t.put("view", tg.view());
            }
            if (!tg.frames().isEmpty()) {
                ArrayNode fr = t.putArray("frames");
                tg.frames().forEach(fr::add);
            }
            if (tg.fromMs() != null) {
                t.put("fromMs", tg.fromMs());
                t.put("toMs", tg.toMs());
            }
            if (!tg.row().isEmpty()) {
                t.put("row", tg.row());
                t.put("column", tg.column());
            }
            if (!tg.findingId().isEmpty()) {
                t.put("findingId", tg.findingId());
            }
            n.put("note", a.note());
            n.put("created", a.created().toString());
            n.put("updated", a.updated().toString());
        }
        // entries this version cannot read are kept as they were, after the readable ones
        unreadable.forEach(arr::add);
        if (!deleted.isEmpty()) {
            ArrayNode d = root.putArray("deleted");
            deleted.stream().sorted().forEach(d::add);
        }
        // fields a later version added stay
        if (old != null) {
            old.fields().forEachRemaining(e -> {
                if (!root.has(e.getKey()) && !e.getKey().equals("deleted")) {
                    root.set(e.getKey(), e.getValue());
                }
            });
        }
        return mapper.writeValueAsBytes(root);
    }

    private static boolean folderWritable(Path dir) {
        return dir != null && Files.isDirectory(dir) && Files.isWritable(dir);
    }
}
