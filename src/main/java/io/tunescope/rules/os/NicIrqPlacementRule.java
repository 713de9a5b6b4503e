package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.CpuList;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.evidence.NicIrqs;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.net.NicChannels;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * OS-NIC-IRQ-PLACEMENT: the NIC queue interrupts of {@code /proc/interrupts} (the difference of two snapshots, else
 * the counts since boot) land mostly on one or two CPUs of a host with more, or {@code ethtool -l} shows fewer
 * combined queues in use than the NIC supports and than there are CPUs for the server. The kernel runs the
 * receive and transmit work (NET_RX/NET_TX softirqs) on the CPU that took the interrupt, so that CPU's time is
 * taken from the mysqld threads scheduled there. Info; a warning when a CPU taking them was saturated (mpstat).
 */
public final class NicIrqPlacementRule extends BaseRule {
    static final Setting SHARE = Setting.heuristic("minSharePercent", "share of the NIC interrupts on the busiest CPUs at least", 90, "%");
    static final Setting FEW = Setting.heuristic("maxCpus", "busiest CPUs that hold that share at most", 2, "");
    static final Setting MIN_IRQS = Setting.heuristic("minInterrupts", "NIC interrupts counted at least", 1000, "");
    static final Setting BUSY = Setting.heuristic("saturatedBusyPercent", "mean busy share of a CPU taking them (warning) at least", 90, "%");

    /** How many IRQ numbers the affinity check lists at most. */
    private static final int MAX_LISTED = 32;

    public NicIrqPlacementRule() {
        super("OS-NIC-IRQ-PLACEMENT", Topic.OS, "Network interrupts on few CPUs or NIC queues left unused", List.of(Need.NIC_INTERRUPTS),
                List.of("KERNEL-SCALING", "ETHTOOL-MAN"), SHARE, FEW, MIN_IRQS, BUSY);
    }

    /** The busiest CPUs that together took at least the share. */
    private record Concentration(List<NicIrqs.CpuShare> cpus, long total, double share) {
    }

    /** A device whose queues could be raised: the channel kind, what is in use, the maximum and the target. */
    private record QueueGap(Loaded<NicChannels> file, NicChannels.Device dev, boolean combined, int current, int max, int target) {
    }

    @Override
    protected void check(Run run) {
        Optional<NicIrqs> irqs = run.e.nicInterrupts();
        BitSet allowed = run.e.binding("cpus_allowed_list").map(f -> CpuList.parse(f.value())).orElse(new BitSet());
        OptionalInt lscpu = run.e.logicalCpus();
        int hostCpus = irqs.map(i -> i.cpus().size()).filter(n -> n > 0).orElse(lscpu.isPresent() ? lscpu.getAsInt() : 0);
        int serverCpus = !allowed.isEmpty() && (hostCpus == 0 || allowed.cardinality() < hostCpus) ? allowed.cardinality() : hostCpus;

        List<String> notes = new ArrayList<>();
        boolean judged = false;
        Concentration conc = null;
        if (irqs.isPresent()) {
            NicIrqs n = irqs.get();
            String mode = n.delta() ? run.t("mode.delta") : run.t("mode.boot");
            if (n.queues().isEmpty()) {
                notes.add(run.t("note.noQueues", n.after().file()));
            } else if (n.total() < run.get(MIN_IRQS)) {
                judged = true;
                notes.add(run.t("pass.few", Fmt.num(n.total()), mode, Fmt.num(run.get(MIN_IRQS))));
            } else {
                judged = true;
                conc = concentration(n, run.get(SHARE) / 100);
                if (conc.cpus().size() > run.get(FEW) || n.cpus().size() <= conc.cpus().size()) {
                    List<NicIrqs.CpuShare> by = n.byCpu();
                    long used = by.stream().filter(c -> c.count() > 0).count();
                    notes.add(run.t("pass.spread", Fmt.num(n.total()), mode, Fmt.num(used), Fmt.num(n.cpus().size()),
                            "CPU" + by.get(0).cpu(), Fmt.pct((double) by.get(0).count() / n.total())));
                    conc = null;
                }
            }
        }
        List<QueueGap> gaps = new ArrayList<>();
        for (Loaded<NicChannels> l : run.e.nicChannels()) {
            for (NicChannels.Device d : l.value().devices()) {
                String name = label(l, d);
                if (!d.supported()) {
                    notes.add(run.t("note.unsupported", name, d.error()));
                    continue;
                }
                boolean combined = d.max().combined() > 0;
                int max = combined ? d.max().combined() : d.max().rx();
                int cur = combined ? d.current().combined() : d.current().rx();
                if (combined && cur <= 0 && d.current().rx() > 0) {
                    // set up as separate RX/TX channels although combined ones are possible: compare the RX ones
                    combined = false;
                    max = d.max().rx();
                    cur = d.current().rx();
                }
                if (max <= 0 || cur < 0) {
                    notes.add(run.t("note.noCounts", name));
                    continue;
                }
                judged = true;
                if (serverCpus == 0) {
                    notes.add(run.t("pass.channelsNoCpus", name, Fmt.num(cur), Fmt.num(max)));
                } else if (cur < max && cur < serverCpus) {
                    gaps.add(new QueueGap(l, d, combined, cur, max, Math.min(max, serverCpus)));
                } else {
                    notes.add(run.t("pass.channels", name, Fmt.num(cur), Fmt.num(max), Fmt.num(serverCpus)));
                }
            }
        }
        if (conc == null && gaps.isEmpty()) {
            if (judged) {
                run.pass(String.join("; ", notes));
            } else {
                run.notApplicable(String.join("; ", notes));
            }
            return;
        }
        report(run, irqs.orElse(null), conc, gaps, hostCpus, serverCpus, allowed);
    }

    private static Concentration concentration(NicIrqs n, double share) {
        List<NicIrqs.CpuShare> top = new ArrayList<>();
        long sum = 0;
        for (NicIrqs.CpuShare c : n.byCpu()) {
            top.add(c);
            sum += c.count();
            if (sum >= share * n.total()) {
                break;
            }
        }
        return new Concentration(top, n.total(), (double) sum / n.total());
    }

    private void report(Run run, NicIrqs n, Concentration conc, List<QueueGap> gaps, int hostCpus, int serverCpus, BitSet allowed) {
        List<String> parts = new ArrayList<>();
        List<Fact> saturated = new ArrayList<>();
        int score = 0;
        if (conc != null) {
            String cpus = cpuNames(conc.cpus());
            String mode = n.delta() ? run.t("mode.delta") : run.t("mode.boot");
            boolean outside = !allowed.isEmpty() && conc.cpus().stream().noneMatch(c -> allowed.get(c.cpu()));
            parts.add(outside
                    ? run.t("summary.concentrated.outside", Fmt.pct(conc.share()), Fmt.num(conc.total()), mode,
                            Fmt.num(conc.cpus().size()), Fmt.num(hostCpus), cpus)
                    : run.t("summary.concentrated", Fmt.pct(conc.share()), Fmt.num(conc.total()), mode,
                            Fmt.num(conc.cpus().size()), Fmt.num(hostCpus), cpus));
            for (NicIrqs.CpuShare c : conc.cpus()) {
                run.e.cpuBusyOf(c.cpu()).filter(f -> f.number().orElse(0) >= run.get(BUSY)).ifPresent(saturated::add);
            }
            for (Fact f : saturated) {
                parts.add(run.t("summary.saturated", f.name().replace(" busy", ""), f.value() + " %"));
            }
            score = saturated.isEmpty() ? 45 : 78;
        }
        for (QueueGap g : gaps) {
            String dev = label(g.file(), g.dev());
            parts.add(g.combined()
                    ? run.t("summary.queues", dev, Fmt.num(g.current()), Fmt.num(g.max()), Fmt.num(serverCpus))
                    : run.t("summary.queues.rx", dev, Fmt.num(g.current()), Fmt.num(g.max()), Fmt.num(serverCpus)));
        }
        if (score == 0) {
            score = 35;
        } else if (!gaps.isEmpty() && score < 50) {
            score = 48;
        }
        var f = run.finding(score, String.join(" ", parts)).explain(run.t("explanation"));
        if (conc != null) {
            f.threshold(SHARE).threshold(FEW).threshold(MIN_IRQS);
            if (n.delta()) {
                f.evidence(run.t("evidence.before"), n.before().file(), n.before());
                f.evidence(run.t("evidence.after"), n.after().file(), n.after());
            } else {
                f.evidence(run.t("evidence.sinceBoot"), n.sinceBootReason().isEmpty() ? n.after().file()
                        : n.after().file() + " (" + n.sinceBootReason() + ")", n.after());
            }
            f.evidence(run.t("evidence.total"), Fmt.num(n.total()), n.queues().get(0).ref());
            f.evidence(run.t("evidence.cpus"), Fmt.num(hostCpus), n.after());
            for (NicIrqs.CpuShare c : conc.cpus()) {
                List<NicIrqs.Queue> on = n.queuesOn(c.cpu());
                SourceRef ref = on.isEmpty() ? n.after() : on.get(0).ref();
                f.evidence(run.t("evidence.onCpu", "CPU" + c.cpu()), Fmt.num(c.count()) + " (" + Fmt.pct((double) c.count() / n.total()) + ", "
                        + run.t("evidence.queues", Fmt.num(on.size()), queueNames(on)) + ")", ref);
            }
            for (NicIrqs.CpuShare c : conc.cpus()) {
                // where the queues on this CPU are allowed to run: one CPU each means affinities set by hand
                java.util.Map<String, List<String>> lists = new java.util.LinkedHashMap<>();
                SourceRef first = null;
                for (NicIrqs.Queue q : n.queuesOn(c.cpu())) {
                    Optional<Fact> a = run.e.irqAffinity(q.irq(), "smp_affinity_list");
                    if (a.isPresent()) {
                        lists.computeIfAbsent(a.get().value(), k -> new ArrayList<>()).add(q.irq());
                        first = first == null ? a.get().ref() : first;
                    }
                }
                if (!lists.isEmpty()) {
                    List<String> v = new ArrayList<>();
                    lists.forEach((list, irqs) -> v.add(run.t("evidence.affinityValue", list,
                            irqs.size() <= 8 ? String.join(" ", irqs) : irqs.get(0) + " .. " + irqs.get(irqs.size() - 1) + " (" + irqs.size() + ")")));
                    f.evidence(run.t("evidence.affinity", "CPU" + c.cpu()), String.join(", ", v), first);
                }
            }
            for (NicIrqs.CpuShare c : conc.cpus()) {
                run.e.softirq("NET_RX").filter(s -> s.total() > 0).ifPresent(s -> f.evidence(run.t("evidence.netRx", "CPU" + c.cpu(),
                        s.delta() ? run.t("mode.delta") : run.t("mode.boot")),
                        Fmt.num(s.of(c.cpu())) + " (" + Fmt.pct((double) s.of(c.cpu()) / s.total()) + ")", s.ref()));
                run.e.cpuBusyOf(c.cpu()).ifPresent(b -> f.evidence(run.t("evidence.busy", "CPU" + c.cpu()), b.value() + " %", b.ref()));
                run.e.cpuSoftOf(c.cpu()).ifPresent(s -> f.evidence(run.t("evidence.soft", "CPU" + c.cpu()), s.value() + " %", s.ref()));
            }
            if (!saturated.isEmpty()) {
                f.threshold(BUSY);
            }
        }
        run.e.binding("cpus_allowed_list").ifPresent(b -> f.evidence(run.t("evidence.allowed"), b.value(), b.ref()));
        for (QueueGap g : gaps) {
            String dev = label(g.file(), g.dev());
            String kind = g.combined() ? "Combined" : "RX";
            f.evidence(run.t("evidence.max", dev, kind), Fmt.num(g.max()), g.file().ref(g.dev().maxLine()));
            f.evidence(run.t("evidence.current", dev, kind), Fmt.num(g.current()), g.file().ref(g.dev().currentLine()));
        }
        for (QueueGap g : gaps) {
            if (g.dev().name().isEmpty()) {
                f.recommend(Recommendation.of(run.t("action.queues.noName", Fmt.num(g.target())))
                        .bash("for d in /sys/class/net/*; do ethtool -l \"${d##*/}\"; done")
                        .effect(run.t("effect.queues"), "KERNEL-SCALING").risk(run.t("risk.queues")).build());
                continue;
            }
            String derivation = allowed.isEmpty() || serverCpus == hostCpus
                    ? run.t("derivation.host", Fmt.num(g.max()), Fmt.num(serverCpus))
                    : run.t("derivation.cpuset", Fmt.num(g.max()), Fmt.num(serverCpus));
            f.recommend(Recommendation.of(run.t("action.queues", g.dev().name(), Fmt.num(g.target())))
                    .bash("ethtool -L " + g.dev().name() + (g.combined() ? " combined " : " rx ") + g.target() + "    # " + derivation,
                            "ethtool -l " + g.dev().name())
                    .effect(run.t("effect.queues"), "ETHTOOL-MAN").risk(run.t("risk.queues")).build());
        }
        if (conc != null) {
            List<String> lines = new ArrayList<>();
            lines.add("systemctl status irqbalance");
            Set<String> listed = new LinkedHashSet<>();
            for (NicIrqs.Queue q : n.queues()) {
                if (listed.size() < MAX_LISTED) {
                    listed.add(q.irq());
                }
            }
            lines.add("for i in " + String.join(" ", listed) + "; do echo \"$i $(cat /proc/irq/$i/smp_affinity_list)\"; done");
            Set<String> ifaces = new LinkedHashSet<>();
            for (QueueGap g : gaps) {
                if (!g.dev().name().isEmpty()) {
                    ifaces.add(g.dev().name());
                }
            }
            for (Loaded<NicChannels> l : run.e.nicChannels()) {
                for (NicChannels.Device d : l.value().devices()) {
                    if (!d.name().isEmpty()) {
                        ifaces.add(d.name());
                    }
                }
            }
            for (String dev : n.devices().keySet()) {
                if (NicIrqs.isInterface(dev)) {
                    ifaces.add(dev);
                }
            }
            if (ifaces.isEmpty()) {
                lines.add("for d in /sys/class/net/*; do ethtool -l \"${d##*/}\"; done");
            }
            for (String dev : ifaces) {
                lines.add("cat /sys/class/net/" + dev + "/queues/rx-*/rps_cpus");
            }
            f.recommend(Recommendation.of(run.t("action.spread")).bash(lines.toArray(String[]::new))
                    .effect(run.t("effect.spread"), "KERNEL-SCALING").risk(run.t("risk.spread")).build());
        }
        f.add();
    }

    /** The device's name, or the file's when ethtool did not name it. */
    private static String label(Loaded<NicChannels> file, NicChannels.Device d) {
        return d.name().isEmpty() ? file.file().path() : d.name();
    }

    private static String cpuNames(List<NicIrqs.CpuShare> cpus) {
        List<String> out = new ArrayList<>();
        for (NicIrqs.CpuShare c : cpus) {
            out.add("CPU" + c.cpu());
        }
        return String.join(", ", out);
    }

    /** {@code hns3-0000:7d:00.0-TxRx-0 .. hns3-0000:7d:00.0-TxRx-15}, or the names when there are at most two. */
    private static String queueNames(List<NicIrqs.Queue> qs) {
        if (qs.isEmpty()) {
            return "";
        }
        if (qs.size() <= 2) {
            List<String> out = new ArrayList<>();
            for (NicIrqs.Queue q : qs) {
                out.add(q.name());
            }
            return String.join(", ", out);
        }
        return qs.get(0).name() + " .. " + qs.get(qs.size() - 1).name();
    }
}
