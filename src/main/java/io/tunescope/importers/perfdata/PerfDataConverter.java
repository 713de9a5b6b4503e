package io.tunescope.importers.perfdata;

import io.tunescope.importers.ArchiveExtractor;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * Turns a binary {@code perf.data} into text with the {@code perf} binary of this machine: {@code perf script} (the
 * samples with their call chains) and {@code perf report --stdio --header-only} (the header: when the recording ended,
 * the host it was made on). Output goes to Tunescope's own temporary folder, never beside the user's files; the folder
 * is deleted by {@link #release()} or when the JVM exits. Each run has a time limit and an output size limit and can be
 * cancelled; what went wrong (no perf, perf refused the file, no symbols for the recording's binaries) is said in the
 * {@link Outcome}.
 */
public final class PerfDataConverter {
    /** Default time limit of one perf run. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    /** Default limit of the text perf script may write (a 9 GB perf.data has given 158 GB of text). */
    public static final long DEFAULT_MAX_OUTPUT = 4L * 1024 * 1024 * 1024;
    /** Share of [unknown] frames above which the recording's symbols are taken as missing here. */
    static final double UNKNOWN_SHARE = 0.2;
    private static final Pattern FRAME = Pattern.compile("^\\s+[0-9a-fA-F]+\\s+.*$");
    private static final List<Path> HELD = new ArrayList<>();
    private static Thread hook;

    /** How a conversion ended. */
    public enum Status {
        /** perf script and the header were written. */
        CONVERTED,
        /** Written, but most frames have no symbol: the recording machine's binaries or debug symbols are not here. */
        CONVERTED_NO_SYMBOLS,
        /** No perf binary found. */
        NO_PERF,
        /** perf ended with an error (its message is kept). */
        FAILED,
        /** perf ran longer than the time limit or wrote more than the size limit, and was stopped. */
        TIMED_OUT,
        /** The user cancelled. */
        CANCELLED;

        public boolean converted() {
            return this == CONVERTED || this == CONVERTED_NO_SYMBOLS;
        }
    }

    /**
     * @param file     the perf.data's path in the capture
     * @param status   how it ended
     * @param message  one English sentence for the listing and the CLI (the app words it from {@code status} and {@code detail})
     * @param detail   perf's own words (its last error line), the host the recording was made on, or the share of unknown frames
     * @param script   the {@code perf script} text, or null
     * @param header   the {@code perf report --header-only} text, or null
     */
    public record Outcome(String file, Status status, String message, String detail, Path script, Path header) {
    }

    private final Path perf;
    private final Duration timeout;
    private final long maxOutput;
    private Path work;

    public PerfDataConverter(Path perf) {
        this(perf, DEFAULT_TIMEOUT, DEFAULT_MAX_OUTPUT);
    }

    public PerfDataConverter(Path perf, Duration timeout, long maxOutput) {
        this.perf = perf;
        this.timeout = timeout;
        this.maxOutput = maxOutput;
    }

    /** The {@code perf} on this machine's PATH, or empty. */
    public static Optional<Path> findPerf() {
        return findPerf(System.getenv("PATH"));
    }

    /** The first executable {@code perf} in a PATH value, or empty. */
    public static Optional<Path> findPerf(String pathVariable) {
        if (pathVariable == null || pathVariable.isBlank()) {
            return Optional.empty();
        }
        for (String dir : pathVariable.split(java.io.File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path p = Path.of(dir, "perf");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The outcome when no perf binary was found (the same sentence for the CLI and the listing). */
    public static Outcome noPerf(String file) {
        return new Outcome(file, Status.NO_PERF, file + ": no perf binary on this machine's PATH: run perf script on the recording "
                + "machine (perf script -i " + fileName(file) + " > " + fileName(file) + ".txt) and add the text to the capture", "", null, null);
    }

    /** The temporary folder outputs go to (created on first use), or null before. */
    public synchronized Path workDir() {
        return work;
    }

    private synchronized Path work() throws IOException {
        if (work == null) {
            try {
                work = Files.createTempDirectory("tunescope-perf-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException e) {
                work = Files.createTempDirectory("tunescope-perf-");
            }
            hold(work);
        }
        return work;
    }

    /** Deletes the temporary folder and what is in it. */
    public synchronized void release() {
        if (work != null) {
            ArchiveExtractor.deleteTree(work);
            synchronized (HELD) {
                HELD.remove(work);
            }
            work = null;
        }
    }

    private static void hold(Path dir) {
        synchronized (HELD) {
            HELD.add(dir);
            if (hook == null) {
                hook = new Thread(() -> {
                    synchronized (HELD) {
                        HELD.forEach(ArchiveExtractor::deleteTree);
                    }
                }, "tunescope-perf-cleanup");
                Runtime.getRuntime().addShutdownHook(hook);
            }
        }
    }

    /**
     * Runs perf on one recording. Never throws for perf's failures: they are the outcome.
     *
     * @param data   the perf.data file (read only)
     * @param file   its path in the capture (for messages and output names)
     */
    public Outcome convert(Path data, String file, BooleanSupplier cancelled) {
        if (perf == null || !Files.isExecutable(perf)) {
            return noPerf(file);
        }
        Path dir;
        try {
            dir = Files.createDirectories(work().resolve(Integer.toHexString(file.hashCode()) + "-" + safe(fileName(file))));
        } catch (IOException e) {
            return new Outcome(file, Status.FAILED, file + ": no temporary folder for perf's output: " + e.getMessage(), e.getMessage(), null, null);
        }
        Path header = dir.resolve(fileName(file) + ".header.txt");
        Path script = dir.resolve(fileName(file) + ".perf-script.txt");
        Run h = run(List.of(perf.toString(), "report", "--stdio", "--header-only", "-i", data.toAbsolutePath().toString()), header,
                dir.resolve("header.err"), cancelled);
        if (h.status != Status.CONVERTED) {
            return outcome(file, h, "perf report --header-only");
        }
        Run s = run(List.of(perf.toString(), "script", "-i", data.toAbsolutePath().toString()), script, dir.resolve("script.err"), cancelled);
        if (s.status != Status.CONVERTED) {
            return outcome(file, s, "perf script");
        }
        String host = headerField(header, "hostname");
        long[] frames = frames(script);
        double unknown = frames[0] == 0 ? 0 : (double) frames[1] / frames[0];
        String here = localHost();
        boolean otherHost = host != null && here != null && !host.equals(here);
        if (unknown > UNKNOWN_SHARE) {
            String pct = String.format(Locale.ROOT, "%.0f %%", unknown * 100);
            String where = otherHost ? " (recorded on " + host + ", converted on " + here + ")" : "";
            return new Outcome(file, Status.CONVERTED_NO_SYMBOLS, file + ": converted with perf script, but " + pct + " of the frames have no "
                    + "symbol ([unknown])" + where + ": this machine lacks the recording machine's binaries or debug symbols; run perf "
                    + "script on the recording machine, or run perf archive there and unpack its tarball into ~/.debug here"
                    + (s.lastError.isEmpty() ? "" : " (perf: " + s.lastError + ")"), pct + (host == null ? "" : " " + host), script, header);
        }
        return new Outcome(file, Status.CONVERTED, file + ": converted with perf script (" + frames[0] + " frames"
                + (host == null ? "" : ", recorded on " + host) + ")", host == null ? "" : host, script, header);
    }

    private Outcome outcome(String file, Run r, String what) {
        return switch (r.status) {
            case TIMED_OUT -> new Outcome(file, Status.TIMED_OUT, file + ": " + what + " was stopped after " + r.why + "; run perf script on the "
                    + "recording machine, or convert a shorter recording", r.why, null, null);
            case CANCELLED -> new Outcome(file, Status.CANCELLED, file + ": " + what + " was cancelled", "", null, null);
            default -> new Outcome(file, Status.FAILED, file + ": " + what + " failed" + (r.lastError.isEmpty() ? "" : ": " + r.lastError)
                    + "; run perf script on the recording machine", r.lastError, null, null);
        };
    }

    private record Run(Status status, String lastError, String why) {
    }

    private Run run(List<String> cmd, Path out, Path err, BooleanSupplier cancelled) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("PAGER", "cat");
        pb.environment().put("PERF_PAGER", "cat");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Run(Status.FAILED, e.getMessage() == null ? e.toString() : e.getMessage(), "");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!p.waitFor(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                if (cancelled.getAsBoolean()) {
                    stop(p);
                    return new Run(Status.CANCELLED, "", "");
                }
                if (System.nanoTime() > deadline) {
                    stop(p);
                    return new Run(Status.TIMED_OUT, "", timeout.toSeconds() + " s");
                }
                if (Files.size(out) > maxOutput) {
                    stop(p);
                    return new Run(Status.TIMED_OUT, "", "writing more than " + maxOutput / (1024 * 1024) + " MiB of text");
                }
            }
        } catch (InterruptedException e) {
            stop(p);
            Thread.currentThread().interrupt();
            return new Run(Status.CANCELLED, "", "");
        } catch (IOException e) {
            stop(p);
            return new Run(Status.FAILED, e.getMessage(), "");
        }
        String last = lastLine(err);
        return p.exitValue() == 0 ? new Run(Status.CONVERTED, last, "") : new Run(Status.FAILED, last.isEmpty() ? "exit code " + p.exitValue() : last, "");
    }

    private static void stop(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last non-blank line perf wrote to stderr (its error, or a warning such as a build-id mismatch), at most 300 characters. */
    private static String lastLine(Path err) {
        String last = "";
        try (BufferedReader r = Files.newBufferedReader(err, StandardCharsets.UTF_8)) {
            String l;
            while ((l = r.readLine()) != null) {
                if (!l.isBlank()) {
                    last = l.strip();
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
        return last.length() > 300 ? last.substring(0, 300) : last;
    }

    /** Frame lines of perf script output and how many of them are [unknown]. */
    static long[] frames(Path script) {
        long all = 0;
        long unknown = 0;
        try (BufferedReader r = Files.newBufferedReader(script, StandardCharsets.ISO_8859_1)) {
            String l;
            while ((l = r.readLine()) != null) {
                if (FRAME.matcher(l).matches()) {
                    all++;
                    if (l.contains("[unknown]")) {
                        unknown++;
                    }
                }
            }
        } catch (IOException e) {
            return new long[] {0, 0};
        }
        return new long[] {all, unknown};
    }

    /** A {@code # key : value} field of perf's header text, or null. */
    static String headerField(Path header, String key) {
        try (BufferedReader r = Files.newBufferedReader(header, StandardCharsets.UTF_8)) {
            String l;
            while ((l = r.readLine()) != null) {
                if (l.startsWith("# " + key) && l.indexOf(':') > 0 && l.substring(2, l.indexOf(':')).strip().equals(key)) {
                    return l.substring(l.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
        return null;
    }

    /**
     * The capture with what perf made of its perf.data files: each converted recording's {@code perf script} text and
     * header read like any capture file (in the recording's step and folder, named {@code <file>.perf-script.txt} and
     * {@code <file>.header.txt}: the header's "captured on" then places the profile on the clock), and each perf.data's
     * listing saying how its conversion went.
     */
    public static io.tunescope.model.capture.Capture withConverted(io.tunescope.model.capture.Capture c, List<Outcome> outcomes,
                                                                   io.tunescope.importers.CaptureLoader loader, BooleanSupplier cancelled) {
        java.util.Map<String, Outcome> byFile = new java.util.HashMap<>();
        java.util.Set<String> replaced = new java.util.HashSet<>();
        for (Outcome o : outcomes) {
            byFile.put(o.file(), o);
            if (o.status().converted()) {
                // converted again: the new text replaces the earlier one
                replaced.add(o.file() + ".header.txt");
                replaced.add(o.file() + ".perf-script.txt");
            }
        }
        List<io.tunescope.model.capture.SourceFile> files = new ArrayList<>();
        for (io.tunescope.model.capture.SourceFile f : c.files()) {
            if (replaced.contains(f.path())) {
                continue;
            }
            Outcome o = byFile.get(f.path());
            if (o == null) {
                files.add(f);
                continue;
            }
            List<io.tunescope.model.capture.Diagnostic> diags = new ArrayList<>(f.diagnostics());
            diags.add(o.status() == Status.CONVERTED ? io.tunescope.model.capture.Diagnostic.info(0, o.message())
                    : io.tunescope.model.capture.Diagnostic.warning(0, o.message()));
            String reason = o.status().converted() ? "binary perf.data, converted with perf script on this machine" : f.reason();
            files.add(new io.tunescope.model.capture.SourceFile(f.path(), f.step(), f.size(), f.format(), f.dataset(), f.confidence(), reason,
                    f.status(), diags, f.value(), f.summary(), f.sniffs()));
            if (o.status().converted()) {
                if (o.header() != null) {
                    files.add(loader.importFile(o.header(), f.path() + ".header.txt", f.step(), cancelled, n -> { }));
                }
                files.add(loader.importFile(o.script(), f.path() + ".perf-script.txt", f.step(), cancelled, n -> { }));
            }
        }
        return new io.tunescope.model.capture.Capture(c.name(), c.origin(), c.root(), c.title(), c.meta(), c.steps(), files, c.notes(),
                c.auxiliary(), c.corrections(), c.modified());
    }

    /** The perf.data files of a capture (by content: the PERFILE2 magic). */
    public static List<io.tunescope.model.capture.SourceFile> recordings(io.tunescope.model.capture.Capture c) {
        return c.files().stream().filter(f -> io.tunescope.importers.PerfData.FORMAT.equals(f.format())).toList();
    }

    private static String localHost() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return null;
        }
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
