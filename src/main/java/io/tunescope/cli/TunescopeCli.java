package io.tunescope.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The headless command line: {@code tunescope <command> ...}. */
@Command(name = "tunescope", mixinStandardHelpOptions = true, version = "Tunescope 0.1.0",
        description = "Reads a database performance capture (perf, numastat, iostat, sysbench, my.cnf, ...) headless.%n"
                + "Without a command, tunescope opens the desktop app (optionally on a PATH).",
        subcommands = {InspectCommand.class, StepsCommand.class, FindingsCommand.class, ExportCommand.class, FlamegraphCommand.class, HeatmapCommand.class,
                TimelineCommand.class, CollapseCommand.class, CommandLine.HelpCommand.class})
public final class TunescopeCli implements Runnable {
    /** Exit codes shared by every command. */
    public static final int OK = 0;
    public static final int FINDINGS = 1;
    public static final int USAGE = 2;
    public static final int NOTHING_READ = 3;
    /** A failure Tunescope did not foresee: said in plain words, the trace only with --debug. */
    public static final int FAILED = 4;
    /** Anywhere among the arguments: print the stack trace of a failure (for a bug report). */
    public static final String DEBUG = "--debug";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The whole command line, every command's model built (for {@code --help}, completion and tests). */
    public static CommandLine commandLine() {
        return configure(new CommandLine(new TunescopeCli()));
    }

    /**
     * The command line for one invocation: when the first argument names a command, only that command's model
     * is built (picocli's model of all of them is most of the start-up time), under a root named
     * {@code tunescope} so that messages and usage read the same; otherwise the whole command line.
     */
    static CommandLine commandLineFor(String[] args) {
        Class<?> one = args.length == 0 ? null : commandClass(args[0]);
        if (one == null) {
            return commandLine();
        }
        CommandLine.Model.CommandSpec root = CommandLine.Model.CommandSpec.create().name("tunescope");
        root.mixinStandardHelpOptions(true);
        CommandLine cl = new CommandLine(root);
        try {
            cl.addSubcommand(args[0], new CommandLine(one.getDeclaredConstructor().newInstance()));
        } catch (ReflectiveOperationException e) {
            return commandLine();
        }
        return configure(cl);
    }

    /**
     * The commands' names, in the order of the {@code subcommands} of this class's annotation ({@code help} last).
     * Written out rather than read from the annotations: reading them loads and parses every command's class and
     * annotations, 40-60 ms of CPU at each start before picocli reads them again (CommandLineForTest checks that
     * this list and {@link #commandClass} agree with the annotations).
     */
    private static final java.util.List<String> NAMES =
            java.util.List.of("inspect", "steps", "findings", "export", "flamegraph", "heatmap", "timeline", "collapse", "help");

    /** The class of the command with this name ({@code help} excluded: it needs the whole model), or null. */
    static Class<?> commandClass(String name) {
        switch (name) {
            case "inspect": return InspectCommand.class;
            case "steps": return StepsCommand.class;
            case "findings": return FindingsCommand.class;
            case "export": return ExportCommand.class;
            case "flamegraph": return FlamegraphCommand.class;
            case "heatmap": return HeatmapCommand.class;
            case "timeline": return TimelineCommand.class;
            case "collapse": return CollapseCommand.class;
            default: return null;
        }
    }

    private static CommandLine configure(CommandLine cl) {
        cl.setExitCodeExceptionMapper(e -> USAGE);
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("tunescope: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return USAGE;
        });
        return cl;
    }

    /** True when the arguments name a command or an option, rather than a path for the GUI. */
    public static boolean isCliInvocation(String[] args) {
        if (args.length == 0) {
            return false;
        }
        String a = args[0];
        if (a.startsWith("-")) {
            return true;
        }
        return commandNames().contains(a);
    }

    /**
     * Whether the launcher may start the desktop app for these arguments; when not, the reason has been printed to
     * standard error (a mistyped command, a missing path, no display) and the launcher exits {@link #USAGE}.
     */
    public static boolean mayStartGui(String[] args) {
        String refusal = guiRefusal(args, a -> {
            try {
                return java.nio.file.Files.exists(java.nio.file.Path.of(a));
            } catch (java.nio.file.InvalidPathException e) {
                return false;
            }
        });
        if (refusal == null && !"Monocle".equalsIgnoreCase(System.getProperty("glass.platform", ""))) {
            refusal = noDisplay(System::getenv, System.getProperty("os.name", ""));
        }
        if (refusal != null) {
            System.err.println(refusal);
            return false;
        }
        return true;
    }

    /**
     * Why the desktop app should not be started for these arguments, or null when it may. A first argument that
     * is no existing file or folder and reads as a word ({@code tunescope step PATH}) is a mistyped command, not a
     * capture: the answer names the closest command and lists them all. A path that does not exist, or more than
     * one argument, is said as such. The app is for one capture at a time.
     *
     * @param exists tells whether a path exists (the file system in use; a parameter so that tests need no files)
     */
    public static String guiRefusal(String[] args, java.util.function.Predicate<String> exists) {
        if (args.length == 0) {
            return null;
        }
        String a = args[0];
        if (!exists.test(a)) {
            if (looksLikeWord(a)) {
                return unknownCommand(a);
            }
            return "tunescope: " + a + ": no such file or folder. Give a capture folder or a .tar.gz, .tgz or .zip of one.";
        }
        if (args.length > 1) {
            return "tunescope: the app opens one capture at a time; got " + args.length + " arguments. "
                    + "For the headless commands see 'tunescope --help'.";
        }
        return null;
    }

    /** Why the app cannot be shown on this machine (no display on Linux), or null. */
    public static String noDisplay(java.util.function.Function<String, String> env, String osName) {
        if (!osName.toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return null;
        }
        if (isSet(env.apply("DISPLAY")) || isSet(env.apply("WAYLAND_DISPLAY"))) {
            return null;
        }
        return "tunescope: no display to open the desktop app on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                + "The headless commands run without one: " + String.join(", ", commandNames()) + ". See 'tunescope --help'.";
    }

    private static boolean isSet(String v) {
        return v != null && !v.isBlank();
    }

    private static boolean looksLikeWord(String a) {
        return !a.isEmpty() && a.indexOf('/') < 0 && a.indexOf('\\') < 0 && a.indexOf('.') < 0
                && a.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-' || c == '_');
    }

    /** The commands a user can type (help last), in the order {@code --help} lists them. */
    static java.util.List<String> commandNames() {
        return NAMES;
    }

    static String unknownCommand(String word) {
        java.util.List<String> names = commandNames();
        String closest = null;
        int best = Integer.MAX_VALUE;
        for (String n : names) {
            int d = editDistance(word.toLowerCase(java.util.Locale.ROOT), n);
            if (d < best) {
                best = d;
                closest = n;
            }
        }
        StringBuilder sb = new StringBuilder("tunescope: unknown command '").append(word).append("'.");
        if (closest != null && best <= Math.max(2, word.length() / 3)) {
            sb.append(" Did you mean '").append(closest).append("'?");
        }
        sb.append("\nCommands: ").append(String.join(", ", names)).append(". See 'tunescope --help'.");
        sb.append("\nTo open a capture in the app, give its folder or archive path (e.g. ./").append(word).append(").");
        return sb.toString();
    }

    /** Levenshtein distance, for the "did you mean" of a mistyped command. */
    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * Opens a capture for a command: its session, or null after printing {@code tunescope CMD: reason} when it
     * cannot be opened or nothing in it could be read (the caller then exits {@link #NOTHING_READ}).
     */
    static io.tunescope.session.CaptureSession open(java.nio.file.Path path, String command, PrintWriter err) throws java.io.IOException {
        io.tunescope.session.CaptureSession s;
        try {
            s = io.tunescope.session.CaptureSession.open(path);
        } catch (io.tunescope.importers.CaptureException e) {
            err.println("tunescope " + command + ": " + e.getMessage());
            return null;
        }
        if (!anyRead(s.capture())) {
            err.println("tunescope " + command + ": nothing could be read from " + path);
            return null;
        }
        return s;
    }

    /** True when at least one file of the capture was read. */
    static boolean anyRead(io.tunescope.model.capture.Capture c) {
        return c.files().stream().anyMatch(f -> f.status() == io.tunescope.model.capture.FileStatus.OK
                || f.status() == io.tunescope.model.capture.FileStatus.WARNING);
    }

    public static int run(String[] args) {
        CommandLine cl = commandLineFor(args);
        return execute(cl, args);
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLineFor(args);
        cl.setOut(out);
        cl.setErr(err);
        return execute(cl, args);
    }

    /**
     * Runs the command line so that no failure reaches the user as a stack trace unless {@value #DEBUG} is
     * given: an exception or error escaping a command is one line naming the command and what went wrong in
     * plain words, with exit {@link #USAGE} when a path cannot be written or read (an argument of the user's),
     * {@link #NOTHING_READ} when the input is too large for the memory available (as the loader says for a
     * file), else {@link #FAILED}.
     */
    static int execute(CommandLine cl, String[] args) {
        boolean debug = java.util.Arrays.asList(args).contains(DEBUG);
        String[] rest = java.util.Arrays.stream(args).filter(a -> !DEBUG.equals(a)).toArray(String[]::new);
        String command = rest.length > 0 && cl.getSubcommands().containsKey(rest[0]) ? rest[0] : "";
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failure(c.getErr(), c.getCommandName(), ex, debug));
        try {
            return cl.execute(rest);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return failure(cl.getErr(), command, e, debug);
        }
    }

    private static int failure(PrintWriter err, String command, Throwable e, boolean debug) {
        String who = command.isEmpty() || command.equals("tunescope") ? "tunescope" : "tunescope " + command;
        err.println(who + ": " + plainWords(e));
        boolean io = e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException;
        if (debug) {
            e.printStackTrace(err);
        } else if (!io && !(e instanceof OutOfMemoryError)) {
            err.println("(run again with " + DEBUG + " for the details of a bug report)");
        }
        err.flush();
        // a path that cannot be written is the user's argument, as flamegraph's "cannot write" has always said
        return e instanceof OutOfMemoryError ? NOTHING_READ : io ? USAGE : FAILED;
    }

    /** What went wrong, for a user: the file and the reason, not the Java class. */
    static String plainWords(Throwable e) {
        if (e instanceof java.io.UncheckedIOException u && u.getCause() != null) {
            e = u.getCause();
        }
        if (e instanceof OutOfMemoryError) {
            long max = Runtime.getRuntime().maxMemory();
            String more = io.tunescope.importers.Failures.xmx(max * 2);
            return "too large to process in the memory Java may use here (" + (max >> 20) + " MB): start it with -Xmx"
                    + more + " (java -Xmx" + more + " -jar tunescope.jar, or JAVA_TOOL_OPTIONS=-Xmx" + more
                    + " for the installed launcher), or give a smaller input";
        }
        if (e instanceof StackOverflowError) {
            return "the input is nested too deeply to process";
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "cannot write or read " + a.getFile() + ": permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException a) {
            return "cannot write there: " + a.getFile() + " is a file, not a folder";
        }
        if (e instanceof java.nio.file.NoSuchFileException a) {
            return "no such file or folder: " + a.getFile();
        }
        if (e instanceof java.nio.file.NotDirectoryException a) {
            return "cannot write there: " + a.getFile() + " is not a folder";
        }
        if (e instanceof java.nio.file.FileSystemException a) {
            return "cannot write or read " + a.getFile() + (a.getReason() == null ? "" : ": " + a.getReason());
        }
        if (e instanceof java.io.FileNotFoundException) {
            return "cannot write or read " + e.getMessage();
        }
        if (e instanceof java.io.IOException) {
            return "input or output failed: " + e.getMessage();
        }
        return "an unexpected failure (a bug in Tunescope)";
    }
}
