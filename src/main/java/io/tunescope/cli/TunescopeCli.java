package io.tunescope.cli;

import java.io.PrintWriter;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The headless command line: {@code tunescope <command> ...}. */
@Command(name = "tunescope", mixinStandardHelpOptions = true, version = "Tunescope 0.1.0",
        description = "Reads a database performance capture (perf, numastat, iostat, sysbench, my.cnf, ...) headless.%n"
                + "Without a command, tunescope opens the desktop app (optionally on a PATH).",
        subcommands = {InspectCommand.class, StepsCommand.class, FindingsCommand.class, ExportCommand.class, FlamegraphCommand.class,
                TimelineCommand.class, CollapseCommand.class, CommandLine.HelpCommand.class})
public final class TunescopeCli implements Runnable {
    /** Exit codes shared by every command. */
    public static final int OK = 0;
    public static final int FINDINGS = 1;
    public static final int USAGE = 2;
    public static final int NOTHING_READ = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new TunescopeCli());
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
        Set<String> names = commandLine().getSubcommands().keySet();
        return names.contains(a);
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
        return commandLine().execute(args);
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }
}
