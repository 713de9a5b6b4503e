package io.tunescope.importers.folded;

import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.stack.StackTable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes a profile as folded stacks, {@code frame;frame;frame COUNT} per line, sorted by the stack text
 * in byte order (Perl's {@code sort}), stacks with the same text merged, as {@code stackcollapse-perf.pl}
 * prints them.
 */
public final class FoldedWriter {
    private FoldedWriter() {
    }

    public static void write(StackProfile profile, OutputStream out) throws IOException {
        List<byte[]> keys = new ArrayList<>();
        List<Long> weights = new ArrayList<>();
        if (profile instanceof InternedStackProfile ip) {
            FrameTable ft = ip.frameTable();
            StackTable t = ip.table();
            boolean period = ip.weightedByPeriod();
            for (int i = 0, n = t.size(); i < n; i++) {
                int d = t.depth(i);
                int len = Math.max(0, d - 1);
                for (int k = 0; k < d; k++) {
                    len += ft.nameLength(t.frame(i, k));
                }
                byte[] line = new byte[len];
                int pos = 0;
                for (int k = 0; k < d; k++) {
                    if (k > 0) {
                        line[pos++] = ';';
                    }
                    pos = ft.copyName(t.frame(i, k), line, pos);
                }
                keys.add(line);
                weights.add(period ? t.period(i) : t.samples(i));
            }
        } else {
            List<String> names = profile.frames();
            profile.forEach((ids, depth, w) -> {
                StringBuilder sb = new StringBuilder();
                for (int k = 0; k < depth; k++) {
                    if (k > 0) {
                        sb.append(';');
                    }
                    sb.append(names.get(ids[k]));
                }
                keys.add(sb.toString().getBytes(StandardCharsets.UTF_8));
                weights.add(w);
            });
        }
        writeSorted(keys, weights, out);
    }

    private static void writeSorted(List<byte[]> keys, List<Long> weights, OutputStream out) throws IOException {
        Integer[] order = new Integer[keys.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys.get(a), keys.get(b)));
        byte[] buf = new byte[1 << 16];
        int pos = 0;
        for (int i = 0; i < order.length; ) {
            byte[] k = keys.get(order[i]);
            long w = 0;
            int j = i;
            while (j < order.length && Arrays.equals(keys.get(order[j]), k)) {
                w += weights.get(order[j]);
                j++;
            }
            i = j;
            byte[] num = Long.toString(w).getBytes(StandardCharsets.US_ASCII);
            int need = k.length + 1 + num.length + 1;
            if (pos + need > buf.length) {
                out.write(buf, 0, pos);
                pos = 0;
                if (need > buf.length) {
                    buf = new byte[need];
                }
            }
            System.arraycopy(k, 0, buf, pos, k.length);
            pos += k.length;
            buf[pos++] = ' ';
            System.arraycopy(num, 0, buf, pos, num.length);
            pos += num.length;
            buf[pos++] = '\n';
        }
        out.write(buf, 0, pos);
        out.flush();
    }
}
