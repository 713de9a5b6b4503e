package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link JsonTree} reads what a default {@code ObjectMapper} reads, node for node, and fails where it fails. */
class JsonTreeProperties {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A random JSON value: nested containers, repeated keys, numbers of every size and form, escapes. */
    static String value(Random r, int depth) {
        int k = r.nextInt(depth > 4 ? 7 : 9);
        switch (k) {
            case 0:
                return '"' + string(r) + '"';
            case 1:
                return Integer.toString(r.nextInt(2000) - 1000);
            case 2:
                return Long.toString(r.nextLong() / (1L << r.nextInt(40)));
            case 3: {
                String[] forms = {"1.5", "-0.0", "0", "-0", "1e3", "2E-2", "12345678901234567890123", "-9223372036854775809",
                    "2147483648", "-2147483648", "9223372036854775807", "0.1", "1.7976931348623157E309", "4.9e-325", "3.14159265358979323846"};
                return forms[r.nextInt(forms.length)];
            }
            case 4:
                return r.nextDouble() * Math.pow(10, r.nextInt(30) - 15) + "";
            case 5:
                return new String[] {"true", "false", "null"}[r.nextInt(3)];
            case 6:
                return "\"\"";
            case 7: {
                StringBuilder b = new StringBuilder("[");
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ",").append(ws(r)).append(value(r, depth + 1));
                }
                return b.append(ws(r)).append(']').toString();
            }
            default: {
                StringBuilder b = new StringBuilder("{");
                int n = r.nextInt(6);
                for (int i = 0; i < n; i++) {
                    // few key names, so that keys repeat within an object
                    String key = r.nextInt(4) == 0 ? string(r) : "k" + r.nextInt(4);
                    b.append(i == 0 ? "" : ",").append(ws(r)).append('"').append(key).append("\":").append(ws(r)).append(value(r, depth + 1));
                }
                return b.append(ws(r)).append('}').toString();
            }
        }
    }

    private static String ws(Random r) {
        return new String[] {"", "", " ", "\n  ", "\r\n", "\t"}[r.nextInt(6)];
    }

    private static String string(Random r) {
        String[] parts = {"a", "b", "vda", " ", "\\n", "\\\"", "\\u00e9", "é", "中", "\\ud83d\\ude00", "%", "\\\\", "\\/"};
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            b.append(parts[r.nextInt(parts.length)]);
        }
        return b.toString();
    }

    /** Sometimes breaks the document: cut short, a byte changed, something after it, nothing at all. */
    static String mangle(Random r, String doc) {
        switch (r.nextInt(9)) {
            case 0:
                return doc.substring(0, r.nextInt(doc.length() + 1));
            case 1: {
                if (doc.isEmpty()) {
                    return doc;
                }
                int i = r.nextInt(doc.length());
                char c = "{}[],:\"x0 ".charAt(r.nextInt(10));
                return doc.substring(0, i) + c + doc.substring(i + 1);
            }
            case 2:
                return doc + new String[] {" trailing", "}", " {\"a\":1}", "\n", ""}[r.nextInt(5)];
            case 3:
                return r.nextBoolean() ? "" : "  \n ";
            case 4: {
                int i = r.nextInt(doc.length() + 1);
                return doc.substring(0, i) + "{}[],:\"x0 -.e\\".charAt(r.nextInt(14)) + doc.substring(i);
            }
            case 5: {
                if (doc.isEmpty()) {
                    return doc;
                }
                int i = r.nextInt(doc.length());
                return doc.substring(0, i) + doc.substring(i + 1);
            }
            default:
                return doc;
        }
    }

    /** Either the tree's text with the class of every node, or the failure's class and first line. */
    private static String outcome(JsonNode n) {
        return n == null ? "null" : n.getClass().getSimpleName() + " " + n + " " + classes(n);
    }

    private static String classes(JsonNode n) {
        StringBuilder b = new StringBuilder(n.getClass().getSimpleName());
        if (n.isContainerNode()) {
            b.append('(');
            if (n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    b.append(e.getKey()).append('=').append(classes(e.getValue())).append(',');
                }
            } else {
                for (JsonNode c : n) {
                    b.append(classes(c)).append(',');
                }
            }
            b.append(')');
        }
        return b.toString();
    }

    private static String failure(Exception e) {
        return e.getClass().getName() + ": " + e.getMessage().lines().findFirst().orElse("");
    }

    @Property(tries = 10000)
    void readsBytesAsTheObjectMapperDoes(@ForAll long seed) {
        Random r = new Random(seed);
        String doc = mangle(r, value(r, 0));
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        JsonNode wantNode = null;
        JsonNode gotNode = null;
        String want;
        try {
            wantNode = MAPPER.readTree(bytes);
            want = outcome(wantNode);
        } catch (Exception e) {
            want = failure(e);
        }
        String got;
        try {
            gotNode = JsonTree.read(bytes);
            got = outcome(gotNode);
        } catch (Exception e) {
            got = failure(e);
        }
        assertEquals(want, got, doc);
        assertEquals(wantNode, gotNode, doc);
        String gotText;
        try {
            gotText = outcome(JsonTree.read(doc));
        } catch (Exception e) {
            gotText = failure(e);
        }
        String wantText;
        try {
            wantText = outcome(MAPPER.readTree(doc));
        } catch (Exception e) {
            wantText = failure(e);
        }
        assertEquals(wantText, gotText, doc);
    }

    /** The statistics loop of {@code SeriesCollector.readSysstatJson}: one tree per entry of an array, then the rest. */
    private static List<String> entries(JsonParser p, boolean mapper) throws Exception {
        List<String> out = new ArrayList<>();
        try (p) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t != JsonToken.FIELD_NAME) {
                    continue;
                }
                String f = p.currentName();
                if ("statistics".equals(f)) {
                    if (p.nextToken() != JsonToken.START_ARRAY) {
                        continue;
                    }
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        int line = p.currentTokenLocation().getLineNr();
                        JsonNode n = mapper ? MAPPER.readTree(p) : JsonTree.read(p);
                        out.add(line + " " + outcome(n) + " " + p.currentToken());
                    }
                } else if (p.nextToken().isScalarValue()) {
                    out.add(f + "=" + p.getValueAsString());
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            out.add(e.getLocation() == null ? "-" : e.getLocation().getLineNr() + " " + e.getOriginalMessage());
        }
        return out;
    }

    @Property(tries = 3000)
    void readsStatisticsEntriesAsTheObjectMapperDoes(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder("{\"sysstat\": {\"hosts\": [{\"nodename\": \"h\", \"statistics\": [");
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            String v = value(r, 1);
            b.append(i == 0 ? "" : ",\n").append(v.startsWith("{") ? v : "{\"v\": " + v + "}");
        }
        b.append("]}]}, \"after\": 1}");
        String doc = mangle(r, b.toString());
        List<String> want = entries(MAPPER.getFactory().createParser(new java.io.StringReader(doc)), true);
        List<String> got = entries(JsonTree.factory().createParser(new java.io.StringReader(doc)), false);
        assertEquals(want, got, doc);
    }

    @Test
    void emptyInputIsAMissingNodeAndDeepNestingIsRead() throws Exception {
        assertTrue(JsonTree.read(new byte[0]).isMissingNode());
        assertEquals(MAPPER.readTree(new byte[0]), JsonTree.read(new byte[0]));
        String deep = "[".repeat(900) + "1" + "]".repeat(900);
        assertEquals(MAPPER.readTree(deep), JsonTree.read(deep));
        JsonParser p = JsonTree.factory().createParser("");
        assertNull(JsonTree.read(p));
        JsonNode dup = JsonTree.read("{\"a\":1,\"b\":2,\"a\":{\"c\":[3]}}");
        assertNotNull(dup);
        assertEquals("{\"a\":{\"c\":[3]},\"b\":2}", dup.toString());
        assertEquals(MAPPER.readTree("{\"a\":1,\"b\":2,\"a\":{\"c\":[3]}}"), dup);
    }
}
