package io.tunescope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunescope.export.FindingsWriter;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import io.tunescope.rules.Severity;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code tunescope findings PATH [--json] [--fail-on info|warning|critical]}: runs every rule on every step. */
@Command(name = "findings", mixinStandardHelpOptions = true,
        description = "Runs the rules on every step of a capture and prints the findings, most severe first, with evidence "
                + "(file:line), thresholds, recommendations and sources.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no finding at or above --fail-on (or no --fail-on)", "1:a finding at or above --fail-on",
                "2:usage error", "3:nothing could be read"})
public final class FindingsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH", description = "capture folder, archive or single file")
    Path path;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    PerfDataOption perfData = new PerfDataOption();

    @picocli.CommandLine.Mixin
    SettingsOption settings = new SettingsOption();

    @Option(names = "--fail-on", paramLabel = "LEVEL", description = "exit 1 when a finding at or above LEVEL exists: info, warning or critical")
    String failOn;

    @Option(names = "--baseline", description = "print only 'id | severity | summary' lines")
    boolean baseline;

    @Option(names = "--all", description = "also list rules that could not be evaluated, with the reason")
    boolean all;

    @Option(names = "--lang", paramLabel = "LANG", description = "language of the findings: en (default) or zh")
    String lang;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Severity level = null;
        if (failOn != null) {
            try {
                level = Severity.parse(failOn);
            } catch (IllegalArgumentException e) {
                err.println("tunescope findings: --fail-on must be info, warning or critical, not '" + failOn + "'");
                return TunescopeCli.USAGE;
            }
        }
        Settings thresholds = settings.load("findings", err);
        if (thresholds == null) {
            return TunescopeCli.USAGE;
        }
        io.tunescope.session.CaptureSession session = TunescopeCli.open(path, "findings", err);
        if (session == null) {
            return TunescopeCli.NOTHING_READ;
        }
        try (PerfDataOption p = perfData) {
            Capture converted = p.apply(session.capture(), "findings", err);
            if (converted != session.capture()) {
                session = io.tunescope.session.CaptureSession.of(converted);
            }
        }
        Capture capture = session.capture();
        Locale locale = ExportCommand.locale(lang, Locale.ROOT);
        RuleEngine.Report report = session.findings(locale, thresholds);
        if (json) {
            ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            out.println(m.writeValueAsString(FindingsWriter.json(capture.name(), report)));
        } else if (baseline) {
            out.print(FindingsWriter.baseline(report));
        } else {
            out.print(FindingsWriter.text(report, all, locale));
        }
        out.flush();
        if (level != null && report.any(level)) {
            return TunescopeCli.FINDINGS;
        }
        return TunescopeCli.OK;
    }
}
