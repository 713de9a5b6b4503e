package io.tunescope.export;

import io.tunescope.model.capture.Capture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The PDF findings report: title page, then every registered section in order, then the appendix of
 * files and diagnostics. Features add their sections with {@link #standard()}'s list; the GUI and the
 * CLI both build the report here, so they produce the same document.
 */
public final class ReportBuilder {
    private final List<ReportSection> sections;

    public ReportBuilder(List<ReportSection> sections) {
        this.sections = List.copyOf(sections);
    }

    /** Every section Tunescope knows, in report order. */
    public static ReportBuilder standard() {
        List<ReportSection> s = new ArrayList<>();
        s.add(CaptureSections.TITLE);
        s.add((pdf, c, o) -> pdf.newPage());
        s.add(new SummarySection());
        s.add(CaptureSections.STEPS);
        s.add(CaptureSections.CONFIG_DIFF);
        s.add(CaptureSections.STATUS);
        s.add(new FindingsSection());
        s.add(new FlameSection());
        s.add(new TimelineSection());
        s.add(new HeatmapSection());
        s.add(new DipSection());
        s.add(new NumaReportSection());
        s.add(new AnnotationsReportSection());
        s.add(CaptureSections.FILES);
        return new ReportBuilder(s);
    }

    public void write(Capture capture, ReportOptions options, Path out) throws IOException {
        write(capture, options, out, null);
    }

    /** Writes the report, and with {@code pngDir} every chart of it as a PNG too; returns the PNG files. */
    public List<Path> write(Capture capture, ReportOptions options, Path out, Path pngDir) throws IOException {
        try (PdfWriter pdf = new PdfWriter(options.text("report.footer", capture.title()))) {
            if (pngDir != null) {
                pdf.alsoPng(pngDir);
            }
            for (ReportSection s : sections) {
                s.write(pdf, capture, options);
            }
            pdf.save(out);
            return pdf.pngs();
        }
    }
}
