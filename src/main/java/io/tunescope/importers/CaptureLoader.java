package io.tunescope.importers;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.model.capture.AuxFolder;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Corrections;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Opens a capture: a folder (read recursively) or a {@code .tar.gz}/{@code .tgz}/{@code .zip} of one.
 * Finds the tuning steps, sniffs every file, parses the recognised ones in parallel and keeps going past
 * bad files. Never writes into the capture.
 *
 * <p>Steps: a {@code tunescope.json} manifest with a {@code steps} list names them (folder, label, change,
 * date); otherwise, when the top folder holds sub-folders and no data files of its own, or sub-folders
 * whose names start with a number ({@code 00-baseline}), each sub-folder is a step in name order. A
 * step folder's own {@code tunescope.json} (written by the collector) or {@code notes.md} gives its label
 * and change. Anything else is one step made of the whole folder.
 */
public final class CaptureLoader {
    public static final String MANIFEST = "tunescope.json";
    public static final String ANNOTATIONS = "tunescope-annotations.json";
    /** Where new notes go while the annotations file cannot be read (see {@code annotate.AnnotationStore}). */
    public static final String ANNOTATIONS_CONTINUED = "tunescope-annotations.continued.json";
    public static final String NOTES = "notes.md";
    /** {@link Capture#meta()} key naming a capture's layout when it is not folders. */
    public static final String LAYOUT = "layout";
    /** The layout of a pt-stalk collection: one folder, one step per sample prefix. */
    public static final String PT_STALK = "pt-stalk";
    /** pt-stalk names every file {@code <YYYY_MM_DD_HH_MM_SS>-<tool>}: the prefix is the sample's start. */
    static final Pattern PT_STALK_FILE = Pattern.compile("^(\\d{4})_(\\d{2})_(\\d{2})_(\\d{2})_(\\d{2})_(\\d{2})-([A-Za-z0-9_.-]+)$");

    private final ImporterRegistry registry;
    private final int threads;
    private final long maxArchiveBytes;
    private FolderLister lister = FolderLister.FILES;

    /**
     * How the loader lists a folder's entries. The file system's listing in use; tests put a failing one in
     * to check what an unreadable folder does (permissions do not bite when tests run as root).
     */
    @FunctionalInterface
    interface FolderLister {
        FolderLister FILES = dir -> {
            try (Stream<Path> s = Files.list(dir)) {
                return s.toList();
            }
        };

        List<Path> list(Path dir) throws IOException;
    }

    /** This loader with another way of listing folders (tests). */
    CaptureLoader withLister(FolderLister l) {
        this.lister = l;
        return this;
    }

    public CaptureLoader(ImporterRegistry registry) {
        this(registry, Math.max(1, Runtime.getRuntime().availableProcessors()), ArchiveExtractor.DEFAULT_MAX_BYTES);
    }

    public CaptureLoader(ImporterRegistry registry, int threads, long maxArchiveBytes) {
        this.registry = registry;
        this.threads = threads;
        this.maxArchiveBytes = maxArchiveBytes;
    }

    public Capture load(Path path) throws IOException, CaptureException {
        return load(path, LoadListener.NONE, () -> false);
    }

    /**
     * @throws CaptureException   the path cannot be opened as a capture (message for the user)
     * @throws CancelledException the user cancelled
     */
    public Capture load(Path path, LoadListener listener, BooleanSupplier cancelled) throws IOException, CaptureException {
        if (!Files.exists(path)) {
            throw new CaptureException(path + ": no such file or folder");
        }
        if (!Files.isDirectory(path) && !Files.isRegularFile(path)) {
            // opening a FIFO would wait for a writer forever, a device would stream without end
            throw new CaptureException(path + ": not a file or folder but a FIFO, device or socket; give a capture folder, "
                    + "a .tar.gz, .tgz or .zip of one, or a single file");
        }
        List<Diagnostic> notes = new ArrayList<>();
        Path root;
        String name;
        if (Files.isDirectory(path)) {
            root = path;
            name = path.toAbsolutePath().normalize().getFileName() == null ? path.toString()
                    : path.toAbsolutePath().normalize().getFileName().toString();
        } else if (ArchiveExtractor.isArchive(path)) {
            listener.progress(0, 1, "Unpacking " + path.getFileName());
            ArchiveExtractor ex = new ArchiveExtractor(maxArchiveBytes, ArchiveExtractor.DEFAULT_MAX_ENTRIES).cancelWhen(cancelled);
            // deleted on failure, cancel and JVM exit by the extractor; when the capture is closed by release()
            Path tmp = ex.extractToTemp(path);
            if (ex.skippedLinks() > 0) {
                notes.add(Diagnostic.info(0, ex.skippedLinks() + " links or special files in the archive were not unpacked"));
            }
            for (String n : ex.notes()) {
                notes.add(Diagnostic.warning(0, n));
            }
            try {
                root = singleTopFolder(tmp);
            } catch (IOException | RuntimeException e) {
                ArchiveExtractor.release(tmp);
                throw e;
            }
            name = stripArchiveExtension(path.getFileName().toString());
        } else {
            // a single file: a capture of one file, read where it is
            return loadFiles(path, path.getParent() == null ? Path.of(".") : path.getParent(),
                    path.getFileName().toString(), List.of(path), List.of(new Step(0, "", "", "", "")),
                    Map.of(), notes, listener, cancelled, path.getFileName().toString(), Corrections.NONE);
        }
        try {
            Map<String, String> meta = new LinkedHashMap<>();
            Corrections corrections = readCorrections(Files.isDirectory(path) ? root.resolve(MANIFEST) : correctionsBeside(path), notes);
            List<Step> steps = findSteps(root, meta, notes);
            List<Path> files = listFiles(root, notes);
            return loadFiles(path, root, name, files, steps, meta, notes, listener, cancelled, meta.getOrDefault("title", name), corrections);
        } catch (IOException | RuntimeException | Error e) {
            ArchiveExtractor.release(root); // an archive's temporary folder; nothing for a folder
            throw e;
        }
    }

    /** Where the corrections of an archive capture live: {@code <archive>.tunescope.json} beside it. */
    public static Path correctionsBeside(Path archive) {
        return archive.resolveSibling(archive.getFileName() + "." + MANIFEST);
    }

    /** The {@code corrections} object of a manifest, or none. */
    static Corrections readCorrections(Path manifest, List<Diagnostic> notes) {
        JsonNode m = readJson(manifest, notes);
        JsonNode c = m == null ? null : m.get("corrections");
        if (c == null || !c.isObject()) {
            return Corrections.NONE;
        }
        return Corrections.of(strings(c.get("not_steps")), strings(c.get("steps")), map(c.get("roles")), map(c.get("starts")),
                map(c.get("labels")), map(c.get("changes")));
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n != null && n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        }
        return out;
    }

    private static Map<String, String> map(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        if (n != null && n.isObject()) {
            n.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    private Capture loadFiles(Path origin, Path root, String name, List<Path> files, List<Step> steps,
                              Map<String, String> meta, List<Diagnostic> notes, LoadListener listener,
                              BooleanSupplier cancelled, String title, Corrections corrections) throws IOException {
        long total = 0;
        long[] sizes = new long[files.size()];
        for (int i = 0; i < files.size(); i++) {
            try {
                sizes[i] = Math.max(1, Files.size(files.get(i)));
            } catch (IOException e) {
                sizes[i] = 1; // the file's own import says why it cannot be read
            }
            total += sizes[i];
        }
        // the biggest files start first: a large perf script is read while the small files are sniffed and parsed
        // beside it, instead of after them (the files keep their order in the capture)
        Integer[] order = new Integer[files.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compare(sizes[b], sizes[a]));
        final long totalBytes = Math.max(1, total);
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, files.size())), r -> {
            Thread t = new Thread(r, "tunescope-import");
            t.setDaemon(true);
            return t;
        });
        List<Future<SourceFile>> futures = new ArrayList<>(java.util.Collections.nCopies(files.size(), null));
        boolean samples = PT_STALK.equals(meta.get(LAYOUT));
        try {
            for (int index : order) {
                Path f = files.get(index);
                String rel = relative(root, f);
                String step = stepOf(rel, steps, samples);
                futures.set(index, pool.submit(() -> {
                    if (cancelled.getAsBoolean()) {
                        throw new CancelledException();
                    }
                    String summary = samples ? ptStalkSummary(rel) : null;
                    if (summary != null) {
                        long size = Files.size(f);
                        SourceFile sf = unrecognised(rel, step, size, summary, List.of(),
                                Diagnostic.info(0, rel + ": not read as a series (a pt-stalk -overall summary)"));
                        listener.progress(done.addAndGet(Math.max(1, size)), totalBytes, rel);
                        listener.fileDone(sf);
                        return sf;
                    }
                    long[] last = {0};
                    SourceFile sf = importContained(f, rel, step, cancelled, bytes -> {
                        long delta = bytes - last[0];
                        last[0] = bytes;
                        long d = done.addAndGet(delta);
                        if ((d & 0xFFFFF) < delta || delta > 1 << 20) {
                            listener.progress(d, totalBytes, rel);
                        }
                    });
                    long size = Math.max(1, sf.size());
                    long d = done.addAndGet(size - last[0]);
                    listener.progress(d, totalBytes, rel);
                    listener.fileDone(sf);
                    return sf;
                }));
            }
            List<SourceFile> out = new ArrayList<>();
            for (Future<SourceFile> fu : futures) {
                try {
                    out.add(fu.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof CancelledException c) {
                        throw c;
                    }
                    throw new IOException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancelledException();
                }
            }
            Map<String, Long> modified = new LinkedHashMap<>();
            for (Path f : files) {
                try {
                    modified.put(relative(root, f), Files.getLastModifiedTime(f).toMillis());
                } catch (IOException e) {
                    // no time: the file's clock stays unknown
                }
            }
            List<AuxFolder> aux = new ArrayList<>();
            List<Step> kept = stepsUnderLoad(labelled(steps, corrections), out, corrections, aux);
            return new Capture(name, origin, root, title, meta, kept, out, notes, aux, corrections, modified);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@link #importFile} with a last line of defence: whatever escapes it (an error while reading the
     * head, say) becomes this file's error, never the capture's.
     */
    private SourceFile importContained(Path file, String rel, String step, BooleanSupplier cancelled,
                                       java.util.function.LongConsumer progress) {
        try {
            return importFile(file, rel, step, cancelled, progress);
        } catch (CancelledException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError | LinkageError | AssertionError e) {
            return failed(rel, step, 0, "", "", List.of(), Diagnostic.error(0, rel + ": could not be read: " + Failures.describe(e)));
        }
    }

    /** Sniffs and parses one file; every failure becomes a status and a diagnostic, never an exception. */
    public SourceFile importFile(Path file, String rel, String step, BooleanSupplier cancelled,
                                 java.util.function.LongConsumer progress) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            return failed(rel, step, 0, "", "", List.of(), Diagnostic.error(0, rel + ": cannot be read: " + e.getMessage()));
        }
        Head head;
        try {
            head = Head.read(file);
        } catch (IOException e) {
            return failed(rel, step, size, "", "", List.of(), Diagnostic.error(0, rel + ": cannot be read: " + e.getMessage()));
        }
        if (size == 0) {
            return unrecognised(rel, step, size, "empty file", List.of(), Diagnostic.warning(0, rel + ": the file is empty"));
        }
        if (head.binary() && PerfData.is(file)) {
            // a recording, not text: said as such (and converted on request by PerfDataConverter), not "not recognised"
            return new SourceFile(rel, step, size, PerfData.FORMAT, "", Confidence.CERTAIN, PerfData.REASON, FileStatus.UNRECOGNISED,
                    List.of(Diagnostic.info(0, rel + ": " + PerfData.REASON + " (perf script > out.txt, or tunescope inspect --perf-data "
                            + "where perf and the recording's binaries are installed)")), null, Map.of(), List.of());
        }
        if (head.binary()) {
            return unrecognised(rel, step, size, head.decoding().description(), List.of(),
                    Diagnostic.warning(0, rel + ": " + head.decoding().description() + "; not a text file Tunescope reads"));
        }
        ImporterRegistry.Detection det = registry.detect(head);
        boolean cut = !head.complete() || head.lines().size() >= Head.MAX_LINES;
        if (det.someUnsure() && cut && det.best().confidence() != Confidence.CERTAIN) {
            try {
                head = Head.read(file, 1 << 20, 20_000);
                det = registry.detect(head);
            } catch (IOException e) {
                // keep the first verdict
            }
        }
        if (!det.recognised()) {
            List<Diagnostic> why = new ArrayList<>();
            why.add(Diagnostic.info(0, rel + ": not recognised (" + head.lines().size() + " lines sniffed, " + head.decoding().description() + ")"));
            sniffFailures(rel, det, why);
            return new SourceFile(rel, step, size, "", "", Confidence.NO, det.best().reason(),
                    FileStatus.UNRECOGNISED, why, null, Map.of(), det.verdicts());
        }
        Importer<?> imp = det.importer();
        List<Diagnostic> diags = new ArrayList<>();
        if (head.decoding().charset() != StandardCharsets.UTF_8 || head.decoding().bomLength() > 0) {
            diags.add(Diagnostic.info(0, rel + ": read as " + head.decoding().description()));
        }
        sniffFailures(rel, det, diags);
        ImportContext ctx = null;
        try {
            ctx = new ImportContext(file, rel, head.decoding(), cancelled, progress, 64 * 1024, 16 * 1024 * 1024);
            ImportResult<?> r = imp.parse(ctx);
            diags.addAll(r.diagnostics());
            Map<String, Object> summary = imp.summarizeValue(r.value());
            FileStatus status = worst(diags);
            return new SourceFile(rel, step, size, imp.format(), imp.dataset().name(), det.best().confidence(),
                    det.best().reason(), status, diags, r.value(), summary, det.verdicts());
        } catch (CancelledException e) {
            throw e;
        } catch (ImportException e) {
            diags.add(Diagnostic.error(e.line(), e.getMessage()));
        } catch (IOException e) {
            diags.add(Diagnostic.error(0, rel + ": read error: " + e.getMessage()));
        } catch (OutOfMemoryError e) {
            long line = ctx == null ? 0 : ctx.lastLine();
            diags.add(Diagnostic.error(line, rel + ": " + Failures.outOfMemory(size, ctx == null ? 0 : ctx.bytesRead(),
                    Runtime.getRuntime().maxMemory())));
        } catch (RuntimeException | StackOverflowError | LinkageError | AssertionError e) {
            long line = ctx == null ? 0 : ctx.lastLine();
            diags.add(Diagnostic.error(line, rel + (line > 0 ? ", line " + line : "") + ": the " + imp.description()
                    + " reader stopped on " + Failures.describe(e) + "; the file was not loaded"));
        }
        return new SourceFile(rel, step, size, imp.format(), imp.dataset().name(), det.best().confidence(),
                det.best().reason(), FileStatus.ERROR, diags, null, Map.of(), det.verdicts());
    }

    /** A warning per importer that failed while checking the file: the file is still read by the others. */
    private static void sniffFailures(String rel, ImporterRegistry.Detection det, List<Diagnostic> diags) {
        for (String f : det.failures()) {
            diags.add(Diagnostic.warning(0, rel + ": the " + f + "; that format was not considered"));
        }
    }

    private static FileStatus worst(List<Diagnostic> diags) {
        FileStatus s = FileStatus.OK;
        for (Diagnostic d : diags) {
            if (d.level() == Diagnostic.Level.ERROR) {
                return FileStatus.WARNING; // parsed, but with errors on some lines
            }
            if (d.level() == Diagnostic.Level.WARNING) {
                s = FileStatus.WARNING;
            }
        }
        return s;
    }

    private static SourceFile failed(String rel, String step, long size, String format, String reason, List<String> sniffs, Diagnostic d) {
        return new SourceFile(rel, step, size, format, "", Confidence.NO, reason, FileStatus.ERROR, List.of(d), null, Map.of(), sniffs);
    }

    private static SourceFile unrecognised(String rel, String step, long size, String reason, List<String> sniffs, Diagnostic d) {
        return new SourceFile(rel, step, size, "", "", Confidence.NO, reason, FileStatus.UNRECOGNISED, List.of(d), null, Map.of(), sniffs);
    }

    // ---- steps and files ---------------------------------------------------------------------

    /** The steps with the user's labels and changes. */
    static List<Step> labelled(List<Step> steps, Corrections c) {
        List<Step> out = new ArrayList<>();
        for (Step s : steps) {
            out.add(new Step(s.index(), s.dir(), c.labels().getOrDefault(s.dir(), s.label()),
                    c.changes().getOrDefault(s.dir(), s.change()), s.date()));
        }
        return out;
    }

    /**
     * The folders that are tuning steps: those with evidence of a server under load (a benchmark run, a
     * profile, monitor series, status or numastat snapshots). A folder with only a dataset prepare/cleanup,
     * configuration or unrecognised files is auxiliary, unless the user said otherwise. When no folder would
     * be left, every folder stays a step (a capture of configuration files only).
     */
    static List<Step> stepsUnderLoad(List<Step> steps, List<SourceFile> files, Corrections c, List<AuxFolder> aux) {
        List<Step> kept = new ArrayList<>();
        List<AuxFolder> found = new ArrayList<>();
        List<Step> detected = new ArrayList<>();
        for (Step s : steps) {
            if (s.isRoot()) {
                kept.add(s);
            } else if (c.notSteps().contains(s.dir())) {
                found.add(new AuxFolder(s.dir(), "marked as not a step", true));
            } else if (c.steps().contains(s.dir())) {
                kept.add(s);
            } else {
                String why = auxiliaryReason(s.dir(), files);
                if (why == null) {
                    kept.add(s);
                } else {
                    found.add(new AuxFolder(s.dir(), why, false));
                    detected.add(s);
                }
            }
        }
        if (kept.isEmpty() && !detected.isEmpty()) {
            kept.addAll(detected);
            found.removeIf(a -> !a.byUser());
        }
        aux.addAll(found);
        List<Step> out = new ArrayList<>();
        for (Step s : kept) {
            out.add(new Step(out.size(), s.dir(), s.label(), s.change(), s.date()));
        }
        return out;
    }

    /** Why a step folder is auxiliary, or null when it holds evidence of a server under load. */
    static String auxiliaryReason(String dir, List<SourceFile> files) {
        boolean prepare = false;
        for (SourceFile f : files) {
            if (!f.step().equals(dir) || !f.hasValue()) {
                continue;
            }
            if (f.value() instanceof io.tunescope.model.bench.BenchLog b) {
                if (!b.runs().isEmpty()) {
                    return null;
                }
                prepare |= !b.skipped().isEmpty();
                continue;
            }
            String ds = f.dataset();
            boolean config = ds.startsWith("config.") && !ds.equals("config.status");
            if (!config && !ds.equals("numa.topology") && !ds.equals("capture.timeline") && !ds.equals("capture.events")) {
                return null;
            }
        }
        return prepare ? "holds only a sysbench prepare/cleanup (no benchmark run, profile or monitor data)"
                : "no benchmark run, profile or monitor data (configuration or unrecognised files only)";
    }

    List<Step> findSteps(Path root, Map<String, String> meta, List<Diagnostic> notes) throws IOException {
        JsonNode manifest = readJson(root.resolve(MANIFEST), notes);
        if (manifest != null) {
            for (String k : List.of("title", "host", "database", "date", "label", "change")) {
                if (manifest.hasNonNull(k)) {
                    meta.put(k, manifest.get(k).asText());
                }
            }
            JsonNode steps = manifest.get("steps");
            if (steps != null && steps.isArray() && !steps.isEmpty()) {
                List<Step> out = new ArrayList<>();
                Path realRoot = root.toRealPath();
                for (JsonNode s : steps) {
                    String dir = text(s, "dir", text(s, "folder", ""));
                    if (!dir.isEmpty() && !stepInside(root, realRoot, dir)) {
                        notes.add(Diagnostic.warning(0, MANIFEST + ": step folder '" + dir + "' is outside the capture; refused"));
                        continue;
                    }
                    if (dir.isEmpty() || !Files.isDirectory(root.resolve(dir))) {
                        notes.add(Diagnostic.warning(0, MANIFEST + ": step folder '" + dir + "' is not in the capture"));
                        continue;
                    }
                    Step own = stepFromFolder(root.resolve(dir), out.size(), dir, notes);
                    out.add(new Step(out.size(), dir, text(s, "label", own.label()), text(s, "change", own.change()),
                            text(s, "date", own.date())));
                }
                if (!out.isEmpty()) {
                    return out;
                }
            }
            if (manifest.hasNonNull("label") && !manifest.has("steps")) {
                return List.of(new Step(0, "", meta.get("label"), meta.getOrDefault("change", ""), meta.getOrDefault("date", "")));
            }
        }
        List<Path> dirs = new ArrayList<>();
        boolean topData = false;
        Path realRoot = root.toRealPath();
        try (Stream<Path> s = Files.list(root)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                String fn = p.getFileName().toString();
                if (Files.isDirectory(p)) {
                    if (!fn.startsWith(".") && (!Files.isSymbolicLink(p) || insideByRealPath(p, realRoot))) {
                        dirs.add(p);
                    }
                } else if (!isMetadata(fn)) {
                    topData = true;
                }
            }
        }
        boolean numbered = !dirs.isEmpty() && dirs.stream().allMatch(d -> d.getFileName().toString().matches("^\\d+.*"));
        if (topData && !numbered) {
            List<String> names = new ArrayList<>();
            try (Stream<Path> s = Files.list(root)) {
                s.filter(Files::isRegularFile).forEach(p -> names.add(p.getFileName().toString()));
            }
            List<Step> samples = ptStalkSamples(names);
            if (samples != null) {
                meta.put(LAYOUT, PT_STALK);
                return samples;
            }
        }
        if (!dirs.isEmpty() && (!topData || numbered)) {
            List<Step> out = new ArrayList<>();
            dirs.sort(Comparator.comparing(p -> p.getFileName().toString()));
            for (Path d : dirs) {
                String dn = d.getFileName().toString();
                out.add(stepFromFolder(d, out.size(), dn, notes));
            }
            return out;
        }
        return List.of(new Step(0, "", "", "", ""));
    }

    private Step stepFromFolder(Path dir, int index, String rel, List<Diagnostic> notes) throws IOException {
        String label = "";
        String change = "";
        String date = "";
        JsonNode own = readJson(dir.resolve(MANIFEST), notes);
        if (own != null) {
            label = text(own, "label", "");
            change = text(own, "change", "");
            date = text(own, "date", "");
        }
        Path notesFile = dir.resolve(NOTES);
        byte[] notesBytes = null;
        try {
            if (change.isEmpty() && Files.isRegularFile(notesFile) && Files.size(notesFile) < 1 << 20) {
                notesBytes = Files.readAllBytes(notesFile);
            }
        } catch (IOException e) {
            notes.add(Diagnostic.warning(0, rel + "/" + NOTES + ": cannot be read (" + e.getMessage() + ")"));
        }
        if (notesBytes != null) {
            String t = TextDecoding.decodeAll(notesBytes).strip();
            for (String line : t.split("\\R")) {
                String l = line.replaceFirst("^#+\\s*", "").strip();
                if (!l.isEmpty()) {
                    change = l;
                    break;
                }
            }
        }
        return new Step(index, rel, label.isEmpty() ? rel : label, change, date);
    }

    private static JsonNode readJson(Path file, List<Diagnostic> notes) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JsonTree.read(Files.readAllBytes(file));     // not an ObjectMapper: see JsonTree
        } catch (IOException e) {
            notes.add(Diagnostic.warning(0, file.getFileName() + ": not valid JSON, ignored (" + e.getMessage().lines().findFirst().orElse("") + ")"));
            return null;
        }
    }

    /** A manifest's step folder: relative, no {@code ..}, and really (links resolved) inside the capture. */
    static boolean stepInside(Path root, Path realRoot, String dir) {
        String d = dir.replace('\\', '/');
        if (d.startsWith("/") || d.matches("^[A-Za-z]:.*") || d.indexOf('\0') >= 0) {
            return false;
        }
        for (String part : d.split("/")) {
            if (part.equals("..")) {
                return false;
            }
        }
        try {
            Path p = root.resolve(d);
            return !Files.exists(p) || insideByRealPath(p, realRoot);
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    private static String text(JsonNode n, String field, String dflt) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? dflt : v.asText();
    }

    /**
     * Files Tunescope itself reads as capture metadata rather than data, and its own files: the annotations
     * (and their {@code .continued.json} sibling) and the temporary files of an atomic write a killed
     * Tunescope left behind.
     */
    static boolean isMetadata(String fileName) {
        String f = fileName.toLowerCase(Locale.ROOT);
        return f.equals(MANIFEST) || f.equals(ANNOTATIONS) || f.equals(NOTES) || f.startsWith(ANNOTATIONS + ".")
                || f.endsWith(ANNOTATIONS) || f.endsWith(ANNOTATIONS_CONTINUED) || io.tunescope.files.AtomicFiles.isTemporary(fileName)
                || f.equals("readme.md") || f.equals("readme.txt") || f.equals("readme");
    }

    /**
     * The capture's data files, in path order. A sub-folder that cannot be listed (a folder collected with
     * sudo and opened as a user) is named in a note and left out; the rest loads. Links to folders are not
     * followed; a link to a file is read only when what it points at is inside the capture (by real path),
     * and a link to outside is named in a note.
     */
    private List<Path> listFiles(Path root, List<Diagnostic> notes) throws IOException {
        List<Path> out = new ArrayList<>();
        Path realRoot = root.toRealPath();
        List<String> outside = new ArrayList<>();
        java.util.ArrayDeque<Path> todo = new java.util.ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Path dir = todo.pop();
            List<Path> entries;
            try {
                entries = lister.list(dir);
            } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
                if (dir.equals(root)) {
                    throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
                }
                notes.add(Diagnostic.warning(0, unreadableFolder(relative(root, dir), e)));
                continue;
            }
            for (Path p : entries) {
                if (Files.isSymbolicLink(p)) {
                    if (!insideByRealPath(p, realRoot)) {
                        outside.add(relative(root, p));
                    } else if (Files.isRegularFile(p) && !isMetadata(p.getFileName().toString())) {
                        out.add(p);
                    }
                } else if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    todo.push(p);
                } else if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !isMetadata(p.getFileName().toString())) {
                    out.add(p);
                }
            }
        }
        out.sort(Comparator.comparing(p -> relative(root, p)));
        outside.sort(null);
        for (String rel : outside) {
            notes.add(Diagnostic.warning(0, rel + ": a link to outside the capture; not followed"));
        }
        return out;
    }

    /** True when the path's real location (links resolved) is inside the capture's real root. */
    public static boolean insideByRealPath(Path p, Path realRoot) {
        try {
            return p.toRealPath().startsWith(realRoot);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** The note for a folder that cannot be listed. */
    static String unreadableFolder(String rel, Exception e) {
        String why = e instanceof java.nio.file.AccessDeniedException || e instanceof SecurityException
                ? "permission denied" : String.valueOf(e.getMessage());
        return rel + "/: this folder cannot be read (" + why + "); its files were not loaded, the rest of the capture was";
    }

    static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static String stepOf(String rel, List<Step> steps, boolean samples) {
        String best = "";
        for (Step s : steps) {
            boolean in = samples ? rel.startsWith(s.dir() + "-") && rel.indexOf('/', s.dir().length()) < 0
                    : rel.startsWith(s.dir() + "/");
            if (!s.isRoot() && in && s.dir().length() > best.length()) {
                best = s.dir();
            }
        }
        return best;
    }

    /**
     * Why a file of a pt-stalk sample is not read as run data, or null. pt-stalk's {@code -vmstat-overall},
     * {@code -iostat-overall} and {@code -mpstat-overall} are one report since boot and one average over the
     * whole sample (the tool run once with the sample's run time as interval), not per-second series: read
     * as series they would put an average on the timeline as a measurement. The per-second file beside each
     * ({@code -vmstat}, {@code -iostat}, {@code -mpstat}) is read instead.
     */
    static String ptStalkSummary(String rel) {
        String name = rel.substring(rel.lastIndexOf('/') + 1);
        Matcher m = PT_STALK_FILE.matcher(name);
        if (m.matches() && m.group(7).endsWith("-overall")) {
            String tool = m.group(7).substring(0, m.group(7).length() - "-overall".length());
            return "pt-stalk whole-sample summary (since boot, then one average over the sample); the per-interval "
                    + "series is read from the -" + tool + " file beside it";
        }
        return null;
    }

    /**
     * The samples of a pt-stalk collection: the top folder's files named {@code <YYYY_MM_DD_HH_MM_SS>-<tool>},
     * one step per prefix in time order, labelled with its time. Null unless at least two files share a
     * prefix and such files are most of the folder's data files.
     */
    static List<Step> ptStalkSamples(List<String> topFiles) {
        Map<String, Integer> byPrefix = new java.util.TreeMap<>();
        int data = 0;
        for (String fn : topFiles) {
            if (isMetadata(fn)) {
                continue;
            }
            data++;
            Matcher m = PT_STALK_FILE.matcher(fn);
            if (m.matches()) {
                byPrefix.merge(fn.substring(0, 19), 1, Integer::sum);
            }
        }
        int matched = byPrefix.values().stream().mapToInt(Integer::intValue).sum();
        if (byPrefix.values().stream().noneMatch(n -> n >= 2) || matched * 2 <= data) {
            return null;
        }
        List<Step> out = new ArrayList<>();
        for (String p : byPrefix.keySet()) {
            String date = p.substring(0, 4) + "-" + p.substring(5, 7) + "-" + p.substring(8, 10) + "T"
                    + p.substring(11, 13) + ":" + p.substring(14, 16) + ":" + p.substring(17, 19);
            out.add(new Step(out.size(), p, date.replace('T', ' '), "", date));
        }
        return out;
    }

    private static Path singleTopFolder(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> all = s.toList();
            if (all.size() == 1 && Files.isDirectory(all.get(0))) {
                return all.get(0);
            }
        }
        return dir;
    }

    private static String stripArchiveExtension(String n) {
        String l = n.toLowerCase(Locale.ROOT);
        for (String ext : List.of(".tar.gz", ".tgz", ".zip", ".tar")) {
            if (l.endsWith(ext)) {
                return n.substring(0, n.length() - ext.length());
            }
        }
        return n;
    }

    /**
     * Deletes what opening the capture unpacked (an archive's temporary folder); nothing for a folder
     * capture. Call when the capture is closed or replaced; the JVM's exit deletes what is left.
     */
    public static void release(Capture capture) {
        if (capture != null && capture.root() != null) {
            ArchiveExtractor.release(capture.root());
        }
    }
}
