#!/usr/bin/env python3
"""Writes kunpeng920-96cpu-hns3.txt: a SYNTHETIC /proc/interrupts of a 96-CPU Kunpeng 920 (arm64, GICv3 with ITS)
in the kernel's exact layout (kernel/irq/proc.c show_interrupts: prec 4 because the host has more than 999 irqs,
"CPU%-8d" header cells, "%10u " counts, " %8s" chip, " %*lu" hwirq, " %-8s" Level/Edge, "  name"; arm64 IPI rows
and " Err:"). The NIC is hns3 at 0000:7d:00.0 with 16 TxRx queues whose interrupts were all moved to CPU 31
(every queue's smp_affinity_list set to one core); before the move they ran on CPUs 0-15, one queue each."""
CPUS = 96
PREC = 4


def row(label, counts, chip, hwirq, trig, name):
    s = "%*s: " % (PREC, label)
    s += "".join("%10u " % c for c in counts)
    s += " %8s" % chip
    s += " %*s" % (PREC, hwirq)
    s += " %-8s" % trig
    s += "  " + name
    return s


def ipi(i, counts, name):
    return "%*s%u:%s" % (PREC - 1, "IPI", i, " " if PREC >= 4 else "") + "".join("%10u " % c for c in counts) + "      " + name


lines = ["%*s" % (PREC + 8, "") + "".join("CPU%-8d" % j for j in range(CPUS))]
lines.append(row("1", [0] * CPUS, "GICv3", 25, "Level", "vgic"))
lines.append(row("3", [3000000 + 1733 * j % 90000 for j in range(CPUS)], "GICv3", 27, "Level", "arch_timer"))
lines.append(row("5", [0] * CPUS, "GICv3", 23, "Level", "arm-pmu"))
lines.append(row("7", [412] + [0] * (CPUS - 1), "GICv3", 33, "Level", "uart-pl011"))
lines.append(row("49", [0] * CPUS, "ITS-MSI", 100352, "Edge", "arm-smmu-v3-evtq"))
lines.append(row("50", [0] * CPUS, "ITS-MSI", 100353, "Edge", "arm-smmu-v3-gerror"))
lines.append(row("51", [0] * CPUS, "ITS-MSI", 100354, "Edge", "arm-smmu-v3-priq"))
for q in range(4):
    c = [0] * CPUS
    c[24 * q] = 180000 + 977 * q
    lines.append(row(str(140 + q), c, "ITS-MSI", 69206016 + q, "Edge", "nvme0q%d" % q))
misc = [0] * CPUS
misc[0] = 25
lines.append(row("198", misc, "ITS-MSI", 65536000, "Edge", "hclge-misc-0000:7d:00.0"))
for q in range(16):
    c = [0] * CPUS
    c[q] = 20000 + 311 * q          # before the affinity change: queue q on CPU q
    c[31] = 9100000 + 70001 * q     # after it: every queue on CPU 31
    lines.append(row(str(199 + q), c, "ITS-MSI", 65536001 + q, "Edge", "hns3-0000:7d:00.0-TxRx-%d" % q))
lines.append(row("329", [0] * CPUS, "ITS-MSI", 65538049, "Edge", "hns3-0000:7d:00.1-TxRx-0"))
names = ["Rescheduling interrupts", "Function call interrupts", "CPU stop interrupts",
         "CPU stop (for crash dump) interrupts", "Timer broadcast interrupts", "IRQ work interrupts",
         "CPU wake-up interrupts"]
for i, n in enumerate(names):
    base = [900000, 150000, 0, 0, 0, 40, 0][i]
    lines.append(ipi(i, [base + (97 * j * (i + 1)) % 5000 if base else 0 for j in range(CPUS)], n))
lines.append("%*s: %10u" % (PREC, "Err", 0))
open("kunpeng920-96cpu-hns3.txt", "w").write("\n".join(lines) + "\n")
