package io.tunescope.analysis.evidence;

import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.net.Interrupts;
import io.tunescope.model.net.SoftIrqs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The network queue interrupts of a step, per CPU: the difference between the first and the last
 * {@code /proc/interrupts} snapshot of the step (counters only grow within one boot), or the counts since boot
 * of the last snapshot when there is one, or when two do not compare (other CPUs, a counter went down: a reboot).
 * A queue is an interrupt whose name is a NIC queue's: {@code virtioN-input.M}/{@code -output.M} (virtio-net),
 * {@code mlx5_compN}, {@code hns3-...-TxRx-N}, {@code DEV-TxRx-N} / {@code -rx-N} / {@code -tx-N} /
 * {@code -Tx-Rx-N} (ixgbe, igb, i40e, ice, iavf, bnxt, ena), or a single-vector interface {@code ethN}, {@code ensN},
 * {@code enpN...}, {@code enoN}.
 */
public final class NicIrqs {
    private static final Pattern VIRTIO = Pattern.compile("^(virtio\\d+)-(?:input|output)\\.\\d+$");
    private static final Pattern MLX = Pattern.compile("^mlx5_comp\\d+(?:@pci:(\\S+))?$");
    private static final Pattern HNS3 = Pattern.compile("^hns3-(\\S+)-(?:TxRx|Rx|Tx)-\\d+$");
    private static final Pattern QUEUE = Pattern.compile("^(?:(?:ice|iavf|i40e|igb|igc|ixgbe|bnxt_en)-)?(\\S+?)-(?:TxRx|txrx|Tx-Rx|rx|tx|Rx|Tx)-\\d+$");
    private static final Pattern IFACE = Pattern.compile("^((?:eth|ens|enp|eno|enP|enx|em)\\d\\S*?)(?:-\\d+)?$");
    /** An interface name ethtool accepts (not a PCI address). */
    private static final Pattern INTERFACE = Pattern.compile("^(?:eth|ens|enp|eno|enP|enx|em|bond|p\\d)[A-Za-z0-9_.]*$");

    /** One queue interrupt: its number, name, the device it belongs to, counts per CPU (window or since boot). */
    public record Queue(String irq, String name, String device, long[] counts, SourceRef ref) {
        public long total() {
            long t = 0;
            for (long c : counts) {
                t += c;
            }
            return t;
        }
    }

    /** Counts of one CPU. */
    public record CpuShare(int cpu, long count) {
    }

    private final boolean delta;
    private final SourceRef before;
    private final SourceRef after;
    private final List<Integer> cpus;
    private final List<Queue> queues;
    private final String sinceBootReason;

    private NicIrqs(boolean delta, SourceRef before, SourceRef after, List<Integer> cpus, List<Queue> queues, String sinceBootReason) {
        this.delta = delta;
        this.before = before;
        this.after = after;
        this.cpus = List.copyOf(cpus);
        this.queues = List.copyOf(queues);
        this.sinceBootReason = sinceBootReason;
    }

    /** The device a NIC queue interrupt belongs to ({@code virtio2}, {@code 0000:7d:00.0}, {@code eth0}), or null for any other interrupt. */
    public static String queueDevice(String name) {
        if (name == null || name.isEmpty() || name.contains(",")) {
            return null;
        }
        Matcher m;
        if ((m = VIRTIO.matcher(name)).matches()) {
            return m.group(1);
        }
        if ((m = MLX.matcher(name)).matches()) {
            return m.group(1) == null ? "mlx5" : m.group(1);
        }
        if ((m = HNS3.matcher(name)).matches()) {
            return m.group(1);
        }
        if ((m = QUEUE.matcher(name)).matches()) {
            return m.group(1);
        }
        if ((m = IFACE.matcher(name)).matches()) {
            return m.group(1);
        }
        return null;
    }

    /** True when the device name is an interface that {@code ethtool -L} takes (eth0, ens1f0), not a PCI address. */
    public static boolean isInterface(String device) {
        return device != null && INTERFACE.matcher(device).matches();
    }

    /** A snapshot and where it was read. */
    record Snap<T>(T value, String file) {
    }

    /** The queue interrupts of the snapshots (in capture order), or empty without a snapshot. */
    static Optional<NicIrqs> of(List<Loaded<Interrupts>> files) {
        List<Snap<Interrupts.Snapshot>> snaps = new ArrayList<>();
        for (Loaded<Interrupts> l : files) {
            for (Interrupts.Snapshot s : l.value().snapshots()) {
                snaps.add(new Snap<>(s, l.file().path()));
            }
        }
        if (snaps.isEmpty()) {
            return Optional.empty();
        }
        Snap<Interrupts.Snapshot> first = snaps.stream().min(Comparator.comparingLong(s -> s.value().total())).orElseThrow();
        Snap<Interrupts.Snapshot> last = snaps.stream().max(Comparator.comparingLong(s -> s.value().total())).orElseThrow();
        String reason = "";
        if (snaps.size() >= 2) {
            if (first == last || first.value().total() == last.value().total()) {
                reason = "the snapshots hold the same counts";
            } else if (!first.value().cpus().equals(last.value().cpus())) {
                reason = "the snapshots list different CPUs";
            } else {
                List<Queue> d = new ArrayList<>();
                for (Interrupts.Row r : last.value().rows()) {
                    String dev = r.numbered() ? queueDevice(r.name()) : null;
                    if (dev == null) {
                        continue;
                    }
                    Interrupts.Row b = first.value().row(r.label());
                    if (b == null || !b.name().equals(r.name())) {
                        continue;
                    }
                    long[] c = new long[r.counts().size()];
                    boolean down = false;
                    for (int i = 0; i < c.length && i < b.counts().size(); i++) {
                        c[i] = r.counts().get(i) - b.counts().get(i);
                        down |= c[i] < 0;
                    }
                    if (down) {
                        reason = "a counter went down between the snapshots (a reboot?)";
                        d = null;
                        break;
                    }
                    d.add(new Queue(r.label(), r.name(), dev, c, SourceRef.of(last.file(), r.line())));
                }
                if (d != null) {
                    return Optional.of(new NicIrqs(true, SourceRef.of(first.file(), first.value().line()),
                            SourceRef.of(last.file(), last.value().line()), last.value().cpus(), d, ""));
                }
            }
        }
        Snap<Interrupts.Snapshot> latest = snaps.size() >= 2 ? last : snaps.get(0);
        List<Queue> q = new ArrayList<>();
        for (Interrupts.Row r : latest.value().rows()) {
            String dev = r.numbered() ? queueDevice(r.name()) : null;
            if (dev != null) {
                q.add(new Queue(r.label(), r.name(), dev, r.counts().stream().mapToLong(Long::longValue).toArray(),
                        SourceRef.of(latest.file(), r.line())));
            }
        }
        return Optional.of(new NicIrqs(false, null, SourceRef.of(latest.file(), latest.value().line()), latest.value().cpus(), q, reason));
    }

    /** True when the counts are the difference between two snapshots; false: counts since boot. */
    public boolean delta() {
        return delta;
    }

    /** The first snapshot's header (null for counts since boot). */
    public SourceRef before() {
        return before;
    }

    /** The (last) snapshot's header. */
    public SourceRef after() {
        return after;
    }

    /** Why two snapshots were not compared ("" when they were, or when there was one). */
    public String sinceBootReason() {
        return sinceBootReason;
    }

    /** The CPUs of the snapshot's header (online CPUs). */
    public List<Integer> cpus() {
        return cpus;
    }

    public List<Queue> queues() {
        return queues;
    }

    /** The queue devices in order of first appearance, with their queue count. */
    public Map<String, Integer> devices() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Queue q : queues) {
            out.merge(q.device(), 1, Integer::sum);
        }
        return out;
    }

    public long total() {
        long t = 0;
        for (Queue q : queues) {
            t += q.total();
        }
        return t;
    }

    /** Every CPU with its NIC interrupt count, the busiest first (ties by CPU number). */
    public List<CpuShare> byCpu() {
        long[] per = new long[cpus.size()];
        for (Queue q : queues) {
            for (int i = 0; i < per.length && i < q.counts().length; i++) {
                per[i] += q.counts()[i];
            }
        }
        List<CpuShare> out = new ArrayList<>();
        for (int i = 0; i < per.length; i++) {
            out.add(new CpuShare(cpus.get(i), per[i]));
        }
        out.sort(Comparator.comparingLong(CpuShare::count).reversed().thenComparingInt(CpuShare::cpu));
        return out;
    }

    /** The queues whose interrupts landed (mostly) on this CPU. */
    public List<Queue> queuesOn(int cpu) {
        int i = cpus.indexOf(cpu);
        List<Queue> out = new ArrayList<>();
        for (Queue q : queues) {
            if (i >= 0 && i < q.counts().length && q.total() > 0 && q.counts()[i] * 2 > q.total()) {
                out.add(q);
            }
        }
        return out;
    }

    /**
     * One softirq's counts per CPU ({@code NET_RX}): the difference between the first and last {@code /proc/softirqs}
     * snapshots when there are two that compare, else since boot of the last; with where they were read.
     */
    public record SoftirqCounts(String name, List<Integer> cpus, long[] counts, boolean delta, SourceRef ref) {
        public long total() {
            long t = 0;
            for (long c : counts) {
                t += c;
            }
            return t;
        }

        public long of(int cpu) {
            int i = cpus.indexOf(cpu);
            return i < 0 || i >= counts.length ? 0 : counts[i];
        }
    }

    static Optional<SoftirqCounts> softirq(List<Loaded<SoftIrqs>> files, String name) {
        List<Snap<SoftIrqs.Snapshot>> snaps = new ArrayList<>();
        for (Loaded<SoftIrqs> l : files) {
            for (SoftIrqs.Snapshot s : l.value().snapshots()) {
                if (s.row(name) != null) {
                    snaps.add(new Snap<>(s, l.file().path()));
                }
            }
        }
        if (snaps.isEmpty()) {
            return Optional.empty();
        }
        Comparator<Snap<SoftIrqs.Snapshot>> bySum = Comparator.comparingLong(s -> s.value().row(name).counts().stream().mapToLong(Long::longValue).sum());
        Snap<SoftIrqs.Snapshot> first = snaps.stream().min(bySum).orElseThrow();
        Snap<SoftIrqs.Snapshot> last = snaps.stream().max(bySum).orElseThrow();
        SoftIrqs.Row a = last.value().row(name);
        long[] c = a.counts().stream().mapToLong(Long::longValue).toArray();
        if (first != last && first.value().cpus().equals(last.value().cpus())) {
            SoftIrqs.Row b = first.value().row(name);
            long[] d = new long[c.length];
            boolean down = false;
            for (int i = 0; i < d.length; i++) {
                d[i] = c[i] - b.counts().get(i);
                down |= d[i] < 0;
            }
            if (!down) {
                return Optional.of(new SoftirqCounts(name, last.value().cpus(), d, true, SourceRef.of(last.file(), a.line())));
            }
        }
        return Optional.of(new SoftirqCounts(name, last.value().cpus(), c, false, SourceRef.of(last.file(), a.line())));
    }
}
