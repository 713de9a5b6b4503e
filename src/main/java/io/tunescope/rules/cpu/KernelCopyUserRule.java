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
            run.pass(run.t("pass", Fmt.pct(share)));
            return;
        }
        double file = h.stackShare(COPY, PAGE_CACHE);
        double net = h.stackShare(COPY, NETWORK);
        List<Map.Entry<String, Double>> top = h.matching(COPY);
        boolean network = !Double.isNaN(net) && net > (Double.isNaN(file) ? 0 : file);
        String summary = Double.isNaN(file) ? run.t("summary", Fmt.pct(share))
                : network ? run.t("summary.network", Fmt.pct(share)) : run.t("summary.pageCache", Fmt.pct(share));
        var f = run.finding(network ? 35 : 45, summary)
                .explain(Double.isNaN(file) ? run.t("explanation.noStacks") : run.t("explanation"))
                .threshold(MIN)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(run, f, h, top, 3);
        if (!Double.isNaN(file)) {
            f.evidence(run.t("evidence.pageCache"), Fmt.pct(file), io.tunescope.model.capture.SourceRef.of(h.file(), 0));
            f.evidence(run.t("evidence.network"), Fmt.pct(net), io.tunescope.model.capture.SourceRef.of(h.file(), 0));
        }
        run.e.setting("innodb_flush_method").ifPresent(f::evidence);
        if (network) {
            f.recommend(Recommendation.of(run.t("action.network"))
                    .text(run.t("text.network"))
                    .effect(run.t("effect.network"), "PTVA").risk(run.t("risk.network")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.oDirect"))
                    .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_flush_method", "O_DIRECT"), "innodb_flush_method")
                    .effect(run.t("effect.oDirect"), "PTVA")
                    .risk(run.t("risk.oDirect")).build());
        }
        f.add();
    }
}
