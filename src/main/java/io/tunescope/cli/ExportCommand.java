package io.tunescope.cli;

import io.tunescope.export.ReportBuilder;
import io.tunescope.export.ReportOptions;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tunescope export PATH --pdf OUT.pdf}: the findings report, headless, as the GUI exports it. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Writes the PDF findings report of a capture (the same document the app exports).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error", "3:nothing could be read"})
public final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH", description = "capture folder, archive or single file")
    Path path;

    @Option(names = "--pdf", paramLabel = "OUT.pdf", required = true, description = "where to write the report")
    Path pdf;

    @Option(names = "--png", paramLabel = "DIR", description = "also write every chart of the report (flame graphs, timelines, heatmaps, ...) as PNG into DIR")
    Path pngDir;

    @Option(names = "--lang", paramLabel = "LANG", description = "report language: en or zh (default: the system locale)")
    String lang;

    @CommandLine.Mixin
    SettingsOption settings = new SettingsOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        io.tunescope.rules.Settings thresholds = settings.load("export", err);
        if (thresholds == null) {
            return TunescopeCli.USAGE;
        }
        Capture capture;
        try {
            capture = io.tunescope.session.CaptureSession.open(path).capture();
        } catch (CaptureException e) {
            err.println("tunescope export: " + e.getMessage());
            return TunescopeCli.NOTHING_READ;
        }
        Locale locale = locale(lang, Locale.getDefault());
        ReportOptions options = new ReportOptions(locale, null, null).withSettings(thresholds);
        List<Path> pngs = ReportBuilder.standard().write(capture, options, pdf, pngDir);
        spec.commandLine().getOut().println("wrote " + pdf);
        if (pngDir != null) {
            spec.commandLine().getOut().println("wrote " + pngs.size() + " PNG files to " + pngDir);
        }
        spec.commandLine().getOut().flush();
        return TunescopeCli.OK;
    }

    /** {@code en}, {@code zh} (Simplified Chinese) or any language tag; {@code fallback} when absent. */
    static Locale locale(String lang, Locale fallback) {
        if (lang == null) {
            return fallback;
        }
        String l = lang.trim().toLowerCase(Locale.ROOT);
        return l.equals("zh") || l.equals("zh-cn") || l.equals("zh_cn") || l.equals("cn") ? Locale.SIMPLIFIED_CHINESE
                : Locale.forLanguageTag(l.replace('_', '-'));
    }
}
