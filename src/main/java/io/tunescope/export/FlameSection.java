package io.tunescope.export;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.analysis.calltree.Transform;
import io.tunescope.analysis.calltree.Transforms;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.flame.FlameColors;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.PatternSyntaxException;

/**
 * Per step with a CPU profile: its flame graph as vectors (with the user's focus and search from
 * {@link ReportOptions}) and the top hotspots by self time; then the differential flame graph of the last step
 * against the first when both have a profile.
 */
public final class FlameSection implements ReportSection {
    static final int TOP = 15;
    /** Differences of a frame's share below this are drawn as unchanged (the flamegraph CLI's default). */
    static final double DIFF_NOISE = 0.001;

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        List<Step> withProfile = new ArrayList<>();
        List<CaptureProfiles.Entry> entries = new ArrayList<>();
        List<Step> withOffCpu = new ArrayList<>();
        List<CaptureProfiles.Entry> offCpu = new ArrayList<>();
        for (Step s : c.steps()) {
            List<CaptureProfiles.Entry> p = ReportGraphics.profiles(c, s.dir());
            // CPU samples and off-CPU time are drawn apart, never compared with each other
            p.stream().filter(e -> !e.offCpu()).findFirst().ifPresent(e -> {
                withProfile.add(s);
                entries.add(e);
            });
            p.stream().filter(CaptureProfiles.Entry::offCpu).findFirst().ifPresent(e -> {
                withOffCpu.add(s);
                offCpu.add(e);
            });
        }
        if (entries.isEmpty()) {
            offCpu(pdf, c, o, withOffCpu, offCpu);
            return;
        }
        pdf.newPage();
        pdf.heading(o.text("flame.title"), 1);
        pdf.small(o.text("flame.intro"));
        Subsystems subsystems = Subsystems.builtIn();
        for (int i = 0; i < entries.size(); i++) {
            CaptureProfiles.Entry e = entries.get(i);
            CallTree full = ReportGraphics.tree(e);
            if (i > 0 && pdf.remaining() < ReportGraphics.flameHeight(pdf, full, 0) + 70) {
                pdf.newPage();
            }
            pdf.heading(o.text("flame.step", ReportGraphics.stepName(c, withProfile.get(i).dir()), e.label()), 2);
            pdf.small(o.text("flame.samples", e.profile().samples(), full.grandTotal(),
                    e.profile().events().isEmpty() ? "\u2014" : String.join(", ", e.profile().events())));
            CallTree tree = full;
            ReportOptions.FlameState screen = o.flame();
            if (screen != null) {
                asOnScreen(pdf, o, full, screen, subsystems);
                hotspots(pdf, o, screen.transforms().apply(full));
                continue;
            }
            if (o.flameFocus() != null && !o.flameFocus().isBlank()) {
                tree = Transforms.apply(full, new Transform.FocusFunction(o.flameFocus()));
                pdf.small(o.text("flame.focus", o.flameFocus()));
            }
            FlameSearch search = null;
            if (o.flameSearch() != null && !o.flameSearch().isBlank()) {
                try {
                    search = FlameSearch.of(tree, 0, o.flameSearch(), true);
                    pdf.small(o.text("flame.search", o.flameSearch(), search.count(),
                            String.format(Locale.ROOT, "%.2f", search.share() * 100)));
                } catch (PatternSyntaxException ex) {
                    pdf.small(o.text("flame.badSearch", o.flameSearch(), ex.getDescription()));
                }
            }
            if (tree.grandTotal() == 0) {
                pdf.paragraph(o.text("flame.emptyFocus"));
            } else {
                ReportGraphics.flame(pdf, o, tree, 0, ColorScheme.ofSlug("module").create(tree, subsystems), search);
            }
            hotspots(pdf, o, full);
        }
        if (entries.size() > 1) {
            CaptureProfiles.Entry first = entries.get(0);
            CaptureProfiles.Entry last = entries.get(entries.size() - 1);
            DiffTree diff = DiffTree.of(ReportGraphics.tree(first), ReportGraphics.tree(last));
            if (pdf.remaining() < ReportGraphics.flameHeight(pdf, diff.tree(), diff.shapeColumn()) + 60) {
                pdf.newPage();
            }
            pdf.heading(o.text("flame.diff", ReportGraphics.stepName(c, withProfile.get(0).dir()),
                    ReportGraphics.stepName(c, withProfile.get(withProfile.size() - 1).dir())), 2);
            pdf.small(o.text("flame.diffIntro", first.label(), last.label()));
            FlameColors colors = FlameColors.diff(diff, DIFF_NOISE);
            ReportGraphics.flame(pdf, o, diff.tree(), diff.shapeColumn(), colors, null);
        }
        offCpu(pdf, c, o, withOffCpu, offCpu);
    }

    /**
     * The off-CPU profile of each step that has one: the time threads spent switched out, with its unit, by
     * stack under its state frame (S, D, R); after the CPU flame graphs.
     */
    private static void offCpu(PdfWriter pdf, Capture c, ReportOptions o, List<Step> steps, List<CaptureProfiles.Entry> entries)
            throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        pdf.newPage();
        pdf.heading(o.text("flame.offcpu.title"), 1);
        pdf.small(o.text("flame.offcpu.intro"));
        for (int i = 0; i < entries.size(); i++) {
            CaptureProfiles.Entry e = entries.get(i);
            CallTree tree = ReportGraphics.tree(e);
            if (i > 0 && pdf.remaining() < ReportGraphics.flameHeight(pdf, tree, 0) + 70) {
                pdf.newPage();
            }
            pdf.heading(o.text("flame.step", ReportGraphics.stepName(c, steps.get(i).dir()), e.label()), 2);
            io.tunescope.model.stack.WeightUnit unit = e.profile().unit();
            pdf.small(o.text("flame.offcpu.total", unit.format(tree.grandTotal()), tree.grandTotal(), unit.slug(), e.profile().samples()));
            ReportGraphics.flame(pdf, o, tree, 0, ColorScheme.ofSlug("module").create(tree, Subsystems.builtIn()), null);
        }
    }

    /** One profile's flame graph as the user has it on screen: colours, transforms, search and zoom. */
    private static void asOnScreen(PdfWriter pdf, ReportOptions o, CallTree full, ReportOptions.FlameState s, Subsystems subsystems)
            throws IOException {
        CallTree tree = s.transforms().apply(full);
        ColorScheme scheme = ColorScheme.ofSlug(s.scheme());
        List<String> parts = new ArrayList<>();
        parts.add(o.text("flame.screen.colors", o.text("flame.scheme." + scheme.slug())));
        for (Transform t : s.transforms().transforms()) {
            parts.add(t.describe());
        }
        int zoom = s.zoom().isEmpty() ? 0 : Math.max(0, tree.nodeByPath(s.zoom()));
        if (zoom > 0) {
            parts.add(o.text("flame.screen.zoom", s.zoom().get(s.zoom().size() - 1)));
        }
        pdf.small(o.text("flame.screen", String.join("; ", parts)));
        FlameSearch search = null;
        if (!s.search().isBlank()) {
            try {
                search = FlameSearch.of(tree, 0, s.search(), s.regex());
                pdf.small(o.text("flame.search", s.search(), search.count(), String.format(Locale.ROOT, "%.2f", search.share() * 100)));
            } catch (PatternSyntaxException ex) {
                pdf.small(o.text("flame.badSearch", s.search(), ex.getDescription()));
            }
        }
        if (tree.grandTotal() == 0) {
            pdf.paragraph(o.text("flame.emptyFocus"));
            return;
        }
        ReportGraphics.flame(pdf, o, tree, 0, zoom, scheme.create(tree, subsystems), search);
    }

    private static void hotspots(PdfWriter pdf, ReportOptions o, CallTree tree) throws IOException {
        List<Hotspot> hs = Hotspots.of(tree, 0);
        if (hs.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Hotspot h : hs.subList(0, Math.min(TOP, hs.size()))) {
            rows.add(List.of(h.function(), h.moduleLabel(), String.format(Locale.ROOT, "%.2f %%", h.selfShare() * 100),
                    String.format(Locale.ROOT, "%.2f %%", h.totalShare() * 100)));
        }
        pdf.heading(o.text("flame.hotspots", Math.min(TOP, hs.size())), 2);
        pdf.table(List.of(o.text("flame.col.function"), o.text("flame.col.module"), o.text("flame.col.self"),
                o.text("flame.col.total")), rows, new float[] {4.5f, 1.6f, 0.8f, 0.8f});
    }
}
