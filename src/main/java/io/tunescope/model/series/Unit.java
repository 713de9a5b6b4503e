package io.tunescope.model.series;

/** The unit of a metric's values, with the label shown on axes. */
public enum Unit {
    PERCENT("%"),
    MILLISECONDS("ms"),
    PER_SECOND("/s"),
    KB_PER_SECOND("kB/s"),
    MB_PER_SECOND("MB/s"),
    KB("kB"),
    COUNT(""),
    TRANSACTIONS_PER_SECOND("tps"),
    QUERIES_PER_SECOND("qps"),
    THREADS("threads");

    private final String label;

    Unit(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
