package io.tunescope.analysis.calltree;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.List;

/** The CPU stack profiles of a capture, whichever importer produced them (perf script, folded, ...). */
public final class CaptureProfiles {
    private CaptureProfiles() {
    }

    /** A profile with the file (and so the step) it came from. */
    public record Entry(SourceFile file, StackProfile profile) {
        /** "step/file" or just the file path, for choosers and titles. */
        public String label() {
            return file.path();
        }
    }

    /** Every parsed file whose value is a {@link StackProfile}, in file order. */
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
