package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.HostFacts;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;

/**
 * IO-SCHEDULER-NVME: a non-rotational block device ({@code /sys/block/DEV/queue/rotational} = 0: SSD, NVMe) runs an
 * I/O scheduler other than {@code none}. Oracle recommends {@code none} for SSD/NVMe and A-Tune's MySQL SSD profile
 * sets it; a low-priority finding, since JED measured no gain from {@code deadline} with {@code nr_requests=2048} on
 * NVMe. Virtual devices (loop, zram, ram, device-mapper, md) are left out: their queue is not the disk's.
 */
public final class SchedulerSsdRule extends BaseRule {
    private static final List<String> VIRTUAL = List.of("loop", "zram", "ram", "dm-", "md", "sr", "nbd", "rbd");

    public SchedulerSsdRule() {
        super("IO-SCHEDULER-NVME", Topic.IO, "I/O scheduler on SSD or NVMe not 'none'", List.of(Need.BLOCK_QUEUE),
                List.of("ORACLE-IOSCHED", "ATUNE-MYSQL-SSD", "SEED-004"));
    }

    @Override
    protected void check(Run run) {
        List<HostFacts.BlockQueue> ssd = new ArrayList<>();
        List<HostFacts.BlockQueue> wrong = new ArrayList<>();
        for (HostFacts.BlockQueue q : run.e.host().blockQueues().values()) {
            if (VIRTUAL.stream().anyMatch(q.device()::startsWith) || !q.solidState() || q.scheduler().isEmpty()) {
                continue;
            }
            ssd.add(q);
            String s = q.scheduler().get().value();
            if (!s.isEmpty() && !s.equals("none")) {
                wrong.add(q);
            }
        }
        if (ssd.isEmpty()) {
            run.pass(run.t("noSsd"));
            return;
        }
        if (wrong.isEmpty()) {
            run.pass(run.t("pass", String.join(", ", ssd.stream().map(HostFacts.BlockQueue::device).toList())));
            return;
        }
        String list = String.join(", ", wrong.stream().map(q -> q.device() + " (" + q.scheduler().get().value() + ")").toList());
        var f = run.finding(35, run.t("summary", list)).explain(run.t("explanation"));
        List<String> cmds = new ArrayList<>();
        for (HostFacts.BlockQueue q : wrong) {
            f.evidence(q.rotational().get());
            f.evidence(q.scheduler().get());
            q.nrRequests().ifPresent(f::evidence);
            cmds.add("echo none > /sys/block/" + q.device() + "/queue/scheduler");
        }
        cmds.add("# " + run.t("persist"));
        for (HostFacts.BlockQueue q : wrong) {
            cmds.add("echo 'ACTION==\"add|change\", KERNEL==\"" + q.device() + "\", ATTR{queue/scheduler}=\"none\"' >> /etc/udev/rules.d/60-io-scheduler.rules");
        }
        f.recommend(Recommendation.of(run.t("action")).bash(cmds.toArray(String[]::new))
                .effect(run.t("effect"), "ORACLE-IOSCHED").risk(run.t("risk")).build());
        f.add();
    }
}
