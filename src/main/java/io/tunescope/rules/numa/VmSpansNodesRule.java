package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * NUMA-VM-SPANS-NODES: a virtual machine (qemu process in numastat -p on the host) has 10 % or more of its
 * memory on nodes of more than one socket.
 */
public final class VmSpansNodesRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("minNodeSharePercent", "share of VM memory that counts a node", 10, "%");

    public VmSpansNodesRule() {
        super("NUMA-VM-SPANS-NODES", Topic.NUMA, "VM memory spread over sockets", List.of(Need.NUMASTAT, Need.LSCPU),
                List.of("SEED-001", "KP920-DISTANCES"), MIN);
    }

    @Override
    protected void check(Run run) {
        List<ProcessTables.Proc> vms = ProcessTables.of(run.e).stream()
                .filter(p -> p.command().toLowerCase(Locale.ROOT).contains("qemu") || p.command().toLowerCase(Locale.ROOT).contains("kvm"))
                .toList();
        int sockets = run.e.sockets().orElse(0);
        int nodes = run.e.numaNodes().orElse(0);
        if (vms.isEmpty() || sockets < 1 || nodes < 1) {
            run.notApplicable(run.t("needs"));
            return;
        }
        int perSocket = Math.max(1, nodes / sockets);
        for (ProcessTables.Proc vm : vms) {
            TreeSet<Integer> used = new TreeSet<>();
            TreeSet<Integer> sock = new TreeSet<>();
            for (var e : vm.mb().entrySet()) {
                if (vm.total() > 0 && e.getValue() / vm.total() * 100 >= run.get(MIN)) {
                    used.add(e.getKey());
                    sock.add(e.getKey() / perSocket);
                }
            }
            if (sock.size() > 1) {
                var f = run.finding(65, run.t("summary", vm.command(), vm.pid(), Fmt.num(vm.total()), used, sock.size()))
                        .explain(run.t("explanation"))
                        .evidence(run.t("evidence.perNode", vm.command()), vm.mb().toString(), SourceRef.of(vm.file(), vm.line()))
                        .cell(NumaCell.process(vm.pid(), vm.command(), farNode(vm, used, perSocket), SourceRef.of(vm.file(), vm.line())))
                        .threshold(MIN);
                run.e.lscpu("Socket(s)").ifPresent(f::evidence);
                NodePlan.Plan plan = NodePlan.of(run, run.t("plan.needVm", vm.command(), vm.pid()), vm.total(), SourceRef.of(vm.file(), vm.line()), vm.mb());
                NodePlan.explain(f, plan);
                if (plan.ok()) {
                    String first = NodePlan.firstCpus(run.e, plan);
                    f.recommend(Recommendation.of(run.t("action"))
                            .text(run.t("text.plan", Fmt.num(plan.needMb()), plan.list(), Fmt.num(plan.availableMb())),
                                    first.isEmpty() ? run.t("text.vcpupinUnknown") : run.t("text.vcpupin", first.split(",")[0], plan.list()),
                                    "<numatune><memory mode='strict' nodeset='" + plan.list() + "'/></numatune>",
                                    "<memoryBacking><hugepages/></memoryBacking>")
                            .effect(run.t("effect"), "SEED-001")
                            .risk(run.t("risk")).build());
                } else {
                    f.recommend(Recommendation.of(run.t("action.resize"))
                            .bash(NodePlan.withComment(plan.refusal(), new String[] {"numastat -m", "numactl --hardware", "virsh dominfo <domain>"}))
                            .effect(run.t("effect"), "SEED-001")
                            .risk(run.t("risk")).build());
                }
                f.add();
                return;
            }
        }
        run.pass(run.t("pass"));
    }

    /** Of the nodes the VM uses, the one holding most of its memory on another socket than its largest node. */
    private static int farNode(ProcessTables.Proc vm, TreeSet<Integer> used, int perSocket) {
        int largest = used.first();
        for (int n : used) {
            if (vm.mb().get(n) > vm.mb().get(largest)) {
                largest = n;
            }
        }
        int far = -1;
        for (int n : used) {
            if (n / perSocket != largest / perSocket && (far < 0 || vm.mb().get(n) > vm.mb().get(far))) {
                far = n;
            }
        }
        return far < 0 ? largest : far;
    }
}
