package io.tunescope.importers.net;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.net.NetDatasets;
import io.tunescope.model.net.NicChannels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -l DEV}: {@code Channel parameters for DEV:}, {@code Pre-set maximums:} and
 * {@code Current hardware settings:} with {@code RX:}, {@code TX:}, {@code Other:}, {@code Combined:} as numbers
 * or {@code n/a}; several devices in one file (a loop over interfaces). A device whose driver cannot report
 * channels ({@code Cannot get device channel parameters}, {@code netlink error: Operation not supported}) is kept
 * with the error text, so a rule can say so instead of guessing.
 */
public final class EthtoolChannelsImporter implements Importer<NicChannels> {
    private static final Pattern DEVICE = Pattern.compile("^Channel parameters for (\\S+?):\\s*$");
    private static final Pattern FIELD = Pattern.compile("^(RX|TX|Other|Combined):\\s*(\\d+|n/a)\\s*$");
    private static final Pattern ERROR = Pattern.compile(
            "^(?:netlink error: .+|Cannot get device channel parameters.*|: ?Operation not supported|.*: Operation not supported)\\s*$");

    @Override
    public String format() {
        return "ethtool-channels";
    }

    @Override
    public String description() {
        return "NIC channel counts (ethtool -l)";
    }

    @Override
    public Dataset<NicChannels> dataset() {
        return NetDatasets.CHANNELS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean device = false;
        boolean sections = false;
        int fields = 0;
        int errors = 0;
        int other = 0;
        for (String l : head.nonBlank()) {
            char f = Head.firstNonWhitespace(l);
            if (f != 'C' && f != 'R' && f != 'T' && f != 'O' && f != 'P' && f != 'n' && !l.contains("Operation not supported")) {
                other++; // none of the lines below starts so (nor is stripped)
                continue;
            }
            String s = l.strip();
            // literal tests first, the expressions decide
            char c0 = s.isEmpty() ? 0 : s.charAt(0);
            if (c0 == 'C' && s.startsWith("Channel parameters for ") && DEVICE.matcher(s).matches()) {
                device = true;
            } else if (s.equals("Pre-set maximums:") || s.equals("Current hardware settings:")) {
                sections = true;
            } else if ((c0 == 'R' || c0 == 'T' || c0 == 'O' || c0 == 'C') && FIELD.matcher(s).matches()) {
                fields++;
            } else if ((s.startsWith("netlink error: ") || s.startsWith("Cannot get device channel parameters")
                    || s.contains("Operation not supported")) && ERROR.matcher(s).matches()) {
                errors++;
            } else {
                other++;
            }
        }
        if (device && sections && fields >= 2) {
            return Sniff.certain("'Channel parameters for DEV:' with pre-set maximums and current settings");
        }
        if (device && errors > 0 && other == 0) {
            return Sniff.strong("'Channel parameters for DEV:' and the error ethtool printed instead");
        }
        if (device && !sections && fields == 0 && other == 0) {
            return Sniff.strong("'Channel parameters for DEV:' without counts (the error went to stderr)");
        }
        if (sections && fields >= 4 && other == 0) {
            return Sniff.strong("ethtool -l sections without the device line");
        }
        if (!device && errors == 1 && other == 0 && fields == 0 && head.nonBlank().size() == 1
                && head.nonBlank().get(0).startsWith("netlink error:")) {
            return Sniff.weak("a single ethtool netlink error line (no device named)");
        }
        return Sniff.no("no 'Channel parameters for DEV:' block");
    }

    @Override
    public ImportResult<NicChannels> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<NicChannels.Device> out = new ArrayList<>();
        Builder cur = null;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                String s = l.strip();
                if (s.isEmpty()) {
                    continue;
                }
                Matcher m;
                if ((m = DEVICE.matcher(s)).matches()) {
                    if (cur != null) {
                        out.add(cur.build(ctx, file));
                    }
                    cur = new Builder(m.group(1), n);
                } else if (s.equals("Pre-set maximums:") || s.equals("Current hardware settings:")) {
                    if (cur == null) {
                        cur = new Builder("", n);
                    }
                    cur.section = s.startsWith("Pre") ? 1 : 2;
                    if (cur.section == 1) {
                        cur.max = NicChannels.Counts.NONE;
                        cur.maxLine = n;
                    } else {
                        cur.current = NicChannels.Counts.NONE;
                        cur.currentLine = n;
                    }
                } else if ((m = FIELD.matcher(s)).matches()) {
                    if (cur == null || cur.section == 0) {
                        ctx.warn(n, file + ": line " + n + ": " + m.group(1) + " outside a 'Pre-set maximums:' or 'Current hardware settings:' block");
                        continue;
                    }
                    int v = m.group(2).equals("n/a") ? -1 : parse(m.group(2));
                    if (cur.section == 1) {
                        cur.max = cur.max.with(m.group(1), v);
                        cur.maxLine = m.group(1).equals("Combined") ? n : cur.maxLine;
                    } else {
                        cur.current = cur.current.with(m.group(1), v);
                        cur.currentLine = m.group(1).equals("Combined") ? n : cur.currentLine;
                    }
                } else if (ERROR.matcher(s).matches()) {
                    if (cur == null) {
                        cur = new Builder("", n);
                    }
                    cur.error = cur.error.isEmpty() ? s : cur.error + " " + s;
                } else {
                    ctx.warn(n, file + ": not an ethtool -l line: " + CpuTable.abbreviate(s));
                }
            }
        }
        if (cur != null) {
            out.add(cur.build(ctx, file));
        }
        if (out.isEmpty()) {
            throw new ImportException(0, file + ": no ethtool -l output");
        }
        return ctx.result(new NicChannels(out));
    }

    private static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static final class Builder {
        final String name;
        final int line;
        int section;
        String error = "";
        NicChannels.Counts max;
        NicChannels.Counts current;
        int maxLine;
        int currentLine;

        Builder(String name, int line) {
            this.name = name;
            this.line = line;
        }

        NicChannels.Device build(ImportContext ctx, String file) {
            if (error.isEmpty() && max == null && current == null) {
                error = "no channel counts printed";
                ctx.info(line, file + ": " + (name.isEmpty() ? "" : name + ": ") + "ethtool printed no channel counts (its error went to stderr?)");
            } else if (error.isEmpty() && (max == null || current == null)) {
                ctx.error(line, file + ": line " + line + ": " + (name.isEmpty() ? "the device" : name)
                        + " lacks the " + (max == null ? "'Pre-set maximums:'" : "'Current hardware settings:'") + " block (a cut file?)");
                error = "incomplete ethtool -l output";
            } else if (!error.isEmpty()) {
                String msg = error.toLowerCase(Locale.ROOT).contains("not supported")
                        ? "the driver does not report channel counts: " : "ethtool could not read the channel counts: ";
                ctx.info(line, file + ": " + (name.isEmpty() ? "" : name + ": ") + msg + error);
            }
            return new NicChannels.Device(name, error, max, current, line, maxLine, currentLine);
        }
    }

    @Override
    public Map<String, Object> summarize(NicChannels value) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<Object> devs = new ArrayList<>();
        for (NicChannels.Device d : value.devices()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("device", d.name());
            if (d.supported()) {
                m.put("max_combined", d.max().combined());
                m.put("current_combined", d.current().combined());
                m.put("max_rx", d.max().rx());
                m.put("current_rx", d.current().rx());
            } else {
                m.put("error", d.error());
            }
            devs.add(m);
        }
        out.put("devices", devs);
        return out;
    }
}
