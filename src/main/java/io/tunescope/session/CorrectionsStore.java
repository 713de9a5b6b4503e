package io.tunescope.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.files.AtomicFiles;
import io.tunescope.model.capture.Corrections;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the user's corrections into the {@code corrections} object of a manifest, atomically, keeping
 * every other field of the manifest as it was. A manifest that cannot be read is never written over.
 */
public final class CorrectionsStore {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CorrectionsStore() {
    }

    public static void save(Path manifest, Corrections c) throws IOException {
        ObjectNode root;
        if (Files.isRegularFile(manifest)) {
            JsonNode n;
            try {
                n = JSON.readTree(Files.readAllBytes(manifest));
            } catch (IOException e) {
                throw new IOException(manifest + " is not valid JSON; it was left as it is and the corrections were not saved ("
                        + e.getMessage().lines().findFirst().orElse("") + ")", e);
            }
            if (!(n instanceof ObjectNode o)) {
                throw new IOException(manifest + " is not a JSON object; it was left as it is and the corrections were not saved");
            }
            root = o;
        } else {
            root = JSON.createObjectNode();
        }
        if (c.isEmpty()) {
            root.remove("corrections");
        } else {
            root.set("corrections", toJson(c));
        }
        byte[] bytes = JSON.writeValueAsBytes(root);
        AtomicFiles.write(manifest, out -> out.write(bytes));
    }

    static ObjectNode toJson(Corrections c) {
        ObjectNode o = JSON.createObjectNode();
        if (!c.notSteps().isEmpty()) {
            ArrayNode a = o.putArray("not_steps");
            c.notSteps().forEach(a::add);
        }
        if (!c.steps().isEmpty()) {
            ArrayNode a = o.putArray("steps");
            c.steps().forEach(a::add);
        }
        put(o, "roles", c.roles());
        put(o, "starts", c.starts());
        put(o, "labels", c.labels());
        put(o, "changes", c.changes());
        return o;
    }

    private static void put(ObjectNode o, String name, Map<String, String> m) {
        if (!m.isEmpty()) {
            ObjectNode x = o.putObject(name);
            m.forEach(x::put);
        }
    }
}
