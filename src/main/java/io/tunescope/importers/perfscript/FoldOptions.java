package io.tunescope.importers.perfscript;

/**
 * How {@code perf script} samples are folded into stacks. The switches are those of FlameGraph's
 * {@code stackcollapse-perf.pl}.
 *
 * @param includePid      process frame {@code comm-PID} ({@code comm-?} when the line has no PID)
 * @param includeTid      process frame {@code comm-PID/TID}
 * @param annotateKernel  {@code _[k]} after frames of {@code [kernel.kallsyms]}-style or {@code vmlinux} modules
 * @param annotateJit     {@code _[j]} after frames of {@code /tmp/perf-PID.map} modules
 * @param includeAddrs    {@code [module <addr>]} instead of {@code [module]} for frames without a symbol
 * @param eventFilter     fold only this event; null: the first event met (FlameGraph's default)
 * @param legacyJavaTidy  strip the leading {@code L} of Java class names only when the process name is
 *                        exactly {@code java} (FlameGraph before 2023) instead of when it starts with
 *                        {@code java} (current FlameGraph, the default here; it also covers {@code --pid}
 *                        and {@code --tid} names such as {@code java-1234/1240})
 * @param flameGraphExact behave exactly like the script where it is lossy: events are read only from
 *                        lines the script's pattern reads them from, other events are dropped, a sample
 *                        not ended by a blank line at the end of the file is dropped, the CR of a CRLF is data (a lone CR
 *                        ends a line, where the script would read a lone-CR file as one line and fold nothing).
 *                        When false (the importer): every event is kept apart (tracepoint and
 *                        timestamp-less lines included), the last sample counts, LF, CRLF and lone CR end lines.
 */
public record FoldOptions(boolean includePid, boolean includeTid, boolean annotateKernel, boolean annotateJit,
                          boolean includeAddrs, String eventFilter, boolean legacyJavaTidy,
                          boolean flameGraphExact) {

    /** Defaults of {@code stackcollapse-perf.pl} with no option. */
    public static FoldOptions collapse() {
        return new FoldOptions(false, false, false, false, false, null, false, true);
    }

    /** What the perf-script importer uses: plain frame names, every event kept. */
    public static FoldOptions profile() {
        return new FoldOptions(false, false, false, false, false, null, false, false);
    }

    public FoldOptions withPid(boolean v) {
        return new FoldOptions(v, includeTid, annotateKernel, annotateJit, includeAddrs, eventFilter, legacyJavaTidy, flameGraphExact);
    }

    public FoldOptions withTid(boolean v) {
        return new FoldOptions(includePid, v, annotateKernel, annotateJit, includeAddrs, eventFilter, legacyJavaTidy, flameGraphExact);
    }

    public FoldOptions withKernel(boolean v) {
        return new FoldOptions(includePid, includeTid, v, annotateJit, includeAddrs, eventFilter, legacyJavaTidy, flameGraphExact);
    }

    public FoldOptions withJit(boolean v) {
        return new FoldOptions(includePid, includeTid, annotateKernel, v, includeAddrs, eventFilter, legacyJavaTidy, flameGraphExact);
    }

    /** {@code --all}: kernel and JIT annotations. */
    public FoldOptions withAll(boolean v) {
        return v ? withKernel(true).withJit(true) : this;
    }

    public FoldOptions withAddrs(boolean v) {
        return new FoldOptions(includePid, includeTid, annotateKernel, annotateJit, v, eventFilter, legacyJavaTidy, flameGraphExact);
    }

    public FoldOptions withEventFilter(String v) {
        return new FoldOptions(includePid, includeTid, annotateKernel, annotateJit, includeAddrs, v, legacyJavaTidy, flameGraphExact);
    }

    public FoldOptions withLegacyJavaTidy(boolean v) {
        return new FoldOptions(includePid, includeTid, annotateKernel, annotateJit, includeAddrs, eventFilter, v, flameGraphExact);
    }
}
