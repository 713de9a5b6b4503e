package io.tunescope.model.capture;

/** A parsed value together with the file (and step) it came from. */
public record Loaded<T>(SourceFile file, T value) {
    public String step() {
        return file.step();
    }

    public SourceRef ref(int line) {
        return new SourceRef(file.path(), line);
    }
}
