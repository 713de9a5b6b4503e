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
    public record Detection(Importer<?> importer, Sniff best, List<String> verdicts, boolean someUnsure) {
        public boolean recognised() {
            return importer != null;
        }
    }

    /**
     * Asks every importer; the most confident at WEAK or above wins (the first registered on a tie).
     * Never throws: an importer that throws while sniffing counts as NO.
     */
    public Detection detect(Head head) {
        Importer<?> best = null;
        Sniff bestSniff = Sniff.no("no importer recognised the content");
        List<String> verdicts = new ArrayList<>();
        boolean unsure = false;
        for (Importer<?> imp : importers) {
            Sniff s;
            try {
                s = imp.sniff(head);
            } catch (RuntimeException e) {
                s = Sniff.no("sniff failed: " + e);
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
        return new Detection(best, bestSniff, verdicts, unsure);
    }
}
