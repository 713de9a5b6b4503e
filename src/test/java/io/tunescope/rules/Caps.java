package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Builds small capture folders in the real tools' formats, loads them, and runs one rule. */
public final class Caps {
    private final Path dir;
    private final Map<String, String> files = new LinkedHashMap<>();

    private Caps(Path dir) {
        this.dir = dir;
    }

    public static Caps in(Path dir) {
        return new Caps(dir);
    }

    public Caps file(String name, String content) {
        files.put(name, content);
        return this;
    }

    public Caps version(String v) {
        return file("version.txt", "VERSION()\n" + v + "\n");
    }

    public Caps mycnf(String body) {
        return file("my.cnf", "[mysqld]\n" + body);
    }

    public Caps sysctl(String lines) {
        return file("sysctl.txt", "kernel.hostname = db1\nkernel.pid_max = 4194304\nvm.dirty_ratio = 20\n" + lines);
    }

    public Caps lscpu(int cpus, int nodes) {
        StringBuilder sb = new StringBuilder("Architecture:                    aarch64\nCPU(s):                          " + cpus
                + "\nOn-line CPU(s) list:             0-" + (cpus - 1) + "\nVendor ID:                       HiSilicon\n"
                + "Model name:                      Kunpeng-920\nThread(s) per core:             1\n"
                + "Socket(s):                       " + Math.max(1, nodes / 2) + "\n"
                + "NUMA node(s):                    " + nodes + "\n"
                + "Flags:                           fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics cpuid\n");
        int per = cpus / nodes;
        for (int n = 0; n < nodes; n++) {
            sb.append("NUMA node").append(n).append(" CPU(s):                  ").append(n * per).append('-').append((n + 1) * per - 1).append('\n');
        }
        return file("lscpu.txt", sb.toString());
    }

    public Caps meminfo(long totalKb, long cachedKb, long swapTotalKb, long swapFreeKb) {
        return file("meminfo.txt", "MemTotal:       " + totalKb + " kB\nMemFree:        1048576 kB\nMemAvailable:   2097152 kB\n"
                + "Buffers:          204800 kB\nCached:         " + cachedKb + " kB\nSwapTotal:      " + swapTotalKb
                + " kB\nSwapFree:       " + swapFreeKb + " kB\n");
    }

    /** SHOW GLOBAL VARIABLES batch output; pairs name, value. */
    public Caps variables(String... pairs) {
        StringBuilder sb = new StringBuilder("Variable_name\tValue\nautocommit\tON\nbasedir\t/usr\ncharacter_set_server\tutf8mb4\n");
        for (int i = 0; i < pairs.length; i += 2) {
            sb.append(pairs[i]).append('\t').append(pairs[i + 1]).append('\n');
        }
        return file("variables.txt", sb.toString());
    }

    /** SHOW GLOBAL STATUS batch output; pairs name, value. */
    public Caps status(String name, String... pairs) {
        StringBuilder sb = new StringBuilder("Variable_name\tValue\nAborted_clients\t0\nAborted_connects\t0\nBinlog_cache_use\t0\n");
        for (int i = 0; i < pairs.length; i += 2) {
            sb.append(pairs[i]).append('\t').append(pairs[i + 1]).append('\n');
        }
        return file(name, sb.toString());
    }

    public Caps binding(String cpus, String mems) {
        return file("cpuset.txt", "Cpus_allowed_list:\t" + cpus + "\nMems_allowed_list:\t" + mems + "\n");
    }

    public Capture load() {
        try {
            Files.createDirectories(dir);
            for (var e : files.entrySet()) {
                Path p = dir.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
            }
            Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(dir);
            for (SourceFile f : c.files()) {
                if (f.status() == FileStatus.UNRECOGNISED || f.status() == FileStatus.ERROR) {
                    fail("test capture file " + f.path() + " was not read: " + f.reason() + " " + f.diagnostics());
                }
            }
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public Evidence evidence() {
        return Evidence.of(load(), "");
    }

    public Result run(Rule rule) {
        return rule.evaluate(evidence(), Settings.defaults());
    }

    /** Runs the rule and returns its single finding, failing otherwise. */
    public Finding fire(Rule rule) {
        Result r = run(rule);
        assertEquals(Result.Status.FIRED, r.status(), () -> rule.id() + " did not fire: " + r.reason());
        assertEquals(1, r.findings().size());
        return r.findings().get(0);
    }
}
