package io.tunescope.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run of the packaged app's class-data-sharing archive ({@code packaging/make-cds-archive.sh}): runs
 * the headless commands once each in one JVM, so that {@code -XX:DumpLoadedClassList} lists every class they load
 * and the archive made from that list spares the installed launcher loading and verifying them at each start.
 *
 * <p>{@code java -cp tunescope.jar io.tunescope.cli.CdsTraining WORKDIR [CAPTURE]}: WORKDIR receives a two-sample
 * perf script and the commands' outputs; CAPTURE (the bundled sample capture) is inspected, its findings and steps
 * listed. Exit 0 when every command ran as it should, else 1 (the archive is then made all the same).
 */
public final class CdsTraining {
    /** Two samples of {@code perf script} with call chains: what {@code collapse} and {@code flamegraph} read. */
    static final String TWO_SAMPLES = ""
            + "mysqld  1234 [000] 100.000001:     250000 cpu-clock:\n"
            + "\t    55d0c0a1b2c3 do_command+0x13 (/usr/sbin/mysqld)\n"
            + "\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n"
            + "\t    7f0000001000 start_thread+0x10 (/lib/libc.so.6)\n"
            + "\n"
            + "mysqld  1234 [001] 100.000002:     250000 cpu-clock:\n"
            + "\t    55d0c0a1b2c4 dispatch_command+0x13 (/usr/sbin/mysqld)\n"
            + "\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n"
            + "\t    ffffffff81000000 __schedule+0x10 ([kernel.kallsyms])\n"
            + "\n";

    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: CdsTraining WORKDIR [CAPTURE]");
            System.exit(TunescopeCli.USAGE);
        }
        System.exit(run(Path.of(args[0]), args.length > 1 ? Path.of(args[1]) : null).isEmpty() ? 0 : 1);
    }

    /** Runs the commands; returns those that did not exit as expected (empty when all did). */
    static List<String> run(Path work, Path capture) throws IOException {
        Files.createDirectories(work);
        Path perf = work.resolve("two-samples.perf-script.txt");
        Files.writeString(perf, TWO_SAMPLES, StandardCharsets.UTF_8);
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"collapse", perf.toString()});
        commands.add(new String[] {"flamegraph", perf.toString(), "--png", work.resolve("flame.png").toString()});
        commands.add(new String[] {"flamegraph", perf.toString(), "--json"});
        commands.add(new String[] {"inspect", perf.toString()});
        if (capture != null) {
            commands.add(new String[] {"inspect", capture.toString(), "--json"});
            commands.add(new String[] {"steps", capture.toString()});
            commands.add(new String[] {"findings", capture.toString()});
        }
        List<String> failed = new ArrayList<>();
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        for (String[] c : commands) {
            int rc = TunescopeCli.run(c, sink, sink);
            // findings exits 1 when it found something at or above --fail-on: that is the command working
            if (rc != TunescopeCli.OK && !(c[0].equals("findings") && rc == TunescopeCli.FINDINGS)) {
                failed.add(String.join(" ", c) + " -> " + rc);
            }
        }
        return failed;
    }
}
