package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.iocsv.SadfImporter;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.importers.mpstat.MpstatImporter;
import io.tunescope.importers.vmstat.VmstatImporter;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics importers read ASCII-compatible files as bytes ({@link TextLines} over {@link ByteLines}) and
 * UTF-16 files through the decoder: the same text gives the same series, values, line numbers and messages either
 * way, with LF or CRLF ends, GB18030 (GBK) text, a last line without its end or cut in the middle, and over-long
 * lines; and the byte path gives what the string path gives for lines it leaves to it.
 */
class TextLinesPathsTest {
    @TempDir
    Path dir;

    private static final String IOSTAT = "Linux 5.15.0-91-generic (%HOST%) \t12/02/2026 \t_x86_64_\t(16 CPU)\n\n"
            + "12/02/2026 02:00:00 PM\n"
            + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
            + "          41.76   56.75   73.58   38.93   63.74   48.70\n\n"
            + "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await"
            + " wareq-sz  aqu-sz  %util\n"
            + "sda              1.23     45.67     0.01   0.81    0.52    37.13    2.34     89.01     1.20  33.90    1.10"
            + "    38.04    0.00   0.31\n"
            + "nvme0n1       6628.41     43,53  4762.03  31.05   67.49     7.36    0.10    641.70  1886.48   0.19 3368.57"
            + "     9.85    1e3   12.5\n"
            + "dm-0             x.5      1.0       2.0    3.0     4.0      5.0     6.0       7.0      8.0    9.0    10.0"
            + "     11.0     12.0  13.0\n"
            + "12/02/2026 02:00:01 PM\n"
            + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
            + "          21.78   73.15    0.75   33.37   82.79   17.62\n\n"
            + "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await"
            + " wareq-sz  aqu-sz  %util\n"
            + "sda              0.50     0.5       0.5    0.5     0.5      0.5      0.5      0.5      0.5    0.5    0.5"
            + "      0.5     0.5   0.5\n"
            + "%DEV%         9007199254740993     1.5       2.5    3.5     4.5      5.5     6.5       7.5      8.5    9.5   10.5"
            + "     11.5     12.5  13.5\n"
            + "nvme0n1          1        2 3\n"
            + "dm-0             0.1      0.2       0.3    0.4     0.5      0.6     0.7       0.8      0.9    1.0    1.1"
            + "      1.2     1.3   1.4";

    private static final String MPSTAT = "Linux 5.15.0 (%HOST%) \t12/02/2026 \t_x86_64_\t(2 CPU)\n\n"
            + "02:00:01 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
            + "02:00:02 PM  all    2.51    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   96.15\n"
            + "02:00:02 PM    0    2,52    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   96.14\n"
            + "02:00:02 PM    1    2.50    0.00    1.03    0.25    0.00    0.06    0.00    0.00    -   96.16\n\n"
            + "02:00:02 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
            + "02:00:03 PM  all    3.51    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   95.15\n"
            + "02:00:03 PM  %DEV%    3.51    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   95.15\n"
            + "02:00:03 PM    0    3.52    0.00    1.03    0.25    0.00    0.06    0.00    0.00\n"
            + "02:00:03 PM    1    3.50    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   95.16\n\n"
            + "Average:     all    3.00    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   95.65\n"
            + "02:00:04 PM    1    3.50    0.00    1.03    0.25    0.00    0.06    0.00    0.00    0.00   95";

    private static final String VMSTAT = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----"
            + " -----timestamp-----\n"
            + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC\n"
            + " 1  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02 14:00:01\n"
            + " 2  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02 23:59:60\n"
            + " 3  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 02/12/2026 1:02:03\n"
            + " 4  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026/12-02 14:00:04\n"
            + " 5  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02 24:00:05\n"
            + " 6  0      0 1234567  12345 2345678    0    0     5,5  20  100  200  2  1 97  0  0 2026-12-02 14:00:06\n"
            + " 7  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 %DEV% 14:00:07\n"
            + " 8  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02 14:00:08.5\n"
            + " 9  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02\n"
            + "10  0      0 1234567  12345 2345678    0    0     5    20  100  200  2  1 97  0  0 2026-12-02 14:00:1";

    private static final String SADF = "# hostname;interval;timestamp;DEV;tps;rkB/s;wkB/s;areq-sz;aqu-sz;await;%util\n"
            + "db1;1;2026-12-02 14:00:01 UTC;dev8-0;1.00;2.00;3.00;4.00;0.01;0.50;1.20\n"
            + "db1;1;2026-12-02 14:00:01 UTC;%DEV%;1.50;2.50;x;4.50;0.01;0.50;1.20\n"
            + "db1;2;2026-12-02 14:00:03 UTC;dev8-0;1.00; 2.00 ;3.00;4.00;0.01;0.50;1e2\n"
            + "%HOST%;2;1764684004;dev8-0;1.00;2.00;3.00;4.00;0.01;0.50;1.20\n"
            + "db1;2;2026-12-02 14:00:05 UTC;dev8-0;1.00;2.00\n"
            + "db1;2;garbage;dev8-0;1.00;2.00;3.00;4.00;0.01;0.50;1.20\n"
            + "db1;0.5;2026-12-02 14:00:03 UTC;dev8-16;-1.00;+2.00;.5;4.;;9007199254740993;-0\n"
            + "# hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle\n"
            + "db1;2;2026-12-02 14:00:01 UTC;-1;1.0;0.0;2.0;3.0;0.0;94.0\n"
            + "db1;2;2026-12-02 14:00:01 UTC;0;1.0;0,5;2.0;3.0;0.0;94.0\n"
            + "db1;x;2026-12-02 14:00:07 UTC;-1;1.0;0.0;2.0;3.0;0.0;94.0\n"
            + "# hostname;interval;timestamp;DEV;tps;rd_sec/s;%util\n"
            + "db1;2;2026-12-02 14:00:01 UTC;dev8-0;9.0;10.0;x\n"
            + "db1;2;2026-12-02 14:00:01 UTC;dev8-9;9.0;10.0;1\n"
            + "db1;2;2026-12-02 14:00:09 UTC;dev8-0;9.0;10.0;2";

    @Test
    void sadfRowsReadFromBytesAsThroughTheCsvParser() throws Exception {
        for (String[] names : new String[][] {{"db3", "dev8-32"}, {"\u6570\u636e\u5e93", "\u78c1\u76d8"}}) {
            Case c = new Case("sadf", new SadfImporter(), SADF.replace("%HOST%", names[0]).replace("%DEV%", names[1]));
            // a quoted host sends every row through commons-csv: the same series, values, lines and messages
            String quoted = c.text().replaceAll("(?m)^(db1|" + names[0] + ");", "\"$1\";");
            for (String ends : List.of("\n", "\r\n")) {
                String t = c.text().replace("\n", ends);
                String bytes = dump(c, t, StandardCharsets.UTF_8, false, 1 << 20);
                assertEquals(bytes, dump(c, t, StandardCharsets.UTF_16LE, true, 1 << 20));
                assertEquals(bytes, dump(new Case("sadf", c.importer(), quoted), quoted.replace("\n", ends), StandardCharsets.UTF_8, false,
                        1 << 20));
                assertTrue(bytes.contains("series sadf/all/user"), bytes);
                assertTrue(bytes.contains("series sadf/dev8-16/await"), bytes);
            }
        }
    }

    private record Case(String name, Importer<SeriesSet> importer, String text) {
    }

    private static List<Case> cases(String host, String dev) {
        return List.of(
                new Case("iostat", new IostatImporter(), IOSTAT.replace("%HOST%", host).replace("%DEV%", dev)),
                new Case("mpstat", new MpstatImporter(), MPSTAT.replace("%HOST%", host).replace("%DEV%", dev)),
                new Case("vmstat", new VmstatImporter(), VMSTAT.replace("%HOST%", host).replace("%DEV%", dev)));
    }

    @Test
    void bytesAndDecodedLinesGiveTheSameSeries() throws Exception {
        for (Case c : cases("db1", "sdb")) {
            for (String ends : List.of("\n", "\r\n", "\r")) {
                String text = c.text().replace("\n", ends);
                for (String last : List.of("", ends)) {
                    String t = text + last;
                    String bytes = dump(c, t, StandardCharsets.UTF_8, false, 1 << 20);
                    assertEquals(bytes, dump(c, t, StandardCharsets.UTF_16LE, true, 1 << 20), c.name() + " " + ends.length());
                    assertEquals(bytes, dump(c, t, StandardCharsets.UTF_16BE, true, 1 << 20), c.name());
                    assertTrue(bytes.contains("series"), bytes);
                }
            }
        }
    }

    @Test
    void gbkTextReadsAsItsUtf16Twin() throws Exception {
        for (Case c : cases("\u6570\u636e\u5e93\u4e3b\u673a", "\u78c1\u76d8k")) {
            for (String ends : List.of("\n", "\r\n")) {
                String t = c.text().replace("\n", ends);
                String gbk = dump(c, t, TextDecoding.GB18030, false, 1 << 20);
                assertEquals(gbk, dump(c, t, StandardCharsets.UTF_16LE, true, 1 << 20), c.name());
            }
        }
    }

    @Test
    void aLastLineCutAnywhereReadsTheSameBothWays() throws Exception {
        for (Case c : cases("db1", "sdb")) {
            String text = c.text().replace("\n", "\r\n");
            for (int cut = text.length() - 260; cut <= text.length(); cut += 7) {
                String t = text.substring(0, cut);
                assertEquals(dump(c, t, StandardCharsets.UTF_8, false, 1 << 20), dump(c, t, StandardCharsets.UTF_16LE, true, 1 << 20),
                        c.name() + " cut at " + cut);
            }
        }
    }

    @Test
    void overLongLinesAreCutTheSameWayAndSaidOnTheirLine() throws Exception {
        for (Case c : cases("db1", "sdb")) {
            for (int max : new int[] {40, 63, 90}) {
                String bytes = dump(c, c.text().replace("\n", "\r\n"), StandardCharsets.UTF_8, false, max);
                assertEquals(bytes, dump(c, c.text().replace("\n", "\r\n"), StandardCharsets.UTF_16LE, true, max), c.name() + " " + max);
                assertTrue(bytes.contains("line longer than " + max + " characters"), bytes);
            }
            // a line of several megabytes: kept up to the cap, the rest skipped, the lines after it numbered on
            String huge = c.text().replaceFirst("\n", " " + "7".repeat(3 << 20) + "\n");
            String bytes = dump(c, huge, StandardCharsets.UTF_8, false, 1 << 20);
            assertEquals(bytes, dump(c, huge, StandardCharsets.UTF_16LE, true, 1 << 20), c.name());
        }
    }

    /** The importer's result as text: the file's decoding, every diagnostic, every series with all its points. */
    private String dump(Case c, String text, Charset cs, boolean bom, int maxLine) throws Exception {
        Path f = dir.resolve(c.name() + "-" + cs.name() + ".txt");
        byte[] body = text.getBytes(cs);
        byte[] b = body;
        if (bom) {
            byte[] mark = cs == StandardCharsets.UTF_16LE ? new byte[] {(byte) 0xFF, (byte) 0xFE} : new byte[] {(byte) 0xFE, (byte) 0xFF};
            b = new byte[body.length + 2];
            System.arraycopy(mark, 0, b, 0, 2);
            System.arraycopy(body, 0, b, 2, body.length);
        }
        Files.write(f, b);
        Head head = Head.read(f);
        ImportContext ctx = new ImportContext(f, c.name() + ".txt", head.decoding(), null, null, 4096, maxLine);
        assertEquals(cs.name().startsWith("UTF-16"), head.decoding().charset().name().startsWith("UTF-16"), head.decoding().description());
        assertEquals(cs == TextDecoding.GB18030, head.decoding().charset() == TextDecoding.GB18030, head.decoding().description());
        StringBuilder out = new StringBuilder();
        try {
            SeriesSet s = c.importer().parse(ctx).value();
            out.append(s.clock()).append(' ').append(s.reports()).append(' ').append(s.intervalMs()).append(' ')
                    .append(new java.util.TreeMap<>(s.sinceBoot())).append(" ").append(new java.util.TreeMap<>(s.meta())).append('\n');
            for (TimeSeries t : s.series()) {
                out.append("series ").append(t.metric().key()).append(' ').append(t.metric().unit());
                for (int i = 0; i < t.size(); i++) {
                    out.append(' ').append(t.time(i)).append('=').append(t.value(i)).append('@').append(t.line(i));
                }
                out.append('\n');
            }
        } catch (ImportException e) {
            out.append("failed: ").append(e.getMessage()).append('\n');
        }
        ctx.diagnostics().forEach(d -> out.append(d.line()).append(' ').append(d.level()).append(' ').append(d.message()).append('\n'));
        return out.toString();
    }
}
