package io.tunescope.export;

import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationStore;
import io.tunescope.annotate.AnnotationTarget;
import io.tunescope.annotate.TargetText;
import io.tunescope.model.capture.Capture;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every annotation of the capture (what it points at, the note, the date), read through
 * {@link AnnotationStore} from beside the capture. Writes nothing when there are none.
 */
public final class AnnotationsReportSection implements ReportSection {

    @Override
    public void write(PdfWriter pdf, Capture capture, ReportOptions o) throws IOException {
        if (capture.origin() == null) {
            return;
        }
        AnnotationStore store = AnnotationStore.forCapture(capture.origin());
        List<Annotation> all;
        try {
            all = new ArrayList<>(store.load());
        } catch (RuntimeException e) {
            pdf.heading(o.text("annot.title"), 1);
            pdf.paragraph(o.text("annot.unreadable", String.valueOf(e.getMessage())));
            return;
        }
        if (all.isEmpty()) {
            return;
        }
        all.sort(Comparator.comparing((Annotation a) -> a.target().step()).thenComparing(Annotation::created));
        pdf.heading(o.text("annot.title"), 1);
        pdf.paragraph(o.text("annot.intro", store.file().getFileName().toString()));
        List<List<String>> rows = new ArrayList<>();
        for (Annotation a : all) {
            rows.add(List.of(target(a.target(), o), a.note(), TargetText.date(a.updated())));
        }
        pdf.table(List.of(o.text("annot.col.target"), o.text("annot.col.note"), o.text("annot.col.date")), rows,
                new float[] {0.38f, 0.44f, 0.18f});
    }

    static String target(AnnotationTarget t, ReportOptions o) {
        String kind = o.text("annot.kind." + t.kind().name());
        String step = t.step().isEmpty() || t.kind() == AnnotationTarget.Kind.STEP ? "" : " \u00b7 " + t.step();
        return kind + step + ": " + TargetText.describe(t);
    }
}
