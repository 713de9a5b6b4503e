package io.tunescope.model.bench;

import java.util.List;

/**
 * A benchmark log file: every run in it, and what was recognised and skipped (prepare/cleanup output).
 */
public record BenchLog(String file, List<BenchRun> runs, List<String> skipped) {
    public BenchLog {
        runs = List.copyOf(runs);
        skipped = List.copyOf(skipped);
    }
}
