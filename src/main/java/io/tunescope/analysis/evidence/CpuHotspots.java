package io.tunescope.analysis.evidence;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.perfreport.PerfReportEntry;
import io.tunescope.model.stack.StackProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Self (leaf) shares of a CPU profile by normalised symbol, from a stack profile ({@code perf script},
 * folded) or a {@code perf report} (its Self column). With stacks, {@link #stackShare} also answers
 * "samples with leaf X under caller Y". Shares are fractions (0..1) of all samples of the profile.
 */
public final class CpuHotspots {
    private static final Pattern SUFFIX = Pattern.compile("\\.(isra|constprop|part|cold|lto_priv)\\.\\d+");
    private static final Pattern HEX = Pattern.compile("^(0x)?[0-9a-fA-F]{6,}$");

    private final String file;
    private final long samples;
    private final Map<String, Double> self;
    private final Map<String, SourceRef> refs;
    private final StackProfile stacks;
    private final String event;

    private CpuHotspots(String file, long samples, Map<String, Double> self, Map<String, SourceRef> refs, StackProfile stacks) {
        this(file, samples, self, refs, stacks, stacks == null ? "" : stacks.event());
    }

    private CpuHotspots(String file, long samples, Map<String, Double> self, Map<String, SourceRef> refs, StackProfile stacks, String event) {
        this.event = event == null ? "" : event;
        this.file = file;
        this.samples = samples;
        this.self = self;
        this.refs = refs;
        this.stacks = stacks;
    }

    /** From a stack profile: the leaf frame of each stack counts its weight. */
    public static CpuHotspots of(String file, StackProfile p) {
        Map<String, Double> self = new HashMap<>();
        long total = p.totalWeight();
        List<String> frames = p.frames();
        String[] norm = new String[frames.size()];
        for (int i = 0; i < norm.length; i++) {
            norm[i] = normalise(frames.get(i));
        }
        p.forEach((ids, depth, weight) -> {
            if (depth > 0) {
                self.merge(norm[ids[depth - 1]], (double) weight, Double::sum);
            }
        });
        Map<String, Double> shares = new HashMap<>();
        Map<String, SourceRef> refs = new HashMap<>();
        for (var e : self.entrySet()) {
            shares.put(e.getKey(), total > 0 ? e.getValue() / total : 0);
            refs.put(e.getKey(), SourceRef.of(file, 0));
        }
        return new CpuHotspots(file, p.samples(), shares, refs, p);
    }

    /** From a perf report: each entry's Self percentage (first event). */
    public static CpuHotspots of(String file, PerfReport r) {
        Map<String, Double> shares = new HashMap<>();
        Map<String, SourceRef> refs = new HashMap<>();
        for (PerfReportEntry en : r.entries()) {
            String sym = normalise(en.symbol().isEmpty() ? en.dso() : en.symbol());
            shares.merge(sym, en.selfPct() / 100.0, Double::sum);
            refs.putIfAbsent(sym, SourceRef.of(file, (int) en.line()));
        }
        long n = r.sections().isEmpty() ? -1 : r.sections().get(0).samples();
        return new CpuHotspots(file, n, shares, refs, null, r.event());
    }

    /** {@code PolicyMutex<TTASEventMutex<GenericPolicy>>::enter(unsigned int, ...)} -> {@code PolicyMutex::enter}. */
    public static String normalise(String symbol) {
        String s = symbol.strip();
        int paren = s.indexOf('(');
        if (paren > 0) {
            s = s.substring(0, paren);
        }
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                out.append(c);
            }
        }
        s = SUFFIX.matcher(out.toString()).replaceAll("");
        if (s.endsWith("_[k]") || s.endsWith("_[j]") || s.endsWith("_[i]") || s.endsWith("_[w]")) {
            s = s.substring(0, s.length() - 4);
        }
        int plus = s.indexOf("+0x");
        if (plus > 0) {
            s = s.substring(0, plus);
        }
        return s.strip();
    }

    public String file() {
        return file;
    }

    /** The sampling event ({@code cycles}, {@code cpu-clock}, ...; "" when the input names none), without modifiers. */
    public String event() {
        int colon = event.indexOf(':');
        return colon > 0 ? event.substring(0, colon) : event;
    }

    /** Whether the samples come from a software timer ({@code cpu-clock}, {@code task-clock}) rather than a hardware counter. */
    public boolean softwareClock() {
        String e = event();
        return e.equals("cpu-clock") || e.equals("task-clock");
    }

    /**
     * Share of the samples per command (the root frame of a {@code perf script} or folded stack), largest first;
     * empty without stacks.
     */
    public Map<String, Double> commands() {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        if (stacks == null || stacks.totalWeight() == 0) {
            return out;
        }
        Map<String, Long> w = new HashMap<>();
        List<String> frames = stacks.frames();
        stacks.forEach((ids, depth, weight) -> {
            if (depth > 0) {
                w.merge(frames.get(ids[0]), weight, Long::sum);
            }
        });
        double total = stacks.totalWeight();
        w.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.put(e.getKey(), e.getValue() / total));
        return out;
    }

    /** Samples in the profile, -1 when unknown. */
    public long samples() {
        return samples;
    }

    public boolean hasStacks() {
        return stacks != null;
    }

    /** Fraction of samples whose leaf symbol matches. */
    public double selfShare(Predicate<String> symbol) {
        double s = 0;
        for (var e : self.entrySet()) {
            if (symbol.test(e.getKey())) {
                s += e.getValue();
            }
        }
        return s;
    }

    /** Symbols matching, with their share, largest first. */
    public List<Map.Entry<String, Double>> matching(Predicate<String> symbol) {
        List<Map.Entry<String, Double>> out = new ArrayList<>();
        for (var e : self.entrySet()) {
            if (symbol.test(e.getKey()) && e.getValue() > 0) {
                out.add(Map.entry(e.getKey(), e.getValue()));
            }
        }
        out.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        return out;
    }

    /** The largest symbols. */
    public List<Map.Entry<String, Double>> top(int n) {
        List<Map.Entry<String, Double>> all = matching(x -> true);
        return all.subList(0, Math.min(n, all.size()));
    }

    /** Where a symbol's number was read (perf report line, or the profile file). */
    public SourceRef ref(String symbol) {
        return refs.getOrDefault(symbol, SourceRef.of(file, 0));
    }

    /**
     * Fraction of samples whose leaf matches {@code leaf} and that have a caller matching {@code caller};
     * NaN without stacks.
     */
    public double stackShare(Predicate<String> leaf, Predicate<String> caller) {
        if (stacks == null || stacks.totalWeight() <= 0) {
            return Double.NaN;
        }
        List<String> frames = stacks.frames();
        Map<Integer, Boolean> leafOk = new HashMap<>();
        Map<Integer, Boolean> callerOk = new HashMap<>();
        long[] sum = {0};
        stacks.forEach((ids, depth, weight) -> {
            if (depth == 0) {
                return;
            }
            int l = ids[depth - 1];
            if (!leafOk.computeIfAbsent(l, k -> leaf.test(normalise(frames.get(k))))) {
                return;
            }
            for (int i = depth - 2; i >= 0; i--) {
                int c = ids[i];
                if (callerOk.computeIfAbsent(c, k -> caller.test(normalise(frames.get(k))))) {
                    sum[0] += weight;
                    return;
                }
            }
        });
        return (double) sum[0] / stacks.totalWeight();
    }

    /**
     * Fraction of samples whose leaf is unresolved: {@code [unknown]}, a raw address, or only the binary's name in
     * brackets ({@code [mariadbd]}, as stackcollapse writes a frame without a symbol).
     */
    public double unresolvedShare() {
        return selfShare(CpuHotspots::unresolved);
    }

    /** Whether a (normalised) frame name is no symbol at all. */
    public static boolean unresolved(String s) {
        return s.isEmpty() || s.startsWith("[unknown]") || HEX.matcher(s).matches()
                || (s.startsWith("[") && s.endsWith("]") && s.indexOf(' ') < 0);
    }

    /** Case-sensitive "symbol is one of / starts with" helper. */
    public static Predicate<String> anyOf(String... prefixes) {
        return s -> {
            for (String p : prefixes) {
                if (p.endsWith("*") ? s.startsWith(p.substring(0, p.length() - 1)) : s.equals(p)) {
                    return true;
                }
            }
            return false;
        };
    }

    /** Symbol contains any of the words (case-insensitive). */
    public static Predicate<String> containsAny(String... words) {
        return s -> {
            String l = s.toLowerCase(Locale.ROOT);
            for (String w : words) {
                if (l.contains(w.toLowerCase(Locale.ROOT))) {
                    return true;
                }
            }
            return false;
        };
    }

    /** Shares formatted for evidence, e.g. {@code ut_delay 12.3 %}. */
    public static Map<String, String> describe(List<Map.Entry<String, Double>> entries, int max) {
        Map<String, String> out = new LinkedHashMap<>();
        entries.stream().sorted(Comparator.comparing((Map.Entry<String, Double> e) -> e.getValue()).reversed()).limit(max)
                .forEach(e -> out.put(e.getKey(), String.format(Locale.ROOT, "%.1f %%", e.getValue() * 100)));
        return out;
    }
}
