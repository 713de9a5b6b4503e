package io.tunescope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tunescope inspect PATH [--json]}: every file with format, confidence, status, diagnostics, summary. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Lists every file of a capture (folder, .tar.gz/.tgz/.zip, or one file) with its detected "
                + "format, confidence, status, diagnostics and a summary of what was parsed.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error", "3:nothing could be read"})
public final class InspectCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH", description = "capture folder, archive or single file")
    Path path;

    @Option(names = "--json", description = "print JSON instead of a table")
    boolean json;

    @CommandLine.Mixin
    PerfDataOption perfData = new PerfDataOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Capture capture;
        try {
            // the files only: inspect prints no reading, so none is made (CaptureSession.load)
            capture = io.tunescope.session.CaptureSession.load(path, io.tunescope.importers.LoadListener.NONE, () -> false);
        } catch (CaptureException e) {
            err.println("tunescope inspect: " + e.getMessage());
            return TunescopeCli.NOTHING_READ;
        }
        try (PerfDataOption p = perfData) {
            return print(p.apply(capture, "inspect", err), out, err);
        }
    }

    private Integer print(Capture capture, PrintWriter out, PrintWriter err) throws Exception {
        if (json) {
            ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            out.println(m.writeValueAsString(toJson(capture)));
        } else {
            printTable(capture, out);
        }
        out.flush();
        boolean anyRead = capture.files().stream().anyMatch(f -> f.status() == FileStatus.OK || f.status() == FileStatus.WARNING);
        if (!anyRead) {
            err.println("tunescope inspect: nothing could be read from " + path);
            return TunescopeCli.NOTHING_READ;
        }
        return TunescopeCli.OK;
    }

    static Map<String, Object> toJson(Capture c) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("capture", c.name());
        if (!c.title().equals(c.name())) {
            root.put("title", c.title());
        }
        List<Map<String, Object>> steps = new ArrayList<>();
        for (var s : c.steps()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("dir", s.dir());
            m.put("label", s.label());
            m.put("change", s.change());
            m.put("date", s.date());
            steps.add(m);
        }
        root.put("steps", steps);
        List<Map<String, Object>> files = new ArrayList<>();
        for (SourceFile f : c.files()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", f.path());
            m.put("step", f.step());
            m.put("format", f.format());
            m.put("confidence", f.confidence().name().toLowerCase(Locale.ROOT));
            m.put("status", f.status().slug());
            if (f.status() == FileStatus.UNRECOGNISED) {
                m.put("reason", f.reason());
            }
            List<Map<String, Object>> diags = new ArrayList<>();
            for (Diagnostic d : f.diagnostics()) {
                Map<String, Object> dm = new LinkedHashMap<>();
                dm.put("line", d.line());
                dm.put("level", d.level().name().toLowerCase(Locale.ROOT));
                dm.put("message", d.message());
                diags.add(dm);
            }
            m.put("diagnostics", diags);
            m.put("summary", f.summary());
            files.add(m);
        }
        root.put("files", files);
        if (!c.notes().isEmpty()) {
            root.put("notes", c.notes().stream().map(Diagnostic::message).toList());
        }
        return root;
    }

    private static void printTable(Capture c, PrintWriter out) {
        out.println("Capture: " + c.title() + " (" + c.files().size() + " files, " + c.steps().size() + " step(s))");
        for (var s : c.steps()) {
            if (!s.isRoot()) {
                out.println("  step " + s.dir() + ": " + s.label() + (s.change().isEmpty() ? "" : " - " + s.change()));
            }
        }
        int w = c.files().stream().mapToInt(f -> f.path().length()).max().orElse(4);
        String fmt = "%-" + Math.min(60, Math.max(4, w)) + "s  %-22s %-9s %-12s%n";
        out.printf(Locale.ROOT, fmt, "FILE", "FORMAT", "CONF.", "STATUS");
        for (SourceFile f : c.files()) {
            out.printf(Locale.ROOT, fmt, f.path(), f.format().isEmpty() ? "-" : f.format(),
                    f.confidence().name().toLowerCase(Locale.ROOT), f.status().slug());
            for (Diagnostic d : f.diagnostics()) {
                out.println("    " + d);
            }
            if (f.status() == FileStatus.UNRECOGNISED && io.tunescope.importers.PerfData.FORMAT.equals(f.format())) {
                out.println("    " + f.reason());
            } else if (f.status() == FileStatus.UNRECOGNISED) {
                out.println("    not recognised: " + f.reason());
            }
        }
        for (Diagnostic d : c.notes()) {
            out.println("note: " + d.message());
        }
    }
}
