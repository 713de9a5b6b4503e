package io.tunescope.importers.formats;

import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
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
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in importers, one per format family sub-package. Kept apart from the importer SPI
 * ({@code io.tunescope.importers}) so that the SPI does not depend on its implementations (no package cycle).
 */
public final class StandardImporters {
    private StandardImporters() {
    }

    /** Every built-in importer. New importers are added here. */
    public static ImporterRegistry registry() {
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
        all.add(new io.tunescope.importers.host.BlockQueueImporter());
        all.add(new io.tunescope.importers.host.CgroupImporter());
        all.add(new io.tunescope.importers.host.PressureImporter());
        all.add(new io.tunescope.importers.host.UnameImporter());
        all.add(new io.tunescope.importers.host.OsReleaseImporter());
        all.add(new io.tunescope.importers.host.GetconfImporter());
        all.add(new io.tunescope.importers.net.InterruptsImporter());
        all.add(new io.tunescope.importers.net.SoftIrqsImporter());
        all.add(new io.tunescope.importers.net.EthtoolChannelsImporter());
        all.add(new io.tunescope.importers.net.IrqAffinityImporter());
        all.add(new PerfScriptImporter());
        all.add(new io.tunescope.importers.perfstat.PerfStatImporter());
        all.add(new io.tunescope.importers.perfscript.PerfSchedImporter());
        all.add(new FoldedImporter());
        all.add(new io.tunescope.importers.folded.OffCpuFoldedImporter());
        all.add(new PerfReportImporter());
        all.add(new SysbenchImporter());
        all.add(new IostatImporter());
        all.add(new MpstatImporter());
        all.add(new VmstatImporter());
        all.add(new io.tunescope.importers.mysqladmin.MysqladminExtImporter());
        all.add(new SadfImporter());
        all.add(new io.tunescope.importers.sar.SarImporter());
        all.add(new IoCsvImporter());
        all.add(new CollectorTimelineImporter());
        all.add(new io.tunescope.importers.timeline.EventLogImporter());
        all.add(new io.tunescope.importers.perfreport.PerfHeaderImporter());
        all.add(new io.tunescope.importers.innodb.InnodbStatusImporter());
        all.add(new io.tunescope.importers.processlist.ProcesslistImporter());
        all.add(new io.tunescope.importers.pfs.PfsSummaryImporter());
        all.add(new io.tunescope.importers.config.PtSummaryImporter());
        all.add(new io.tunescope.importers.config.PtMysqlSummaryImporter());
        return new ImporterRegistry(all);
    }

}
