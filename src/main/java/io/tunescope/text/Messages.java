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

    /** The bundle {@code baseName} for the locale (null: root), never the default locale's. */
    public static Optional<ResourceBundle> bundle(String baseName, Locale locale) {
        try {
            return Optional.of(ResourceBundle.getBundle(baseName, locale == null ? Locale.ROOT : locale, NO_FALLBACK));
        } catch (MissingResourceException e) {
            return Optional.empty();
        }
    }

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
