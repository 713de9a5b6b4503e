package io.tunescope.importers;

import io.tunescope.importers.config.LscpuImporter;
import io.tunescope.importers.config.MeminfoImporter;
import io.tunescope.importers.config.ThpImporter;
import io.tunescope.importers.config.MyCnfImporter;
import io.tunescope.importers.config.MysqlVariablesImporter;
import io.tunescope.importers.config.PrintDefaultsImporter;
import io.tunescope.importers.config.ProcessBindingImporter;
import io.tunescope.importers.config.ServerVersionImporter;
import io.tunescope.importers.config.SysctlImporter;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numamaps.NumaMapsImporter;
import io.tunescope.importers.numamatrix.NodeMatrixImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.importers.folded.FoldedImporter;
import io.tunescope.importers.iocsv.IoCsvImporter;
import io.tunescope.importers.iocsv.SadfImporter;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.importers.mpstat.MpstatImporter;
import io.tunescope.importers.perfreport.PerfReportImporter;
import io.tunescope.importers.perfscript.PerfScriptImporter;
import io.tunescope.importers.sysbench.SysbenchImporter;
import io.tunescope.importers.timeline.CollectorTimelineImporter;
import io.tunescope.importers.vmstat.VmstatImporter;
import io.tunescope.model.capture.Confidence;
import java.util.ArrayList;
import java.util.List;

/** The importers Tunescope knows, and the choice of one for a file head. */
public final class ImporterRegistry {
    private final List<Importer<?>> importers;

    public ImporterRegistry(List<Importer<?>> importers) {
        this.importers = List.copyOf(importers);
    }

    /** Every built-in importer. New importers are added here. */
    public static ImporterRegistry standard() {
        List<Importer<?>> all = new ArrayList<>();
        all.add(new MyCnfImporter());
        all.add(MysqlVariablesImporter.variables());
        all.add(MysqlVariablesImporter.status());
        all.add(new PrintDefaultsImporter());
        all.add(new SysctlImporter());
        all.add(new LscpuImporter());
        all.add(new NumastatImporter());
        all.add(new NumactlHardwareImporter());
        all.add(new NumaMapsImporter());
        all.add(new NodeMatrixImporter());
        all.add(new ServerVersionImporter());
        all.add(new ProcessBindingImporter());
        all.add(new MeminfoImporter());
        all.add(new ThpImporter());
        all.add(new PerfScriptImporter());
        all.add(new FoldedImporter());
        all.add(new PerfReportImporter());
        all.add(new SysbenchImporter());
        all.add(new IostatImporter());
        all.add(new MpstatImporter());
        all.add(new VmstatImporter());
        all.add(new SadfImporter());
        all.add(new IoCsvImporter());
        all.add(new CollectorTimelineImporter());
        all.add(new io.tunescope.importers.timeline.EventLogImporter());
        all.add(new io.tunescope.importers.perfreport.PerfHeaderImporter());
        return new ImporterRegistry(all);
    }

    public List<Importer<?>> importers() {
        return importers;
    }

    public Importer<?> byFormat(String format) {
        for (Importer<?> i : importers) {
            if (i.format().equals(format)) {
                return i;
            }
        }
        return null;
    }

    /** Result of sniffing one head with every importer. */
    public record Detection(Importer<?> importer, Sniff best, List<String> verdicts) {
        public boolean recognised() {
            return importer != null;
        }
    }

    /**
     * Asks every importer; the most confident at WEAK or above wins (the first registered on a tie).
     * Never throws: an importer that throws while sniffing counts as NO.
     */
    public Detection detect(Head head) {
        Importer<?> best = null;
        Sniff bestSniff = Sniff.no("no importer recognised the content");
        List<String> verdicts = new ArrayList<>();
        boolean unsure = false;
        for (Importer<?> imp : importers) {
            Sniff s;
            try {
                s = imp.sniff(head);
            } catch (RuntimeException e) {
                s = Sniff.no("sniff failed: " + e);
            }
            verdicts.add(imp.format() + ": " + s.confidence().name().toLowerCase(java.util.Locale.ROOT) + " (" + s.reason() + ")");
            if (s.confidence() == Confidence.UNSURE) {
                unsure = true;
            }
            if (s.confidence().atLeast(Confidence.WEAK) && (best == null || s.confidence().compareTo(bestSniff.confidence()) > 0)) {
                best = imp;
                bestSniff = s;
            }
        }
        if (best == null && unsure) {
            bestSniff = Sniff.unsure("an importer needs more of the file to decide");
        }
        return new Detection(best, bestSniff, verdicts);
    }
}
