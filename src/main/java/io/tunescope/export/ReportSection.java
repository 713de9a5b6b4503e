package io.tunescope.export;

import io.tunescope.model.capture.Capture;
import java.io.IOException;

/** One part of the PDF report. Sections that have nothing to show for a capture write nothing. */
public interface ReportSection {
    void write(PdfWriter pdf, Capture capture, ReportOptions options) throws IOException;
}
