package io.tunescope.analysis.calltree;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * The stack profiles of a capture, whichever importer produced them (perf script, folded, ...): CPU profiles
 * (weights are samples) and off-CPU profiles (weights are time, {@link io.tunescope.model.stack.OffCpuProfile}).
 */
public final class CaptureProfiles {
    private CaptureProfiles() {
    }

    /** A profile with the file (and so the step) it came from. */
    public record Entry(SourceFile file, StackProfile profile) {
        /** "step/file" or just the file path, for choosers and titles. */
        public String label() {
            return file.path();
        }

        /** An off-CPU profile: its weights are time switched out, not samples. */
        public boolean offCpu() {
            return profile.unit().isTime();
        }

        /** Two profiles whose weights can be compared: both CPU samples, or both off-CPU time. */
        public boolean comparableWith(Entry other) {
            return offCpu() == other.offCpu();
        }
    }

    /** The CPU profiles (sample weights), in file order. */
    public static List<Entry> onCpu(Capture capture) {
        return of(capture).stream().filter(e -> !e.offCpu()).toList();
    }

    /** The off-CPU profiles (time weights), in file order. */
    public static List<Entry> offCpu(Capture capture) {
        return of(capture).stream().filter(Entry::offCpu).toList();
    }

    /** Every parsed file whose value is a {@link StackProfile} (CPU and off-CPU), in file order. */
    public static List<Entry> of(Capture capture) {
        List<Entry> out = new ArrayList<>();
        for (SourceFile f : capture.files()) {
            if (f.hasValue() && f.value() instanceof StackProfile p) {
                out.add(new Entry(f, p));
            }
        }
        return out;
    }
}
