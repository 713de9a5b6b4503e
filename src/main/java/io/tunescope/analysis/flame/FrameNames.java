package io.tunescope.analysis.flame;

/**
 * Readable frame names: annotations and clone suffixes stripped, common C++ standard-library spellings
 * shortened, and optionally the template arguments elided ({@code std::vector<…>::push_back}).
 */
public final class FrameNames {
    private static final java.util.regex.Pattern CLOSING_SPACE = java.util.regex.Pattern.compile("(?<=[\\w>*&\\]]) >");
    private FrameNames() {
    }

    /** The readable name; with {@code shortenTemplates} every outermost template argument list becomes {@code <…>}. */
    public static String readable(String raw, boolean shortenTemplates) {
        String s = raw;
        if (s.endsWith("_[k]") || s.endsWith("_[j]") || s.endsWith("_[i]") || s.endsWith("_[w]")) {
            s = s.substring(0, s.length() - 4);
        }
        s = stripClones(s);
        s = s.replace("std::__cxx11::", "std::")
                .replace("std::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string")
                .replace("std::basic_string<char, std::char_traits<char>, std::allocator<char>>", "std::string")
                .replace("(anonymous namespace)", "(anon)");
        s = CLOSING_SPACE.matcher(s).replaceAll(">");
        if (shortenTemplates) {
            s = elideTemplates(s);
        }
        return s;
    }

    /** Removes GCC suffixes such as {@code [clone .isra.0]} and {@code .constprop.0}/{@code .part.0}/{@code .cold}. */
    static String stripClones(String s) {
        int c = s.indexOf(" [clone ");
        if (c > 0) {
            s = s.substring(0, c);
        }
        for (String suffix : new String[] {".constprop.", ".isra.", ".part.", ".lto_priv."}) {
            int i = s.indexOf(suffix);
            if (i > 0) {
                s = s.substring(0, i);
            }
        }
        if (s.endsWith(".cold")) {
            s = s.substring(0, s.length() - 5);
        }
        return s;
    }

    /** Replaces each outermost {@code <...>} with {@code <…>}; {@code operator<}, {@code operator<<} and {@code <=>} are kept. */
    static String elideTemplates(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '<' && isOperator(s, i)) {
                int len = operatorLength(s, i);
                if (depth == 0) {
                    out.append(s, i, i + len);
                }
                i += len - 1;
                continue;
            }
            if (ch == '<') {
                if (depth == 0) {
                    out.append("<…");
                }
                depth++;
            } else if (ch == '>' && depth > 0) {
                depth--;
                if (depth == 0) {
                    out.append('>');
                }
            } else if (depth == 0) {
                out.append(ch);
            }
        }
        if (depth > 0) {
            out.append('>');
        }
        return out.toString();
    }

    private static boolean isOperator(String s, int i) {
        int k = i;
        while (k > 0 && s.charAt(k - 1) == '<') {
            k--;
        }
        return k >= 8 && s.startsWith("operator", k - 8);
    }

    private static int operatorLength(String s, int i) {
        int k = i;
        while (k < s.length() && (s.charAt(k) == '<' || s.charAt(k) == '=' || (s.charAt(k) == '>' && k > i && s.charAt(k - 1) == '='))) {
            k++;
        }
        return Math.max(1, k - i);
    }

    /**
     * Shorter forms of a readable name for labels that do not fit, longest first: without the parameter
     * list, then without namespace/class qualifiers.
     */
    public static String[] shorterForms(String readable) {
        String noParams = readable;
        int paren = topLevelParen(readable);
        if (paren > 0) {
            noParams = readable.substring(0, paren);
        }
        String last = noParams;
        int depth = 0;
        for (int i = noParams.length() - 1; i > 0; i--) {
            char ch = noParams.charAt(i);
            if (ch == '>') {
                depth++;
            } else if (ch == '<') {
                depth--;
            } else if (depth == 0 && ch == ':' && noParams.charAt(i - 1) == ':') {
                // keep the class for methods: Class::method
                int prev = noParams.lastIndexOf("::", i - 2);
                last = prev >= 0 ? noParams.substring(prev + 2) : noParams;
                break;
            }
        }
        return new String[] {noParams, last};
    }

    private static int topLevelParen(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '<') {
                depth++;
            } else if (ch == '>') {
                depth = Math.max(0, depth - 1);
            } else if (ch == '(' && depth == 0) {
                if (s.startsWith("(anon", i)) {
                    continue;
                }
                return i;
            }
        }
        return -1;
    }
}
