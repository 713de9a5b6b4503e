package io.tunescope.importers;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * Reads JSON into Jackson's {@link JsonNode} trees straight from a streaming {@link JsonParser}, without an
 * {@code ObjectMapper}: the same nodes as a default {@code new ObjectMapper().readTree(...)} (objects keep their first
 * key order and a repeated key's last value; whole numbers are int, long or big integer nodes by size, other numbers
 * double nodes; nulls are null nodes; nothing at all is a missing node; what follows the first value is not read) and
 * the same parse errors, which come from the same parser. Building an {@code ObjectMapper} and its tree deserializer
 * loads about 300 classes and costs 0.2 s of CPU and 0.35 s of wall time when a capture is opened cold (it sat on the
 * main thread before any file was imported); the parser alone, 40 ms. {@code JsonTreeTest} compares both on random
 * documents.
 */
public final class JsonTree {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTree() {
    }

    /** The factory whose parsers {@link #read(JsonParser)} takes (no codec: trees are built here). */
    public static JsonFactory factory() {
        return FACTORY;
    }

    /** The document in {@code bytes} (as {@code ObjectMapper.readTree(byte[])}): a missing node when it holds no value. */
    public static JsonNode read(byte[] bytes) throws IOException {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            if (p.nextToken() == null) {
                return NODES.missingNode();
            }
            return value(p);
        }
    }

    /** The document in {@code text} (as {@code ObjectMapper.readTree(String)}): a missing node when it holds no value. */
    public static JsonNode read(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                return NODES.missingNode();
            }
            return value(p);
        }
    }

    /**
     * The value at the parser's current token, or at its next one when it has none (as {@code ObjectMapper.readTree(JsonParser)}:
     * null at the end of input); the parser is left after the value's last token, with no current token.
     */
    public static JsonNode read(JsonParser p) throws IOException {
        if (!p.hasCurrentToken() && p.nextToken() == null) {
            return null;
        }
        JsonToken t = p.currentToken();
        JsonNode n = t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY ? NODES.nullNode() : value(p);
        p.clearCurrentToken();
        return n;
    }

    /**
     * The value starting at the current token; iterative, so that deep nesting stays within the parser's own limit.
     * The parser is driven as Jackson's tree deserializer drives it ({@code nextFieldName} inside objects, then
     * {@code nextToken} for the value): the parser words an unexpected character differently on the two paths, and a
     * broken manifest's message names what the parser said.
     */
    private static JsonNode value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return scalar(p, t);
        }
        ContainerNode<?> root = t == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
        ArrayDeque<ContainerNode<?>> open = new ArrayDeque<>();
        ContainerNode<?> cur = root;
        containers:
        while (cur != null) {
            if (cur.isObject()) {
                ObjectNode o = (ObjectNode) cur;
                for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                    JsonToken n = p.nextToken();
                    if (n == JsonToken.START_OBJECT || n == JsonToken.START_ARRAY) {
                        ContainerNode<?> child = n == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
                        o.replace(name, child);
                        open.push(cur);
                        cur = child;
                        continue containers;
                    }
                    o.replace(name, scalar(p, n));
                }
            } else {
                ArrayNode a = (ArrayNode) cur;
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    if (n == JsonToken.START_OBJECT || n == JsonToken.START_ARRAY) {
                        ContainerNode<?> child = n == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
                        a.add(child);
                        open.push(cur);
                        cur = child;
                        continue containers;
                    }
                    a.add(scalar(p, n));
                }
            }
            cur = open.poll();
        }
        return root;
    }

    private static JsonNode scalar(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected end-of-input: expected a value");
        }
        switch (t) {
            case VALUE_STRING:
                return NODES.textNode(p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return NODES.numberNode(p.getIntValue());
                    case LONG:
                        return NODES.numberNode(p.getLongValue());
                    default:
                        return NODES.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT:
                return NODES.pojoNode(p.getEmbeddedObject());       // not produced by a JSON text parser
            default:
                // no token where a value must be: the parsers report the end of input themselves before this
                throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected token " + t + ": expected a value");
        }
    }
}
