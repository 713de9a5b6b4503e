package io.tunescope.annotate;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes the annotations of a capture: {@code tunescope-annotations.json} inside a capture
 * folder, or {@code <archive name>.tunescope-annotations.json} beside an archive (the archive itself is
 * never changed). Writes go to a temporary file in the same folder that is then moved over the old file
 * with {@link StandardCopyOption#ATOMIC_MOVE}, so a failed write leaves the previous file intact. No other
 * file of the capture is touched.
 */
public final class AnnotationStore {
    public static final String FILE_NAME = "tunescope-annotations.json";
    static final int VERSION = 1;

    /** Called between writing the temporary file and moving it into place (tests inject failures here). */
    interface BeforeMove {
        void run(Path temp) throws IOException;
    }

    private final Path file;
    private final BeforeMove beforeMove;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    AnnotationStore(Path file, BeforeMove beforeMove) {
        this.file = file;
        this.beforeMove = beforeMove;
    }

    /** The store for what the user opened: a capture folder, an archive, or a single file. */
    public static AnnotationStore forCapture(Path opened) {
        return new AnnotationStore(location(opened), t -> {
        });
    }

    /** Where the annotations of a capture live. */
    public static Path location(Path opened) {
        Path abs = opened.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            return abs.resolve(FILE_NAME);
        }
        Path dir = abs.getParent();
        return dir.resolve(abs.getFileName() + "." + FILE_NAME);
    }

    public Path file() {
        return file;
    }

    /** The annotations, or an empty list when none were saved yet. */
    public List<Annotation> load() throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        ObjectNode root = (ObjectNode) mapper.readTree(file.toFile());
        int version = root.path("version").asInt(0);
        if (version > VERSION) {
            throw new IOException(file + ": annotations version " + version + " is newer than this Tunescope reads (" + VERSION + ")");
        }
        List<Annotation> out = new ArrayList<>();
        for (var n : root.withArray("annotations")) {
            var t = n.path("target");
            List<String> frames = new ArrayList<>();
            t.path("frames").forEach(x -> frames.add(x.asText()));
            AnnotationTarget target = new AnnotationTarget(AnnotationTarget.Kind.valueOf(t.path("kind").asText()),
                    t.path("step").asText(""), t.path("view").asText(""), frames,
                    t.hasNonNull("fromMs") ? t.get("fromMs").asLong() : null, t.hasNonNull("toMs") ? t.get("toMs").asLong() : null,
                    t.path("row").asText(""), t.path("column").asText(""), t.path("findingId").asText(""));
            out.add(new Annotation(n.path("id").asText(), target, n.path("note").asText(""),
                    Instant.parse(n.path("created").asText()), Instant.parse(n.path("updated").asText(n.path("created").asText()))));
        }
        return out;
    }

    /** Replaces the saved annotations atomically. */
    public void save(List<Annotation> annotations) throws IOException {
        ObjectNode root = mapper.createObjectNode();
        root.put("version", VERSION);
        ArrayNode arr = root.putArray("annotations");
        for (Annotation a : annotations) {
            ObjectNode n = arr.addObject();
            n.put("id", a.id());
            ObjectNode t = n.putObject("target");
            AnnotationTarget tg = a.target();
            t.put("kind", tg.kind().name());
            t.put("step", tg.step());
            if (!tg.view().isEmpty()) {
                t.put("view", tg.view());
            }
            if (!tg.frames().isEmpty()) {
                ArrayNode fr = t.putArray("frames");
                tg.frames().forEach(fr::add);
            }
            if (tg.fromMs() != null) {
                t.put("fromMs", tg.fromMs());
                t.put("toMs", tg.toMs());
            }
            if (!tg.row().isEmpty()) {
                t.put("row", tg.row());
                t.put("column", tg.column());
            }
            if (!tg.findingId().isEmpty()) {
                t.put("findingId", tg.findingId());
            }
            n.put("note", a.note());
            n.put("created", a.created().toString());
            n.put("updated", a.updated().toString());
        }
        byte[] bytes = mapper.writeValueAsBytes(root);
        io.tunescope.files.AtomicFiles.write(file, out -> out.write(bytes), beforeMove::run);
    }
}
