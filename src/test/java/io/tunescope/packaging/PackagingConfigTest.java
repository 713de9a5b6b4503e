package io.tunescope.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.tunescope.ui.AppIcon;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The installer configuration (packaging/build-installers.sh, the {@code package} Maven profile, the icons
 * and the desktop entry) is consistent with the code. Building the installers takes minutes, so it stays
 * out of the test run; this test catches the mistakes that would only show there.
 */
class PackagingConfigTest {
    private static final Path SCRIPT = Path.of("packaging", "build-installers.sh");
    private static final Path DESKTOP = Path.of("packaging", "tunescope.desktop");

    @Test
    void installerConfigurationMatchesTheApplication() throws Exception {
        String script = read(SCRIPT);
        assertTrue(Files.isExecutable(SCRIPT), SCRIPT + " must be executable");

        // the main class exists and is a plain launcher with main(String[]) (not an Application subclass)
        String mainClass = variable(script, "MAIN_CLASS");
        assertEquals("io.tunescope.Launcher", mainClass);
        Class<?> launcher = Class.forName(mainClass);
        Method main = launcher.getMethod("main", String[].class);
        assertTrue(Modifier.isStatic(main.getModifiers()), "main must be static");
        assertTrue(!javafx.application.Application.class.isAssignableFrom(launcher),
                "the fat jar's main class must not extend Application (stack.md pitfall 4)");
        assertTrue(script.contains("--main-class \"$MAIN_CLASS\""), "jpackage gets the main class");

        // the GTK dependency that jpackage cannot see inside the jar
        assertEquals("libgtk-3-0", variable(script, "PACKAGE_DEPS"));
        assertTrue(script.contains("--linux-package-deps \"$PACKAGE_DEPS\""), "the .deb declares libgtk-3-0");
        assertTrue(script.contains("--linux-shortcut"));
        assertTrue(script.contains("--resource-dir"), "the desktop entry goes in through the resource dir");

        // our maintainer scripts replace jpackage's, whose postinst fails where there is no desktop menu system
        assertTrue(script.contains("packaging/deb/postinst") && script.contains("packaging/deb/prerm"));
        String name = variable(script, "NAME");
        for (String maintainerScript : List.of("postinst", "prerm")) {
            Path p = Path.of("packaging", "deb", maintainerScript);
            assertTrue(Files.isExecutable(p), p + " must be executable");
            assertTrue(read(p).contains("/opt/" + name + "/lib/" + name + "-" + name + ".desktop"),
                    p + " names the desktop file jpackage installs");
        }
        assertTrue(read(Path.of("packaging", "deb", "postinst")).contains("if ! xdg-desktop-menu install"),
                "postinst falls back when xdg-desktop-menu fails");

        // the trimmed runtime keeps the modules the app needs
        List<String> modules = List.of(variable(script, "MODULES").split(","));
        for (String m : List.of("java.base", "java.desktop", "java.logging", "java.prefs", "java.sql",
                "java.xml", "jdk.unsupported", "jdk.localedata")) {
            assertTrue(modules.contains(m), "runtime module " + m + " missing from " + modules);
        }
        assertTrue(variable(script, "JLINK_OPTIONS").contains("--strip-debug"));

        // the Maven profile runs the script and passes the pom version
        String pom = read(Path.of("pom.xml"));
        Matcher profile = Pattern.compile("<profile>\\s*(?:<!--.*?-->\\s*)?<id>package</id>.*?</profile>", Pattern.DOTALL)
                .matcher(pom);
        assertTrue(profile.find(), "pom.xml has a 'package' profile");
        assertTrue(profile.group().contains("packaging/build-installers.sh"), "the profile runs the script");
        assertTrue(profile.group().contains("${project.version}"), "the profile passes the pom version");
        assertTrue(script.contains("tunescope.jar") && pom.contains("${project.build.directory}/tunescope.jar"),
                "the script packages the shaded jar the pom builds");

        // the icon jpackage gets exists
        String icon = variable(script, "ICON").replace("$root/", "");
        assertEquals(256, pngSize(Path.of(icon)), icon);
    }

    /**
     * tunescope-linux-aarch64.jar gets the linux-aarch64 build of every openjfx artifact the application uses: a
     * JavaFX module added to the dependencies (javafx-fxml, javafx-web ...) must be added to the pom's list of
     * aarch64 jars too, or the aarch64 app would miss its classes. The class path of this test run shows which
     * openjfx artifacts the application has (their linux-x86_64 jars, classifier "linux").
     */
    @Test
    void theAarch64JarGetsEveryJavaFxModuleTheApplicationUses() throws Exception {
        java.util.Set<String> used = new java.util.TreeSet<>();
        Pattern fxJar = Pattern.compile("/org/openjfx/(javafx-[a-z]+)/[^/]+/javafx-[a-z]+-[^/]+-linux\\.jar$");
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Matcher m = fxJar.matcher(entry.replace('\\', '/'));
            if (m.find()) {
                used.add(m.group(1));
            }
        }
        assertTrue(used.contains("javafx-graphics"), "no openjfx linux jar on the class path: " + used);
        String pom = read(Path.of("pom.xml"));
        Matcher copy = Pattern.compile("<id>javafx-linux-aarch64</id>.*?</execution>", Pattern.DOTALL).matcher(pom);
        assertTrue(copy.find(), "pom.xml copies the openjfx linux-aarch64 jars (execution javafx-linux-aarch64)");
        java.util.Set<String> copied = new java.util.TreeSet<>();
        Matcher item = Pattern.compile("<artifactId>(javafx-[a-z]+)</artifactId>\\s*<version>\\$\\{javafx.linux-aarch64.version}</version>\\s*"
                + "<classifier>linux-aarch64</classifier>").matcher(copy.group());
        while (item.find()) {
            copied.add(item.group(1));
        }
        assertEquals(used, copied, "the openjfx linux-aarch64 jars pom.xml copies");
        // one JavaFX 21 (the API the code is compiled against) on both processors
        Matcher fxVersion = Pattern.compile("<javafx.version>(\\d+)[.<]").matcher(pom);
        Matcher armVersion = Pattern.compile("<javafx.linux-aarch64.version>(\\d+)[.<]").matcher(pom);
        assertTrue(fxVersion.find() && armVersion.find(), "both JavaFX versions are pom properties");
        assertEquals(fxVersion.group(1), armVersion.group(1), "the aarch64 jar's JavaFX has the same feature release");
        Matcher merge = Pattern.compile("<id>tunescope-linux-aarch64</id>.*?</execution>", Pattern.DOTALL).matcher(pom);
        assertTrue(merge.find(), "pom.xml builds tunescope-linux-aarch64.jar");
        for (String artifact : used) {
            assertTrue(merge.group().contains("${fxa}/" + artifact + "-linux-aarch64.jar"), artifact + " is merged into the aarch64 jar");
        }
    }

    /**
     * The installed launcher maps a class-data-sharing archive made where the app lies: the app-image's at package
     * time, the .deb's and the .rpm's at installation (the JVM uses it only with the jar at the path it was made
     * with), removed with the package; the training run it is made from is a class of the application.
     */
    @Test
    void theLauncherMapsTheCdsArchiveMadeWhereTheAppIs() throws Exception {
        String script = read(SCRIPT);
        assertTrue(script.contains("JAVA_OPTIONS='-XX:SharedArchiveFile=$APPDIR/tunescope.jsa -Xshare:auto'"),
                "the launcher's options name $APPDIR/tunescope.jsa (jpackage expands $APPDIR at run time)");
        assertTrue(script.contains("--java-options \"$JAVA_OPTIONS\""), "jpackage gets the options");
        Path make = Path.of("packaging", "make-cds-archive.sh");
        assertTrue(Files.isExecutable(make), make + " must be executable");
        assertTrue(script.contains("cp \"$root/packaging/make-cds-archive.sh\" \"$input/\""), "the script ships in lib/app");
        assertTrue(script.contains("\"$out/$NAME/lib/app/make-cds-archive.sh\" \"$out/$NAME/lib/app\""),
                "the app-image gets its archive at package time");
        String makeText = read(make);
        assertTrue(makeText.contains("$app/tunescope.jsa") && makeText.contains("$app/tunescope.jar"),
                "the archive is made beside the jar it is for");
        Matcher training = Pattern.compile("-cp \"\\$jar\" (io\\.tunescope\\.[\\w.]+) ").matcher(makeText);
        assertTrue(training.find(), "make-cds-archive.sh runs a training class");
        Class.forName(training.group(1)).getMethod("main", String[].class);
        String install = "/opt/" + variable(script, "NAME") + "/lib/app/make-cds-archive.sh /opt/" + variable(script, "NAME") + "/lib/app";
        assertTrue(read(Path.of("packaging", "deb", "postinst")).contains(install + " || true"), "postinst makes the archive");
        assertTrue(read(Path.of("packaging", "rpm", "tunescope.spec")).contains(install + " || :"), "%post makes the archive");
        assertTrue(read(Path.of("packaging", "deb", "prerm")).contains("rm -f /opt/tunescope/lib/app/tunescope.jsa"),
                "prerm removes the archive postinst made");
        assertTrue(read(Path.of("packaging", "rpm", "tunescope.spec")).contains("rm -f /opt/tunescope/lib/app/tunescope.jsa"),
                "%preun removes the archive %post made");
    }

    /** The .rpm gets the same desktop entry, icon, launcher and fallback as the .deb (packaging/rpm). */
    @Test
    void rpmIsConfiguredLikeTheDeb() throws Exception {
        String script = read(SCRIPT);
        assertEquals("gtk3", variable(script, "RPM_PACKAGE_DEPS"), "GTK 3 is 'gtk3' on openEuler and the CentOS family");
        assertTrue(script.contains("--type rpm --linux-package-deps \"$RPM_PACKAGE_DEPS\""), "the .rpm declares gtk3");
        assertTrue(script.contains("cp \"$root/packaging/rpm/$NAME.spec\" \"$resources/$NAME.spec\""),
                "our spec template goes in through the resource dir");
        Matcher linuxPackage = Pattern.compile("linux_package\\(\\) \\{.*?\\n\\}", Pattern.DOTALL).matcher(script);
        assertTrue(linuxPackage.find(), "one function passes the common .deb/.rpm options");
        for (String option : List.of("--resource-dir", "--linux-shortcut", "--linux-package-name")) {
            assertTrue(linuxPackage.group().contains(option), option + " for both packages");
        }
        String spec = read(Path.of("packaging", "rpm", "tunescope.spec"));
        String name = variable(script, "NAME");
        String post = spec.substring(spec.indexOf("\n%post\n"), spec.indexOf("\n%preun\n"));
        assertTrue(post.contains("if ! xdg-desktop-menu install") && post.contains("/usr/share/applications/" + name + "-" + name + ".desktop"),
                "%post falls back to /usr/share/applications as the .deb's postinst does");
        String preun = spec.substring(spec.indexOf("\n%preun\n"));
        assertTrue(preun.contains("if [ \"$1\" = 0 ]"), "%preun removes the entry only on erase, not on upgrade");
        assertTrue(spec.contains("%define _binary_payload w6.gzdio"));
        for (String token : List.of("APPLICATION_PACKAGE", "APPLICATION_VERSION", "APPLICATION_DIRECTORY", "PACKAGE_CUSTOM_DEPENDENCIES")) {
            assertTrue(spec.contains(token), "the spec keeps jpackage's " + token);
        }
    }

    @Test
    void iconsExistInEverySize() throws IOException {
        assertTrue(Files.isRegularFile(Path.of("icons", "tunescope.svg")), "icons/tunescope.svg is the source");
        for (int size : List.of(16, 32, 48, 64, 128, 256, 512)) {
            assertEquals(size, pngSize(Path.of("icons", "tunescope-" + size + ".png")), "icons/tunescope-" + size + ".png");
        }
        for (int size : AppIcon.SIZES) {
            String res = "/io/tunescope/ui/icons/tunescope-" + size + ".png";
            try (InputStream in = AppIcon.class.getResourceAsStream(res)) {
                assertNotNull(in, "window icon resource " + res);
                BufferedImage img = ImageIO.read(in);
                assertEquals(size, img.getWidth(), res);
                assertEquals(size, img.getHeight(), res);
            }
        }
    }

    @Test
    void installerTakesTheSampleCaptureAsCommitted() throws Exception {
        String script = read(SCRIPT);
        assertTrue(script.contains("git -C \"$root\" archive --format=tar HEAD sample-data/mariadb-oltp"),
                "the sample capture comes from git, not from the working tree");
        assertTrue(script.contains("! -name 'tunescope-annotations*.json'"), "outside git, our sidecar files are left out");
        assertFalse(script.contains("cp -R \"$root/sample-data"), "no working-tree copy of sample-data");
    }

    @Test
    void desktopEntryHasTheRequiredKeys() throws Exception {
        Map<String, String> entry = new LinkedHashMap<>();
        boolean inGroup = false;
        for (String line : read(DESKTOP).split("\n")) {
            String l = line.strip();
            if (l.startsWith("[")) {
                inGroup = l.equals("[Desktop Entry]");
            } else if (inGroup && l.contains("=") && !l.startsWith("#")) {
                String key = l.substring(0, l.indexOf('='));
                assertTrue(entry.put(key, l.substring(l.indexOf('=') + 1)) == null, "duplicate key " + key);
            }
        }
        for (String key : List.of("Type", "Name", "GenericName", "GenericName[zh_CN]", "Comment", "Comment[zh_CN]",
                "Exec", "Icon", "Categories", "Terminal")) {
            String v = entry.get(key);
            if (v == null || v.isBlank()) {
                fail(DESKTOP + " lacks " + key + " (has " + entry.keySet() + ")");
            }
        }
        assertEquals("Application", entry.get("Type"));
        assertEquals("Development;Database;", entry.get("Categories"));
        String name = variable(read(SCRIPT), "NAME");
        assertEquals("/opt/" + name + "/bin/" + name + " %f", entry.get("Exec"), "jpackage installs to /opt/<name>");
        assertEquals("/opt/" + name + "/lib/" + name + ".png", entry.get("Icon"), "jpackage copies --icon to lib/<name>.png");
        // Only the archive types Tunescope opens (.tar.gz/.tgz, .zip): never every folder, never any .gz file.
        assertEquals("application/x-compressed-tar;application/zip;", entry.get("MimeType"));
        assertTrue(entry.get("GenericName[zh_CN]").codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN),
                "the Chinese generic name is Chinese");
    }

    private static int pngSize(Path p) throws IOException {
        assertTrue(Files.isRegularFile(p), p + " missing");
        BufferedImage img = ImageIO.read(p.toFile());
        assertNotNull(img, p + " is not a readable PNG");
        assertEquals(img.getWidth(), img.getHeight(), p + " is square");
        return img.getWidth();
    }

    private static String read(Path p) throws IOException {
        assertTrue(Files.isRegularFile(p), p.toAbsolutePath() + " missing");
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    /** The value of a shell assignment {@code NAME=value} or {@code NAME="value"} at the start of a line. */
    private static String variable(String script, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "=(\"([^\"]*)\"|(\\S*))").matcher(script);
        assertTrue(m.find(), "the script sets " + name);
        return m.group(2) != null ? m.group(2) : m.group(3);
    }
}
