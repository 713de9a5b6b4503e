package io.tunescope.model.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An opened capture: its steps and every file with what was parsed from it. Immutable.
 *
 * @param name     the capture's name (folder or archive name)
 * @param origin   what the user opened (folder or archive)
 * @param root     the folder the files were read from (for archives: the private extraction area)
 * @param title    manifest title or the name
 * @param meta     manifest fields such as host and database (may be empty)
 * @param notes    capture-level problems (e.g. a rejected archive entry or an unreadable manifest)
 * @param auxiliary sub-folders that are not steps (a dataset prepare, auxiliary files), with the reason
 * @param corrections the user's corrections of the reading, from the manifest
 * @param modified  each file's modification time (epoch millis) by path: the clock of last resort
 */
public record Capture(
        String name,
        Path origin,
        Path root,
        String title,
        Map<String, String> meta,
        List<Step> steps,
        List<SourceFile> files,
        List<Diagnostic> notes,
        List<AuxFolder> auxiliary,
        Corrections corrections,
        Map<String, Long> modified) {

    public Capture(String name, Path origin, Path root, String title, Map<String, String> meta, List<Step> steps,
                   List<SourceFile> files, List<Diagnostic> notes) {
        this(name, origin, root, title, meta, steps, files, notes, List.of(), Corrections.NONE, Map.of());
    }

    public Capture {
        auxiliary = List.copyOf(auxiliary);
        corrections = corrections == null ? Corrections.NONE : corrections;
        modified = Map.copyOf(modified);
        meta = Map.copyOf(meta);
        steps = List.copyOf(steps);
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    /**
     * Every parsed value of the given dataset, in file order; then the parts of {@link Composite} values (a
     * summary report's CPU or memory facts) for the steps that have no file of the dataset itself.
     */
    public <T> List<Loaded<T>> all(Dataset<T> dataset) {
        List<Loaded<T>> out = new ArrayList<>();
        List<Loaded<T>> parts = new ArrayList<>();
        java.util.Set<String> stepsWithFile = new java.util.HashSet<>();
        for (SourceFile f : files) {
            if (!f.hasValue()) {
                continue;
            }
            if (dataset.name().equals(f.dataset()) && dataset.type().isInstance(f.value())) {
                out.add(new Loaded<>(f, dataset.cast(f.value())));
                stepsWithFile.add(f.step());
            } else if (f.value() instanceof Composite c && dataset.type().isInstance(c.parts().get(dataset.name()))) {
                parts.add(new Loaded<>(f, dataset.cast(c.parts().get(dataset.name()))));
            }
        }
        for (Loaded<T> p : parts) {
            if (!stepsWithFile.contains(p.step())) {
                out.add(p);
            }
        }
        return out;
    }

    /** True when the value was not read from a file of its dataset but is a part of a {@link Composite} (a report's summary). */
    public static boolean isPart(Loaded<?> loaded, Dataset<?> dataset) {
        return !dataset.name().equals(loaded.file().dataset());
    }

    /** Parsed values of the dataset that belong to one step. */
    public <T> List<Loaded<T>> inStep(Dataset<T> dataset, String stepDir) {
        List<Loaded<T>> out = new ArrayList<>();
        for (Loaded<T> l : all(dataset)) {
            if (l.step().equals(stepDir)) {
                out.add(l);
            }
        }
        return out;
    }

    public long count(FileStatus status) {
        return files.stream().filter(f -> f.status() == status).count();
    }

    public boolean hasSteps() {
        return steps.size() > 1 || (steps.size() == 1 && !steps.get(0).isRoot());
    }

    /** The auxiliary folder of that name, or null. */
    public AuxFolder auxiliary(String dir) {
        for (AuxFolder a : auxiliary) {
            if (a.dir().equals(dir)) {
                return a;
            }
        }
        return null;
    }

    /** The same capture with other corrections (the steps are not re-read: reopen for that). */
    public Capture withCorrections(Corrections c) {
        return new Capture(name, origin, root, title, meta, steps, files, notes, auxiliary, c, modified);
    }

    public Step step(String dir) {
        for (Step s : steps) {
            if (s.dir().equals(dir)) {
                return s;
            }
        }
        return null;
    }
}
