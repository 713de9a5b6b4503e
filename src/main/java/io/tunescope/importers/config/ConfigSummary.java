package io.tunescope.importers.config;

import io.tunescope.model.config.ConfigSnapshot;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code inspect} summary of every configuration snapshot: {@code {"values": {NAME: VALUE}}}. */
final class ConfigSummary {
    private ConfigSummary() {
    }

    static Map<String, Object> of(ConfigSnapshot s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("values", s.values());
        if (!s.unresolvedIncludes().isEmpty()) {
            out.put("unresolved_includes", s.unresolvedIncludes());
        }
        return out;
    }
}
