package io.tunescope.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * What the app remembers between runs: recent captures, window geometry and divider positions.
 * Stored with {@link Preferences} (written atomically by the JDK). Tests use their own node.
 */
public final class Settings {
    private static final int MAX_RECENT = 10;
    private final Preferences prefs;

    public Settings(Preferences prefs) {
        this.prefs = prefs;
    }

    public static Settings user() {
        String node = System.getProperty("tunescope.prefsNode", "io/tunescope");
        return new Settings(Preferences.userRoot().node(node));
    }

    public List<Path> recent() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < MAX_RECENT; i++) {
            String p = prefs.get("recent." + i, null);
            if (p != null) {
                out.add(Path.of(p));
            }
        }
        return out;
    }

    public void addRecent(Path path) {
        putRecent(path);
        flush();
    }

    /**
     * Adds a recent capture and writes the settings out on {@code flushIn} (the FX thread does not wait for the
     * disk: the first write loads the XML classes of the preferences store); at once if that pool is shut down.
     */
    public void addRecent(Path path, java.util.concurrent.Executor flushIn) {
        putRecent(path);
        try {
            flushIn.execute(this::flush);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            flush();
        }
    }

    private void putRecent(Path path) {
        List<Path> list = recent();
        Path abs = path.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        putRecent(list);
    }

    public void clearRecent() {
        writeRecent(List.of());
    }

    private void writeRecent(List<Path> list) {
        putRecent(list);
        flush();
    }

    private void putRecent(List<Path> list) {
        for (int i = 0; i < MAX_RECENT; i++) {
            if (i < list.size()) {
                prefs.put("recent." + i, list.get(i).toString());
            } else {
                prefs.remove("recent." + i);
            }
        }
    }

    public double getDouble(String key, double dflt) {
        return prefs.getDouble(key, dflt);
    }

    public void putDouble(String key, double value) {
        prefs.putDouble(key, value);
    }

    public boolean getBoolean(String key, boolean dflt) {
        return prefs.getBoolean(key, dflt);
    }

    public void putBoolean(String key, boolean value) {
        prefs.putBoolean(key, value);
    }

    public String get(String key, String dflt) {
        return prefs.get(key, dflt);
    }

    public void put(String key, String value) {
        prefs.put(key, value);
    }

    public void flush() {
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            // preferences are a convenience; a read-only home must not stop the app
        }
    }
}
