package io.tunescope.session;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Comparison;
import io.tunescope.analysis.reading.FileClock;
import io.tunescope.analysis.reading.Headline;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.Snapshot;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.model.capture.AuxFolder;
import java.util.List;

/** The reading of a capture as JSON ({@code tunescope steps --json}): stable key order, byte-stable output. */
public final class ReadingJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReadingJson() {
    }

    public static String write(CaptureReading r) {
        try {
            return JSON.writeValueAsString(tree(r));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode tree(CaptureReading r) {
        ObjectNode root = JSON.createObjectNode();
        root.put("capture", r.capture());
        ArrayNode aux = root.putArray("auxiliary");
        for (AuxFolder a : r.auxiliary()) {
            aux.add(a.dir());
        }
        ArrayNode auxWhy = root.putArray("auxiliary_reasons");
        for (AuxFolder a : r.auxiliary()) {
            ObjectNode o = auxWhy.addObject();
            o.put("dir", a.dir());
            o.put("reason", a.reason());
            o.put("by_user", a.byUser());
        }
        root.put("default_noise_pct", r.defaultNoisePct());
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(n -> notes.add(n.toString()));
        ArrayNode steps = root.putArray("steps");
        for (StepReading s : r.steps()) {
            steps.add(step(s));
        }
        return root;
    }

    static ObjectNode step(StepReading s) {
        ObjectNode o = JSON.createObjectNode();
        o.put("dir", s.dir());
        o.put("label", s.step().label());
        o.put("change", s.step().change());
        ArrayNode runs = o.putArray("runs");
        for (ReadRun r : s.runs()) {
            ObjectNode x = runs.addObject();
            x.put("file", r.file());
            if (r.run() != null) {
                x.put("run", r.index() + 1);
            }
            x.put("role", r.role().slug());
            x.put("role_reason", r.roleReason().toString());
            x.put("threads", r.threads());
            num(x, "duration_s", r.durationS());
            clock(x, r.clock());
            num(x, "tps", r.tps());
            num(x, "qps", r.qps());
            num(x, "p95_ms", r.latPctMs());
        }
        Headline h = s.headline();
        if (h == null) {
            o.putNull("main");
        } else {
            ObjectNode m = o.putObject("main");
            m.put("file", h.first().file());
            if (h.repeats()) {
                ArrayNode files = m.putArray("repeats");
                h.runs().forEach(r -> files.add(r.file()));
                num(m, "tps_stddev", h.tpsStd());
            }
            m.put("threads", h.threads());
            num(m, "duration_s", h.durationS());
            num(m, "tps", h.tps());
            num(m, "qps", h.qps());
            num(m, "p95_ms", h.p95Ms());
            num(m, "noise_pct", h.noisePct());
        }
        comparison(o, "vs_previous", s.vsPrevious());
        comparison(o, "vs_baseline", s.vsBaseline());
        ObjectNode snaps = o.putObject("snapshots");
        snapshots(snaps.putArray("numastat"), s.numastat());
        snapshots(snaps.putArray("status"), s.status());
        ArrayNode cc = o.putArray("config_changes");
        for (ConfigDiff.Row row : s.configChanges()) {
            ObjectNode x = cc.addObject();
            x.put("key", row.key());
            x.put("before", row.before());
            x.put("after", row.after());
            var ref = row.afterRef() != null ? row.afterRef() : row.beforeRef();
            x.put("file", ref == null ? "" : ref.file());
            x.put("line", ref == null ? 0 : ref.line());
            x.put("kind", row.change().slug());
        }
        ArrayNode files = o.putArray("files");
        for (FileClock fc : s.clocks()) {
            ObjectNode x = files.addObject();
            x.put("file", fc.path());
            if (fc.start() == null) {
                x.putNull("start");
            } else {
                x.put("start", FileClock.iso(fc.start()));
            }
            if (fc.end() == null) {
                x.putNull("end");
            } else {
                x.put("end", FileClock.iso(fc.end()));
            }
            x.put("time_source", fc.source().slug());
            if (!fc.detail().isEmpty()) {
                x.put("time_detail", fc.detail().toString());
            }
        }
        ArrayNode notes = o.putArray("notes");
        s.notes().forEach(n -> notes.add(n.toString()));
        return o;
    }

    private static void comparison(ObjectNode o, String name, Comparison c) {
        if (c == null) {
            o.putNull(name);
            return;
        }
        ObjectNode x = o.putObject(name);
        x.put("against", c.against());
        num(x, "tps_change_pct", c.tpsChangePct());
        num(x, "p95_change_pct", c.p95ChangePct());
        num(x, "threshold_pct", c.thresholdPct());
        x.put("significant", c.significant());
        x.put("basis", c.basis().toString());
        if (!c.points().isEmpty()) {
            ArrayNode pts = x.putArray("points");
            for (Comparison.Point p : c.points()) {
                ObjectNode q = pts.addObject();
                q.put("threads", p.threads());
                num(q, "before_tps", p.before());
                num(q, "after_tps", p.after());
                num(q, "change_pct", p.changePct());
            }
        }
    }

    private static void snapshots(ArrayNode a, List<Snapshot> ss) {
        for (Snapshot s : ss) {
            ObjectNode x = a.addObject();
            x.put("file", s.file());
            if (s.time() == null) {
                x.putNull("time");
            } else {
                x.put("time", FileClock.iso(s.time()));
            }
            x.put("label", s.label());
            x.put("time_source", s.clock().source().slug());
        }
    }

    private static void clock(ObjectNode x, FileClock c) {
        if (c.start() == null) {
            x.putNull("start");
        } else {
            x.put("start", FileClock.iso(c.start()));
        }
        x.put("time_source", c.source().slug());
        if (!c.detail().isEmpty()) {
            x.put("time_detail", c.detail().toString());
        }
    }

    /** Two decimals, null for NaN: stable across platforms. */
    static void num(ObjectNode o, String k, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(k);
        } else {
            o.put(k, Math.round(v * 100) / 100.0);
        }
    }
}
