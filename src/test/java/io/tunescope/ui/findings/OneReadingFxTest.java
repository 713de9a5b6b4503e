package io.tunescope.ui.findings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.cli.TunescopeCli;
import io.tunescope.export.ReportBuilder;
import io.tunescope.export.ReportOptions;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import io.tunescope.ui.TestUiContext;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One reading, four places: on a real capture made by hand (warm-up beside main runs, a sweep in a
 * sub-folder, a prepare-only folder), {@code steps --json}, the app's Tuning steps table, {@code findings}
 * and the PDF summary give the same main runs, the same changes and the same significance.
 */
@ExtendWith(ApplicationExtension.class)
class OneReadingFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private StepsPane pane;
    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        pane = new StepsPane(new TestUiContext(pool));
        stage.setScene(new Scene((javafx.scene.Parent) pane.node(), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(TunescopeCli.OK, TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err)), err.toString());
        return out.toString();
    }

    private Path copy() throws Exception {
        return io.tunescope.testutil.HandCaptures.get("hand-3step", tmp);
    }

    @Test
    void stepsTableFindingsAndPdfAgreeWithStepsJson(FxRobot robot) throws Exception {
        Path cap = copy();
        JsonNode steps = new ObjectMapper().readTree(cli("steps", cap.toString(), "--json")).get("steps");
        String findings = cli("findings", cap.toString(), "--baseline");
        Capture c = CaptureSession.open(cap).capture();
        robot.interact(() -> pane.show(c, null));
        @SuppressWarnings("unchecked")
        TableView<StepsPane.Row> table = robot.lookup("#stepsTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> table.getItems().size() == steps.size());
        WaitForAsyncUtils.waitForFxEvents();
        Path pdf = tmp.resolve("report.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, null, null), pdf);
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            text = new PDFTextStripper().getText(doc).replace("\r", "").replaceAll("\\s+", " ");
        }
        assertEquals(List.of("1_baseline", "2_redo_bp", "3_swappiness_interleave"),
                table.getItems().stream().map(r -> r.step().dir()).toList(), "the prepare-only folder is not a step");
        for (int i = 0; i < steps.size(); i++) {
            JsonNode s = steps.get(i);
            StepsPane.Row row = table.getItems().get(i);
            // the same main run
            assertEquals(s.get("main").get("file").asText(), row.run().first().file());
            String tps = String.format(Locale.ROOT, "%,.1f", s.get("main").get("tps").asDouble());
            assertEquals(tps, cell(table, 2, i), "TPS in the app's table");
            assertTrue(text.contains(String.format(Locale.ROOT, "%,.2f", s.get("main").get("tps").asDouble())), "TPS " + tps + " in the PDF");
            JsonNode prev = s.get("vs_previous");
            if (prev.isNull()) {
                continue;
            }
            double change = prev.get("tps_change_pct").asDouble();
            boolean significant = prev.get("significant").asBoolean();
            String pct = String.format(Locale.ROOT, "%+.1f %%", change);
            // the same change and verdict in the app, the PDF summary and the findings
            assertEquals(significant ? pct : pct + " (within noise)", cell(table, 3, i), "app: " + s.get("dir"));
            assertTrue(text.contains(significant ? pct : pct + " (within noise)"), "PDF summary: " + pct + " of " + s.get("dir"));
            String finding = findings.lines().filter(l -> l.startsWith("[" + s.get("dir").asText() + "] CONC-STEP-CHANGE")).findFirst().orElse("");
            String inFinding = significant ? String.format(Locale.ROOT, "%.1f %%", Math.abs(change)) : pct;
            assertTrue(finding.contains(inFinding) && finding.contains(significant ? "more than" : "within"),
                    "findings: " + finding);
        }
    }

    private static String cell(TableView<StepsPane.Row> t, int col, int row) {
        TableColumn<StepsPane.Row, ?> c = t.getColumns().get(col);
        return String.valueOf(c.getCellData(row));
    }
}
