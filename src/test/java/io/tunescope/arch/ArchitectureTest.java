package io.tunescope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layering of design.md section 2, kept true. */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.tunescope");
    }

    @Test
    void noJavaFxOutsideUi() {
        noClasses().that().resideOutsideOfPackage("io.tunescope.ui..").and().doNotHaveFullyQualifiedName("io.tunescope.Launcher")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..", "org.controlsfx..", "org.kordamp.ikonli..")
                .check(classes);
    }

    @Test
    void modelDependsOnNothingOfOurs() {
        noClasses().that().resideInAPackage("io.tunescope.model..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.importers..", "io.tunescope.analysis..",
                        "io.tunescope.rules..", "io.tunescope.render..", "io.tunescope.export..", "io.tunescope.annotate..",
                        "io.tunescope.cli..", "io.tunescope.ui..")
                .check(classes);
    }

    @Test
    void importersAndAnalysisOnlyOnModel() {
        noClasses().that().resideInAnyPackage("io.tunescope.importers..", "io.tunescope.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.rules..", "io.tunescope.render..",
                        "io.tunescope.export..", "io.tunescope.cli..", "io.tunescope.ui..")
                .check(classes);
    }

    @Test
    void analysisDoesNotReadFiles() {
        noClasses().that().resideInAPackage("io.tunescope.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.importers..")
                .allowEmptyShould(true)
                .check(classes);
    }

    @Test
    void rulesAndRenderDoNotReachUp() {
        noClasses().that().resideInAnyPackage("io.tunescope.rules..", "io.tunescope.render..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.export..", "io.tunescope.cli..", "io.tunescope.ui..")
                .check(classes);
        noClasses().that().resideInAPackage("io.tunescope.export..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.cli..", "io.tunescope.ui..")
                .allowEmptyShould(true)
                .check(classes);
    }

    /** The session layer sits above analysis, rules and render and below export, cli and ui. */
    @Test
    void sessionSitsBetweenTheCoreAndItsReaders() {
        noClasses().that().resideInAnyPackage("io.tunescope.model..", "io.tunescope.importers..", "io.tunescope.analysis..",
                        "io.tunescope.rules..", "io.tunescope.render..", "io.tunescope.annotate..")
                .should().dependOnClassesThat().resideInAPackage("io.tunescope.session..")
                .check(classes);
        noClasses().that().resideInAPackage("io.tunescope.session..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tunescope.export..", "io.tunescope.cli..", "io.tunescope.ui..")
                .check(classes);
    }

    /** Analysis is pure: it reads no files (the session and the importers do). */
    @Test
    void analysisTouchesNoFileSystem() {
        noClasses().that().resideInAPackage("io.tunescope.analysis..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.nio.file.Files")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileReader")
                .check(classes);
    }

    /** No package cycles among the top-level packages. */
    @Test
    void noCyclesBetweenTopLevelPackages() {
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching("io.tunescope.(*)..")
                .should().beFreeOfCycles().check(classes);
    }

    /**
     * No cycles between any two packages of the core (an SPI never depends on its implementations: the
     * importer registry, the rule catalogue and the flame painter live beside what they list or use).
     * The UI shell still sits in {@code ui} beside the views' shared helpers; it is left out here.
     */
    @Test
    void noCyclesBetweenAnyPackagesOfTheCore() {
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching("io.tunescope.(**)")
                .should().beFreeOfCycles()
                .check(classes.that(com.tngtech.archunit.base.DescribedPredicate.not(
                        com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("io.tunescope.ui.."))));
    }

    @Test
    void noSystemOutOutsideCli() {
        noClasses().that().resideOutsideOfPackage("io.tunescope.cli..")
                .should().accessField(System.class, "out")
                .orShould().accessField(System.class, "err")
                .check(classes);
    }
}
