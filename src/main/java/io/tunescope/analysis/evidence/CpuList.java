package io.tunescope.analysis.evidence;

import java.util.BitSet;

/** Linux CPU/node list syntax: {@code 0-15,32-47}, {@code 0,2,4}, {@code 3}. */
public final class CpuList {
    private CpuList() {
    }

    /** The members, or an empty set for text that is not a list. */
    public static BitSet parse(String list) {
        BitSet b = new BitSet();
        if (list == null) {
            return b;
        }
        for (String part : list.strip().split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dash = p.indexOf('-');
                if (dash > 0) {
                    int from = Integer.parseInt(p.substring(0, dash).strip());
                    int to = Integer.parseInt(p.substring(dash + 1).strip());
                    if (from <= to && to - from < 1_000_000) {
                        b.set(from, to + 1);
                    }
                } else {
                    b.set(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                return new BitSet();
            }
        }
        return b;
    }

    /** The list form of a set of CPUs or nodes, as the kernel prints it: {@code 0-3,8,10-11}; empty for none. */
    public static String format(BitSet set) {
        StringBuilder sb = new StringBuilder();
        int i = set.nextSetBit(0);
        while (i >= 0) {
            int end = set.nextClearBit(i) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(i);
            if (end > i) {
                sb.append('-').append(end);
            }
            i = set.nextSetBit(end + 1);
        }
        return sb.toString();
    }
}
