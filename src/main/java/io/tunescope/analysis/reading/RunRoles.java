package io.tunescope.analysis.reading;

import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.series.SeriesDatasets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The role of every benchmark run of a step, from, in order: the user's correction; the log (prepare and
 * cleanup output); the names people use ({@code warmup}, {@code warm-up}, {@code sweep/}, {@code run2},
 * {@code main}); the layout (runs of equal length over three or more thread counts are a sweep; runs of
 * one thread count, equal length and like throughput are repeats; the runs of one log over distinct thread
 * counts are a sweep; one sweep per step (the largest group); a run much shorter than a later one at the same thread
 * count is its warm-up); what is left: the one or longest run is the main run, the rest "other".
 *
 * <p>Its sentences are {@link Text}s, keys of the {@link io.tunescope.analysis.ChartText} bundle (English in the code).
 */
public final class RunRoles {
    /** A run at most this share of another run's length, at the same thread count and before it, warms up for it. */
    static final double WARMUP_SHARE = 0.6;
    /** Runs whose lengths differ by at most this share are "of equal length". */
    static final double SAME_LENGTH = 0.25;

    private static final Pattern WARM = Pattern.compile("(^|[^a-z])warm[-_ ]?up|(^|[^a-z])warm($|[^a-z])|预热");
    private static final Pattern PREP = Pattern.compile("(^|[^a-z])(prepare|cleanup|load[-_]?data|populate)($|[^a-z])");
    private static final Pattern SWEEP = Pattern.compile("(^|[^a-z])(sweep|scaling|scan[-_]?threads)($|[^a-z])");
    private static final Pattern MAIN = Pattern.compile("(^|[^a-z])(main|measure|measured|steady)($|[^a-z])");

    /** The reason of a role the user set. */
    static final Text USER = Text.t("reading.role.user", "set by the user");

    private RunRoles() {
    }

    private static String f0(double d) {
        return String.format(Locale.ROOT, "%.0f", d);
    }

    /** Every run of the step (prepare-only files included), in file order, with its role. */
    public static List<ReadRun> of(Capture c, String step, Clocks clocks) {
        List<Candidate> all = new ArrayList<>();
        for (Loaded<BenchLog> l : c.inStep(SeriesDatasets.SYSBENCH, step)) {
            String rel = relative(l.file().path(), step).toLowerCase(Locale.ROOT);
            if (l.value().runs().isEmpty()) {
                all.add(new Candidate(l.file().path(), null, rel, RunRole.PREPARE, Text.t("reading.role.prepareLog", "the log holds only a sysbench prepare/cleanup")));
                continue;
            }
            for (BenchRun r : l.value().runs()) {
                all.add(new Candidate(l.file().path(), r, rel, null, null));
            }
        }
        // the user, then names
        for (Candidate x : all) {
            if (x.run == null) {
                continue;
            }
            RunRole user = RunRole.parse(c.corrections().roleOf(x.file, x.run.index()));
            if (user != null) {
                x.set(user, USER);
                x.byUser = true;
            } else if (x.run.test().equalsIgnoreCase("prepare") || PREP.matcher(x.rel).find()) {
                x.set(RunRole.PREPARE, Text.t("reading.role.namedPrepare", "named as a dataset prepare"));
            } else if (WARM.matcher(x.rel).find()) {
                x.set(RunRole.WARMUP, Text.t("reading.role.namedWarmup", "named as a warm-up"));
            } else if (SWEEP.matcher(x.rel).find()) {
                x.set(RunRole.SWEEP, Text.t("reading.role.namedSweep", "named as part of a sweep"));
            } else if (MAIN.matcher(x.rel).find()) {
                x.set(RunRole.MAIN, Text.t("reading.role.namedMain", "named as the main run"));
            }
        }
        List<Candidate> open = all.stream().filter(x -> x.role == null).toList();
        List<Candidate> measured = all.stream().filter(x -> x.run != null && x.role != RunRole.PREPARE && x.role != RunRole.WARMUP
                && x.role != RunRole.SWEEP).toList();
        // warm-up by length: shorter than a later run at the same thread count
        for (Candidate x : open) {
            for (Candidate y : measured) {
                if (y != x && y.run.threads() == x.run.threads() && x.run.durationS() > 0
                        && x.run.durationS() <= WARMUP_SHARE * y.run.durationS() && before(x, y, all, clocks)) {
                    x.set(RunRole.WARMUP, Text.t("reading.role.shorterBefore", "{0} s before a {1} s run at the same {2} threads",
                            f0(x.run.durationS()), f0(y.run.durationS()), x.run.threads()));
                    break;
                }
            }
        }
        open = all.stream().filter(x -> x.role == null).toList();
        // a sweep inside one log: its runs over distinct thread counts, of equal length, back to back
        Map<String, List<Candidate>> byFile = new LinkedHashMap<>();
        for (Candidate x : open) {
            byFile.computeIfAbsent(x.file, k -> new ArrayList<>()).add(x);
        }
        for (List<Candidate> g : byFile.values()) {
            long distinct = g.stream().map(x -> x.run.threads()).distinct().count();
            if (g.size() >= 2 && distinct == g.size() && sameLength(g) && oneWorkload(g)) {
                for (Candidate x : g) {
                    x.set(RunRole.SWEEP, Text.t("reading.role.sweepLog", "one of {0} runs of equal length over {1} thread counts in one log",
                            g.size(), distinct));
                }
            }
        }
        open = all.stream().filter(x -> x.role == null).toList();
        // a sweep over several logs: equal length, three or more thread counts, one workload
        Set<Integer> threads = new HashSet<>();
        for (Candidate x : open) {
            threads.add(x.run.threads());
        }
        if (threads.size() >= 3 && sameLength(open) && threads.size() * 2 > open.size() && oneWorkload(open)) {
            for (Candidate x : open) {
                x.set(RunRole.SWEEP, Text.t("reading.role.sweepLayout", "one of {0} runs of equal length over {1} thread counts", open.size(),
                        threads.size()));
            }
        }
        // one sweep per step: the largest group (a log or a folder); a second one is "other"
        Map<String, List<Candidate>> sweeps = new LinkedHashMap<>();
        for (Candidate x : all) {
            if (x.role == RunRole.SWEEP && !x.byUser) {
                sweeps.computeIfAbsent(sweepGroup(x, all), k -> new ArrayList<>()).add(x);
            }
        }
        if (sweeps.size() > 1) {
            String keep = null;
            for (var e : sweeps.entrySet()) {
                if (keep == null || e.getValue().size() > sweeps.get(keep).size()) {
                    keep = e.getKey();
                }
            }
            for (var e : sweeps.entrySet()) {
                if (!e.getKey().equals(keep)) {
                    for (Candidate x : e.getValue()) {
                        x.set(RunRole.OTHER, Text.t("reading.role.secondSweep", "a second thread sweep in the step (the step's sweep is {0})", keep));
                    }
                }
            }
        }
        open = all.stream().filter(x -> x.role == null || (x.role == RunRole.MAIN && !x.byUser)).toList();
        // repeats: two or more runs of one workload, one thread count, equal length and like throughput
        Map<Integer, List<Candidate>> byThreads = new LinkedHashMap<>();
        for (Candidate x : open) {
            byThreads.computeIfAbsent(x.run.threads(), k -> new ArrayList<>()).add(x);
        }
        for (List<Candidate> g : byThreads.values()) {
            if (g.size() >= 2 && sameLength(g) && oneWorkload(g) && likeThroughput(g)) {
                for (Candidate x : g) {
                    x.set(RunRole.REPEAT, Text.t("reading.role.repeat", "one of {0} runs at {1} threads of equal length", g.size(), x.run.threads()));
                }
            }
        }
        // what is left: the named or longest run is the main run
        boolean hasMain = all.stream().anyMatch(x -> x.role == RunRole.MAIN || x.role == RunRole.REPEAT);
        List<Candidate> left = all.stream().filter(x -> x.role == null).toList();
        if (!hasMain && !left.isEmpty()) {
            Candidate longest = left.get(0);
            for (Candidate x : left) {
                if (x.run.durationS() > longest.run.durationS()) {
                    longest = x;
                }
            }
            longest.set(RunRole.MAIN, left.size() == 1 ? Text.t("reading.role.onlyRun", "the step's only measured run")
                    : Text.t("reading.role.longest", "the longest measured run of the step"));
        }
        for (Candidate x : all) {
            if (x.role == null) {
                x.set(RunRole.OTHER, Text.t("reading.role.other", "not the main run, a warm-up, a repeat or part of a sweep"));
            }
        }
        // two main runs: keep the longest (then the first), the others are "other"
        List<Candidate> mains = all.stream().filter(x -> x.role == RunRole.MAIN).toList();
        if (mains.size() > 1) {
            Candidate keep = mains.stream().filter(x -> x.byUser).findFirst().orElse(mains.get(0));
            for (Candidate x : mains) {
                if (keep.byUser) {
                    break;
                }
                if (x.run.durationS() > keep.run.durationS()) {
                    keep = x;
                }
            }
            for (Candidate x : mains) {
                if (x != keep) {
                    x.role = RunRole.OTHER;
                    x.reason = Text.t("reading.role.secondMain", "a second main run (the main run is {0})", keep.file);
                }
            }
        }
        List<ReadRun> out = new ArrayList<>();
        for (Candidate x : all) {
            FileClock clock = x.run == null ? clocks.file(x.file) : clocks.run(x.file, x.run.index());
            out.add(new ReadRun(x.file, x.run, x.role, x.reason, clock));
        }
        boolean timed = out.stream().allMatch(r -> r.clock().start() != null);
        java.util.Comparator<ReadRun> natural = java.util.Comparator.comparing(ReadRun::file, RunRoles::natural)
                .thenComparingInt(ReadRun::index);
        out.sort(timed ? java.util.Comparator.comparing((ReadRun r) -> r.clock().start()).thenComparing(natural) : natural);
        return out;
    }

    /** Names with numbers in numeric order: {@code threads=2} before {@code threads=16}. */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** x ran before y: by their clocks, else by their order in one log; unknown order is not "before". */
    private static boolean before(Candidate x, Candidate y, List<Candidate> all, Clocks clocks) {
        Long tx = clocks.run(x.file, x.run.index()).time();
        Long ty = clocks.run(y.file, y.run.index()).time();
        if (tx != null && ty != null) {
            return tx < ty;
        }
        return x.file.equals(y.file) && x.run.index() < y.run.index();
    }

    /** The same tool version, test and report interval: runs of one workload. */
    private static boolean oneWorkload(List<Candidate> xs) {
        return xs.stream().map(x -> x.run.version() + "|" + x.run.test() + "|" + x.run.reportIntervalS()).distinct().count() == 1;
    }

    /** Repeats of one workload do not differ by half: max/min TPS at most 1.5. */
    private static boolean likeThroughput(List<Candidate> xs) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Candidate x : xs) {
            double t = x.run.tps();
            if (Double.isNaN(t) || t <= 0) {
                return false;
            }
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        return max <= 1.5 * min;
    }

    /** A sweep run's group: its log when the log holds several sweep runs, else its folder. */
    private static String sweepGroup(Candidate x, List<Candidate> all) {
        long inFile = all.stream().filter(y -> y.file.equals(x.file) && y.role == RunRole.SWEEP).count();
        if (inFile > 1) {
            return x.file;
        }
        int slash = x.file.lastIndexOf('/');
        return slash < 0 ? "" : x.file.substring(0, slash);
    }

    private static boolean sameLength(List<Candidate> xs) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Candidate x : xs) {
            min = Math.min(min, x.run.durationS());
            max = Math.max(max, x.run.durationS());
        }
        return max > 0 && (max - min) <= SAME_LENGTH * max;
    }

    static String relative(String path, String step) {
        return step.isEmpty() ? path : path.substring(Math.min(path.length(), step.length() + 1));
    }

    private static final class Candidate {
        final String file;
        final BenchRun run;
        final String rel;
        RunRole role;
        Text reason;
        boolean byUser;

        Candidate(String file, BenchRun run, String rel, RunRole role, Text reason) {
            this.file = file;
            this.run = run;
            this.rel = rel;
            this.role = role;
            this.reason = reason;
        }

        void set(RunRole r, Text why) {
            role = r;
            reason = why;
        }
    }
}
