package io.tunescope.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Start-up of the headless commands (issue 17 item 2): while picocli builds the invoked command's model on the main
 * thread (most of the time from {@code main} to the command's work, and all of it class loading), a second thread
 * loads the classes the command will need, in the order it needs them: picocli's own, the JDK's and Tunescope's.
 * The main thread then finds most of them loaded. The lists ({@code preload/COMMAND.txt} next to this class) are
 * written by {@code scripts/preload-lists.sh} from the JVM's class-loading log of each command.
 *
 * <p>Classes are only loaded, not initialised ({@code Class.forName(name, false, ...)}): no static initialiser runs
 * on the second thread, so nothing happens in another order than without it, and no class-initialisation deadlock
 * can arise. A name that is no longer a class is skipped. {@code -Dtunescope.preload=false} turns it off; it is off
 * where the JVM sees a single processor. It adds a little CPU time (0.01-0.05 s measured) and needs a free core to gain:
 * on a machine whose cores are all busy it measured slower (BENCHMARKS.md, "Start-up").
 */
public final class Preload {
    /** The thread's name (tests look for it). */
    static final String THREAD = "tunescope-preload";

    private Preload() {
    }

    /**
     * Starts loading the classes of the command named by the first argument on a daemon thread, when there is a list
     * for it; returns that thread, or null (no argument, no such command, turned off).
     */
    public static Thread start(String[] args) {
        if (args.length == 0 || "false".equals(System.getProperty("tunescope.preload"))) {
            return null;
        }
        // with one processor the second thread could only take turns with the main one
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return null;
        }
        String list = listName(args[0]);
        if (list == null) {
            return null;
        }
        InputStream in = Preload.class.getResourceAsStream(list);
        if (in == null) {
            return null;
        }
        // a class, not a lambda: the first lambda of the JVM would cost this thread its bootstrap first
        Thread t = new Thread(new Loader(in), THREAD);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The resource of a command's list, or null when the word cannot be a command's name. */
    static String listName(String command) {
        if (command.isEmpty() || command.length() > 32) {
            return null;
        }
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c < 'a' || c > 'z') {
                return null;
            }
        }
        return "preload/" + command + ".txt";
    }

    private static final class Loader implements Runnable {
        private final InputStream list;

        Loader(InputStream list) {
            this.list = list;
        }

        @Override
        public void run() {
            load(list, Preload.class.getClassLoader());
        }
    }

    /** Loads the classes named one per line; returns how many could be loaded. */
    static int load(InputStream list, ClassLoader loader) {
        int loaded = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(list, StandardCharsets.UTF_8))) {
            for (String name = r.readLine(); name != null; name = r.readLine()) {
                try {
                    Class.forName(name, false, loader);
                    loaded++;
                } catch (ClassNotFoundException | LinkageError e) {
                    // gone since the list was made, or not in this runtime: the main thread will load what it needs
                }
            }
        } catch (IOException e) {
            // the list is inside the jar; if it cannot be read the command only starts as it would without it
        }
        return loaded;
    }
}
