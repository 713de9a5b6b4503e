#!/usr/bin/env python3
"""Writes the synthetic case-study captures under sample-data/case-studies/ (deterministic).

Each capture rebuilds a case from /work/shared/tuning-rules.md section 1 in the exact output formats of
the real tools (sysbench 1.0.20 oltp_read_write, sysstat 12 iostat -x / mpstat, numactl --hardware,
numastat, lscpu, folded stacks, my.cnf, SELECT VERSION(), sysctl -a, /proc/meminfo). Run from the
repository root:  python3 src/test/tools/case_studies.py
"""
import os
import random

ROOT = os.path.join("sample-data", "case-studies")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


# ------------------------------------------------------------------ sysbench

def sysbench_run(rnd, threads, tps, qps, p95, seconds=300, interval=10, errors=0.0, reconn=0.0):
    avg = threads / tps * 1000.0
    out = ["sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)", "", "Running the test with following options:",
           "Number of threads: %d" % threads, "Report intermediate results every %d second(s)" % interval,
           "Initializing random number generator from current time", "", "", "Initializing worker threads...", "",
           "Threads started!", ""]
    for t in range(interval, seconds + 1, interval):
        f = 1 + rnd.uniform(-0.02, 0.02)
        it = tps * f
        iq = it * (qps / tps)
        r, w, o = iq * 0.7, iq * 0.2, iq * 0.1
        out.append("[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%): %.2f err/s: %.2f reconn/s: %.2f"
                   % (t, threads, it, iq, r, w, o, p95 * (1 + rnd.uniform(-0.03, 0.03)), errors, reconn))
    trx = int(round(tps * seconds))
    queries = int(round(qps * seconds))
    reads, writes = int(queries * 0.7), int(queries * 0.2)
    other = queries - reads - writes
    err_total = int(round(errors * seconds))
    rec_total = int(round(reconn * seconds))
    out += ["SQL statistics:", "    queries performed:",
            "        read:                            %d" % reads,
            "        write:                           %d" % writes,
            "        other:                           %d" % other,
            "        total:                           %d" % queries,
            "    transactions:                        %d (%.2f per sec.)" % (trx, tps),
            "    queries:                             %d (%.2f per sec.)" % (queries, qps),
            "    ignored errors:                      %d      (%.2f per sec.)" % (err_total, errors),
            "    reconnects:                          %d      (%.2f per sec.)" % (rec_total, reconn),
            "", "General statistics:",
            "    total time:                          %.4fs" % (seconds + 0.0619),
            "    total number of events:              %d" % trx, "",
            "Latency (ms):",
            "         min:                                    %.2f" % (avg * 0.08),
            "         avg:                                   %.2f" % avg,
            "         max:                                  %.2f" % (p95 * 4.1),
            "         95th percentile:                      %.2f" % p95,
            "         sum:                              %.2f" % (avg * trx), "",
            "Threads fairness:",
            "    events (avg/stddev):           %.4f/%.2f" % (trx / threads, rnd.uniform(5, 60)),
            "    execution time (avg/stddev):   %.4f/%.2f" % (seconds + 0.03, 0.01), "", ""]
    return "\n".join(out)


# ------------------------------------------------------------------ sysstat

IOSTAT_HEAD = ("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await "
               "wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util")


def iostat(rnd, host, cpus, device, samples, util, r_await, w_await, aqu, cpu_busy, iowait):
    out = ["Linux 5.10.0-60.18.0.50.oe2203.aarch64 (%s) \t11/30/26 \t_aarch64_\t(%d CPU)" % (host, cpus), ""]
    for _ in range(samples):
        usr = cpu_busy * 0.75 * (1 + rnd.uniform(-0.05, 0.05))
        sys_ = cpu_busy * 0.25 * (1 + rnd.uniform(-0.05, 0.05))
        iow = iowait * (1 + rnd.uniform(-0.05, 0.05))
        idle = max(0.0, 100 - usr - sys_ - iow)
        out += ["avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                "          %5.2f    0.00   %5.2f   %5.2f    0.00   %5.2f" % (usr, sys_, iow, idle), "", IOSTAT_HEAD]
        rs = 2400 * (1 + rnd.uniform(-0.1, 0.1))
        ws = 1800 * (1 + rnd.uniform(-0.1, 0.1))
        out.append("%-12s %8.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %7.2f %7.2f %6.2f"
                   % (device, rs, rs * 16, 0.0, 0.0, r_await * (1 + rnd.uniform(-0.1, 0.1)), 16.0, ws, ws * 24, 12.0, 0.66,
                      w_await * (1 + rnd.uniform(-0.1, 0.1)), 24.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 60.0, 0.5,
                      aqu * (1 + rnd.uniform(-0.1, 0.1)), min(100.0, util * (1 + rnd.uniform(-0.01, 0.01)))))
        out += ["", ""]
    return "\n".join(out)


def mpstat(rnd, host, cpus, samples, busy, iowait):
    out = ["Linux 5.10.0-60.18.0.50.oe2203.aarch64 (%s) \t11/30/26 \t_aarch64_\t(%d CPU)" % (host, cpus), ""]
    h, m, s = 10, 0, 0
    for _ in range(samples):
        t0 = "%02d:%02d:%02d" % (h, m, s)
        s += 10
        if s >= 60:
            s -= 60
            m += 1
        t1 = "%02d:%02d:%02d" % (h, m, s)
        usr = busy * 0.75 * (1 + rnd.uniform(-0.05, 0.05))
        sys_ = busy * 0.2 * (1 + rnd.uniform(-0.05, 0.05))
        soft = busy * 0.05
        iow = iowait * (1 + rnd.uniform(-0.05, 0.05))
        idle = max(0.0, 100 - usr - sys_ - soft - iow)
        out.append("%s     CPU    %%usr   %%nice    %%sys %%iowait    %%irq   %%soft  %%steal  %%guest  %%gnice   %%idle" % t0)
        out.append("%s     all  %6.2f    0.00  %6.2f  %6.2f    0.00  %6.2f    0.00    0.00    0.00  %6.2f" % (t1, usr, sys_, iow, soft, idle))
        out.append("")
    return "\n".join(out)


def lscpu(model, arch, cpus, sockets, nodes, flags, vendor="HiSilicon", hypervisor=None):
    per_node = cpus // nodes
    lines = ["Architecture:                    %s" % arch,
             "CPU op-mode(s):                  64-bit",
             "Byte Order:                      Little Endian",
             "CPU(s):                          %d" % cpus,
             "On-line CPU(s) list:             0-%d" % (cpus - 1),
             "Vendor ID:                       %s" % vendor,
             "Model name:                      %s" % model,
             "Thread(s) per core:              1",
             "Core(s) per socket:              %d" % (cpus // sockets),
             "Socket(s):                       %d" % sockets]
    if hypervisor:
        lines.append("Hypervisor vendor:               %s" % hypervisor)
        lines.append("Virtualization type:             full")
    lines.append("NUMA node(s):                    %d" % nodes)
    for n in range(nodes):
        lines.append("NUMA node%d CPU(s):               %d-%d" % (n, n * per_node, (n + 1) * per_node - 1))
    lines.append("Flags:                           %s" % flags)
    return "\n".join(lines) + "\n"


ARM_FLAGS = "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma dcpop asimddp asimdfhm"
X86_FLAGS = ("fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx "
             "pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe "
             "popcnt aes xsave avx f16c rdrand hypervisor lahf_lm abm avx2 bmi1 bmi2")


def sysctl(pairs):
    base = [("kernel.hostname", "db1"), ("kernel.pid_max", "4194304"), ("vm.dirty_background_ratio", "10"), ("vm.dirty_ratio", "20")]
    return "".join("%s = %s\n" % kv for kv in base + pairs)


def meminfo(total_kb, cached_kb, swap_total_kb=0, swap_free_kb=0):
    free = total_kb // 20
    return ("MemTotal:       %d kB\nMemFree:        %d kB\nMemAvailable:   %d kB\nBuffers:          204800 kB\n"
            "Cached:         %d kB\nSwapCached:            0 kB\nActive:         %d kB\nInactive:       %d kB\n"
            "SwapTotal:      %d kB\nSwapFree:       %d kB\nDirty:              1024 kB\nHugePages_Total:       0\n"
            "HugePages_Free:        0\nHugepagesize:       2048 kB\n"
            % (total_kb, free, free + cached_kb, cached_kb, total_kb // 2, total_kb // 5, swap_total_kb, swap_free_kb))


def version(v):
    return "VERSION()\n%s\n" % v


# ------------------------------------------------------------------ NUMA

def numactl_kunpeng5250(free_mb):
    # 2 x Kunpeng 920 5250: 4 nodes of 24 cores, 256 GB each (1 TB total)
    out = ["available: 4 nodes (0-3)"]
    for n in range(4):
        out.append("node %d cpus: %s" % (n, " ".join(str(c) for c in range(n * 24, n * 24 + 24))))
        out.append("node %d size: 257546 MB" % n)
        out.append("node %d free: %d MB" % (n, free_mb[n]))
    out += ["node distances:", "node   0   1   2   3 ", "  0:  10  12  20  22 ", "  1:  12  10  22  24 ",
            "  2:  20  22  10  12 ", "  3:  22  24  12  10 "]
    return "\n".join(out) + "\n"


def numastat_counters(snapshots):
    out = []
    for stamp, rows in snapshots:
        out.append(stamp)
        out.append("                           node0           node1           node2           node3")
        for name in ["numa_hit", "numa_miss", "numa_foreign", "interleave_hit", "local_node", "other_node"]:
            out.append("%-16s %15d %15d %15d %15d" % ((name,) + tuple(rows[name])))
    return "\n".join(out) + "\n"


def numastat_p(pid, command, heap, private):
    nodes = len(private)
    head = "".join("%16s" % ("Node %d" % n) for n in range(nodes)) + "           Total"
    rule = "".join(" ---------------" for _ in range(nodes)) + " ---------------"
    def row(label, vals):
        return "%-16s" % label + "".join("%16.2f" % v for v in vals) + "%16.2f" % sum(vals)
    huge = [0.0] * nodes
    stack = [0.0] * nodes
    stack[0] = 0.25
    total = [heap[i] + private[i] + stack[i] for i in range(nodes)]
    return "\n".join(["", "Per-node process memory usage (in MBs) for PID %d (%s)" % (pid, command),
                      "          " + head, "                  " + rule, row("Huge", huge), row("Heap", heap),
                      row("Stack", stack), row("Private", private),
                      "----------------  " + " ".join("---------------" for _ in range(nodes + 1)), row("Total", total)]) + "\n"


# ------------------------------------------------------------------ captures

def readme(name, title, seed, body):
    write(os.path.join(ROOT, name, "README.md"),
          "# %s\n\n**Synthetic capture** written by `src/test/tools/case_studies.py` in the exact output formats of the real "
          "tools. It rebuilds %s from `tuning-rules.md` section 1; numbers not stated there are invented to be consistent "
          "with the stated ones.\n\n%s\n" % (title, seed, body))


def disk_bound(rnd):
    name = "disk-bound-idle-cpu"
    d = os.path.join(ROOT, name)
    readme(name, "Disk-bound run with idle CPU", "seed 001 (GreatDB on a 64C/128G FusionCompute VM, virtual data disk)",
           "The 64-vCPU VM's thread sweep (16-512 threads, TPS, QPS and p95 from the seed's table), `iostat -x` of the "
           "virtual data disk `vdb` at 99 % util with tens of milliseconds of await, and `mpstat` with the CPUs about 30 % "
           "busy. Expected: IO-SATURATED-CPU-IDLE, IO-HIGH-AWAIT, CONC-THROUGHPUT-KNEE, CONC-P95-RISING-FLAT-TPS.")
    table = [(16, 1172.19, 23443.77, 17.01), (32, 2096.44, 41928.88, 20.74), (64, 2625.25, 52505.00, 34.95),
             (128, 3039.30, 60786.10, 57.87), (256, 3171.06, 63421.21, 101.13), (512, 2883.79, 57675.81, 200.47)]
    write(os.path.join(d, "sysbench-oltp-read-write-sweep.log"), "".join(sysbench_run(rnd, *r) for r in table))
    write(os.path.join(d, "iostat-x.txt"), iostat(rnd, "greatdb-vm1", 64, "vdb", 12, 99.4, 31.0, 38.0, 42.0, 30.0, 12.0))
    write(os.path.join(d, "mpstat-all.txt"), mpstat(rnd, "greatdb-vm1", 64, 12, 30.0, 12.0))
    write(os.path.join(d, "lscpu.txt"), lscpu("Kunpeng-920", "aarch64", 64, 1, 1, ARM_FLAGS, hypervisor="KVM"))
    write(os.path.join(d, "version.txt"), version("8.0.25-greatdb"))
    write(os.path.join(d, "my.cnf"), "[mysqld]\ndatadir=/data/greatdb\ninnodb_buffer_pool_size=64G\ninnodb_flush_log_at_trx_commit=1\n"
          "sync_binlog=1\ninnodb_flush_method=O_DIRECT\ninnodb_io_capacity=4000\nmax_connections=1000\n")
    write(os.path.join(d, "meminfo.txt"), meminfo(131072000, 4194304))


def knee(rnd):
    name = "knee-256-threads"
    d = os.path.join(ROOT, name)
    readme(name, "Throughput knee at 256 threads", "seed 001 (48-vCPU VM, CPU and memory bound, raw disk)",
           "The bound 48-vCPU VM's thread sweep: 3,080.85 / 3,721.07 / 4,297.43 / 3,001.61 TPS at 64 / 128 / 256 / 512 "
           "threads, p95 29.72 / 46.63 / 77.19 / 215.44 ms. Expected: CONC-THROUGHPUT-KNEE, CONC-P95-RISING-FLAT-TPS.")
    table = [(64, 3080.85, 61616.96, 29.72), (128, 3721.07, 74421.07, 46.63), (256, 4297.43, 85948.63, 77.19),
             (512, 3001.61, 60032.23, 215.44)]
    for threads, tps, qps, p95 in table:
        write(os.path.join(d, "sysbench-%03d-threads.log" % threads), sysbench_run(rnd, threads, tps, qps, p95))
    write(os.path.join(d, "version.txt"), version("8.0.25-greatdb"))
    write(os.path.join(d, "lscpu.txt"), lscpu("Kunpeng-920", "aarch64", 48, 1, 1, ARM_FLAGS, hypervisor="KVM"))


def numa_vms(rnd):
    name = "numa-bound-vms"
    readme(name, "NUMA-bound virtual machines (host view, two steps)",
           "seed 001 (TaiShan 2280, 2 x Kunpeng 920 5250 = 4 NUMA nodes of 24 cores; FusionCompute reserves CPUs 0-7)",
           "Step `00-64c-unbound`: the 64-vCPU VM's qemu process may run on CPUs 8-95 and its memory is spread over all four "
           "nodes; numastat counters show a high other_node share; kernel.numa_balancing=1. Step `01-48c-bound`: the 48-vCPU "
           "VM bound to CPUs 48-95 (nodes 2-3) with its memory on node 2 (\"crosses NUMA, not chips\") and numa_balancing "
           "off. Expected in step 00: NUMA-VM-SPANS-NODES, NUMA-REMOTE-ALLOC, and NUMA-BALANCING-WITH-BINDING (the qemu process is restricted to CPUs 8-95 while balancing is on); nothing in step 01.")
    write(os.path.join(ROOT, name, "tunescope.json"),
          '{\n  "title": "GreatDB VMs on a Kunpeng 920 5250 host",\n  "host": "taishan-2280",\n  "steps": [\n'
          '    {"dir": "00-64c-unbound", "label": "64C/128G VM, no binding", "change": "baseline"},\n'
          '    {"dir": "01-48c-bound", "label": "48C VM bound to CPUs 48-95", "change": "VM resized to 48 vCPUs, CPU and memory bound to host CPUs 48-95, kernel.numa_balancing=0"}\n'
          '  ]\n}\n')
    host_lscpu = lscpu("Kunpeng-920", "aarch64", 96, 2, 4, ARM_FLAGS)
    write(os.path.join(ROOT, name, "lscpu.txt"), host_lscpu)
    write(os.path.join(ROOT, name, "numactl-hardware.txt"), numactl_kunpeng5250([150000, 148000, 152000, 149000]))
    write(os.path.join(ROOT, name, "meminfo.txt"), meminfo(1054908416, 20971520))
    # step 00
    d = os.path.join(ROOT, name, "00-64c-unbound")
    write(os.path.join(d, "numastat-p-qemu.txt"), numastat_p(21877, "qemu-kvm", [40.5, 38.0, 35.25, 30.0],
                                                             [34120.50, 33010.25, 31870.75, 32150.00]))
    def counters(base, other_frac, steps):
        snaps = []
        for k in range(steps):
            rows = {n: [] for n in ["numa_hit", "numa_miss", "numa_foreign", "interleave_hit", "local_node", "other_node"]}
            for node in range(4):
                local = base + k * 900000 * (1 - other_frac[node])
                other = base * 0.05 + k * 900000 * other_frac[node]
                rows["numa_hit"].append(int(local + 20000))
                rows["numa_miss"].append(int(other * 0.6))
                rows["numa_foreign"].append(int(other * 0.5))
                rows["interleave_hit"].append(20011 + node)
                rows["local_node"].append(int(local))
                rows["other_node"].append(int(other))
            snaps.append(("2026-11-30T10:0%d:00+0800" % k, rows))
        return snaps
    write(os.path.join(d, "numastat.txt"), numastat_counters(counters(4000000, [0.38, 0.41, 0.36, 0.44], 3)))
    write(os.path.join(d, "qemu-status.txt"), "Name:\tqemu-kvm\nPid:\t21877\nCpus_allowed_list:\t8-95\nMems_allowed_list:\t0-3\n")
    write(os.path.join(d, "sysctl.txt"), sysctl([("kernel.numa_balancing", "1"), ("vm.swappiness", "10"), ("vm.zone_reclaim_mode", "0")]))
    # step 01
    d = os.path.join(ROOT, name, "01-48c-bound")
    write(os.path.join(d, "numastat-p-qemu.txt"), numastat_p(30412, "qemu-kvm", [0.0, 0.0, 92.5, 0.0], [0.0, 0.0, 98210.25, 0.0]))
    write(os.path.join(d, "numastat.txt"), numastat_counters(counters(5000000, [0.01, 0.01, 0.03, 0.02], 3)))
    write(os.path.join(d, "qemu-status.txt"), "Name:\tqemu-kvm\nPid:\t30412\nCpus_allowed_list:\t48-95\nMems_allowed_list:\t2-3\n")
    write(os.path.join(d, "sysctl.txt"), sysctl([("kernel.numa_balancing", "0"), ("vm.swappiness", "10"), ("vm.zone_reclaim_mode", "0")]))


def crc32(rnd):
    name = "software-crc32-hotspot"
    d = os.path.join(ROOT, name)
    readme(name, "Software CRC32 hotspot", "seed 004 (JED, MySQL 5.7.26 on Kunpeng 920-7262C, before the CRC32 patch) and "
           "the mysqlonarm measurement (ut_crc32_sw 3.23 % of samples)",
           "A folded-stack profile of mysqld where `ut_crc32_sw` (page checksums under buf_flush_init_for_writing and "
           "buf_page_is_corrupted) takes about 6 % of the samples, on a CPU whose lscpu flags list `crc32`. Expected: "
           "CPU-CRC32-SOFTWARE.")
    stacks = {
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;sub_select;join_read_always_key;handler::ha_index_read_map;ha_innobase::index_read;row_search_mvcc;btr_cur_search_to_nth_level;buf_page_get_gen": 5200,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;sub_select;join_read_always_key;handler::ha_index_read_map;ha_innobase::index_read;row_search_mvcc;row_sel_store_mysql_rec": 6100,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;sub_select;join_read_always_key;handler::ha_index_read_map;ha_innobase::index_read;row_search_mvcc;rec_get_offsets_func": 4300,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;mysql_update;handler::ha_update_row;ha_innobase::update_row;row_update_for_mysql;row_upd_step;btr_cur_optimistic_update": 3900,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;trans_commit;ha_commit_trans;innobase_commit;trx_commit_for_mysql;log_write_up_to;os_event_wait_low;pthread_cond_wait": 2800,
        "mysqld;start_thread;buf_flush_page_cleaner_worker;pc_flush_slot;buf_flush_do_batch;buf_flush_page;buf_flush_write_block_low;buf_flush_init_for_writing;buf_calc_page_crc32;ut_crc32_sw": 1350,
        "mysqld;start_thread;io_handler_thread;fil_aio_wait;buf_page_io_complete;buf_page_is_corrupted;buf_page_is_checksum_valid_crc32;buf_calc_page_crc32;ut_crc32_sw": 900,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;my_net_read;vio_read;__libc_recv;el0_svc_[k];__arm64_sys_recvfrom_[k];tcp_recvmsg_[k]": 2100,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_parse;parse_sql;MYSQLparse": 3300,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::optimize;make_join_plan": 2600,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;end_send;Protocol_classic::send_result_set_row;my_convert": 450,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;end_send;Protocol_classic::send_result_set_row;__memcpy_generic": 1200,
        "mysqld;start_thread;srv_purge_coordinator_thread;trx_purge;row_purge_step": 900,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;mysql_insert;write_record;handler::ha_write_row;ha_innobase::write_row;row_insert_for_mysql;row_ins_clust_index_entry_low;btr_cur_optimistic_insert": 2800,
        "mysqld;start_thread;pfs_spawn_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;execute_sqlcom_select;handle_query;JOIN::exec;sub_select;join_read_always_key;handler::ha_index_read_map;ha_innobase::index_read;row_search_mvcc;mtr_t::commit;mtr_t::Command::execute": 1900,
    }
    lines = ["%s %d" % (k, v) for k, v in stacks.items()]
    write(os.path.join(d, "mysqld.folded"), "\n".join(lines) + "\n")
    write(os.path.join(d, "lscpu.txt"), lscpu("Kunpeng-920", "aarch64", 128, 2, 4, ARM_FLAGS))
    write(os.path.join(d, "version.txt"), version("5.7.26-log"))


def healthy(rnd):
    name = "healthy-oltp"
    d = os.path.join(ROOT, name)
    readme(name, "Healthy OLTP run (control)", "no seed: a well-configured MySQL 8.0 host, to show that no rule fires at "
           "warning or above",
           "MySQL 8.0.36 on a 32-CPU x86 host with NVMe storage: durable settings, buffer pool 75 % of RAM, O_DIRECT, io "
           "capacity 2000, swappiness 1, THP never, one NUMA node; throughput still growing at the highest thread count, "
           "device 35 % busy with sub-millisecond await, a flat CPU profile with hardware CRC32.")
    table = [(16, 2650.4, 53008.0, 7.98), (32, 5010.8, 100216.0, 8.74), (64, 8890.2, 177804.0, 9.56)]
    write(os.path.join(d, "sysbench.log"), "".join(sysbench_run(rnd, *r) for r in table))
    write(os.path.join(d, "iostat-x.txt"), iostat(rnd, "db-ok", 32, "nvme0n1", 12, 35.0, 0.21, 0.05, 0.9, 72.0, 0.5))
    write(os.path.join(d, "mpstat-all.txt"), mpstat(rnd, "db-ok", 32, 12, 72.0, 0.5))
    write(os.path.join(d, "lscpu.txt"), lscpu("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", "x86_64", 32, 1, 1, X86_FLAGS, vendor="GenuineIntel"))
    write(os.path.join(d, "version.txt"), version("8.0.36"))
    write(os.path.join(d, "my.cnf"), "[mysqld]\ndatadir=/var/lib/mysql\ninnodb_buffer_pool_size=48G\ninnodb_redo_log_capacity=8G\n"
          "innodb_flush_method=O_DIRECT\ninnodb_io_capacity=2000\ninnodb_io_capacity_max=4000\nmax_connections=500\n")
    write(os.path.join(d, "sysctl.txt"), sysctl([("kernel.numa_balancing", "0"), ("vm.overcommit_memory", "0"), ("vm.overcommit_ratio", "50"),
                                                 ("vm.swappiness", "1"), ("vm.zone_reclaim_mode", "0")]))
    write(os.path.join(d, "meminfo.txt"), meminfo(67108864, 2097152))
    write(os.path.join(d, "thp-enabled.txt"), "always madvise [never]\n")
    stacks = {
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;Sql_cmd_dml::execute;JOIN::exec;row_search_mvcc": 9000,
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_parse;parse_sql;MYSQLparse": 7000,
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;Sql_cmd_dml::execute;JOIN::optimize": 6500,
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;Sql_cmd_update::execute;row_upd_step": 5000,
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_execute_command;Sql_cmd_insert::execute;row_ins_clust_index_entry_low": 4500,
        "mysqld;start_thread;buf_flush_page_coordinator_thread;buf_flush_page;buf_flush_init_for_writing;ut_crc32_hw": 150,
        "mysqld;start_thread;handle_connection;do_command;my_net_read;vio_read;__libc_recv": 3000,
        "mysqld;start_thread;handle_connection;do_command;dispatch_command;trans_commit;ha_commit_trans;log_write_up_to": 2500,
    }
    write(os.path.join(d, "mysqld.folded"), "\n".join("%s %d" % kv for kv in stacks.items()) + "\n")


def boostkit_mycnf(rnd):
    name = "boostkit-mycnf-mysql80"
    d = os.path.join(ROOT, name)
    readme(name, "BoostKit training-camp configuration on MySQL 8.0.33",
           "seed 000 (Kunpeng 920, 64 cores, 128 GB, MySQL 8.0.33): its my.cnf (every line of step 3) and its sysctl lines "
           "(step 1)",
           "Shows the server-aware configuration rules on the seed's own files. Expected: CFG-UNKNOWN-VARIABLE (query cache, "
           "MariaDB-only scrub options and the Percona 5.6 AHI name stop MySQL 8.0.33 from starting), CFG-MEMORY-OVERCOMMIT "
           "(96 GiB pool + 2,000 connections), CFG-DURABILITY-RELAXED (2 / 1000), CFG-PER-THREAD-BUFFERS, CFG-REDO-CAPACITY "
           "(deprecated log file options), CFG-REPEATED-OPTION (five innodb_monitor_enable lines), CFG-DEFAULT-AS-TUNING "
           "(spin delay 6, spin loops 30, flush_neighbors 0), CFG-DEPRECATED-VARIABLE (default_authentication_plugin), "
           "OS-OVERCOMMIT-NOOP (overcommit_ratio 95 with overcommit_memory 1).")
    write(os.path.join(d, "my.cnf"), """[mysqld]
datadir=/var/lib/mysql
socket=/var/run/mysqld/mysqld.sock
log-error=/var/log/mysql/mysqld.log
pid-file=/var/run/mysqld/mysqld.pid

# BoostKit basics
default_authentication_plugin=mysql_native_password
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci

# memory
innodb_buffer_pool_size=96G
innodb_buffer_pool_instances=16
innodb_buffer_pool_chunk_size=1G

# I/O
innodb_io_capacity=2000
innodb_io_capacity_max=4000
innodb_flush_neighbors=0
innodb_flush_method=O_DIRECT
innodb_read_io_threads=16
innodb_write_io_threads=16
innodb_purge_threads=8
innodb_page_cleaners=8

# log / trx
innodb_log_file_size=4G
innodb_log_files_in_group=2
innodb_log_buffer_size=256M
innodb_flush_log_at_trx_commit=2
sync_binlog=1000
binlog_group_commit_sync_delay=100
binlog_group_commit_sync_no_delay_count=10

# query cache / tmp
query_cache_type=0
query_cache_size=0
tmp_table_size=256M
max_heap_table_size=256M

# connections
max_connections=2000
thread_cache_size=256
table_open_cache=4000
table_definition_cache=2000
open_files_limit=65535

# per-thread
sort_buffer_size=4M
join_buffer_size=4M
read_buffer_size=4M
read_rnd_buffer_size=8M
tmpdir=/tmp

# multi-core
innodb_numa_interleave=1
innodb_spin_wait_delay=6
innodb_sync_spin_loops=30

# monitoring
performance_schema=ON
innodb_monitor_enable='module_io'
innodb_monitor_enable='module_buffer'
innodb_monitor_enable='module_index'
innodb_monitor_enable='module_table'
innodb_monitor_enable='module_adaptive_hash'

# BoostKit-specific
innodb_adaptive_hash_index_parts=16
innodb_adaptive_hash_index_partitions=8
innodb_background_scrub_data_check_interval=3600
innodb_background_scrub_data_interval=86400
innodb_background_scrub_data_uncompressed=ON
""")
    write(os.path.join(d, "sysctl.conf"), """vm.swappiness = 1
vm.dirty_ratio = 10
vm.dirty_background_ratio = 5
vm.overcommit_memory = 1
vm.overcommit_ratio = 95
kernel.numa_balancing = 0
net.core.somaxconn = 65535
net.ipv4.tcp_max_syn_backlog = 65535
net.ipv4.tcp_max_tw_buckets = 180000
net.ipv4.tcp_tw_reuse = 1
net.ipv4.tcp_fin_timeout = 15
net.ipv4.tcp_keepalive_time = 300
net.ipv4.tcp_keepalive_probes = 5
net.ipv4.tcp_keepalive_intvl = 15
fs.file-max = 655350
fs.aio-max-nr = 1048576
""")
    write(os.path.join(d, "mysqld-version.txt"), "/usr/local/mysql/bin/mysqld  Ver 8.0.33 for Linux on aarch64 (Source distribution)\n")
    write(os.path.join(d, "lscpu.txt"), lscpu("Kunpeng-920", "aarch64", 64, 1, 2, ARM_FLAGS))
    write(os.path.join(d, "meminfo.txt"), meminfo(134217728, 8388608))


def main():
    rnd = random.Random(20261130)
    disk_bound(rnd)
    knee(rnd)
    numa_vms(rnd)
    crc32(rnd)
    healthy(rnd)
    boostkit_mycnf(rnd)
    write(os.path.join(ROOT, "README.md"),
          "# Case-study captures (synthetic)\n\nSmall capture folders that rebuild the case studies of the tuning knowledge "
          "base in the exact formats of the real tools. They are **synthetic**: written by `src/test/tools/case_studies.py` "
          "(deterministic). Each folder's README names the seed case it rebuilds and the findings expected.\n\n"
          "`<name>.findings.expected.txt` holds every finding of the folder as `id | severity | summary` lines; "
          "`CaseStudyFindingsTest` compares them (refresh with `-Dtunescope.refreshGolden=true`).\n")


if __name__ == "__main__":
    main()
