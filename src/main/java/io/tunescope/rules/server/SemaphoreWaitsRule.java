package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Evidence.InnodbSnapshot;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.innodb.InnodbStatus;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SRV-SEMAPHORE-WAITS: threads listed in the SEMAPHORES section of {@code SHOW ENGINE INNODB STATUS} as
 * waiting for an InnoDB latch ({@code --Thread ... has waited at FILE line N for S seconds the semaphore}).
 * The snapshot with the most waiting threads is reported: which latches (the server source place), how many
 * threads and the longest wait. InnoDB itself warns at 240 s and stops the server at 600 s.
 */
public final class SemaphoreWaitsRule extends BaseRule {
    static final Setting WARN_SECONDS = Setting.heuristic("warnSeconds", "longest latch wait, warning from", 10, "s");
    static final Setting CRITICAL_SECONDS = Setting.heuristic("criticalSeconds",
            "longest latch wait, critical from (where InnoDB starts warning of long semaphore waits)", 240, "s");
    private static final int MAX_LATCHES = 5;

    public SemaphoreWaitsRule() {
        super("SRV-SEMAPHORE-WAITS", Topic.SERVER, "Threads waiting for InnoDB latches (semaphore waits)", List.of(Need.INNODB_STATUS),
                List.of("MYSQL-INNODB-MONITOR", "MARIADB-SHOW-INNODB-STATUS", "MARIADB-FATAL-SEMAPHORE"), WARN_SECONDS, CRITICAL_SECONDS);
    }

    @Override
    protected void check(Run run) {
        List<InnodbSnapshot> all = run.e.innodbSnapshots();
        InnodbSnapshot worst = null;
        double longest = 0;
        for (InnodbSnapshot s : all) {
            if (worst == null || s.snapshot().semaphoreWaits().size() > worst.snapshot().semaphoreWaits().size()) {
                worst = s;
            }
            for (InnodbStatus.SemaphoreWait w : s.snapshot().semaphoreWaits()) {
                longest = Math.max(longest, w.seconds());
            }
        }
        InnodbSnapshot last = all.get(all.size() - 1);
        String reservations = last.snapshot().value("os_wait_reservation_count").stream().mapToObj(Fmt::num).findFirst()
                .orElse(run.t("notPrinted"));
        if (worst.snapshot().semaphoreWaits().isEmpty()) {
            run.pass(run.t("pass", Integer.toString(all.size()), when(last), reservations));
            return;
        }
        Map<String, List<InnodbStatus.SemaphoreWait>> byLatch = new LinkedHashMap<>();
        for (InnodbStatus.SemaphoreWait w : worst.snapshot().semaphoreWaits()) {
            byLatch.computeIfAbsent(w.location(), k -> new ArrayList<>()).add(w);
        }
        List<Map.Entry<String, List<InnodbStatus.SemaphoreWait>>> latches = new ArrayList<>(byLatch.entrySet());
        latches.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        InnodbStatus.SemaphoreWait top = null;
        for (InnodbStatus.SemaphoreWait w : worst.snapshot().semaphoreWaits()) {
            if (top == null || w.seconds() > top.seconds()) {
                top = w;
            }
        }
        int count = worst.snapshot().semaphoreWaits().size();
        int score = longest >= run.get(CRITICAL_SECONDS) ? 92 : longest >= run.get(WARN_SECONDS) ? 78 : 50;
        String busiest = latches.get(0).getKey();
        var f = run.finding(score, run.t("summary", Integer.toString(count), when(worst), Fmt.num(longest), top.location(),
                        busiest, Integer.toString(latches.get(0).getValue().size())))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.count"), Integer.toString(count), worst.ref(worst.snapshot().line()));
        for (int i = 0; i < Math.min(MAX_LATCHES, latches.size()); i++) {
            var e = latches.get(i);
            double max = e.getValue().stream().mapToDouble(InnodbStatus.SemaphoreWait::seconds).max().orElse(0);
            f.evidence(run.t("evidence.latch", e.getKey()),
                    run.t("evidence.latchValue", Integer.toString(e.getValue().size()), Fmt.num(max), e.getValue().get(0).what()),
                    worst.ref(e.getValue().get(0).line()));
        }
        InnodbStatus.Value reserved = worst.snapshot().values().get("os_wait_reservation_count");
        if (reserved != null) {
            f.evidence(run.t("evidence.reservations"), Fmt.num(reserved.value()), worst.ref(reserved.line()));
        }
        f.threshold(WARN_SECONDS).threshold(CRITICAL_SECONDS);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SHOW ENGINE INNODB MUTEX;", "SHOW ENGINE INNODB STATUS\\G", "SHOW FULL PROCESSLIST;"))
                .effect(run.t("effect"), "MYSQL-INNODB-MONITOR").risk(run.t("risk")).build());
        f.add();
    }

    private static String when(InnodbSnapshot s) {
        String t = s.snapshot().timestamp();
        return (t.isEmpty() ? "" : t + ", ") + s.ref(s.snapshot().line());
    }
}
