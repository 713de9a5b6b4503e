package io.tunescope.importers.config;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code sysctl -a} (and {@code sysctl.conf}-style) {@code key.with.dots = value} lines. */
public final class SysctlImporter implements Importer<ConfigSnapshot> {
    private static final Pattern KV = Pattern.compile("^\\s*+([a-z0-9_\\-]++(?:[./][A-Za-z0-9_\\-:@]++)++)\\s*+=\\s?(.*)$");
    private static final Pattern KNOWN = Pattern.compile("^\\s*(kernel|vm|net|fs|dev|abi|debug|user|crypto|sunrpc)\\.");

    @Override
    public String format() {
        return "sysctl";
    }

    @Override
    public String description() {
        return "sysctl -a output";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.SYSCTL;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int kv = 0;
        int known = 0;
        int other = 0;
        for (String l : head.lines()) {
            if (l.isBlank() || l.startsWith("#") || l.startsWith(";") || l.startsWith("sysctl: ")) {
                continue;
            }
            if (l.indexOf('=') > 0 && KV.matcher(l).matches()) { // '=' first, the expression decides
                kv++;
                if (KNOWN.matcher(l).find()) {
                    known++;
                }
            } else {
                other++;
            }
        }
        if (kv >= 3 && known >= kv * 0.8 && other <= kv / 20) {
            return Sniff.strong(kv + " 'kernel.x = value'-style sysctl lines");
        }
        if (kv >= 1 && known == kv && other == 0) {
            return Sniff.weak("a few sysctl-style lines");
        }
        return Sniff.no("no 'kernel.*/vm.*/net.* = value' lines");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        int unreadable = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank() || l.startsWith("#") || l.startsWith(";")) {
                    continue;
                }
                if (l.startsWith("sysctl: ")) {
                    unreadable++;
                    continue;
                }
                Matcher m = KV.matcher(l);
                if (m.matches()) {
                    entries.add(new ConfigEntry("", m.group(1).replace('/', '.'), m.group(2).strip().replace('\t', ' '),
                            SourceRef.of(ctx.displayName(), n)));
                } else {
                    ctx.warn(n, ctx.displayName() + ": not a key = value line");
                }
            }
        }
        if (unreadable > 0) {
            ctx.info(0, unreadable + " keys could not be read by sysctl (permission or error lines)");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.SYSCTL, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
