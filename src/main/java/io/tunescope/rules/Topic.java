package io.tunescope.rules;

/** The rule groups of the catalogue (tuning-rules.md section 2). */
public enum Topic {
    CPU("CPU hotspots"),
    NUMA("NUMA"),
    IO("I/O"),
    CONCURRENCY("Concurrency and throughput"),
    CONFIG("Configuration"),
    SERVER("Server activity"),
    OS("OS / kernel"),
    BUILD("Build / compile");

    private final String title;

    Topic(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    /** The title in the locale's language ({@code topic.<NAME>} of the engine bundle; English where none). */
    public String title(java.util.Locale locale) {
        return RuleText.translation(locale, "topic." + name()).orElse(title);
    }
}
