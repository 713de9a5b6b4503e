package io.tunescope.analysis.calltree;

/** Where a frame's code lives, as far as a frame name tells. */
public enum FrameModule {
    KERNEL("kernel"),
    LIBC("libc"),
    DATABASE("database"),
    JIT("jit"),
    LIBRARY("library"),
    UNKNOWN("unknown");

    private final String label;

    FrameModule(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
