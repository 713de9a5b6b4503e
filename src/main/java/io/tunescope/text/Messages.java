package io.tunescope.text;

import java.util.Locale;
import java.util.MissingResourceException;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two primitives behind the translated words of the core (rules, charts): a resource bundle that never
 * falls back to the JVM's default locale (so an English report on a Chinese desktop stays English), and
 * {@code {0}}-only formatting (quotes and other braces are literal, so English apostrophes need no
 * escaping). Arguments are formatted before they come here.
 */
public final class Messages {
    private static final Pattern ARG = Pattern.compile("\\{(\\d)}");
    private static final ResourceBundle.Control NO_FALLBACK =
            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

    private Messages() {
    }

    /**
     * The bundle {@code baseName} for the locale (null: root), never the default locale's. Looked up once per name and
     * locale: every rule's every sentence asks, and {@code ResourceBundle.getBundle} finds its caller, checks modules
     * and builds a cache key each time (a tenth of the rules' time on the sample capture). The JDK keeps loaded and
     * missing bundles alike for the life of the class loader, and this class is the only caller, so the answer is the same.
     */
    public static Optional<ResourceBundle> bundle(String baseName, Locale locale) {
        Locale l = locale == null ? Locale.ROOT : locale;
        return BUNDLES.computeIfAbsent(java.util.List.of(baseName, l), k -> {
            try {
                return Optional.of(ResourceBundle.getBundle(baseName, l, NO_FALLBACK));
            } catch (MissingResourceException e) {
                return Optional.empty();
            }
        });
    }

    private static final java.util.Map<java.util.List<Object>, Optional<ResourceBundle>> BUNDLES = new java.util.concurrent.ConcurrentHashMap<>();

    /** Replaces {@code {n}} by the n-th argument's string; nothing else is special. */
    public static String format(String pattern, Object... args) {
        if (args.length == 0) {
            return pattern;
        }
        Matcher m = ARG.matcher(pattern);
        StringBuilder sb = new StringBuilder(pattern.length() + 32);
        while (m.find()) {
            int i = m.group(1).charAt(0) - '0';
            if (i >= args.length) {
                throw new IllegalArgumentException("pattern wants argument " + i + " but has " + args.length + ": " + pattern);
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(String.valueOf(args[i])));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
