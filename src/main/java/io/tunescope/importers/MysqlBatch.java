package io.tunescope.importers;

/** What the mysql client's batch mode ({@code mysql -B}) does to values, undone once for every importer that reads it. */
public final class MysqlBatch {
    private MysqlBatch() {
    }

    /** Undoes the batch-mode escapes {@code \n \t \0 \\}; any other backslash pair is kept as written. */
    public static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char d = s.charAt(++i);
                switch (d) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case '0' -> b.append('\0');
                    case '\\' -> b.append('\\');
                    default -> b.append('\\').append(d);
                }
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
