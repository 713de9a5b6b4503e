package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** CPU-KERNEL-COPY-USER: kernel copies to/from user space under page-cache file I/O (or network). */
public final class KernelCopyUserRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("minPercent", "copy_*_user self share at least", 5, "%");
    static final Predicate<String> COPY = CpuHotspots.anyOf("__arch_copy_to_user", "__arch_copy_from_user", "copy_user_enhanced_fast_string",
            "copy_user_generic_string", "copy_user_generic_unrolled", "rep_movs_alternative", "_copy_to_user", "_copy_from_user",
            "copy_page_to_iter", "copy_page_from_iter*", "raw_copy_to_user", "__copy_user_nocache");
    static final Predicate<String> PAGE_CACHE = CpuHotspots.anyOf("filemap_read", "generic_file_read_iter", "generic_perform_write",
            "generic_file_buffered_read", "ext4_file_read_iter", "xfs_file_buffered_read", "xfs_file_buffered_write",
            "ext4_buffered_write_iter", "filemap_get_pages", "__generic_file_write_iter");
    static final Predicate<String> NETWORK = CpuHotspots.anyOf("tcp_recvmsg", "tcp_sendmsg", "tcp_sendmsg_locked", "tcp_recvmsg_locked",
            "unix_stream_recvmsg", "unix_stream_sendmsg", "sock_read_iter", "sock_write_iter");

    public KernelCopyUserRule() {
        super("CPU-KERNEL-COPY-USER", Topic.CPU, "Kernel copies to and from user space", List.of(Need.CPU_PROFILE),
                List.of("PTVA", "PERCONA-IO", "NETAPP-FLUSH"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double share = h.selfShare(COPY);
        if (share * 100 < run.get(MIN)) {
            run.pass("copy_*_user " + Fmt.pct(share));
            return;
        }
        double file = h.stackShare(COPY, PAGE_CACHE);
        double net = h.stackShare(COPY, NETWORK);
        List<Map.Entry<String, Double>> top = h.matching(COPY);
        boolean network = !Double.isNaN(net) && net > (Double.isNaN(file) ? 0 : file);
        String via = Double.isNaN(file) ? "" : network ? ", mostly under socket calls (result sets)" : ", mostly under page-cache file I/O";
        var f = run.finding(network ? 35 : 50, "The kernel spends " + Fmt.pct(share) + " of CPU samples copying data to and from user space"
                        + via + ".")
                .explain("copy_to_user/copy_from_user move bytes between the kernel and mysqld. Under filemap_read or "
                        + "generic_perform_write the data files are read and written through the page cache (double buffering: "
                        + "innodb_flush_method is not O_DIRECT); under tcp_recvmsg/tcp_sendmsg it is network payload."
                        + (Double.isNaN(file) ? " The profile has no call stacks, so the caller could not be checked." : ""))
                .threshold(MIN)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(f, h, top, 3);
        if (!Double.isNaN(file)) {
            f.evidence("under page-cache file I/O", Fmt.pct(file), io.tunescope.model.capture.SourceRef.of(h.file(), 0));
            f.evidence("under socket calls", Fmt.pct(net), io.tunescope.model.capture.SourceRef.of(h.file(), 0));
        }
        run.e.setting("innodb_flush_method").ifPresent(f::evidence);
        if (network) {
            f.recommend(Recommendation.of("Return fewer and smaller rows (network payload)")
                    .text("# SELECT only the needed columns, add LIMIT, page through large results")
                    .effect("Less kernel copying per transaction (no generic number).", "PTVA").risk("Application changes.").build());
        } else {
            f.recommend(Recommendation.of("Use O_DIRECT for InnoDB data files (restart needed)")
                    .ini(List.of("[mysqld]", "innodb_flush_method = O_DIRECT"), "innodb_flush_method")
                    .effect("Removes the copy and frees page cache for the buffer pool (no published percentage).", "PTVA")
                    .risk("On NFS/ONTAP fsync did better in NetApp's tests; O_DIRECT_NO_FSYNC is unsafe on XFS.").build());
        }
        f.add();
    }
}
