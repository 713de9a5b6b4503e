package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.testutil.FtwrlDipSched;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PDF of a capture with a sched_switch recording has an off-CPU section that states the time with its unit. */
class OffCpuReportTest {
    @TempDir
    Path tmp;

    @Test
    void theOffCpuSectionSaysHowLongThreadsWereSwitchedOut() throws Exception {
        Capture c = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("ftwrl-dip.tar.gz", tmp));
        long ns = FtwrlDipSched.read().intervals().stream().mapToLong(iv -> iv.end() - iv.start()).sum();
        for (Locale l : new Locale[] {Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE}) {
            Path out = tmp.resolve("r-" + l.toLanguageTag() + ".pdf");
            ReportBuilder.standard().write(c, new ReportOptions(l, null, null), out);
            try (PDDocument doc = Loader.loadPDF(out.toFile())) {
                String text = new PDFTextStripper().getText(doc).replace("\r", "").replace("\n", " ");
                String seconds = String.format(Locale.ROOT, "%.2f s", ns / 1e9);
                assertTrue(text.contains(l == Locale.ENGLISH ? "Off-CPU time" : "Off-CPU 时间"), l + ": no off-CPU section");
                assertTrue(text.contains(seconds), l + ": the total " + seconds + " is not stated");
                assertTrue(text.contains(String.format(Locale.ENGLISH, "%,d ns", ns)), l + ": the weight in ns is not stated");
            }
        }
    }
}
