package io.tunescope.render.flame;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.FrameModule;
import io.tunescope.analysis.calltree.Modules;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.render.Rgb;
import java.util.ArrayList;
import java.util.List;

/**
 * Fill colours of flame graph frames for one tree. Schemes precompute per frame id what they need, so
 * asking for a colour while painting is an array read.
 */
public interface FlameColors {
    Rgb fill(int node);

    /** A mark drawn on top of the fill (diff: frames new in the shown profile, or gone from the other). */
    default Mark mark(int node) {
        return Mark.NONE;
    }

    /** Legend entries for the picture. */
    List<Legend> legend();

    enum Mark {
        NONE,
        NEW,
        GONE
    }

    record Legend(String label, Rgb color) {
    }

    /**
     * The legend's words in the locale ({@link io.tunescope.analysis.ChartText}): the diff legend and the module
     * names; other labels (subsystems, as the catalogue names them) stay as they are.
     */
    public static List<Legend> localized(List<Legend> legend, java.util.Locale locale) {
        io.tunescope.analysis.ChartText w = io.tunescope.analysis.ChartText.of(locale);
        if (w.english()) {
            return legend;
        }
        List<Legend> out = new ArrayList<>();
        for (Legend l : legend) {
            String label = switch (l.label()) {
                case "share grew" -> w.t("flame.legend.grew", "share grew");
                case "unchanged" -> w.t("flame.legend.unchanged", "unchanged");
                case "share shrank" -> w.t("flame.legend.shrank", "share shrank");
                case "kernel" -> w.t("flame.module.kernel", "kernel");
                case "database" -> w.t("flame.module.database", "database");
                case "library" -> w.t("flame.module.library", "library");
                case "unknown" -> w.t("flame.module.unknown", "unknown");
                default -> l.label();
            };
            out.add(new Legend(label, l.color()));
        }
        return out;
    }

    /** Colour of blocks of merged sub-pixel frames. */
    Rgb MERGED = new Rgb(190, 190, 190);
    /** Fill of frames matching a search (flamegraph.pl's magenta). */
    Rgb SEARCH = new Rgb(230, 0, 230);

    static int hash(String s) {
        // FNV-1a: stable across runs and JVMs
        int h = 0x811C9DC5;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x01000193;
        }
        return h;
    }

    /** A value in [0,1) from a name, different per salt. */
    static double unit(String s, int salt) {
        int h = hash(s) ^ (salt * 0x9E3779B9);
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        return (h & 0xFFFF) / 65536.0;
    }

    /** The classic flamegraph.pl "hot" palette, deterministic per frame name. */
    static FlameColors warm(CallTree tree) {
        int fc = tree.frames().size();
        Rgb[] byFrame = new Rgb[fc];
        for (int f = 0; f < fc; f++) {
            String name = tree.frames().get(f);
            double v1 = unit(name, 1);
            double v2 = unit(name, 2);
            double v3 = unit(name, 3);
            byFrame[f] = new Rgb(205 + (int) (50 * v3), (int) (230 * v1), (int) (55 * v2));
        }
        Rgb root = new Rgb(220, 120, 40);
        return new FlameColors() {
            @Override
            public Rgb fill(int node) {
                int f = tree.frame(node);
                return f < 0 ? root : byFrame[f];
            }

            @Override
            public List<Legend> legend() {
                return List.of();
            }
        };
    }

    /** Base colours of the module scheme. */
    static Rgb moduleColor(FrameModule m) {
        return switch (m) {
            case KERNEL -> new Rgb(232, 152, 58);
            case LIBC -> new Rgb(214, 96, 77);
            case DATABASE -> new Rgb(86, 160, 211);
            case JIT -> new Rgb(102, 189, 99);
            case LIBRARY -> new Rgb(171, 143, 214);
            case UNKNOWN -> new Rgb(176, 176, 168);
        };
    }

    /** By module: kernel, libc, the database binary, JIT, other libraries, unknown; lightness varies by name. */
    static FlameColors byModule(CallTree tree) {
        int fc = tree.frames().size();
        // the process and the place in the stack give context to names that tell nothing themselves
        FrameModule[] modules = Modules.forFrames(tree);
        Rgb[] byFrame = new Rgb[fc];
        for (int f = 0; f < fc; f++) {
            byFrame[f] = vary(moduleColor(modules[f]), tree.frames().get(f));
        }
        Rgb root = new Rgb(200, 200, 200);
        List<Legend> legend = new ArrayList<>();
        for (FrameModule m : FrameModule.values()) {
            legend.add(new Legend(m.label(), moduleColor(m)));
        }
        return new FlameColors() {
            @Override
            public Rgb fill(int node) {
                int f = tree.frame(node);
                return f < 0 ? root : byFrame[f];
            }

            @Override
            public List<Legend> legend() {
                return legend;
            }
        };
    }

    /** Slight lightness change per name so that neighbours of one colour stay distinguishable. */
    static Rgb vary(Rgb base, String name) {
        double t = unit(name, 7) * 0.30 - 0.15;
        return t >= 0 ? base.mix(Rgb.WHITE, t) : base.mix(Rgb.BLACK, -t);
    }

    /** Colours of subsystems: a fixed palette for the known ones, a hashed hue for user-defined ids. */
    static Rgb subsystemColor(String id) {
        return switch (id) {
            case "buffer_pool" -> new Rgb(78, 121, 167);
            case "locks" -> new Rgb(225, 87, 89);
            case "redo_log" -> new Rgb(242, 142, 43);
            case "transactions" -> new Rgb(176, 122, 161);
            case "row_access" -> new Rgb(89, 161, 79);
            case "sql_layer" -> new Rgb(118, 183, 178);
            case "network" -> new Rgb(237, 201, 72);
            case "kernel_sched" -> new Rgb(156, 117, 95);
            case "kernel_io" -> new Rgb(255, 157, 167);
            case "kernel" -> new Rgb(186, 176, 172);
            case Subsystems.OTHER -> new Rgb(215, 215, 210);
            default -> {
                double hue = unit(id, 11);
                yield hsv(hue, 0.45, 0.85);
            }
        };
    }

    static Rgb hsv(double h, double s, double v) {
        int i = (int) Math.floor(h * 6);
        double f = h * 6 - i;
        double p = v * (1 - s);
        double q = v * (1 - f * s);
        double t = v * (1 - (1 - f) * s);
        double r;
        double g;
        double b;
        switch (Math.floorMod(i, 6)) {
            case 0 -> { r = v; g = t; b = p; }
            case 1 -> { r = q; g = v; b = p; }
            case 2 -> { r = p; g = v; b = t; }
            case 3 -> { r = p; g = q; b = v; }
            case 4 -> { r = t; g = p; b = v; }
            default -> { r = v; g = p; b = q; }
        }
        return new Rgb((int) Math.round(r * 255), (int) Math.round(g * 255), (int) Math.round(b * 255));
    }

    /** By MySQL/InnoDB subsystem from the mapping rules. */
    static FlameColors bySubsystem(CallTree tree, Subsystems subsystems) {
        int fc = tree.frames().size();
        Rgb[] byFrame = new Rgb[fc];
        java.util.Set<String> used = new java.util.LinkedHashSet<>();
        for (int f = 0; f < fc; f++) {
            String name = tree.frames().get(f);
            String s = subsystems.of(name);
            if (s.equals(Subsystems.OTHER) && Modules.classify(name, tree.module(f), null) == FrameModule.KERNEL) {
                s = "kernel"; // a kernel frame no rule names: perf script keeps the module, folded text has _[k]
            }
            used.add(s);
            byFrame[f] = vary(subsystemColor(s), name);
        }
        List<Legend> legend = new ArrayList<>();
        for (String s : subsystems.subsystems()) {
            if (used.contains(s)) {
                legend.add(new Legend(s.replace('_', ' '), subsystemColor(s)));
            }
        }
        Rgb root = new Rgb(200, 200, 200);
        return new FlameColors() {
            @Override
            public Rgb fill(int node) {
                int f = tree.frame(node);
                return f < 0 ? root : byFrame[f];
            }

            @Override
            public List<Legend> legend() {
                return legend;
            }
        };
    }

    /** Diverging palette ends (ColorBrewer RdBu, safe for red-green colour blindness) and its neutral middle. */
    Rgb DIFF_MORE = new Rgb(178, 24, 43);
    Rgb DIFF_LESS = new Rgb(33, 102, 172);
    Rgb DIFF_SAME = new Rgb(235, 235, 235);

    /**
     * Diff colours: red where the frame's share of its profile grew, blue where it shrank, intensity by
     * the change relative to the largest change in the tree; changes below {@code noiseThreshold}
     * (absolute share, e.g. 0.001) are neutral. Frames new in the shown profile are marked.
     */
    static FlameColors diff(DiffTree diff, double noiseThreshold) {
        CallTree t = diff.tree();
        double max = 0;
        for (int n = 1; n < t.size(); n++) {
            max = Math.max(max, Math.abs(diff.delta(n)));
        }
        double scale = max == 0 ? 1 : max;
        Rgb[] steps = new Rgb[41];
        for (int i = 0; i <= 40; i++) {
            double v = (i - 20) / 20.0;
            steps[i] = v >= 0 ? DIFF_SAME.mix(DIFF_MORE, v) : DIFF_SAME.mix(DIFF_LESS, -v);
        }
        List<Legend> legend = List.of(new Legend("share grew", DIFF_MORE), new Legend("unchanged", DIFF_SAME),
                new Legend("share shrank", DIFF_LESS));
        return new FlameColors() {
            @Override
            public Rgb fill(int node) {
                double d = diff.delta(node, noiseThreshold);
                if (d == 0) {
                    return DIFF_SAME;
                }
                // at least one step away from neutral so that any change above the threshold shows
                double v = Math.sqrt(Math.min(1, Math.abs(d) / scale));
                int k = Math.max(2, (int) Math.round(v * 20));
                return steps[20 + (d > 0 ? k : -k)];
            }

            @Override
            public Mark mark(int node) {
                if (diff.reversed()) {
                    return diff.isGone(node) ? Mark.GONE : Mark.NONE;
                }
                return diff.isNew(node) ? Mark.NEW : Mark.NONE;
            }

            @Override
            public List<Legend> legend() {
                return legend;
            }
        };
    }
}
