package io.tunescope.importers.config;

import io.tunescope.model.capture.Dataset;
import io.tunescope.model.config.ConfigSnapshot;
import java.util.LinkedHashMap;
import java.util.Map;

/** The dataset keys of configuration and state snapshots. */
public final class ConfigDatasets {
    public static final Dataset<ConfigSnapshot> MYCNF = Dataset.of("config.mycnf", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> VARIABLES = Dataset.of("config.variables", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> STATUS = Dataset.of("config.status", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> PRINT_DEFAULTS = Dataset.of("config.print-defaults", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> SYSCTL = Dataset.of("config.sysctl", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> LSCPU = Dataset.of("config.lscpu", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> SERVER_VERSION = Dataset.of("config.server-version", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> PROCESS_BINDING = Dataset.of("config.process-binding", ConfigSnapshot.class);

    private ConfigDatasets() {
    }

    /** The {@code inspect} summary of every configuration snapshot: {@code {"values": {NAME: VALUE}}}. */
    static Map<String, Object> summary(ConfigSnapshot s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("values", s.values());
        if (!s.unresolvedIncludes().isEmpty()) {
            out.put("unresolved_includes", s.unresolvedIncludes());
        }
        return out;
    }
}
