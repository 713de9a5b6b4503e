package io.tunescope.render.awt;

import java.awt.GraphicsEnvironment;
import java.util.List;
import java.util.Set;

/** Font choices shared by the PNG and PDF backends. */
public final class Fonts {
    private static final List<String> CJK_FAMILIES = List.of("WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
            "Noto Sans CJK SC", "Droid Sans Fallback");
    private static volatile String family;

    private Fonts() {
    }

    /** The first installed CJK-capable family, else "SansSerif". */
    public static String uiFamily() {
        String f = family;
        if (f == null) {
            f = "SansSerif";
            try {
                Set<String> installed = Set.of(GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames());
                for (String c : CJK_FAMILIES) {
                    if (installed.contains(c)) {
                        f = c;
                        break;
                    }
                }
            } catch (RuntimeException | Error e) {
                f = "SansSerif";
            }
            family = f;
        }
        return f;
    }
}
