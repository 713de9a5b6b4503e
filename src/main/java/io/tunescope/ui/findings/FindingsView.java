package io.tunescope.ui.findings;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Result;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Settings;
import io.tunescope.rules.Severity;
import io.tunescope.rules.Topic;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.Icons;
import io.tunescope.ui.Target;
import io.tunescope.ui.UiContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.util.StringConverter;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The findings of the rules engine on the open capture: a list sorted by severity, filtered by topic and
 * step; the details of the selected finding (summary, explanation, evidence with file and line,
 * thresholds, recommendations with a copy button, citations, "show evidence"); the rules that could not
 * run and what to capture for them; and the tuning steps (see {@link StepsPane}).
 */
public final class FindingsView implements CaptureView {
    private final UiContext ctx;
    private final StackPane root = new StackPane();
    private final TabPane inner = new TabPane();
    private final Label empty = new Label();
    private final Label note = new Label();
    private final ComboBox<Topic> topic = new ComboBox<>();
    private final ComboBox<Step> step = new ComboBox<>();
    private final ListView<Finding> list = new ListView<>();
    private final javafx.scene.control.TextField textFilter = new javafx.scene.control.TextField();
    private final VBox details = new VBox(8);
    private final ListView<Result> notApplicable = new ListView<>();
    private final Tab findingsTab;
    private final Tab notApplicableTab;
    private final StepsPane steps;
    /** Filters, grouping, selection and tab: kept when the window is built again in another language. */
    private final FindingsViewModel model;
    private final javafx.scene.control.CheckBox grouped = new javafx.scene.control.CheckBox();
    /** The "all" choice of the step box. */
    private final Step allSteps = new Step(-1, "", "", "", "");
    private Capture capture;
    private RuleEngine.Report report;
    private int generation;
    /** Evaluates the findings again when the thresholds change; held here, attached weakly (a rebuilt window's view goes). */
    private final javafx.beans.value.ChangeListener<Settings> onThresholds = (o, a, b) -> {
        if (capture != null && !java.util.Objects.equals(a, b)) {
            evaluate(capture, ++generation, true);
        }
    };

    public FindingsView(UiContext ctx) {
        this.ctx = ctx;
        this.model = ctx.viewModel(FindingsViewModel.class, FindingsViewModel::new);
        this.steps = new StepsPane(ctx, model);
        findingsTab = tab(ctx.text("findings.tab.list", 0), findingsPane());
        notApplicableTab = tab(ctx.text("findings.tab.notApplicable", 0), notApplicablePane());
        inner.getTabs().addAll(findingsTab, notApplicableTab, tab(ctx.text("findings.tab.steps"), steps.node()));
        inner.setId("findingsTabs");
        inner.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> model.tabProperty().set(i.intValue()));
        empty.setText(ctx.text("findings.empty"));
        empty.setWrapText(true);
        empty.setMaxWidth(520);
        empty.setGraphic(Icons.icon("fas-clipboard-list", Icons.LARGE));
        empty.setContentDisplay(javafx.scene.control.ContentDisplay.TOP);
        empty.setId("findingsEmpty");
        root.getChildren().addAll(inner, empty);
        inner.setVisible(false);
        ctx.thresholds().addListener(new javafx.beans.value.WeakChangeListener<>(onThresholds));
        io.tunescope.ui.Controls.documentFilterKeys(ctx.shortcuts(), "findings", root, () -> {
            inner.getSelectionModel().select(findingsTab);
            io.tunescope.ui.Controls.focusFilter(textFilter);
        });
        ctx.shortcuts().document("findings.stepsCompare", "Enter", "shortcut.findings.stepsCompare");
        ctx.shortcuts().document("findings.stepsCompareFirst", "Shift+Enter", "shortcut.findings.stepsCompareFirst");
        ctx.shortcuts().register("findings.annotate", javafx.scene.input.KeyCombination.valueOf("Shortcut+N"), "shortcut.findings.annotate", root,
                () -> ctx.annotations() != null && inner.getSelectionModel().getSelectedItem() == findingsTab, this::annotateSelected);
    }

    private static Tab tab(String title, Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    private Node findingsPane() {
        topic.getItems().add(null);
        topic.getItems().addAll(Topic.values());
        topic.setConverter(new StringConverter<>() {
            @Override
            public String toString(Topic t) {
                return t == null ? ctx.text("findings.allTopics") : ctx.text("findings.topic." + t.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public Topic fromString(String s) {
                return null;
            }
        });
        topic.setValue(null);
        topic.setId("findingsTopic");
        step.setConverter(new StringConverter<>() {
            @Override
            public String toString(Step s) {
                return s == null || s == allSteps ? ctx.text("findings.allSteps") : s.label();
            }

            @Override
            public Step fromString(String s) {
                return null;
            }
        });
        step.setId("findingsStep");
        topic.valueProperty().addListener((o, a, b) -> {
            model.topicProperty().set(b);
            filter();
        });
        step.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.stepProperty().set(b == allSteps ? null : b.dir());
            }
            filter();
        });
        grouped.setText(ctx.text("findings.group"));
        grouped.setId("findingsGrouped");
        grouped.setTooltip(new javafx.scene.control.Tooltip(ctx.text("findings.group.tip")));
        grouped.setSelected(model.groupedProperty().get());
        grouped.selectedProperty().addListener((o, a, b) -> {
            model.groupedProperty().set(b);
            filter();
        });

        list.setId("findingsList");
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Finding f, boolean isEmpty) {
                super.updateItem(f, isEmpty);
                if (isEmpty || f == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                List<Finding> group = groupOf(f);
                String where = capture == null || !capture.hasSteps() ? ""
                        : group.size() > 1 ? ctx.text("findings.inSteps", group.size(),
                                String.join(", ", group.stream().map(x -> stepLabel(x.step())).toList()))
                        : stepLabel(f.step());
                setText(f.title() + "\n" + ctx.text("findings.item", f.ruleId(), ctx.text("findings.severity." + f.severity().slug()),
                        f.score(), where));
                setTooltip(new javafx.scene.control.Tooltip(f.summary()));
                setGraphic(severityIcon(f.severity()));
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, f) -> {
            if (f == null) {
                showDetails(null);
                return;
            }
            // a group keeps the step the user chose in it
            Finding chosen = f;
            FindingsViewModel.Key k = model.selectedProperty().get();
            if (k != null && k.ruleId().equals(f.ruleId()) && report != null && groupOf(f).size() > 1) {
                Finding kept = model.selected(report.findings());
                if (kept != null) {
                    chosen = kept;
                }
            }
            model.selectedProperty().set(FindingsViewModel.Key.of(chosen));
            showDetails(chosen);
        });
        list.setPlaceholder(new Label(ctx.text("findings.none")));

        details.setPadding(new Insets(10));
        details.setId("findingDetails");
        details.setFillWidth(true);
        ScrollPane scroll = new ScrollPane(details);
        scroll.setFitToWidth(true);
        showDetails(null);

        note.setId("findingsNote");
        textFilter.setId("findingsFilter");
        textFilter.setPromptText(ctx.text("findings.filter"));
        textFilter.setPrefColumnCount(14);
        textFilter.setText(model.textProperty().get());
        textFilter.textProperty().addListener((o, a, t) -> {
            model.textProperty().set(t == null ? "" : t);
            filter();
        });
        // keys: type to filter, Esc clears, Enter shows the evidence, Ctrl+N annotates
        io.tunescope.ui.Controls.filterKeys(list, textFilter);
        io.tunescope.ui.Controls.onActivate(list, this::openEvidence);
        HBox bar = new HBox(8, new Label(ctx.text("findings.topic")), topic, new Label(ctx.text("findings.step")), step, grouped, textFilter, note);
        bar.setAlignment(Pos.CENTER_LEFT);
        SplitPane split = new SplitPane(list, scroll);
        split.setDividerPositions(0.42);
        VBox box = new VBox(8, bar, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(8));
        return box;
    }

    private Node notApplicablePane() {
        notApplicable.setId("findingsNotApplicable");
        notApplicable.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Result r, boolean isEmpty) {
                super.updateItem(r, isEmpty);
                if (isEmpty || r == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                String key = r.status() == Result.Status.FAILED ? "findings.failed" : "findings.notApplicableItem";
                setText(ctx.text(key, r.ruleId(), r.reason())
                        + (capture != null && capture.hasSteps() ? "  [" + stepLabel(r.step()) + "]" : ""));
                setWrapText(true);
                setPrefWidth(0);
                FontIcon i = Icons.icon(r.status() == Result.Status.FAILED ? "fas-bug" : "fas-minus-circle");
                Icons.colored(i, r.status() == Result.Status.FAILED ? Color.web("#c62828") : Color.web("#757575"));
                setGraphic(i);
            }
        });
        notApplicable.setPlaceholder(new Label(ctx.text("findings.allApplicable")));
        Label intro = new Label(ctx.text("findings.notApplicableIntro"));
        intro.setWrapText(true);
        VBox box = new VBox(8, intro, notApplicable);
        VBox.setVgrow(notApplicable, Priority.ALWAYS);
        box.setPadding(new Insets(8));
        return box;
    }

    static Color severityColor(Severity s) {
        return switch (s) {
            case CRITICAL -> Color.web("#c62828");
            case WARNING -> Color.web("#c77700");
            case INFO -> Color.web("#1565c0");
        };
    }

    static FontIcon severityIcon(Severity s) {
        FontIcon i = Icons.icon(switch (s) {
            case CRITICAL -> "fas-times-circle";
            case WARNING -> "fas-exclamation-triangle";
            case INFO -> "fas-info-circle";
        });
        return Icons.colored(i, severityColor(s));
    }

    private String stepLabel(String dir) {
        if (capture == null) {
            return dir;
        }
        Step s = capture.step(dir);
        return s == null ? dir : s.label();
    }

    /** The findings of the listed finding's rule in every step when it stands for a group, else itself alone. */
    private List<Finding> groupOf(Finding f) {
        if (report == null || !model.groupedProperty().get() || model.stepProperty().get() != null) {
            return List.of(f);
        }
        return FindingsViewModel.sameRule(report.findings(), f, capture);
    }

    private void filter() {
        List<Finding> out = report == null ? List.of() : model.visible(report.findings());
        // the selection is the model's: the listed entry standing for it is selected again (same rule and step)
        FindingsViewModel.Key keep = model.selectedProperty().get();
        list.getItems().setAll(out);
        Finding again = model.listed(out);
        if (again != null) {
            model.selectedProperty().set(keep);
            list.getSelectionModel().clearSelection();
            list.getSelectionModel().select(again);
        } else if (!out.isEmpty()) {
            list.getSelectionModel().select(0);
        }
    }

    /** The findings shown in the list (after filtering). */
    public List<Finding> shown() {
        return List.copyOf(list.getItems());
    }

    /** The last engine run, or null while none finished. */
    public RuleEngine.Report report() {
        return report;
    }

    private static Label heading(String text) {
        Label l = new Label(text);
        l.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, Font.getDefault().getSize() + 1));
        l.getStyleClass().add("findings-heading");
        return l;
    }

    private static Label para(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private void showDetails(Finding f) {
        details.getChildren().clear();
        if (f == null) {
            details.getChildren().add(para(ctx.text("findings.selectOne")));
            return;
        }
        Label title = heading(f.title());
        title.setGraphic(severityIcon(f.severity()));
        title.setWrapText(true);
        title.setId("findingTitle");
        details.getChildren().add(title);
        details.getChildren().add(para(ctx.text("findings.meta", ctx.text("findings.severity." + f.severity().slug()),
                f.score(), ctx.text("findings.topic." + f.topic().name().toLowerCase(Locale.ROOT)), f.ruleId(),
                f.step().isEmpty() ? ctx.text("findings.wholeCapture") : stepLabel(f.step()))));
        List<Finding> group = groupOf(f);
        if (group.size() > 1) {
            // one rule found in several steps: the steps, the one shown in bold, each a click away
            javafx.scene.layout.FlowPane in = new javafx.scene.layout.FlowPane(6, 4);
            in.setId("findingSteps");
            in.getChildren().add(new Label(ctx.text("findings.stepsOfRule", group.size())));
            for (Finding x : group) {
                javafx.scene.control.Hyperlink l = new javafx.scene.control.Hyperlink(stepLabel(x.step()) + " ("
                        + ctx.text("findings.severity." + x.severity().slug()) + ")");
                l.setMnemonicParsing(false);
                if (x == f) {
                    l.setStyle("-fx-font-weight: bold; -fx-underline: false;");
                    l.setDisable(true);
                }
                l.setOnAction(e -> {
                    model.selectedProperty().set(FindingsViewModel.Key.of(x));
                    showDetails(x);
                });
                in.getChildren().add(l);
            }
            details.getChildren().add(in);
        }
        Label summary = para(f.summary());
        summary.setId("findingSummary");
        details.getChildren().add(summary);
        if (!f.explanation().isBlank()) {
            details.getChildren().addAll(heading(ctx.text("findings.explanation")), para(f.explanation()));
        }

        List<Node> show = new ArrayList<>();
        for (String frame : f.frames()) {
            Button b = new Button(ctx.text("findings.showFrame", frame), Icons.icon("fas-fire"));
            b.getStyleClass().add("show-evidence");
            b.setMnemonicParsing(false);
            b.setOnAction(e -> go(new Target.Frame(f.step(), frame)));
            show.add(b);
        }
        f.timeWindow().ifPresent(w -> {
            Button b = new Button(ctx.text("findings.showRange"), Icons.icon("fas-chart-line"));
            b.getStyleClass().add("show-evidence");
            b.setMnemonicParsing(false);
            b.setOnAction(e -> go(new Target.TimeRange(f.step(), w.fromMs(), w.toMs(),
                    io.tunescope.model.series.Clock.WALL.name().equals(w.clock()))));
            show.add(b);
        });

        if (capture != null) {
            // evidence read from the server's own outputs (InnoDB status, performance_schema, process list, counters)
            java.util.List<String> files = f.evidence().stream().filter(o -> o.ref() != null).map(o -> o.ref().file()).distinct().toList();
            if (!files.isEmpty() && io.tunescope.session.CaptureSession.of(capture).server(f.step()).partOf(files) != null) {
                Button b = new Button(ctx.text("findings.showServer"), Icons.icon("fas-database"));
                b.getStyleClass().add("show-evidence");
                b.setId("showServer");
                b.setMnemonicParsing(false);
                b.setOnAction(e -> go(new Target.Server(f.step(), files)));
                show.add(b);
            }
        }
        if (f.topic() == io.tunescope.rules.Topic.NUMA) {
            var cell = f.numaCell().orElse(null);
            Button b = new Button(cell == null ? ctx.text("findings.showNuma") : ctx.text("findings.showNumaCell", cell.row(), cell.column()),
                    Icons.icon("fas-th"));
            b.getStyleClass().add("show-evidence");
            b.setId("showNuma");
            b.setMnemonicParsing(false);
            b.setOnAction(e -> go(new Target.Numa(f.step(), cell)));
            show.add(b);
        }
        var notes = ctx.annotations();
        if (notes != null) {
            Button annotate = new Button(ctx.text("findings.annotate"), Icons.icon("fas-sticky-note"));
            annotate.setId("annotateFinding");
            annotate.setOnAction(e -> {
                if (notes.annotate(io.tunescope.annotate.AnnotationTarget.finding(f.step(), f.ruleId())) != null) {
                    showDetails(f);
                }
            });
            show.add(annotate);
            for (io.tunescope.annotate.Annotation a : notes.list()) {
                var t = a.target();
                if (t.kind() == io.tunescope.annotate.AnnotationTarget.Kind.FINDING && t.findingId().equals(f.ruleId())
                        && java.util.Objects.equals(t.step() == null ? "" : t.step(), f.step())) {
                    Label n = para("\u270e " + a.note());
                    n.getStyleClass().add("annotation-note");
                    details.getChildren().add(n);
                }
            }
        }

        // the ways to see the evidence come before its list, which can run long (a binding's derivation)
        if (!show.isEmpty()) {
            // buttons wrap to the next line in a narrow pane: their words are never cut ("Show finish_t...")
            javafx.scene.layout.FlowPane bar = new javafx.scene.layout.FlowPane(6, 6);
            bar.setId("findingShow");
            for (Node n : show) {
                if (n instanceof Button b) {
                    b.setMinWidth(Button.USE_PREF_SIZE);
                }
            }
            bar.getChildren().addAll(show);
            details.getChildren().add(bar);
        }
        if (!f.evidence().isEmpty()) {
            details.getChildren().add(heading(ctx.text("findings.evidence")));
            GridPane g = new GridPane();
            g.setHgap(12);
            g.setVgap(3);
            g.setId("findingEvidence");
            // two lines per value: its name with file:line at the right, then the value itself, wrapped across
            // the pane (long option names and long values both stay readable in a narrow pane and in Chinese)
            javafx.scene.layout.ColumnConstraints name = new javafx.scene.layout.ColumnConstraints();
            name.setHgrow(javafx.scene.layout.Priority.ALWAYS);
            javafx.scene.layout.ColumnConstraints src = new javafx.scene.layout.ColumnConstraints();
            src.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            src.setHalignment(javafx.geometry.HPos.RIGHT);
            g.getColumnConstraints().setAll(name, src);
            int row = 0;
            for (Finding.Observation o : f.evidence()) {
                javafx.scene.control.Labeled source;
                if (o.ref() == null) {
                    source = new Label(ctx.text("findings.derived"));
                    source.setStyle("-fx-opacity: 0.75;");
                } else {
                    // file:line opens that line of the file, read-only, in the source viewer
                    javafx.scene.control.Hyperlink link = new javafx.scene.control.Hyperlink(o.ref().toString());
                    io.tunescope.model.capture.SourceRef ref = o.ref();
                    link.setOnAction(e -> {
                        ctx.openSource(ref);
                        link.setVisited(false);
                    });
                    link.setTooltip(new javafx.scene.control.Tooltip(ctx.text("findings.openSource", ref.toString())));
                    source = link;
                }
                source.getStyleClass().add("evidence-source");
                source.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
                Label label = para(o.label());
                // a setting's value as people write it (96M, not 100663296); the source line shows it as captured
                Label value = para(io.tunescope.analysis.config.ConfigValues.readable(o.label(), o.value()));
                value.setStyle("-fx-font-weight: bold;");
                value.setPadding(new Insets(0, 0, 4, 14));
                g.add(label, 0, row);
                g.add(source, 1, row++);
                g.add(value, 0, row++, 2, 1);
            }
            details.getChildren().add(g);
        }
        if (!f.thresholds().isEmpty()) {
            details.getChildren().add(heading(ctx.text("findings.thresholds")));
            for (Finding.Threshold t : f.thresholds()) {
                String text = ctx.text("findings.threshold", t.description(), Setting.format(t.value(), t.unit()), t.key());
                if (t.changed()) {
                    text = text + "  " + ctx.text("findings.threshold.changed", Setting.format(t.defaultValue(), t.unit()), t.changedBy());
                }
                Label l = para(text);
                // every threshold can be adjusted: the link opens the thresholds dialog at this rule
                javafx.scene.control.Hyperlink adjust = new javafx.scene.control.Hyperlink(t.basis() == Setting.Basis.HEURISTIC
                        ? ctx.text("findings.heuristic") : ctx.text("findings.adjust"));
                adjust.getStyleClass().add("threshold-adjust");
                adjust.setId("adjust-" + t.key());
                adjust.setMnemonicParsing(false);
                adjust.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
                adjust.setTooltip(new javafx.scene.control.Tooltip(ctx.text("findings.adjust.tip", f.ruleId())));
                adjust.setOnAction(e -> {
                    ctx.editThresholds(f.ruleId());
                    adjust.setVisited(false);
                });
                // the link at the end of the line: the text wraps across the pane beside it, no line is added
                l.setGraphic(adjust);
                l.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
                l.getStyleClass().add("finding-threshold");
                if (t.changed()) {
                    l.setStyle("-fx-font-weight: bold;");
                }
                details.getChildren().add(l);
            }
        }
        if (!f.recommendations().isEmpty()) {
            details.getChildren().add(heading(ctx.text("findings.recommendations")));
            int i = 0;
            for (Recommendation r : f.recommendations()) {
                details.getChildren().add(recommendation(r, i++));
            }
        }
        if (!f.withheld().isEmpty()) {
            details.getChildren().add(heading(ctx.text("findings.withheld")));
            for (String w : f.withheld()) {
                details.getChildren().add(para(w));
            }
        }
        if (!f.citations().isEmpty()) {
            details.getChildren().add(heading(ctx.text("findings.citations")));
            for (String c : f.citations()) {
                // the public page or title, not our key for it
                details.getChildren().add(para(io.tunescope.rules.Citations.resolve(c)));
            }
        }
    }

    private Node recommendation(Recommendation r, int index) {
        VBox box = new VBox(4);
        box.setPadding(new Insets(6));
        box.setStyle("-fx-border-color: derive(-fx-base, -15%); -fx-border-radius: 4; -fx-background-radius: 4;");
        Label action = para(r.action());
        action.setStyle("-fx-font-weight: bold;");
        box.getChildren().add(action);
        if (!r.lines().isEmpty()) {
            TextArea code = new TextArea(r.snippet());
            code.setEditable(false);
            // long lines wrap in the box: no horizontal scrolling to read a command (Copy copies the lines as they are)
            code.setWrapText(true);
            code.setPrefRowCount(Math.min(8, r.lines().size()) + 1);
            code.setStyle("-fx-font-family: monospace;");
            code.setId("recommendationLines-" + index);
            Button copy = new Button(ctx.text("findings.copy"), Icons.icon("fas-copy"));
            copy.setId("copyRecommendation-" + index);
            copy.setOnAction(e -> {
                ClipboardContent content = new ClipboardContent();
                content.putString(r.snippet());
                Clipboard.getSystemClipboard().setContent(content);
                ctx.status(ctx.text("findings.copied", r.lines().size()));
            });
            HBox row = new HBox(6, code, copy);
            HBox.setHgrow(code, Priority.ALWAYS);
            box.getChildren().add(row);
        }
        if (!r.expectedEffect().isBlank()) {
            box.getChildren().add(para(ctx.text("findings.effect", r.expectedEffect(),
                    r.effectSource().isBlank() ? ctx.text("findings.noSource") : io.tunescope.rules.Citations.resolve(r.effectSource()))));
        }
        if (!r.risk().isBlank()) {
            box.getChildren().add(para(ctx.text("findings.risk", r.risk())));
        }
        return box;
    }

    /**
     * Enter on a finding: its first way to see the evidence (the flame frame, the time range, the server's tables, the NUMA
     * cell), or else the line of its first evidence read from a file.
     */
    private void openEvidence() {
        Finding f = list.getSelectionModel().getSelectedItem();
        if (f == null) {
            return;
        }
        Node bar = details.lookup("#findingShow");
        if (bar instanceof javafx.scene.layout.Pane p) {
            for (Node n : p.getChildren()) {
                if (n instanceof Button b && b.getStyleClass().contains("show-evidence")) {
                    b.fire();
                    return;
                }
            }
        }
        for (Finding.Observation o : f.evidence()) {
            if (o.ref() != null) {
                ctx.openSource(o.ref());
                return;
            }
        }
        ctx.status(ctx.text("findings.cannotShow"));
    }

    /** Ctrl+N on a finding: a note on it. */
    private void annotateSelected() {
        Finding f = list.getSelectionModel().getSelectedItem();
        var notes = ctx.annotations();
        if (f != null && notes != null && notes.annotate(io.tunescope.annotate.AnnotationTarget.finding(f.step(), f.ruleId())) != null) {
            showDetails(f);
        }
    }

    private void go(Target t) {
        if (!ctx.navigate(t)) {
            ctx.status(ctx.text("findings.cannotShow"));
        }
    }

    @Override
    public String titleKey() {
        return "findings.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-clipboard-list";
    }

    @Override
    public Node node() {
        return root;
    }

    /** The rules run in the background; {@link UiContext#viewFilled} once their report is listed. */
    @Override
    public boolean fillsInBackground() {
        return true;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        report = null;
        int gen = ++generation;
        list.getItems().clear();
        notApplicable.getItems().clear();
        showDetails(null);
        List<Step> stepItems = new ArrayList<>();
        stepItems.add(allSteps);
        if (c != null && c.hasSteps()) {
            stepItems.addAll(c.steps());
        }
        // the same capture again (the window built in another language): the filters and selection stay
        boolean kept = model.show(c);
        String keepStep = kept ? model.stepProperty().get() : null;
        Topic keepTopic = model.topicProperty().get();
        Step want = allSteps;
        for (Step s : stepItems) {
            if (keepStep != null && s != allSteps && s.dir().equals(keepStep)) {
                want = s;
            }
        }
        step.getItems().setAll(stepItems);
        step.setValue(want);
        topic.setValue(keepTopic);
        grouped.setSelected(model.groupedProperty().get());
        step.setDisable(stepItems.size() < 2);
        grouped.setVisible(stepItems.size() > 2);
        grouped.setManaged(stepItems.size() > 2);
        inner.getSelectionModel().select(Math.max(0, Math.min(inner.getTabs().size() - 1, model.tabProperty().get())));
        steps.show(c, null);
        if (c == null) {
            inner.setVisible(false);
            empty.setVisible(true);
            return;
        }
        inner.setVisible(true);
        empty.setVisible(false);
        list.setPlaceholder(new Label(ctx.text("findings.running")));
        evaluate(c, gen, false);
    }

    /**
     * Runs the rules on the capture in the background at the thresholds in force and shows the report; {@code again}
     * when the thresholds changed (the list stays until the new report is in, the selection follows the model).
     */
    private void evaluate(Capture c, int gen, boolean again) {
        Settings thresholds = ctx.thresholds().getValue();
        note.setText(ctx.text(again ? "findings.rerunning" : "findings.running"));
        ctx.background().submit(() -> {
            RuleEngine.Report r;
            try {
                r = io.tunescope.session.CaptureSession.of(c).findings(ctx.locale(), thresholds);
            } catch (RuntimeException ex) {
                String msg = Objects.toString(ex.getMessage(), ex.getClass().getSimpleName());
                Platform.runLater(() -> {
                    if (gen == generation) {
                        note.setText(ctx.text("findings.engineFailed", msg));
                        ctx.viewFilled(this);
                    }
                });
                return;
            }
            List<Result> na = new ArrayList<>(r.withStatus(Result.Status.FAILED));
            na.addAll(r.withStatus(Result.Status.NOT_APPLICABLE));
            Platform.runLater(() -> {
                if (gen != generation) {
                    return;
                }
                report = r;
                list.setPlaceholder(new Label(ctx.text("findings.none")));
                List<Finding> all = r.findings();
                String count = ctx.text("findings.count", all.size(), r.withStatus(Result.Status.PASSED).size(), na.size());
                note.setText(r.changed().isEmpty() ? count : count + "  " + ctx.text("findings.thresholdsChanged", r.changed().size()));
                findingsTab.setText(ctx.text("findings.tab.list", all.size()));
                notApplicableTab.setText(ctx.text("findings.tab.notApplicable", na.size()));
                notApplicable.getItems().setAll(na);
                steps.show(c, r);
                filter();
                ctx.viewFilled(this);
            });
        });
    }
}
