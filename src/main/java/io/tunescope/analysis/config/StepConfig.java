package io.tunescope.analysis.config;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The configuration of one tuning step, assembled from its snapshots: option files merged in path order
 * (an option file that another one includes is read through the includer only, so its settings are not
 * counted twice), the server's runtime variables, print-defaults, sysctl; and the status snapshots
 * ordered by {@code Uptime}.
 */
public final class StepConfig {
    private final List<ConfigSnapshot> mycnf;
    private final ConfigSnapshot variables;
    private final ConfigSnapshot printDefaults;
    private final ConfigSnapshot sysctl;
    private final List<ConfigSnapshot> status;

    public StepConfig(List<ConfigSnapshot> mycnf, ConfigSnapshot variables, ConfigSnapshot printDefaults,
                      ConfigSnapshot sysctl, List<ConfigSnapshot> status) {
        this.mycnf = List.copyOf(mycnf);
        this.variables = variables;
        this.printDefaults = printDefaults;
        this.sysctl = sysctl;
        List<ConfigSnapshot> st = new ArrayList<>(status);
        st.sort(Comparator.comparingDouble(s -> s.number("Uptime").orElse(Double.MAX_VALUE)));
        this.status = List.copyOf(st);
    }

    /** The configuration of one step of a capture ("" for the files at the top). */
    public static StepConfig of(Capture capture, String step) {
        List<ConfigSnapshot> cnf = capture.inStep(ConfigDatasets.MYCNF, step).stream().map(Loaded::value).toList();
        return new StepConfig(cnf, last(capture, ConfigDatasets.VARIABLES, step), last(capture, ConfigDatasets.PRINT_DEFAULTS, step),
                last(capture, ConfigDatasets.SYSCTL, step),
                capture.inStep(ConfigDatasets.STATUS, step).stream().map(Loaded::value).toList());
    }

    private static ConfigSnapshot last(Capture c, io.tunescope.model.capture.Dataset<ConfigSnapshot> d, String step) {
        List<Loaded<ConfigSnapshot>> l = c.inStep(d, step);
        return l.isEmpty() ? null : l.get(l.size() - 1).value();
    }

    /** Option-file settings of the step, as one snapshot, files that others include read only once. */
    public ConfigSnapshot optionFiles() {
        java.util.Set<String> included = new java.util.HashSet<>();
        for (ConfigSnapshot s : mycnf) {
            String own = s.entries().isEmpty() ? "" : s.entries().get(0).source().file();
            for (ConfigEntry e : s.entries()) {
                if (!e.source().file().equals(own)) {
                    included.add(e.source().file());
                }
            }
        }
        List<ConfigEntry> all = new ArrayList<>();
        for (ConfigSnapshot s : mycnf) {
            if (s.entries().isEmpty() || included.contains(s.entries().get(0).source().file())) {
                continue;
            }
            all.addAll(s.entries());
        }
        return new ConfigSnapshot(ConfigKind.MYCNF, all);
    }

    public Optional<ConfigSnapshot> variables() {
        return Optional.ofNullable(variables);
    }

    public Optional<ConfigSnapshot> printDefaults() {
        return Optional.ofNullable(printDefaults);
    }

    public Optional<ConfigSnapshot> sysctl() {
        return Optional.ofNullable(sysctl);
    }

    public List<ConfigSnapshot> status() {
        return status;
    }

    /**
     * First and last status snapshot compared, when the step has two or more. Computed once (the snapshots do not
     * change): the rules ask for it dozens of times per step, and each comparison indexes and parses every status
     * variable twice (about half of the rules' time on the sample capture went here).
     */
    public Optional<StatusDelta.Result> statusDelta() {
        Optional<StatusDelta.Result> d = statusDelta;
        if (d == null) {
            d = status.size() < 2 ? Optional.empty() : Optional.of(StatusDelta.compare(status.get(0), status.get(status.size() - 1)));
            statusDelta = d;            // immutable: a second thread computing it too gets an equal result
        }
        return d;
    }

    private volatile Optional<StatusDelta.Result> statusDelta;

    /** What the server ran with: runtime variables when captured, else print-defaults, else option files. */
    public ConfigSnapshot serverSettings() {
        if (variables != null) {
            return variables;
        }
        if (printDefaults != null) {
            return printDefaults;
        }
        return optionFiles();
    }
}
