package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Need;
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
            run.notApplicable("needs numastat -p of a qemu/kvm process on the host and lscpu Socket(s)/NUMA node(s)");
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
                var f = run.finding(65, "VM process " + vm.command() + " (pid " + vm.pid() + ") has its " + Fmt.num(vm.total())
                                + " MB spread over nodes " + used + " on " + sock.size() + " sockets: guest memory accesses cross chips.")
                        .explain("A VM larger than one socket, or one without CPU and memory pinning, gets memory from every node; "
                                + "its vCPUs then reach much of it across the socket interconnect (Kunpeng 920 distances 20-24 vs 10 "
                                + "local). Seed 001's 64-vCPU VM on 48-core sockets did no better than a 32-vCPU one.")
                        .evidence(vm.command() + " memory per node (MB)", vm.mb().toString(), SourceRef.of(vm.file(), vm.line()))
                        .threshold(MIN);
                run.e.lscpu("Socket(s)").ifPresent(f::evidence);
                f.recommend(Recommendation.of("Size the VM to one socket (better: one node) and pin its vCPUs and memory to the same nodes")
                        .text("<vcpupin vcpu='0' cpuset='48'/> ...   (one line per vCPU)",
                                "<numatune><memory mode='strict' nodeset='2-3'/></numatune>",
                                "<memoryBacking><hugepages/></memoryBacking>")
                        .effect("Seed 001: resize to 48 vCPUs + binding kept the virtual disk at 3,980.51 TPS vs 3,171 (+25.5 %); with a "
                                + "raw disk 4,297 TPS.", "SEED-001")
                        .risk("Smaller VMs cap CPU-bound headroom; strict memory binding can OOM the guest.").build());
                f.add();
                return;
            }
        }
        run.pass("every VM's memory stays within one socket");
    }
}
