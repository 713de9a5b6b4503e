package io.tunescope.bench;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * All 45 rules on every step of a loaded capture, in English and in Chinese (the findings text comes from
 * resource bundles). Run from the repository root:
 * {@code mvn -o -Pbench test-compile exec:exec -Dbench=RuleEngineBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RuleEngineBench {
    @Param({"sample-data/mariadb-oltp", "sample-data/case-studies/boostkit-mycnf-mysql80"})
    String capture;

    @Param({"en", "zh-CN"})
    String lang;

    private Capture loaded;
    private Locale locale;

    @Setup(Level.Trial)
    public void load() throws Exception {
        loaded = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of(capture));
        locale = Locale.forLanguageTag(lang);
    }

    @Benchmark
    public RuleEngine.Report allRules() {
        return io.tunescope.rules.catalog.RuleCatalog.engine().run(loaded, Settings.defaults(), locale);
    }
}
