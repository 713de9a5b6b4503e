package io.tunescope.ui.annotate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.annotate.AnnotationStore;
import io.tunescope.annotate.AnnotationTarget;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's annotations: a damaged file is reported once, kept, and the typed note is not lost. */
class AnnotationsModelTest {
    @TempDir
    Path tmp;

    @Test
    void aDamagedFileIsReportedInOneMessageAndTheNewNoteIsKeptBesideIt() throws Exception {
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.writeString(cap.resolve("my.cnf"), "[mysqld]\nmax_connections = 100\n");
        String damaged = "{\"version\":1,\"annotations\":[{\"id\":\"a1\",\"target\":{\"kind\":\"STEP\",\"step\":\"\"},"
                + "\"note\":\"first\",\"created\":\"2026-11-30T10:00:00Z\"},{\"id\":\"a2\",\"target\":{\"kind\":\"ST";
        Files.writeString(cap.resolve(AnnotationStore.FILE_NAME), damaged);
        Capture c = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20).load(cap);
        List<String> errors = new ArrayList<>();
        AnnotationsModel m = new AnnotationsModel(errors::add);
        m.load(c);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("not valid JSON") && errors.get(0).contains("continued"), errors.get(0));
        assertEquals(List.of("first"), m.list().stream().map(a -> a.note()).toList());
        assertNotNull(m.add(AnnotationTarget.step(""), "typed after the damage"));
        assertEquals(cap.resolve("tunescope-annotations.continued.json").toAbsolutePath(), m.file());
        assertEquals(damaged, Files.readString(cap.resolve(AnnotationStore.FILE_NAME)));
        AnnotationsModel again = new AnnotationsModel(e -> { });
        again.load(c);
        assertEquals(List.of("first", "typed after the damage"), again.list().stream().map(a -> a.note()).toList());
    }

    @Test
    void aNewerFileIsReadOnlyAndNoNoteIsAskedFor() throws Exception {
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.writeString(cap.resolve("my.cnf"), "[mysqld]\nmax_connections = 100\n");
        String newer = "{\"version\":2,\"annotations\":[{\"id\":\"a1\",\"target\":{\"kind\":\"STEP\",\"step\":\"\"},"
                + "\"note\":\"from 2.0\",\"created\":\"2026-11-30T10:00:00Z\"}]}";
        Files.writeString(cap.resolve(AnnotationStore.FILE_NAME), newer);
        Capture c = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20).load(cap);
        List<String> errors = new ArrayList<>();
        AnnotationsModel m = new AnnotationsModel(errors::add);
        List<AnnotationTarget> asked = new ArrayList<>();
        m.setAsker(t -> {
            asked.add(t);
            return "typed";
        });
        m.load(c);
        assertTrue(m.readOnly());
        assertEquals(List.of("from 2.0"), m.list().stream().map(a -> a.note()).toList());
        errors.clear();
        assertEquals(null, m.annotate(AnnotationTarget.step("")));
        assertEquals(List.of(), asked, "no note is asked for that could not be saved");
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).contains("newer"), errors.get(0));
        assertEquals(newer, Files.readString(cap.resolve(AnnotationStore.FILE_NAME)));
    }
}
