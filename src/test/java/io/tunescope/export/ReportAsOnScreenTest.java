package io.tunescope.export;

import io.tunescope.TestData;
import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.Transform;
import io.tunescope.analysis.calltree.TransformStack;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PDF exported from the app shows the flame graph as it was on screen: colours, transforms, search, zoom. */
class ReportAsOnScreenTest {
    @TempDir
    Path tmp;

    @Test
    void flameSectionFollowsTheScreen() throws Exception {
        Capture c = CaptureSession.open(TestData.sampleCapture()).capture();
        CallTree first = CallTree.of(CaptureProfiles.of(c).get(0).profile());
        TransformStack t = TransformStack.EMPTY.push(new Transform.FocusFunction("dispatch_command"));
        CallTree focused = t.apply(first);
        // zoom on the focused tree's first child
        int child = focused.firstChild(0);
        List<String> zoom = focused.path(child);
        ReportOptions o = new ReportOptions(Locale.ENGLISH, null, null,
                new ReportOptions.FlameState("subsystem", t, "row_|lock", true, zoom));
        Path out = tmp.resolve("screen.pdf");
        ReportBuilder.standard().write(c, o, out);
        String text;
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("As on screen: colours by MySQL/InnoDB subsystem; " + t.transforms().get(0).describe()), text);
        assertTrue(text.contains("zoomed to " + zoom.get(zoom.size() - 1)), "zoom named");
        assertTrue(text.contains("Search /row_|lock/"), "search applied");
    }
}
