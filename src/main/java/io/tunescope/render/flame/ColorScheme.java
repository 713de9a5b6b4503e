package io.tunescope.render.flame;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.flame.Subsystems;

/** The colour schemes a user can choose for a (non-differential) flame graph. */
public enum ColorScheme {
    MODULE("module"),
    WARM("warm"),
    SUBSYSTEM("subsystem");

    private final String slug;

    ColorScheme(String slug) {
        this.slug = slug;
    }

    public String slug() {
        return slug;
    }

    public static ColorScheme ofSlug(String s) {
        for (ColorScheme c : values()) {
            if (c.slug.equalsIgnoreCase(s) || c.name().equalsIgnoreCase(s)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown colour scheme " + s + " (module, warm, subsystem)");
    }

    public FlameColors create(CallTree tree, Subsystems subsystems) {
        return switch (this) {
            case MODULE -> FlameColors.byModule(tree);
            case WARM -> FlameColors.warm(tree);
            case SUBSYSTEM -> FlameColors.bySubsystem(tree, subsystems);
        };
    }
}
