package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The one-command line built for an invocation reads exactly like the whole command line. */
class CommandLineForTest {

    @Test
    void commandNamesAreTheWholeModelsSubcommandsInOrder() {
        assertEquals(new ArrayList<>(TunescopeCli.commandLine().getSubcommands().keySet()), TunescopeCli.commandNames());
    }

    @Test
    void eachNameIsThatOfTheCommandsClassInTheAnnotation() {
        Class<?>[] annotated = TunescopeCli.class.getAnnotation(CommandLine.Command.class).subcommands();
        assertEquals(annotated.length, TunescopeCli.commandNames().size());
        for (int i = 0; i < annotated.length; i++) {
            String name = annotated[i].getAnnotation(CommandLine.Command.class).name();
            assertEquals(name, TunescopeCli.commandNames().get(i));
            assertEquals(annotated[i] == CommandLine.HelpCommand.class ? null : annotated[i], TunescopeCli.commandClass(name), name);
        }
        assertEquals(null, TunescopeCli.commandClass("nosuchcommand"));
    }

    @Test
    void onlyTheInvokedCommandIsBuilt() {
        CommandLine cl = TunescopeCli.commandLineFor(new String[] {"collapse", "x"});
        assertEquals(List.of("collapse"), new ArrayList<>(cl.getSubcommands().keySet()));
        assertEquals(TunescopeCli.commandLine().getSubcommands().size(),
                TunescopeCli.commandLineFor(new String[] {"--help"}).getSubcommands().size());
    }

    @Test
    void everyCommandsHelpAndUsageErrorsReadTheSame() {
        for (String name : TunescopeCli.commandNames()) {
            if (name.equals("help")) {
                continue;
            }
            for (String[] args : List.of(new String[] {name, "--help"}, new String[] {name, "--no-such-option"})) {
                assertEquals(run(TunescopeCli.commandLine(), args), run(TunescopeCli.commandLineFor(args), args),
                        String.join(" ", args));
            }
        }
    }

    @Test
    void anUnknownFirstWordStillGetsTheWholeModelsAnswer() {
        String[] args = {"inspekt", "x"};
        String out = run(TunescopeCli.commandLineFor(args), args);
        assertTrue(out.contains("Unmatched argument") || out.contains("unknown") || out.contains("Did you mean"), out);
    }

    private static String run(CommandLine cl, String[] args) {
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(out, true));
        int rc = TunescopeCli.execute(cl, args);
        return rc + "\n" + out;
    }
}
