package io.tunescope.model.stack;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * Interned frames: a frame is a (name, module) pair; names and modules are themselves interned byte
 * strings, so a frame costs two ints plus its bytes once. Frame ids are dense from 0.
 */
public final class FrameTable {
    private final ByteInterner names = new ByteInterner();
    private final ByteInterner modules = new ByteInterner();
    private int[] nameOf = new int[256];
    private int[] moduleOf = new int[256];
    private int size;
    private long[] keys = new long[512];
    private int[] vals = new int[512];
    private int mask = 511;
    // frame id + 1 of each name without a module (0: none yet), the common case, found without the hash
    private int[] plain = new int[256];
    private final Charset charset;
    private volatile String[] nameStrings;
    private volatile String[] moduleStrings;

    public FrameTable(Charset charset) {
        this.charset = charset;
        Arrays.fill(keys, -1L);
        modules.intern(new byte[0], 0, 0);
    }

    public FrameTable() {
        this(StandardCharsets.UTF_8);
    }

    /** The id of the module named by the bytes; 0 is the unknown module "". */
    public int module(byte[] b, int off, int len) {
        return modules.intern(b, off, len);
    }

    public int module(String name) {
        byte[] b = name.getBytes(charset);
        return module(b, 0, b.length);
    }

    /** The id of the frame with this name (bytes) and module id, added when new. */
    public int frame(byte[] b, int off, int len, int moduleId) {
        int nameId = names.intern(b, off, len);
        return frameOf(nameId, moduleId);
    }

    /** The frame with the name of {@code frameId} and another module (added when new). */
    public int withModule(int frameId, int moduleId) {
        return frameOf(nameOf[frameId], moduleId);
    }

    public int frame(String name, int moduleId) {
        byte[] b = name.getBytes(charset);
        return frame(b, 0, b.length, moduleId);
    }

    private int frameOf(int nameId, int moduleId) {
        if (moduleId == 0 && nameId < plain.length && plain[nameId] != 0) {
            return plain[nameId] - 1;
        }
        long key = ((long) nameId << 32) | (moduleId & 0xFFFFFFFFL);
        int h = Long.hashCode(key * 0x9E3779B97F4A7C15L);
        int slot = h & mask;
        while (true) {
            long k = keys[slot];
            if (k == -1L) {
                break;
            }
            if (k == key) {
                return vals[slot];
            }
            slot = (slot + 1) & mask;
        }
        if (size == nameOf.length) {
            nameOf = Arrays.copyOf(nameOf, size * 2);
            moduleOf = Arrays.copyOf(moduleOf, size * 2);
        }
        nameOf[size] = nameId;
        moduleOf[size] = moduleId;
        keys[slot] = key;
        vals[slot] = size;
        if (moduleId == 0) {
            if (nameId >= plain.length) {
                plain = Arrays.copyOf(plain, Math.max(nameId + 1, plain.length * 2));
            }
            plain[nameId] = size + 1;
        }
        int id = size++;
        nameStrings = null;
        moduleStrings = null;
        if (size * 2 > mask) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        long[] ok = keys;
        int[] ov = vals;
        keys = new long[ok.length * 2];
        vals = new int[ok.length * 2];
        Arrays.fill(keys, -1L);
        mask = keys.length - 1;
        for (int i = 0; i < ok.length; i++) {
            if (ok[i] != -1L) {
                int slot = Long.hashCode(ok[i] * 0x9E3779B97F4A7C15L) & mask;
                while (keys[slot] != -1L) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = ok[i];
                vals[slot] = ov[i];
            }
        }
    }

    public int size() {
        return size;
    }

    /**
     * Adds the modules and then the frames of {@code other} in their id order (so ids given here follow the
     * order in which {@code other} met them) and returns, for each frame id of {@code other}, its id here.
     */
    public int[] addAll(FrameTable other) {
        int[] moduleMap = new int[other.modules.size()];
        for (int m = 0; m < moduleMap.length; m++) {
            byte[] b = other.modules.bytes(m);
            moduleMap[m] = modules.intern(b, 0, b.length);
        }
        int[] map = new int[other.size];
        for (int f = 0; f < map.length; f++) {
            byte[] b = other.names.bytes(other.nameOf[f]);
            map[f] = frame(b, 0, b.length, moduleMap[other.moduleOf[f]]);
        }
        return map;
    }

    public Charset charset() {
        return charset;
    }

    /** The name bytes of frame {@code id} appended to {@code dst} at {@code pos}; returns the new end. */
    public int copyName(int id, byte[] dst, int pos) {
        return names.copyTo(nameOf[id], dst, pos);
    }

    /**
     * True when frame {@code next}'s name is frame {@code frame}'s name followed by a byte below {@code ';'} and
     * maybe more ("fn_1" and "fn_12", "f" and "f::g"): only such a frame sorts, in folded stack byte order,
     * between a stack ending in {@code frame} and the stacks that go on through it.
     */
    public boolean nameSortsInside(int frame, int next) {
        return names.extendsWithByteBelow(nameOf[frame], nameOf[next], ';');
    }

    public int nameLength(int id) {
        return names.length(nameOf[id]);
    }

    public int moduleId(int frameId) {
        return moduleOf[frameId];
    }

    public String name(int id) {
        return names().get(id);
    }

    public String module(int id) {
        return modules().get(id);
    }

    /** Frame names as strings (decoded once, on first use). */
    public List<String> names() {
        String[] s = nameStrings;
        if (s == null || s.length != size) {
            String[] byName = new String[names.size()];
            for (int i = 0; i < byName.length; i++) {
                byName[i] = names.string(i, charset);
            }
            s = new String[size];
            for (int i = 0; i < size; i++) {
                s[i] = byName[nameOf[i]];
            }
            nameStrings = s;
        }
        return view(s);
    }

    /** Frame modules as strings, parallel to {@link #names()}. */
    public List<String> modules() {
        String[] s = moduleStrings;
        if (s == null || s.length != size) {
            String[] byId = new String[modules.size()];
            for (int i = 0; i < byId.length; i++) {
                byId[i] = modules.string(i, charset);
            }
            s = new String[size];
            for (int i = 0; i < size; i++) {
                s[i] = byId[moduleOf[i]];
            }
            moduleStrings = s;
        }
        return view(s);
    }

    private static List<String> view(String[] s) {
        return new AbstractList<>() {
            @Override
            public String get(int index) {
                return s[index];
            }

            @Override
            public int size() {
                return s.length;
            }
        };
    }
}
