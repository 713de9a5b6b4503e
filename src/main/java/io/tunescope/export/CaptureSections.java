package io.tunescope.export;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.config.StepConfig;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ServerFlavor;
import java.io.IOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report sections that come from the capture itself: title page, steps, configuration, files. */
public final class CaptureSections {
    /** Status counters worth a line in the report, in this order. */
    static final List<String> KEY_COUNTERS = List.of("Questions", "Com_select", "Com_insert", "Com_update", "Com_delete",
            "Com_commit", "Innodb_rows_read", "Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads",
            "Innodb_data_fsyncs", "Innodb_os_log_written", "Innodb_row_lock_waits", "Created_tmp_disk_tables",
            "Bytes_received", "Bytes_sent");

    private CaptureSections() {
    }

    public static String server(Capture c) {
        for (var l : c.all(ConfigDatasets.VARIABLES)) {
            var v = l.value().get("version");
            if (v.isPresent()) {
                return ServerFlavor.parse(v.get(), l.value().get("version_comment").orElse(null)).display();
            }
        }
        for (var l : c.all(ConfigDatasets.SERVER_VERSION)) {
            var v = l.value().get("flavor");
            if (v.isPresent()) {
                return v.get();
            }
        }
        return c.meta().getOrDefault("database", "");
    }

    public static final ReportSection TITLE = (pdf, c, o) -> {
        pdf.space(120);
        pdf.heading(o.text("report.title"), 0);
        pdf.space(10);
        pdf.heading(c.title(), 1);
        pdf.space(10);
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(o.text("report.capture"), c.name()));
        if (c.meta().containsKey("host")) {
            rows.add(List.of(o.text("report.host"), c.meta().get("host")));
        }
        String server = server(c);
        if (!server.isEmpty()) {
            rows.add(List.of(o.text("report.server"), server));
        }
        rows.add(List.of(o.text("report.steps"), String.valueOf(c.steps().size())));
        rows.add(List.of(o.text("report.date"), ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.ROOT))));
        rows.add(List.of(o.text("report.source"), c.origin().toAbsolutePath().toString()));
        pdf.table(List.of("", ""), rows, new float[] {1, 3});
        if (!pdf.fonts().cjk()) {
            pdf.small(o.text("report.noCjkFont"));
        }
    };

    public static final ReportSection STEPS = (pdf, c, o) -> {
        if (!c.hasSteps()) {
            return;
        }
        pdf.heading(o.text("steps.title"), 1);
        List<List<String>> rows = new ArrayList<>();
        for (Step s : c.steps()) {
            long files = c.files().stream().filter(f -> f.step().equals(s.dir())).count();
            rows.add(List.of(s.dir(), s.label(), s.change(), s.date(), String.valueOf(files)));
        }
        pdf.table(List.of(o.text("steps.col.step"), o.text("steps.col.label"), o.text("steps.col.change"),
                o.text("steps.col.date"), o.text("steps.col.files")), rows, new float[] {1.3f, 1.3f, 3, 1.4f, 0.5f});
        for (io.tunescope.model.capture.AuxFolder a : c.auxiliary()) {
            pdf.small(o.text("steps.auxiliary", a.dir(), o.text("steps.aux." + a.reasonKey())));
        }
    };

    public static final ReportSection CONFIG_DIFF = (pdf, c, o) -> {
        if (c.steps().size() < 2) {
            return;
        }
        boolean titled = false;
        for (int i = 1; i < c.steps().size(); i++) {
            Step a = c.steps().get(i - 1);
            Step b = c.steps().get(i);
            var read = io.tunescope.session.CaptureSession.of(c).reading().step(b.dir());
            List<ConfigDiff.Row> diff = read == null ? List.of() : read.configChanges();
            if (!titled) {
                pdf.heading(o.text("config.title"), 1);
                titled = true;
            }
            pdf.heading(o.text("config.pair", a.label(), b.label()), 2);
            if (diff.isEmpty()) {
                pdf.paragraph(o.text("config.none", a.label(), b.label()));
                continue;
            }
            List<List<String>> rows = new ArrayList<>();
            for (ConfigDiff.Row r : diff.subList(0, Math.min(60, diff.size()))) {
                rows.add(List.of(r.key(), o.text("config.kind." + r.change().name().toLowerCase(Locale.ROOT)), r.before(), r.after(),
                        String.valueOf(r.afterRef() != null ? r.afterRef() : r.beforeRef())));
            }
            pdf.table(List.of(o.text("config.col.name"), o.text("config.col.change"), o.text("config.col.before"),
                    o.text("config.col.after"), o.text("config.col.source")), rows, new float[] {2.2f, 0.9f, 1.4f, 1.4f, 2.2f});
        }
    };

    public static final ReportSection STATUS = (pdf, c, o) -> {
        List<Step> steps = new ArrayList<>();
        List<StatusDelta.Result> results = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Step s : c.steps()) {
            StepConfig sc = StepConfig.of(c, s.dir());
            var d = sc.statusDelta();
            if (d.isEmpty()) {
                continue;
            }
            if (!d.get().valid()) {
                notes.add(o.text("status.invalid", s.label(), d.get().problem()));
                continue;
            }
            steps.add(s);
            results.add(d.get());
            var first = d.get().row("Uptime");
            notes.add(o.text("status.sources", s.label(), first.map(r -> r.beforeRef().file()).orElse("?"),
                    first.map(r -> r.afterRef().file()).orElse("?"), String.format(Locale.ROOT, "%.0f", d.get().elapsedSeconds())));
        }
        if (steps.isEmpty() && notes.isEmpty()) {
            return;
        }
        pdf.heading(o.text("status.title"), 1);
        pdf.small(o.text("status.intro"));
        if (!steps.isEmpty()) {
            List<String> header = new ArrayList<>();
            header.add(o.text("status.col.counter"));
            for (Step s : steps) {
                header.add(s.label());
            }
            List<List<String>> rows = new ArrayList<>();
            for (String name : KEY_COUNTERS) {
                List<String> row = new ArrayList<>();
                row.add(name);
                boolean any = false;
                for (StatusDelta.Result r : results) {
                    var x = r.row(name).filter(v -> !v.gauge());
                    row.add(x.map(v -> String.format(Locale.ROOT, "%,.1f", v.perSecond())).orElse(""));
                    any |= x.isPresent();
                }
                if (any) {
                    rows.add(row);
                }
            }
            float[] w = new float[header.size()];
            java.util.Arrays.fill(w, 1f);
            w[0] = 2.2f;
            pdf.table(header, rows, w);
        }
        for (String n : notes) {
            pdf.small(n);
        }
    };

    public static final ReportSection FILES = (pdf, c, o) -> {
        pdf.newPage();
        pdf.heading(o.text("files.title"), 1);
        List<List<String>> rows = new ArrayList<>();
        for (SourceFile f : c.files()) {
            StringBuilder msgs = new StringBuilder();
            int shown = 0;
            for (Diagnostic d : f.diagnostics()) {
                if (d.level() == Diagnostic.Level.INFO && f.status() != io.tunescope.model.capture.FileStatus.UNRECOGNISED) {
                    continue;
                }
                if (shown++ == 3) {
                    msgs.append("\u2026 (").append(f.diagnostics().size()).append(")");
                    break;
                }
                msgs.append(d).append('\n');
            }
            rows.add(List.of(f.path(), f.format().isEmpty() ? "\u2014" : f.format(), f.status().slug(), msgs.toString().strip()));
        }
        pdf.table(List.of(o.text("files.col.file"), o.text("files.col.format"), o.text("files.col.status"),
                o.text("files.col.messages")), rows, new float[] {2.6f, 1.2f, 0.9f, 3});
    };
}
