package io.tunescope.importers;

import io.tunescope.model.capture.Confidence;
import java.util.ArrayList;
import java.util.List;

/** The importers Tunescope knows, and the choice of one for a file head. */
public final class ImporterRegistry {
    private final List<Importer<?>> importers;

    public ImporterRegistry(List<Importer<?>> importers) {
        this.importers = List.copyOf(importers);
    }

    public List<Importer<?>> importers() {
        return importers;
    }

    public Importer<?> byFormat(String format) {
        for (Importer<?> i : importers) {
            if (i.format().equals(format)) {
                return i;
            }
        }
        return null;
    }

    /** Result of sniffing one head with every importer. */
    /**
     * @param someUnsure an importer answered UNSURE: it needs more of the file than the head to decide
     *                   (the loader then takes a longer look unless the winner is CERTAIN)
     */
    public record Detection(Importer<?> importer, Sniff best, List<String> verdicts, boolean someUnsure, List<String> failures) {
        public Detection(Importer<?> importer, Sniff best, List<String> verdicts, boolean someUnsure) {
            this(importer, best, verdicts, someUnsure, List.of());
        }

        public boolean recognised() {
            return importer != null;
        }
    }

    /**
     * Asks every importer; the most confident at WEAK or above wins (the first registered on a tie).
     * Never throws: an importer that fails while sniffing (an exception, or an error such as a stack
     * overflow or running out of memory on a pathological line) counts as NO, and the failure is named in
     * {@link Detection#failures()} for the loader's per-file message.
     */
    public Detection detect(Head head) {
        Importer<?> best = null;
        Sniff bestSniff = Sniff.no("no importer recognised the content");
        List<String> verdicts = new ArrayList<>();
        boolean unsure = false;
        List<String> failures = new ArrayList<>();
        for (Importer<?> imp : importers) {
            Sniff s;
            try {
                s = imp.sniff(head);
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError | LinkageError | AssertionError e) {
                String why = Failures.describe(e);
                s = Sniff.no("could not check the file: " + why);
                failures.add(imp.format() + " reader could not check it (" + why + ")");
            }
            verdicts.add(imp.format() + ": " + s.confidence().name().toLowerCase(java.util.Locale.ROOT) + " (" + s.reason() + ")");
            if (s.confidence() == Confidence.UNSURE) {
                unsure = true;
            }
            if (s.confidence().atLeast(Confidence.WEAK) && (best == null || s.confidence().compareTo(bestSniff.confidence()) > 0)) {
                best = imp;
                bestSniff = s;
            }
        }
        if (best == null && unsure) {
            bestSniff = Sniff.unsure("an importer needs more of the file to decide");
        }
        return new Detection(best, bestSniff, verdicts, unsure, List.copyOf(failures));
    }
}
