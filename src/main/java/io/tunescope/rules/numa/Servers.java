package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.config.ServerFlavor;

/**
 * The server's process, binary and systemd unit names as the detected flavour and version install them, for the
 * commands a recommendation prints: MariaDB 10.5 and later run {@code mariadbd} under {@code mariadb.service};
 * MySQL-line servers run {@code mysqld} under {@code mysqld.service} (RHEL, openEuler; {@code mysql.service} on
 * Debian and Ubuntu, said in the command's comment).
 */
final class Servers {
    private Servers() {
    }

    private static boolean mariadbd(Evidence e) {
        ServerFlavor s = e.server();
        return s.kind() == ServerFlavor.Kind.MARIADB && (s.major() == 0 || s.atLeast(10, 5));
    }

    /** The process name, for pidof. */
    static String process(Evidence e) {
        return mariadbd(e) ? "mariadbd" : "mysqld";
    }

    /** The binary's path as distribution packages install it. */
    static String binary(Evidence e) {
        return "/usr/sbin/" + process(e);
    }

    /** The systemd unit. */
    static String unit(Evidence e) {
        return e.server().kind() == ServerFlavor.Kind.MARIADB ? "mariadb" : "mysqld";
    }

    /** A systemd drop-in that starts the server under {@code numactl <numactlArgs>}: the command, then the lines to write. */
    static String[] dropIn(Evidence e, String numactlArgs) {
        String unit = unit(e);
        return new String[] {"systemctl edit " + unit + "   # " + (unit.equals("mysqld") ? "(mysql on Debian/Ubuntu) " : "") + "then write:",
                "#   [Service]", "#   ExecStart=", "#   ExecStart=/usr/bin/numactl " + numactlArgs + " " + binary(e) + " $MYSQLD_OPTS"};
    }
}
