package io.tunescope.ui.interpret;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Clocks;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.AuxFolder;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Corrections;
import io.tunescope.model.capture.Step;
import io.tunescope.session.CaptureSession;
import io.tunescope.session.CorrectionsStore;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.Icons;
import io.tunescope.ui.UiContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.ComboBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * How Tunescope reads the capture, and where the user corrects it: the folders (tuning step or not, label,
 * change) and every benchmark run (role, threads, length, start and where the time came from). Edits are
 * kept as pending corrections; "Save and re-read" writes them to the capture's manifest (atomically; for an
 * archive beside it) and reads the capture again, so every view, the PDF and the commands follow.
 */
public final class InterpretationView implements CaptureView {
    /** One folder: a step, or an auxiliary folder. */
    public record FolderRow(String dir, boolean step, String label, String change, String reason) {
    }

    /** One benchmark run of a step. */
    public record RunRow(String step, ReadRun run) {
    }

    /** One timed file of a step and its clock. */
    public record FileRow(String step, io.tunescope.analysis.reading.FileClock clock) {
    }

    private final UiContext ctx;
    private final TableView<FolderRow> folders = new TableView<>();
    private final TableView<RunRow> runs = new TableView<>();
    private final TableView<FileRow> files = new TableView<>();
    private final Label header = new Label();
    private final Label pendingNote = new Label();
    private final Button save = new Button();
    private final Button revert = new Button();
    private final Label empty = new Label();
    private final StackPane root;
    private Capture capture;
    private Corrections pending = Corrections.NONE;

    public InterpretationView(UiContext ctx) {
        this.ctx = ctx;
        header.setWrapText(true);
        header.setMinHeight(Region.USE_PREF_SIZE);
        header.setId("interpretationHeader");
        folders.setId("interpretationFolders");
        runs.setId("interpretationRuns");
        folders.setEditable(true);
        runs.setEditable(true);

        TableColumn<FolderRow, String> dir = text(ctx.text("interpret.col.folder"), FolderRow::dir, 170);
        TableColumn<FolderRow, String> isStep = text(ctx.text("interpret.col.isStep"),
                r -> ctx.text(isStep(r) ? "interpret.step.yes" : "interpret.step.no"), 120);
        isStep.setCellFactory(ComboBoxTableCell.forTableColumn(ctx.text("interpret.step.yes"), ctx.text("interpret.step.no")));
        isStep.setEditable(true);
        isStep.setOnEditCommit(e -> edit(pending.withStep(e.getRowValue().dir(), e.getNewValue().equals(ctx.text("interpret.step.yes")))));
        TableColumn<FolderRow, String> label = text(ctx.text("interpret.col.label"), r -> pending.labels().getOrDefault(r.dir(), r.label()), 170);
        label.setCellFactory(TextFieldTableCell.forTableColumn());
        label.setEditable(true);
        label.setOnEditCommit(e -> edit(pending.withLabel(e.getRowValue().dir(), e.getNewValue(), null)));
        TableColumn<FolderRow, String> change = text(ctx.text("interpret.col.change"), r -> pending.changes().getOrDefault(r.dir(), r.change()), 260);
        change.setCellFactory(TextFieldTableCell.forTableColumn());
        change.setEditable(true);
        change.setOnEditCommit(e -> edit(pending.withLabel(e.getRowValue().dir(), null, e.getNewValue())));
        TableColumn<FolderRow, String> reason = text(ctx.text("interpret.col.reason"),
                r -> r.reason().isEmpty() ? "" : ctx.text("interpret.aux." + r.reason()), 340);
        folders.getColumns().setAll(List.of(dir, isStep, label, change, reason));
        folders.setPlaceholder(new Label(ctx.text("interpret.noFolders")));

        String[] roles = new String[RunRole.values().length];
        for (int i = 0; i < roles.length; i++) {
            roles[i] = RunRole.values()[i].slug();
        }
        TableColumn<RunRow, String> step = text(ctx.text("interpret.col.step"), r -> r.step().isEmpty() ? "/" : r.step(), 150);
        TableColumn<RunRow, String> file = text(ctx.text("interpret.col.file"), r -> shortFile(r) + (r.run().run() == null ? ""
                : " #" + (r.run().index() + 1)), 200);
        TableColumn<RunRow, String> role = text(ctx.text("interpret.col.role"), this::roleOf, 100);
        javafx.util.StringConverter<String> roleWords = new javafx.util.StringConverter<>() {
            @Override
            public String toString(String slug) {
                return slug == null ? "" : ctx.text("role." + slug);
            }

            @Override
            public String fromString(String s) {
                for (String r : roles) {
                    if (ctx.text("role." + r).equals(s)) {
                        return r;
                    }
                }
                return s;
            }
        };
        role.setCellFactory(ComboBoxTableCell.forTableColumn(roleWords, roles));
        role.setEditable(true);
        role.setOnEditCommit(e -> edit(pending.withRole(e.getRowValue().run().file(), e.getRowValue().run().index(), e.getNewValue())));
        TableColumn<RunRow, String> threads = text(ctx.text("interpret.col.threads"), r -> Integer.toString(r.run().threads()), 70);
        TableColumn<RunRow, String> dur = text(ctx.text("interpret.col.duration"), r -> String.format(Locale.ROOT, "%.0f", r.run().durationS()), 70);
        TableColumn<RunRow, String> tps = text("TPS", r -> Double.isNaN(r.run().tps()) ? "" : String.format(Locale.ROOT, "%,.1f", r.run().tps()), 80);
        TableColumn<RunRow, String> start = text(ctx.text("interpret.col.start"), this::startOf, 190);
        start.setCellFactory(TextFieldTableCell.forTableColumn());
        start.setEditable(true);
        start.setOnEditCommit(e -> editStart(e.getRowValue().run().file(), e.getNewValue(), runs));
        TableColumn<RunRow, String> source = text(ctx.text("interpret.col.timeSource"), r -> ctx.text("interpret.source." + r.run().clock().source().name()), 150);
        TableColumn<RunRow, String> why = text(ctx.text("interpret.col.why"), r -> r.run().roleReason().in(ctx.locale()), 300);
        runs.getColumns().setAll(List.of(step, file, role, threads, dur, tps, start, source, why));
        runs.setPlaceholder(new Label(ctx.text("interpret.noRuns")));

        files.setId("interpretationFiles");
        files.setEditable(true);
        TableColumn<FileRow, String> fStep = text(ctx.text("interpret.col.step"), r -> r.step().isEmpty() ? "/" : r.step(), 150);
        TableColumn<FileRow, String> fFile = text(ctx.text("interpret.col.file"), r -> r.clock().path(), 300);
        TableColumn<FileRow, String> fStart = text(ctx.text("interpret.col.start"), r -> {
            String p = pending.starts().get(r.clock().path());
            return p != null ? p : r.clock().start() == null ? ctx.text("interpret.unknown") : r.clock().startIso();
        }, 190);
        fStart.setCellFactory(TextFieldTableCell.forTableColumn());
        fStart.setEditable(true);
        fStart.setOnEditCommit(e -> editStart(e.getRowValue().clock().path(), e.getNewValue(), files));
        TableColumn<FileRow, String> fEnd = text(ctx.text("interpret.col.end"),
                r -> r.clock().end() == null ? "" : io.tunescope.analysis.reading.FileClock.iso(r.clock().end()), 190);
        TableColumn<FileRow, String> fSource = text(ctx.text("interpret.col.timeSource"), r -> ctx.text("interpret.source." + r.clock().source().name()), 150);
        TableColumn<FileRow, String> fDetail = text(ctx.text("interpret.col.timeDetail"), r -> r.clock().detail().in(ctx.locale()), 420);
        files.getColumns().setAll(List.of(fStep, fFile, fStart, fEnd, fSource, fDetail));
        files.setPlaceholder(new Label(ctx.text("interpret.noFiles")));
        runs.setRowFactory(tv -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(RunRow r, boolean emptyRow) {
                super.updateItem(r, emptyRow);
                setTooltip(emptyRow || r == null || r.run().clock().detail().isEmpty() ? null : new Tooltip(r.run().clock().detail().in(ctx.locale())));
            }
        });

        save.setText(ctx.text("interpret.save"));
        save.setGraphic(Icons.icon("fas-save"));
        save.setId("interpretationSave");
        save.setOnAction(e -> save());
        revert.setText(ctx.text("interpret.revert"));
        revert.setGraphic(Icons.icon("fas-undo"));
        revert.setOnAction(e -> {
            if (capture != null) {
                pending = capture.corrections();
                updatePending();
            }
        });
        pendingNote.setWrapText(true);
        pendingNote.setId("interpretationPending");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, pendingNote, spacer, revert, save);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        Label fTitle = new Label(ctx.text("interpret.folders"));
        fTitle.getStyleClass().add("section-title");
        Label rTitle = new Label(ctx.text("interpret.runs"));
        rTitle.getStyleClass().add("section-title");
        VBox top = new VBox(6, fTitle, folders);
        VBox bottom = new VBox(6, rTitle, runs);
        Label cTitle = new Label(ctx.text("interpret.files"));
        cTitle.getStyleClass().add("section-title");
        VBox clocks = new VBox(6, cTitle, files);
        VBox.setVgrow(folders, Priority.ALWAYS);
        VBox.setVgrow(runs, Priority.ALWAYS);
        VBox.setVgrow(files, Priority.ALWAYS);
        SplitPane split = new SplitPane(top, bottom, clocks);
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.25, 0.62);
        VBox inner = new VBox(8, header, split, bar);
        VBox.setVgrow(split, Priority.ALWAYS);
        inner.setPadding(new Insets(8));
        empty.setText(ctx.text("interpret.empty"));
        empty.setWrapText(true);
        root = new StackPane(inner, empty);
        inner.visibleProperty().bind(empty.visibleProperty().not());
        empty.setVisible(true);
        updatePending();
    }

    private static <T> TableColumn<T, String> text(String title, java.util.function.Function<T, String> f, double width) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setEditable(false);
        return c;
    }

    private static String shortFile(RunRow r) {
        String f = r.run().file();
        return r.step().isEmpty() || !f.startsWith(r.step() + "/") ? f : f.substring(r.step().length() + 1);
    }

    @Override
    public String titleKey() {
        return "interpret.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-clipboard-check";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        if (c == null) {
            folders.getItems().clear();
            runs.getItems().clear();
            files.getItems().clear();
            empty.setVisible(true);
            return;
        }
        empty.setVisible(false);
        pending = c.corrections();
        CaptureReading reading = CaptureSession.of(c).reading();
        folders.setItems(FXCollections.observableArrayList(folderRows(c)));
        runs.setItems(FXCollections.observableArrayList(runRows(reading)));
        List<FileRow> fr = new ArrayList<>();
        for (StepReading s : reading.steps()) {
            for (var fc : s.clocks()) {
                fr.add(new FileRow(s.dir(), fc));
            }
        }
        files.setItems(FXCollections.observableArrayList(fr));
        long n = reading.steps().stream().mapToLong(s -> s.runs().size()).sum();
        StringBuilder h = new StringBuilder(ctx.text("interpret.header", reading.steps().size(), reading.auxiliary().size(), n));
        for (var note : reading.notes()) {
            h.append('\n').append(note.in(ctx.locale()));
        }
        header.setText(h.toString());
        updatePending();
    }

    /** Every folder of the capture: its steps, then its auxiliary folders. */
    public static List<FolderRow> folderRows(Capture c) {
        List<FolderRow> out = new ArrayList<>();
        for (Step s : c.steps()) {
            if (!s.isRoot()) {
                out.add(new FolderRow(s.dir(), true, s.label(), s.change(), ""));
            }
        }
        for (AuxFolder a : c.auxiliary()) {
            out.add(new FolderRow(a.dir(), false, a.dir(), "", a.reasonKey()));
        }
        return out;
    }

    public static List<RunRow> runRows(CaptureReading r) {
        List<RunRow> out = new ArrayList<>();
        for (StepReading s : r.steps()) {
            for (ReadRun run : s.runs()) {
                out.add(new RunRow(s.dir(), run));
            }
        }
        return out;
    }

    /** The corrections the user made and has not saved yet. */
    public Corrections pending() {
        return pending;
    }

    void edit(Corrections c) {
        pending = c;
        folders.refresh();
        runs.refresh();
        files.refresh();
        updatePending();
    }

    /** A start time typed for a file: an ISO-8601 time, or empty to take Tunescope's own again. */
    private void editStart(String path, String typed, TableView<?> table) {
        String v = typed.strip();
        if (!v.isEmpty() && Clocks.parseIso(v) == null) {
            ctx.status(ctx.text("interpret.badTime", v));
            table.refresh();
            return;
        }
        edit(pending.withStart(path, v));
    }

    /** A folder is a step unless the pending corrections say otherwise. */
    private boolean isStep(FolderRow r) {
        if (pending.notSteps().contains(r.dir())) {
            return false;
        }
        return r.step() || pending.steps().contains(r.dir());
    }

    /** The role shown: the pending correction, else the reading's. */
    private String roleOf(RunRow r) {
        String p = r.run().run() == null ? null : pending.roleOf(r.run().file(), r.run().index());
        RunRole parsed = RunRole.parse(p);
        return parsed != null ? parsed.slug() : r.run().role().slug();
    }

    private String startOf(RunRow r) {
        String p = pending.starts().get(r.run().file());
        if (p != null) {
            return p;
        }
        return r.run().clock().start() == null ? ctx.text("interpret.unknown") : r.run().clock().startIso();
    }

    private boolean canSave() {
        return capture != null && (Files.isDirectory(capture.origin()) || io.tunescope.importers.ArchiveExtractor.isArchive(capture.origin()));
    }

    private void updatePending() {
        boolean changed = capture != null && !pending.equals(capture.corrections());
        save.setDisable(!changed || !canSave());
        revert.setDisable(!changed);
        if (capture == null) {
            pendingNote.setText("");
        } else if (!canSave()) {
            pendingNote.setText(ctx.text("interpret.singleFile"));
        } else if (changed) {
            pendingNote.setText(ctx.text("interpret.pending", CaptureSession.of(capture).correctionsFile()));
        } else {
            pendingNote.setText(capture.corrections().isEmpty() ? ctx.text("interpret.noCorrections")
                    : ctx.text("interpret.saved", CaptureSession.of(capture).correctionsFile()));
        }
    }

    /** Writes the pending corrections and reads the capture again. */
    void save() {
        Capture c = capture;
        Corrections p = pending;
        if (c == null || !canSave()) {
            return;
        }
        Path file = CaptureSession.of(c).correctionsFile();
        ctx.background().submit(() -> {
            try {
                CorrectionsStore.save(file, p);
                Platform.runLater(() -> {
                    ctx.status(ctx.text("interpret.wrote", file));
                    ctx.reload();
                });
            } catch (java.io.IOException | RuntimeException ex) {
                Platform.runLater(() -> ctx.status(ctx.text("interpret.saveFailed", file, String.valueOf(ex.getMessage()))));
            }
        });
    }
}
