package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** CFG-PER-THREAD-BUFFERS: per-session buffers and connection limits above pt-variable-advisor's limits. */
public final class PerThreadBuffersRule extends BaseRule {
    static final Setting SORT = Setting.source("sortBufferMiB", "sort_buffer_size above", 4, "MiB", "PTVA");
    static final Setting READ_RND = Setting.source("readRndBufferMiB", "read_rnd_buffer_size above", 4, "MiB", "PTVA");
    static final Setting READ = Setting.source("readBufferMiB", "read_buffer_size above", 8, "MiB", "PTVA");
    static final Setting MAX_CONN = Setting.source("maxConnections", "max_connections above", 1000, "", "PTVA");
    static final Setting LOG_BUFFER = Setting.source("logBufferMiB", "innodb_log_buffer_size above", 16, "MiB", "PTVA");

    public PerThreadBuffersRule() {
        super("CFG-PER-THREAD-BUFFERS", Topic.CONFIG, "Oversized per-session buffers and connection limits",
                List.of(Need.SERVER_SETTINGS), List.of("PTVA"), SORT, READ_RND, READ, MAX_CONN, LOG_BUFFER);
    }

    @Override
    protected void check(Run run) {
        List<String> over = new ArrayList<>();
        List<String> revert = new ArrayList<>();
        int score = 0;
        record Check(String name, Setting s, double mult, int score) {
        }
        List<Check> checks = List.of(new Check("sort_buffer_size", SORT, 1024 * 1024, 30),
                new Check("read_rnd_buffer_size", READ_RND, 1024 * 1024, 55),
                new Check("read_buffer_size", READ, 1024 * 1024, 55),
                new Check("max_connections", MAX_CONN, 1, 50),
                new Check("innodb_log_buffer_size", LOG_BUFFER, 1024 * 1024, 30));
        List<Fact> facts = new ArrayList<>();
        List<Setting> used = new ArrayList<>();
        for (Check c : checks) {
            Optional<Fact> v = run.e.setting(c.name());
            if (v.isEmpty() || v.get().number().isEmpty()) {
                continue;
            }
            double value = v.get().number().getAsDouble();
            double limit = run.get(c.s()) * c.mult();
            if (value > limit) {
                over.add(c.name() + "=" + (c.mult() > 1 ? Fmt.bytes(value) : Fmt.num(value)));
                score = Math.max(score, c.score());
                facts.add(v.get());
                used.add(c.s());
                revert.add(run.t("revert", c.name(), v.get().value(), v.get().ref()));
                // removing the line that wins would bring back an earlier line of the same option: name those too
                run.e.optionLines().lookup(c.name()).filter(o -> o.effective().source().equals(v.get().ref()))
                        .ifPresent(o -> revert.addAll(io.tunescope.rules.OptionEdit.deletions(run.locale, o)));
            }
        }
        Optional<Fact> tmp = run.e.setting("tmp_table_size");
        Optional<Fact> heap = run.e.setting("max_heap_table_size");
        if (tmp.isPresent() && heap.isPresent() && tmp.get().number().isPresent() && heap.get().number().isPresent()
                && tmp.get().number().getAsDouble() > heap.get().number().getAsDouble()) {
            over.add("tmp_table_size > max_heap_table_size");
            score = Math.max(score, 25);
            facts.add(tmp.get());
            facts.add(heap.get());
            revert.add(run.t("tmpCapped"));
        }
        if (over.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        var g = run.finding(score, run.t("summary", Reasons.list(over, run.locale)))
                .explain(run.t("explanation"));
        facts.forEach(g::evidence);
        used.forEach(g::threshold);
        revert.add(run.t("perSession"));
        g.recommend(Recommendation.of(run.t("action"))
                .text(revert.toArray(String[]::new))
                .effect(run.t("effect"), "PTVA")
                .risk(run.t("risk")).build());
        g.add();
    }
}
