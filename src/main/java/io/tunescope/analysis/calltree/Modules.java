package io.tunescope.analysis.calltree;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Guesses the module of a frame from its name as folded stacks write it: {@code _[k]} / {@code _[j]}
 * annotations ({@code stackcollapse-perf.pl --kernel/--jit}), bracketed modules of frames without a symbol
 * ({@code [libc.so.6]}, {@code [mariadbd]}, {@code [kernel.kallsyms]}), and otherwise well-known kernel,
 * C library and MySQL/MariaDB/InnoDB function names. The process frame (the first frame of a perf
 * stack) is given as context: unrecognised frames of a {@code mysqld}/{@code mariadbd} process are the
 * database binary's.
 */
public final class Modules {
    private static final Pattern KERNEL = Pattern.compile(
            "^(__x64_sys_|__arm64_sys_|__se_sys_|__do_sys_|__sys_|ksys_|do_syscall|entry_SYSCALL|syscall_|el0_|el1_|el0t_"
                    + "|invoke_syscall|__schedule|schedule|finish_task_switch|native_|asm_|irq_|__irq|ret_from_fork"
                    + "|tcp_|ip_|ipv6_|__ip_|__tcp_|__netif|netif_|net_rx|__napi|napi_|sock_|__sock|skb_|__skb|__dev_"
                    + "|dev_|vfs_|ext4_|xfs_|jbd2_|blk_|__blk|nvme_|scsi_|futex_|do_futex|__futex_|hrtimer|tick_|cpuidle"
                    + "|intel_idle|acpi_|arch_cpu_idle|default_idle|do_idle|cpu_startup_entry|__softirq|do_softirq"
                    + "|__do_softirq|_raw_spin|raw_spin|queued_spin|native_queued|mutex_lock|mutex_unlock|page_fault"
                    + "|do_page_fault|handle_mm_fault|__handle_mm_fault|exc_page_fault|do_anonymous_page|copy_user"
                    + "|_copy_to_user|_copy_from_user|__arch_copy|clear_page|try_to_wake_up|wake_up|__wake_up"
                    + "|dequeue_|enqueue_|pick_next|update_curr|update_rq|exit_to_user|irqentry|sysvec_|common_interrupt"
                    + "|srso_|rcu_|__rcu|kmem_cache|__kmalloc|kmalloc|kfree|__alloc_pages|alloc_pages|get_page_from"
                    + "|rmqueue|__x86_|x86_|smp_|flush_tlb|__flush|apparmor|security_|selinux|fsnotify|__fsnotify"
                    + "|generic_|filemap_|iomap_|submit_bio|bio_|io_schedule|ep_|do_epoll|__fdget|fput|fget|__fget"
                    + "|lock_sock|release_sock|inet_|__inet|sk_|__sk_|loopback_|__local_bh|local_bh|ktime_"
                    + "|psi_|cgroup_|css_|__cgroup|mem_cgroup|__mod_|mod_|__set_task|set_next|put_prev|context_switch"
                    + "|__switch_to|switch_mm|load_balance|select_task_rq|ttwu_|activate_task|check_preempt"
                    + "|do_nanosleep|hrtimer_nanosleep|__do_page_fault|unmap_|zap_|tlb_|lru_|folio_|__folio|__lruvec"
                    + "|swapper|cpu_idle|poll_idle|gic_|el0_svc|do_el0_svc|__arm64_|__invoke_syscall)");
    private static final Pattern LIBC = Pattern.compile(
            "^(__libc_|__GI_|__pthread_|pthread_|__lll_|lll_|_int_malloc|_int_free|__malloc|malloc|calloc|realloc"
                    + "|free$|cfree|__memcpy|__memmove|__memset|__memcmp|__memchr|__strlen|__strcmp|__strncmp|__strchr"
                    + "|memcpy|memmove|memset|memcmp|strlen|strcmp|__clone|clone3?$|start_thread|__send|__recv|send$"
                    + "|recv$|__poll|poll$|__epoll|epoll_wait|__read|read$|__write|write$|__pread|pread|__pwrite|pwrite"
                    + "|__fsync|fsync|fdatasync|__futex|syscall$|__sched_yield|sched_yield|__nanosleep|nanosleep|clock_gettime"
                    + "|__clock_gettime|__vdso|__GI___|__new_sem|sem_|__sigsetjmp|_IO_|__strtol|__isoc|__sprintf|__vsnprintf"
                    + "|__snprintf|__printf|vfprintf|__ctype|__tls_get_addr|_dl_|_start$|__libc_start)");
    private static final Pattern DATABASE = Pattern.compile(
            "^(buf_|row_|trx_|lock_|mtr_|log_|fil_|fsp_|fseg_|os_|srv_|btr_|page_|dict_|que_|ut_|rec_|ibuf_|sync_"
                    + "|rw_lock|mach_|dtuple_|dfield_|cmp_|ha_|fts_|pars_|read_view|purge_|trx|srv|sux_lock|ssux_lock"
                    + "|mysql_|mysqld_|my_|mysys|dispatch_command|do_command|handle_one_connection|do_handle_one_connection"
                    + "|sub_select|handle_select|open_table|open_tables|open_and_lock|close_thread|tc_|tdc_|setup_fields"
                    + "|find_field|check_|Item_|JOIN|THD|handler|Protocol|Prepared_statement|Query_|Sql_|SQL_|st_select"
                    + "|select_|net_real|my_net|vio_|Vio|innobase_|innodb_|ib_|thd_|tp_|threadpool|lex_|MYSQLparse"
                    + "|MYSQLlex|mysqlparse|ORAparse|parse_sql|execute_|end_send|evaluate_join|join_|make_join|ha_innobase"
                    + "|DsMrr|Mrr_|QUICK_|SEL_|opt_|get_best|best_access|Field_|Table_|TABLE|table_|MDL_|mdl_|binlog"
                    + "|MYSQL_BIN_LOG|Log_event|Rows_log|wsrep_|Wsrep|galera)");

    private Modules() {
    }

    /** True for the names of MySQL-family server binaries. */
    public static boolean isDatabaseBinary(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        int slash = n.lastIndexOf('/');
        if (slash >= 0) {
            n = n.substring(slash + 1);
        }
        int dash = n.indexOf('-');
        if (dash > 0) {
            n = n.substring(0, dash);
        }
        return n.equals("mysqld") || n.equals("mariadbd") || n.equals("mysqld-debug") || n.equals("greatdb")
                || n.equals("greatdbd") || n.equals("perconad");
    }

    /** Module of a frame by name alone. */
    public static FrameModule classify(String frame) {
        return classify(frame, null);
    }

    /**
     * Module of a frame whose DSO is known ({@code [kernel.kallsyms]}, {@code /usr/lib/.../libc.so.6},
     * {@code /usr/sbin/mariadbd}, {@code /tmp/perf-1.map}); falls back to the name when {@code dso} is empty.
     */
    public static FrameModule classify(String frame, String dso, String process) {
        if (dso == null || dso.isEmpty()) {
            return classify(frame, process);
        }
        String d = dso.strip();
        if (d.startsWith("[") && d.endsWith("]")) {
            d = d.substring(1, d.length() - 1);
        }
        int slash = d.lastIndexOf('/');
        String base = slash >= 0 ? d.substring(slash + 1) : d;
        if (base.equals("unknown")) {
            return classify(frame, process);
        }
        return bracketed(base);
    }

    /**
     * The module of every frame of a tree (indexed by frame id), with two kinds of context a single name lacks:
     * the process (the first frame of the stack where the frame first occurs), and the place in the stack. A
     * frame without a DSO that is called from a kernel frame is kernel code too, whatever its name says: the
     * kernel never calls into user space, so {@code iowrite16} or {@code handle_softirqs} under
     * {@code entry_SYSCALL_64} in a folded profile of {@code mariadbd} is not the database's. This is the one
     * classification the hotspot table, the module colours and the tooltip share. It is worked out once per tree
     * (two passes over every node) and kept with it; each call returns its own copy.
     */
    public static FrameModule[] forFrames(CallTree tree) {
        FrameModule[] known = tree.frameModules();
        if (known == null) {
            known = classify(tree);
            tree.frameModules(known);
        }
        return known.clone();
    }

    private static FrameModule[] classify(CallTree tree) {
        int fc = tree.frames().size();
        int[] process = new int[fc];
        java.util.Arrays.fill(process, -1);
        int proc = -1;
        for (int n = 1; n < tree.size(); n++) {
            if (tree.depth(n) == 1) {
                proc = tree.frame(n);
            }
            int f = tree.frame(n);
            if (f >= 0 && process[f] < 0) {
                process[f] = proc;
            }
        }
        FrameModule[] byName = new FrameModule[fc];
        for (int f = 0; f < fc; f++) {
            byName[f] = classify(tree.frames().get(f), tree.module(f), process[f] < 0 ? null : tree.frames().get(process[f]));
        }
        // nodes in pre-order: a node's parent comes before it
        boolean[] kernelNode = new boolean[tree.size()];
        boolean[] kernelByPlace = new boolean[fc];
        for (int n = 1; n < tree.size(); n++) {
            int f = tree.frame(n);
            if (f < 0) {
                continue;
            }
            int parent = tree.parent(n);
            boolean underKernel = parent > 0 && kernelNode[parent];
            boolean noDso = tree.module(f) == null || tree.module(f).isEmpty();
            if (byName[f] == FrameModule.KERNEL) {
                kernelNode[n] = true;
            } else if (underKernel && noDso) {
                kernelNode[n] = true;
                kernelByPlace[f] = true;
            }
        }
        FrameModule[] out = new FrameModule[fc];
        for (int f = 0; f < fc; f++) {
            out[f] = kernelByPlace[f] ? FrameModule.KERNEL : byName[f];
        }
        return out;
    }

    /** Module of a frame, with the process (first frame of its stack, may be null) as context. */
    public static FrameModule classify(String frame, String process) {
        if (frame.endsWith("_[k]")) {
            return FrameModule.KERNEL;
        }
        if (frame.endsWith("_[j]")) {
            return FrameModule.JIT;
        }
        if (frame.startsWith("[") && frame.endsWith("]")) {
            String m = frame.substring(1, frame.length() - 1);
            int sp = m.indexOf(' ');
            if (sp >= 0) {
                m = m.substring(0, sp);
            }
            return bracketed(m);
        }
        if (KERNEL.matcher(frame).lookingAt()) {
            return FrameModule.KERNEL;
        }
        if (LIBC.matcher(frame).lookingAt()) {
            return FrameModule.LIBC;
        }
        if (DATABASE.matcher(frame).lookingAt() || isDatabaseBinary(frame)) {
            return FrameModule.DATABASE;
        }
        if (frame.startsWith("std::") || frame.startsWith("__gnu_cxx::") || frame.startsWith("__cxx")) {
            return FrameModule.LIBRARY;
        }
        if (frame.startsWith("java") || frame.startsWith("L") && frame.contains("/") || frame.startsWith("Interpreter")) {
            return FrameModule.JIT;
        }
        if (process != null && isDatabaseBinary(process)) {
            return FrameModule.DATABASE;
        }
        return frame.contains("::") ? FrameModule.LIBRARY : FrameModule.UNKNOWN;
    }

    private static FrameModule bracketed(String m) {
        String l = m.toLowerCase(Locale.ROOT);
        if (l.equals("unknown")) {
            return FrameModule.UNKNOWN;
        }
        if (l.startsWith("kernel") || l.contains("vmlinux") || l.endsWith(".ko") || l.equals("vdso")) {
            return FrameModule.KERNEL;
        }
        if (l.startsWith("libc.") || l.startsWith("libc-") || l.startsWith("libpthread") || l.startsWith("ld-linux")
                || l.startsWith("ld-") || l.startsWith("libm.") || l.startsWith("libdl") || l.startsWith("librt")) {
            return FrameModule.LIBC;
        }
        if (isDatabaseBinary(l)) {
            return FrameModule.DATABASE;
        }
        if (l.equals("jit") || l.startsWith("perf-") && l.endsWith(".map") || l.startsWith("jitted-")) {
            return FrameModule.JIT;
        }
        return FrameModule.LIBRARY;
    }
}
