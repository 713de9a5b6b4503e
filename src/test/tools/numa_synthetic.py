#!/usr/bin/env python3
"""Writes the SYNTHETIC multi-node NUMA fixtures and the sample capture numa-4node-synthetic.

The layouts follow numastat.c (numactl/numactl) and numactl.c as studied for Tunescope: a left header
column of 16 characters (left-justified), data columns of 16 characters (right-justified, values with
two decimals in MB, or page counts with no decimals in the plain perl-compatible table), a Total
column except in the plain table, a dash rule row under "Node N" headers, '-c' auto widths
(min 4, max 16, gutter 1, whole numbers), '-z' hiding all-zero rows and columns, and line folding at
the screen width (NUMASTAT_WIDTH): each section repeats the row labels and sections are separated by
a blank line. The numbers are made up; run: python3 src/test/tools/numa_synthetic.py (repo root).
"""
import os

ROOT = os.path.join(os.path.dirname(__file__), '..', '..', '..')


def fmt_cell(v, dec):
    if v is None:
        return ''
    if isinstance(v, str):
        return v
    return '%.*f' % (dec, v)


def table(header_rows, rows, ncols, widths, dec, screen=10_000_000, show_zero=True, rep_rows=()):
    """header_rows / rows: lists of [label, c1..cn]; a cell '-' in rep_rows means a dash rule.
    widths[0] = left column; widths[1..] data columns (0 = not printed). Returns text lines."""
    allrows = header_rows + rows
    # -z: hide all-zero data rows and columns (header and rule rows always kept)
    cols = list(range(1, ncols + 1))
    keep_rows = list(range(len(allrows)))
    if not show_zero:
        def nz(v):
            return isinstance(v, (int, float)) and v != 0
        cols = [c for c in cols if any(nz(r[c]) for r in rows)]
        keep_rows = [i for i in range(len(allrows))
                     if i < len(header_rows) or i in rep_rows or any(nz(allrows[i][c]) for c in cols)]
    out = []
    start = 0
    first = True
    while start < len(cols):
        if not first:
            out.append('')
        first = False
        end = start
        for i in keep_rows:
            r = allrows[i]
            line = ''
            w0 = widths[0]
            rep = i in rep_rows
            s = ('-' * (w0 - 1)) if (rep or r[0] == '-') else fmt_cell(r[0], 0)[:w0]
            line += s.ljust(w0)
            cur = w0
            k = start
            while True:
                c = cols[k]
                w = widths[c]
                if r[c] == '-' or rep:
                    cell = '-' * (w - 1) if w > 0 else ''
                else:
                    cell = fmt_cell(r[c], dec[c])[:w]
                line += cell.rjust(w) if w > 0 else ''
                cur += w
                k += 1
                if k >= len(cols) or cur + widths[cols[k]] > screen:
                    break
            end = k
            out.append(line)
        start = end
    return out


def auto_width(values, lo, hi):
    w = lo
    for v in values:
        w = max(w, len(v))
    return min(w + 1, hi)


COUNTERS = ['numa_hit', 'numa_miss', 'numa_foreign', 'interleave_hit', 'local_node', 'other_node']
LABELS = ['Numa_Hit', 'Numa_Miss', 'Numa_Foreign', 'Interleave_Hit', 'Local_Node', 'Other_Node']


def plain(nodes, data, screen=10_000_000):
    """data: counter -> per-node page counts. The perl-compatible table: no Total, no rule."""
    hdr = [[''] + ['node%d' % n for n in nodes]]
    rows = [[c] + [float(v) for v in data[c]] for c in COUNTERS]
    n = len(nodes)
    return table(hdr, rows, n, [16] + [16] * n, [0] + [0] * n, screen)


def mb_table(title_lines, nodes, labels, data, compact=False, screen=10_000_000, show_zero=True,
             sort=False, total_row=False, left_header='', left_min=16, left_max=16, tokens=()):
    """A 'Node N ... Total' table in MB (-n, -m, -p)."""
    n = len(nodes)
    rows = []
    for lab in labels:
        vals = list(data[lab])
        rows.append([lab] + vals + [sum(vals)])
    if sort:
        rows.sort(key=lambda r: -r[-1])
    dec = [0] + [0 if compact else 2] * (n + 1)
    hdr = [[left_header] + ['Node %d' % x for x in nodes] + ['Total'], ['-' if left_header else ''] + ['-'] * (n + 1)]
    rep = {1} if left_header else set()
    body = rows
    if total_row:
        tot = ['Total'] + [sum(r[c] for r in rows) for c in range(1, n + 2)]
        body = rows + [['-'] * (n + 2), tot]
        rep = rep | {len(hdr) + len(rows)}
    if compact:
        widths = [auto_width([str(r[0]) for r in hdr + body if r[0] != '-'], 4, 16)]
        for c in range(1, n + 2):
            widths.append(auto_width([fmt_cell(r[c], 0) for r in hdr + body if r[c] != '-'], 4, 16))
    else:
        w0 = 16
        if total_row:
            w0 = auto_width([str(r[0]) for r in hdr + body if r[0] != '-'], left_min, left_max)
        widths = [w0] + [16] * (n + 1)
    lines = list(title_lines) + list(tokens)
    # header rule row: in the left column only for the multi-process table ('PID' header)
    hdr2 = [hdr[0], [('-' if left_header else '')] + ['-'] * (n + 1)]
    rep_rows = set()
    if left_header:
        rep_rows.add(1)
    else:
        pass
    allbody = body
    if total_row:
        rep_rows.add(2 + len(rows))
    lines += table_with_rules(hdr2, allbody, n + 1, widths, dec, screen, show_zero, rep_rows, bool(left_header))
    return lines


def table_with_rules(hdr, body, ncols, widths, dec, screen, show_zero, rep_rows, left_rule):
    # header rule row: data columns are dashes; the left column has dashes only for the PID table
    rows = []
    rows.append(hdr[0])
    rows.append(hdr[1])
    rows += body
    out = []
    cols = list(range(1, ncols + 1))
    keep = list(range(len(rows)))
    if not show_zero:
        def nz(v):
            return isinstance(v, (int, float)) and v != 0
        data_idx = [i for i in range(2, len(rows)) if i not in rep_rows]
        cols = [c for c in cols if any(nz(rows[i][c]) for i in data_idx)]
        keep = [i for i in keep if i < 2 or i in rep_rows or any(nz(rows[i][c]) for c in cols)]
    start = 0
    first = True
    while start < len(cols):
        if not first:
            out.append('')
        first = False
        end = start
        for i in keep:
            r = rows[i]
            w0 = widths[0]
            if i == 1:
                left = ('-' * (w0 - 1)) if left_rule else ''
            elif i in rep_rows:
                left = '-' * (w0 - 1)
            else:
                left = fmt_cell(r[0], 0)[:w0]
            line = left.ljust(w0)
            cur = w0
            k = start
            while True:
                c = cols[k]
                w = widths[c]
                if i == 1 or i in rep_rows:
                    cell = '-' * (w - 1)
                else:
                    cell = fmt_cell(r[c], dec[c])[:w]
                line += cell.rjust(w)
                cur += w
                k += 1
                if k >= len(cols) or cur + widths[cols[k]] > screen:
                    break
            end = k
            out.append(line)
        start = end
    return out


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def counters_for(nodes, base, remote_share, seed):
    d = {c: [] for c in COUNTERS}
    for i, n in enumerate(nodes):
        hit = base + (i * 7919 + seed * 104729) % 1000003
        other = int(hit * remote_share[i % len(remote_share)])
        local = hit - other + (i * 13) % 97
        miss = other // 3
        d['numa_hit'].append(hit)
        d['numa_miss'].append(miss)
        d['numa_foreign'].append(miss // 2 + i)
        d['interleave_hit'].append(20000 + i * 17)
        d['local_node'].append(local)
        d['other_node'].append(other)
    return d


MEMINFO = ['MemTotal', 'MemFree', 'MemUsed', 'Active', 'Inactive', 'Active(anon)', 'Inactive(anon)',
           'Active(file)', 'Inactive(file)', 'Unevictable', 'Mlocked', 'Dirty', 'Writeback', 'FilePages',
           'Mapped', 'AnonPages', 'Shmem', 'KernelStack', 'PageTables', 'NFS_Unstable', 'Bounce',
           'WritebackTmp', 'Slab', 'SReclaimable', 'SUnreclaim', 'AnonHugePages', 'ShmemHugePages',
           'ShmemPmdMapped', 'HugePages_Total', 'HugePages_Free', 'HugePages_Surp', 'KReclaimable']
TOKENS = ['Token SwapCached not in hash table.', 'Token SecPageTables not in hash table.',
          'Token FileHugePages not in hash table.', 'Token FilePmdMapped not in hash table.']


def meminfo(nodes, total_mb, used_mb):
    d = {}
    for k in MEMINFO:
        d[k] = []
    for i, n in enumerate(nodes):
        t = total_mb
        u = used_mb[i % len(used_mb)]
        vals = {'MemTotal': t, 'MemFree': t - u, 'MemUsed': u, 'Active': u * 0.6, 'Inactive': u * 0.3,
                'Active(anon)': u * 0.5, 'Inactive(anon)': u * 0.05, 'Active(file)': u * 0.1,
                'Inactive(file)': u * 0.25, 'Unevictable': 0.0, 'Mlocked': 0.0, 'Dirty': 1.25 + i,
                'Writeback': 0.0, 'FilePages': u * 0.35, 'Mapped': 120.5 + i, 'AnonPages': u * 0.55,
                'Shmem': 3.5, 'KernelStack': 24.0 + i, 'PageTables': 40.0 + 2 * i, 'NFS_Unstable': 0.0,
                'Bounce': 0.0, 'WritebackTmp': 0.0, 'Slab': 900.0 + 10 * i, 'SReclaimable': 500.0 + 5 * i,
                'SUnreclaim': 400.0 + 5 * i, 'AnonHugePages': 0.0, 'ShmemHugePages': 0.0,
                'ShmemPmdMapped': 0.0, 'HugePages_Total': 0.0, 'HugePages_Free': 0.0, 'HugePages_Surp': 0.0,
                'KReclaimable': 500.0 + 5 * i}
        for k in MEMINFO:
            d[k].append(round(vals[k], 2))
    return d


def numactl_h(nodes, cpus_per_node, size, free, dist):
    out = ['available: %d nodes (%d-%d)' % (len(nodes), nodes[0], nodes[-1])]
    for i, n in enumerate(nodes):
        cpus = range(i * cpus_per_node, (i + 1) * cpus_per_node)
        out.append('node %d cpus: %s' % (n, ' '.join(str(c) for c in cpus)))
        out.append('node %d size: %d MB' % (n, size[i]))
        out.append('node %d free: %d MB' % (n, free[i]))
    out.append('node distances:')
    out.append('node ' + ''.join('% 3d ' % n for n in nodes))
    for i, n in enumerate(nodes):
        out.append('% 3d: ' % n + ''.join('% 3d ' % d for d in dist[i]))
    return out


KUNPENG_DIST = [[10, 12, 20, 22], [12, 10, 22, 24], [20, 22, 10, 12], [22, 24, 12, 10]]


def main():
    fx = os.path.join(ROOT, 'src/test/resources/fixtures')
    n2 = [0, 1]
    n4 = [0, 1, 2, 3]
    n8 = list(range(8))
    n16 = list(range(16))
    write(os.path.join(fx, 'numastat/synthetic-2node-default.txt'),
          plain(n2, counters_for(n2, 5_000_000, [0.01, 0.3], 1)))
    write(os.path.join(fx, 'numastat/synthetic-4node-n.txt'),
          [''] + ['Per-node numastat info (in MBs):'] + [l for l in mb_table([], n4, LABELS,
              {LABELS[i]: [v * 4096 / 1048576 for v in counters_for(n4, 3_000_000, [0.05, 0.2, 0.4, 0.1], 2)[c]]
               for i, c in enumerate(COUNTERS)})])
    write(os.path.join(fx, 'numastat/synthetic-4node-cn.txt'),
          [''] + ['Per-node numastat info (in MBs):'] + mb_table([], n4, LABELS,
              {LABELS[i]: [float(round(v * 4096 / 1048576)) for v in counters_for(n4, 3_000_000, [0.05, 0.2, 0.4, 0.1], 2)[c]]
               for i, c in enumerate(COUNTERS)}, compact=True))
    write(os.path.join(fx, 'numastat/synthetic-4node-m.txt'),
          ['', 'Per-node system memory usage (in MBs):'] + mb_table([], n4, MEMINFO,
              meminfo(n4, 128536.0, [60000.25, 12000.5, 8000.75, 6000.0]), tokens=TOKENS))
    write(os.path.join(fx, 'numastat/synthetic-8node-s-m.txt'),
          ['', 'Per-node system memory usage (in MBs):'] + mb_table([], n8, MEMINFO,
              meminfo(n8, 64000.0, [30000.0, 2000.0]), sort=True, tokens=TOKENS))
    proc = {'Huge': [0.0, 0.0, 0.0, 0.0], 'Heap': [812.25, 10.5, 3.25, 0.0], 'Stack': [0.12, 0.0, 0.0, 0.0],
            'Private': [40210.5, 9120.75, 2050.0, 1024.25]}
    write(os.path.join(fx, 'numastat/synthetic-4node-p-mysqld.txt'),
          mb_table(['', 'Per-node process memory usage (in MBs) for PID 4242 (mysqld)'], n4,
                   ['Huge', 'Heap', 'Stack', 'Private'], proc, total_row=True, left_min=16, left_max=24))
    several = {'4242 (mysqld)': [41023.0, 9131.25, 2053.25, 1024.25], '5151 (mysqld)': [2048.5, 0.0, 8192.0, 0.0],
               '6060 (mysqlrouter)': [12.25, 0.0, 0.0, 0.0]}
    write(os.path.join(fx, 'numastat/synthetic-4node-p-several.txt'),
          mb_table(['', 'Per-node process memory usage (in MBs)'], n4, list(several), several,
                   total_row=True, left_header='PID', left_min=16, left_max=24))
    write(os.path.join(fx, 'numastat/synthetic-4node-zp-several.txt'),
          mb_table(['', 'Per-node process memory usage (in MBs)'], n4, ['5151 (mysqld)', '6060 (mysqlrouter)'],
                   several, total_row=True, left_header='PID', left_min=16, left_max=24, show_zero=False))
    several8 = {'4242 (mysqld)': [20480.0, 18432.5, 512.25, 256.0, 0.0, 0.0, 128.0, 64.5],
                '5151 (mysqld)': [1024.0, 0.0, 0.0, 0.0, 8192.75, 6144.0, 0.0, 0.0],
                '7070 (mysqld_safe)': [1.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                '6060 (mysqlrouter)': [12.5, 0.0, 2.25, 0.0, 0.0, 0.0, 0.0, 0.0]}
    write(os.path.join(fx, 'numastat/synthetic-8node-s-p-several-width80.txt'),
          mb_table(['', 'Per-node process memory usage (in MBs)'], n8, list(several8), several8, sort=True,
                   total_row=True, left_header='PID', left_min=16, left_max=24, screen=80))
    c8 = counters_for(n8, 9_000_000, [0.02, 0.15, 0.3, 0.05], 3)
    write(os.path.join(fx, 'numastat/synthetic-8node-default-unwrapped.txt'), plain(n8, c8))
    write(os.path.join(fx, 'numastat/synthetic-8node-default-width80.txt'), plain(n8, c8, screen=80))
    write(os.path.join(fx, 'numastat/synthetic-16node-m-width80.txt'),
          ['', 'Per-node system memory usage (in MBs):'] + mb_table([], n16, MEMINFO,
              meminfo(n16, 32000.0, [16000.5, 1000.25, 500.0]), screen=80, tokens=TOKENS))
    snaps = []
    for k, t in enumerate(['2026-11-30T09:00:00+0800', '2026-11-30T09:00:30+0800', '2026-11-30T09:01:00+0800']):
        snaps.append(t)
        snaps += plain(n4, counters_for(n4, 4_000_000 + k * 1_500_000, [0.01, 0.1 + 0.1 * k, 0.3, 0.05], 4))
    write(os.path.join(fx, 'numastat/synthetic-4node-default-3-snapshots.txt'), snaps)
    write(os.path.join(fx, 'numactl-hardware/synthetic-kunpeng920-4node-H.txt'),
          numactl_h(n4, 32, [128536, 129021, 129021, 127993], [120004, 127106, 126739, 125846], KUNPENG_DIST))
    d8 = [[10 if i == j else (16 if i // 4 == j // 4 else 32) for j in n8] for i in n8]
    write(os.path.join(fx, 'numactl-hardware/synthetic-8node-H.txt'),
          numactl_h(n8, 16, [64000] * 8, [60000 - 1000 * i for i in n8], d8))
    sample_capture(os.path.join(ROOT, 'sample-data/numa-4node-synthetic'), n4)


def sample_capture(out, n4):
    """A one-step capture of a Kunpeng 920-like host (4 nodes x 32 CPUs) with mysqld on node 0."""
    write(os.path.join(out, 'numactl-hardware.txt'),
          numactl_h(n4, 32, [128536, 129021, 129021, 127993], [62110, 116200, 120004, 121870], KUNPENG_DIST))
    # counters before / during / after a benchmark: mysqld bound to node 0 CPUs but memory spills
    before = {'numa_hit': [41000000, 12000000, 9000000, 8500000], 'numa_miss': [0, 310000, 120000, 90000],
              'numa_foreign': [520000, 0, 0, 0], 'interleave_hit': [30411, 30398, 30402, 30377],
              'local_node': [40800000, 11600000, 8900000, 8450000], 'other_node': [200000, 710000, 220000, 140000]}
    during = {k: [v + d for v, d in zip(before[k], inc)] for k, inc in {
        'numa_hit': [9000000, 2600000, 700000, 500000], 'numa_miss': [0, 1900000, 40000, 30000],
        'numa_foreign': [1970000, 0, 0, 0], 'interleave_hit': [0, 0, 0, 0],
        'local_node': [8700000, 700000, 650000, 480000], 'other_node': [300000, 3800000, 90000, 50000]}.items()}
    after = {k: [v + d for v, d in zip(during[k], inc)] for k, inc in {
        'numa_hit': [8000000, 2500000, 650000, 450000], 'numa_miss': [0, 1800000, 30000, 20000],
        'numa_foreign': [1850000, 0, 0, 0], 'interleave_hit': [0, 0, 0, 0],
        'local_node': [7800000, 600000, 610000, 430000], 'other_node': [200000, 3700000, 70000, 40000]}.items()}
    write(os.path.join(out, 'numastat-before.txt'), plain(n4, before))
    write(os.path.join(out, 'numastat-during.txt'), plain(n4, during))
    write(os.path.join(out, 'numastat-after.txt'), plain(n4, after))
    write(os.path.join(out, 'numastat-m.txt'),
          ['', 'Per-node system memory usage (in MBs):'] + mb_table([], n4, MEMINFO,
              meminfo(n4, 128536.0, [66426.25, 12821.5, 9017.0, 6123.75]), tokens=TOKENS))
    proc = {'Huge': [0.0, 0.0, 0.0, 0.0], 'Heap': [812.25, 10.5, 3.25, 0.0], 'Stack': [0.12, 0.0, 0.0, 0.0],
            'Private': [40210.5, 9120.75, 2050.0, 1024.25]}
    write(os.path.join(out, 'numastat-p.txt'),
          mb_table(['', 'Per-node process memory usage (in MBs) for PID 4242 (mysqld)'], n4,
                   ['Huge', 'Heap', 'Stack', 'Private'], proc, total_row=True, left_min=16, left_max=24))
    maps = [
        'aaaab8a00000 default file=/usr/sbin/mysqld mapped=5120 mapmax=2 N0=5120 kernelpagesize_kB=4',
        'aaaab9200000 default file=/usr/sbin/mysqld anon=310 dirty=310 N0=310 kernelpagesize_kB=4',
        'aaaaf0000000 default heap anon=207936 dirty=207936 active=200000 N0=205248 N1=2688 N2=832 kernelpagesize_kB=4',
        'fffd40000000 interleave:0-3 anon=4194304 dirty=4194304 active=4000000 N0=1048576 N1=1048576 N2=1048576 N3=1048576 kernelpagesize_kB=4',
        'fffe40000000 default anon=7864320 dirty=7864320 active=7000000 N0=6553600 N1=1310720 kernelpagesize_kB=4',
        'ffff40000000 bind:0 anon=1048576 dirty=1048576 N0=1048576 kernelpagesize_kB=4',
        'ffff80000000 prefer:1 anon=262144 dirty=262144 N1=262144 kernelpagesize_kB=4',
        'ffffa0000000 default file=/usr/lib/aarch64-linux-gnu/libc.so.6 mapped=400 mapmax=90 N0=200 N1=120 N2=50 N3=30 kernelpagesize_kB=4',
        'ffffc0000000 default file=/var/lib/mysql/ibtmp1 dirty=64 mapped=64 N2=64 kernelpagesize_kB=4',
        'fffff7ff0000 default stack anon=31 dirty=31 N0=31 kernelpagesize_kB=4',
    ]
    write(os.path.join(out, 'numa_maps.txt'), maps)
    write(os.path.join(out, 'timeline.log'), [
        '2026-11-30T09:00:00+0800 start numactl-hardware numactl --hardware',
        '2026-11-30T09:00:00+0800 end numactl-hardware numactl --hardware',
        '2026-11-30T09:00:01+0800 start numastat-before numastat',
        '2026-11-30T09:00:01+0800 end numastat-before numastat',
        '2026-11-30T09:00:01+0800 start numastat-m numastat -m',
        '2026-11-30T09:00:01+0800 end numastat-m numastat -m',
        '2026-11-30T09:00:02+0800 start numastat-p numastat -p 4242',
        '2026-11-30T09:00:02+0800 end numastat-p numastat -p 4242',
        '2026-11-30T09:00:02+0800 start numa_maps cat /proc/4242/numa_maps',
        '2026-11-30T09:00:02+0800 end numa_maps cat /proc/4242/numa_maps',
        '2026-11-30T09:00:31+0800 start numastat-during numastat',
        '2026-11-30T09:00:31+0800 end numastat-during numastat',
        '2026-11-30T09:01:01+0800 start numastat-after numastat',
        '2026-11-30T09:01:01+0800 end numastat-after numastat',
    ])
    write(os.path.join(out, 'taskset.txt'), ["pid 4242's current affinity list: 0-31"])


if __name__ == '__main__':
    main()
