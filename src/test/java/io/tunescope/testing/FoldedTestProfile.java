package io.tunescope.testing;

import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test-only {@link StackProfile} from folded lines {@code a;b;c 12} (identical stacks summed). */
public final class FoldedTestProfile implements StackProfile {
    private final List<String> frames = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<List<Integer>, Long> stacks = new LinkedHashMap<>();
    private long total;

    public static FoldedTestProfile of(String... lines) {
        return of(List.of(lines));
    }

    public static FoldedTestProfile of(List<String> lines) {
        FoldedTestProfile p = new FoldedTestProfile();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            int sp = l.lastIndexOf(' ');
            long w = Long.parseLong(l.substring(sp + 1));
            List<Integer> ids = new ArrayList<>();
            String stack = l.substring(0, sp);
            if (!stack.isEmpty()) {
                for (String f : stack.split(";", -1)) {
                    ids.add(p.index.computeIfAbsent(f, k -> {
                        p.frames.add(k);
                        return p.frames.size() - 1;
                    }));
                }
            }
            p.stacks.merge(List.copyOf(ids), w, Long::sum);
            p.total += w;
        }
        return p;
    }

    @Override
    public List<String> frames() {
        return frames;
    }

    @Override
    public List<String> modules() {
        return java.util.Collections.nCopies(frames.size(), "");
    }

    @Override
    public int stackCount() {
        return stacks.size();
    }

    @Override
    public long totalWeight() {
        return total;
    }

    @Override
    public long samples() {
        return total;
    }

    @Override
    public List<String> events() {
        return List.of("cpu-clock");
    }

    @Override
    public void forEach(StackVisitor visitor) {
        int[] buf = new int[256];
        for (var e : stacks.entrySet()) {
            List<Integer> ids = e.getKey();
            if (buf.length < ids.size()) {
                buf = new int[ids.size() * 2];
            }
            for (int i = 0; i < ids.size(); i++) {
                buf[i] = ids.get(i);
            }
            visitor.visit(buf, ids.size(), e.getValue());
        }
    }
}
