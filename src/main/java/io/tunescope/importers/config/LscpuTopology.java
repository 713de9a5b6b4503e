package io.tunescope.importers.config;

import io.tunescope.model.config.ConfigSnapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CPU topology an lscpu listing states, on every architecture lscpu prints: logical CPUs, threads per core,
 * cores per socket (or per cluster on aarch64 hosts without ACPI PPTT), sockets (s390: sockets per book x books
 * [x books per drawer x drawers]), NUMA nodes and each node's CPU list. A count lscpu leaves out or prints as
 * {@code -} stays unknown (absent), never guessed.
 */
final class LscpuTopology {
    private static final Pattern NODE = Pattern.compile("NUMA node(\\d{1,6}) CPU\\(s\\)");

    private LscpuTopology() {
    }

    static Map<String, Object> of(ConfigSnapshot s) {
        Map<String, Object> out = new LinkedHashMap<>();
        s.get("Architecture").ifPresent(a -> out.put("architecture", a));
        count(s, "CPU(s)").ifPresent(n -> out.put("logical_cpus", n));
        count(s, "Thread(s) per core").ifPresent(n -> out.put("threads_per_core", n));
        count(s, "Core(s) per socket").ifPresent(n -> out.put("cores_per_socket", n));
        count(s, "Core(s) per cluster").ifPresent(n -> out.put("cores_per_cluster", n));
        count(s, "Cluster(s)").ifPresent(n -> out.put("clusters", n));
        Optional<Integer> sockets = count(s, "Socket(s)");
        if (sockets.isPresent()) {
            out.put("sockets", sockets.get());
        } else {
            // s390: lscpu prints the book/drawer hierarchy instead of a socket total
            Optional<Integer> perBook = count(s, "Socket(s) per book");
            Optional<Integer> books = count(s, "Book(s)");
            Optional<Integer> perDrawer = count(s, "Book(s) per drawer");
            Optional<Integer> drawers = count(s, "Drawer(s)");
            if (perBook.isPresent() && books.isPresent()) {
                out.put("sockets", perBook.get() * books.get());
            } else if (perBook.isPresent() && perDrawer.isPresent() && drawers.isPresent()) {
                out.put("sockets", perBook.get() * perDrawer.get() * drawers.get());
            }
        }
        count(s, "NUMA node(s)").ifPresent(n -> out.put("numa_nodes", n));
        Map<String, String> nodes = new LinkedHashMap<>();
        s.entries().forEach(e -> {
            Matcher m = NODE.matcher(e.name());
            if (m.matches()) {
                nodes.put("node" + m.group(1), e.value());
            }
        });
        if (!nodes.isEmpty()) {
            out.put("node_cpus", nodes);
        }
        return out;
    }

    /** A whole count as lscpu prints it; {@code -} (unknown to lscpu) and anything else is absent. */
    private static Optional<Integer> count(ConfigSnapshot s, String field) {
        Optional<String> v = s.get(field);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        String t = v.get().strip();
        if (t.isEmpty() || t.length() > 9 || !t.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(t));
    }
}
