package io.tunescope.importers.variants;

import io.tunescope.model.stack.StackProfile;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parsed value as indented text for the golden dumps: record components by name, nested; numbers with six
 * significant digits; lists and maps with their size, the first {@link #HEAD} and last {@link #TAIL} items and a
 * line saying how many were left out; CPU profiles as their totals and heaviest stacks. Deterministic: no identity
 * hash codes (an object without its own toString is written as its class name).
 */
final class ValueDump {
    static final int HEAD = 8;
    static final int TAIL = 2;
    private static final int MAX_DEPTH = 10;
    private static final int MAX_TEXT = 160;

    private ValueDump() {
    }

    static void append(Object v, StringBuilder b) {
        if (v instanceof StackProfile p) {
            profile(p, b);
            return;
        }
        value(v, "", b, 0);
        b.append('\n');
    }

    private static void value(Object o, String indent, StringBuilder b, int depth) {
        if (o == null) {
            b.append("null");
        } else if (o instanceof Double d) {
            b.append(num(d));
        } else if (o instanceof Float f) {
            b.append(num(f));
        } else if (o instanceof CharSequence s) {
            b.append('"').append(text(s.toString())).append('"');
        } else if (o instanceof Number || o instanceof Boolean || o instanceof Enum<?> || o instanceof Character) {
            b.append(o);
        } else if (depth >= MAX_DEPTH) {
            b.append("...");
        } else if (o instanceof Collection<?> c) {
            List<Object> l = new ArrayList<>(c);
            if (unordered(c)) {
                l.sort(java.util.Comparator.comparing(String::valueOf));
            }
            items(l, indent, b, depth);
        } else if (o instanceof Map<?, ?> m) {
            List<Object> entries = new ArrayList<>(m.entrySet());
            if (unordered(m)) {
                // Map.of/copyOf and HashMap iterate in an order that changes from one JVM to the next
                entries.sort(java.util.Comparator.comparing(e -> String.valueOf(((Map.Entry<?, ?>) e).getKey())));
            }
            items(entries, indent, b, depth);
        } else if (o instanceof Map.Entry<?, ?> e) {
            value(e.getKey(), indent, b, depth + 1);
            b.append(" = ");
            value(e.getValue(), indent, b, depth + 1);
        } else if (o.getClass().isArray()) {
            List<Object> l = new ArrayList<>();
            for (int i = 0; i < Array.getLength(o); i++) {
                l.add(Array.get(o, i));
            }
            items(l, indent, b, depth);
        } else if (o instanceof StackProfile p) {
            b.append("profile of ").append(p.samples()).append(" samples");
        } else if (o.getClass().isRecord()) {
            record(o, indent, b, depth);
        } else if (ownToString(o)) {
            b.append(text(o.toString()));
        } else {
            b.append('<').append(o.getClass().getSimpleName()).append('>');
        }
    }

    /** Collections whose iteration order is not theirs to keep (hash order, randomised per JVM for Map.of/Set.of). */
    private static boolean unordered(Object c) {
        String n = c.getClass().getName();
        return n.startsWith("java.util.ImmutableCollections$Set") || n.startsWith("java.util.ImmutableCollections$Map")
                || c.getClass() == java.util.HashMap.class || c.getClass() == java.util.HashSet.class;
    }

    private static void record(Object o, String indent, StringBuilder b, int depth) {
        RecordComponent[] rc = o.getClass().getRecordComponents();
        b.append(o.getClass().getSimpleName());
        if (rc.length == 0) {
            return;
        }
        b.append(" {");
        String in = indent + "  ";
        for (RecordComponent c : rc) {
            Object v;
            try {
                c.getAccessor().setAccessible(true);
                v = c.getAccessor().invoke(o);
            } catch (ReflectiveOperationException | RuntimeException e) {
                v = "<" + e.getClass().getSimpleName() + ">";
            }
            b.append('\n').append(in).append(c.getName()).append(": ");
            value(v, in, b, depth + 1);
        }
        b.append('\n').append(indent).append('}');
    }

    private static boolean scalar(Object o) {
        return o == null || o instanceof Number || o instanceof CharSequence || o instanceof Boolean || o instanceof Enum<?>
                || o instanceof Character;
    }

    private static void items(List<?> l, String indent, StringBuilder b, int depth) {
        b.append('[').append(l.size()).append(l.size() == 1 ? " item" : " items");
        if (l.isEmpty()) {
            b.append(']');
            return;
        }
        if (l.stream().allMatch(ValueDump::scalar)) {
            b.append(':');
            for (int i = 0; i < l.size(); i++) {
                if (i == HEAD && l.size() > HEAD + TAIL) {
                    b.append(" ... ").append(l.size() - HEAD - TAIL).append(" more ...");
                    i = l.size() - TAIL;
                }
                b.append(' ');
                value(l.get(i), indent, b, depth + 1);
            }
            b.append(']');
            return;
        }
        String in = indent + "  ";
        for (int i = 0; i < l.size(); i++) {
            if (i == HEAD && l.size() > HEAD + TAIL) {
                b.append('\n').append(in).append("... ").append(l.size() - HEAD - TAIL).append(" more");
                i = l.size() - TAIL;
            }
            b.append('\n').append(in).append('#').append(i).append(' ');
            value(l.get(i), in, b, depth + 1);
        }
        b.append('\n').append(indent).append(']');
    }

    private static void profile(StackProfile p, StringBuilder b) {
        b.append("samples ").append(p.samples()).append(", total weight ").append(p.totalWeight()).append(", stacks ")
                .append(p.stackCount()).append(", frames ").append(p.frames().size()).append(", events ").append(p.events()).append('\n');
        List<String[]> stacks = new ArrayList<>();
        p.forEach((ids, depth, weight) -> {
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < depth; k++) {
                if (s.length() > 0) {
                    s.append(';');
                }
                s.append(p.frames().get(ids[k]));
            }
            stacks.add(new String[] {s.toString(), Long.toString(weight)});
        });
        stacks.sort((x, y) -> {
            int c = Long.compare(Long.parseLong(y[1]), Long.parseLong(x[1]));
            return c != 0 ? c : x[0].compareTo(y[0]);
        });
        b.append("heaviest stacks:\n");
        for (int i = 0; i < Math.min(HEAD, stacks.size()); i++) {
            b.append("  ").append(stacks.get(i)[1]).append(' ').append(text(stacks.get(i)[0])).append('\n');
        }
    }

    private static boolean ownToString(Object o) {
        try {
            return o.getClass().getMethod("toString").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String text(String s) {
        String t = s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
        return t.length() > MAX_TEXT ? t.substring(0, MAX_TEXT) + "...(" + t.length() + " chars)" : t;
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.6g", d);
    }
}
