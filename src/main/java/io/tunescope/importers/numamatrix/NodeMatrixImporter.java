package io.tunescope.importers.numamatrix;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.numa.NodeMatrix;
import io.tunescope.model.numa.NumaDatasets;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A node-to-node matrix as CSV, from tools that measure memory accesses or bandwidth between nodes.
 * Two layouts: rows of {@code src_node,dst_node,value} under a header naming those columns (the value
 * column's name is the title), or a square matrix whose header row lists the destination nodes and whose
 * rows start with the source node. Optional leading comment lines: {@code # unit: GB/s},
 * {@code # measures: accesses|bandwidth|latency|distance|allocations}, {@code # title: ...}. Without a
 * {@code measures} line, the values count as accesses only when the title or unit says so (access,
 * bandwidth, latency, load, store, hitm, traffic, B/s); otherwise a view calls them plain values.
 */
public final class NodeMatrixImporter implements Importer<NodeMatrix> {
    private static final Pattern SRC = Pattern.compile("^(src|source|from)(_?node)?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern DST = Pattern.compile("^(dst|dest|destination|to)(_?node)?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern NODE_CELL = Pattern.compile("^(?:node\\s?|N)?(\\d{1,4})$", Pattern.CASE_INSENSITIVE);
    private static final Pattern CORNER = Pattern.compile("^(|node|nodes|src|src\\\\dst|src/dst|from\\\\to|from/to|source)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern COMMENT = Pattern.compile("^#\\s*(unit|measures|title)\\s*[:=]\\s*(.*)$", Pattern.CASE_INSENSITIVE);
    private static final Pattern ACCESS_WORDS = Pattern.compile(
            "access|bandwidth|\\bbw\\b|latency|load|store|hitm|traffic|[kmgt]?i?b/s|bytes|cycles", Pattern.CASE_INSENSITIVE);
    private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setTrim(true).setIgnoreSurroundingSpaces(true).get();

    @Override
    public String format() {
        return "node-matrix";
    }

    @Override
    public String description() {
        return "node-to-node matrix CSV (accesses, bandwidth or latency per source and destination node)";
    }

    @Override
    public Dataset<NodeMatrix> dataset() {
        return NumaDatasets.NODE_MATRIX;
    }

    private static List<String> cells(String line) {
        try (CSVParser p = CSVParser.parse(new StringReader(line), CSV)) {
            List<CSVRecord> recs = p.getRecords();
            if (recs.isEmpty()) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            recs.get(0).forEach(out::add);
            return out;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static boolean isNode(String s) {
        return NODE_CELL.matcher(s).matches();
    }

    private static int node(String s) {
        Matcher m = NODE_CELL.matcher(s);
        if (!m.matches()) {
            throw new NumberFormatException(s);
        }
        return Integer.parseInt(m.group(1));
    }

    /** A matrix value; one that is not a finite number (1e309, Infinity, NaN) cannot be drawn and is refused. */
    private static double finite(String s) {
        double v = Double.parseDouble(s);
        if (!Double.isFinite(v)) {
            throw new NumberFormatException(ImportContext.excerpt(s) + " (not a finite number)");
        }
        return v;
    }

    /** 0 = not a header, 1 = rows layout, 2 = square layout. */
    private static int layout(List<String> header) {
        if (header.size() >= 3 && SRC.matcher(header.get(0)).matches() && DST.matcher(header.get(1)).matches()) {
            return 1;
        }
        if (header.size() >= 3 && CORNER.matcher(header.get(0)).matches()
                && header.subList(1, header.size()).stream().allMatch(NodeMatrixImporter::isNode)) {
            return 2;
        }
        return 0;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> lines = new ArrayList<>();
        for (String l : head.lines()) {
            if (!l.isBlank() && !l.startsWith("#")) {
                lines.add(l);
            }
        }
        if (lines.isEmpty() || !lines.get(0).contains(",")) {
            return Sniff.no("no CSV header");
        }
        List<String> header = cells(lines.get(0));
        int layout = layout(header);
        if (layout == 1) {
            return Sniff.certain("CSV header '" + header.get(0) + "," + header.get(1) + ",...' (source, destination node)");
        }
        if (layout == 2) {
            int good = 0;
            for (int i = 1; i < lines.size(); i++) {
                List<String> c = cells(lines.get(i));
                if (c.size() == header.size() && isNode(c.get(0))) {
                    good++;
                }
            }
            int n = header.size() - 1;
            if (good >= 1 && good == lines.size() - 1 && (good == n || !head.complete())) {
                return Sniff.strong("square CSV matrix with node numbers as row and column headers");
            }
            return Sniff.weak("CSV header of node numbers");
        }
        return Sniff.no("no src_node,dst_node header or node-numbered square matrix");
    }

    @Override
    public ImportResult<NodeMatrix> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        String unit = "";
        String title = "";
        String measures = "";
        int layout = 0;
        List<String> header = null;
        Map<Integer, Map<Integer, Double>> cells = new TreeMap<>();
        TreeSet<Integer> dsts = new TreeSet<>();
        List<Integer> squareCols = List.of();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (l.startsWith("#")) {
                    Matcher m = COMMENT.matcher(l);
                    if (m.matches()) {
                        switch (m.group(1).toLowerCase(Locale.ROOT)) {
                            case "unit" -> unit = m.group(2).strip();
                            case "measures" -> measures = m.group(2).strip().toLowerCase(Locale.ROOT);
                            default -> title = m.group(2).strip();
                        }
                    }
                    continue;
                }
                List<String> c = cells(l);
                if (header == null) {
                    header = c;
                    layout = layout(c);
                    if (layout == 0) {
                        throw new ImportException(n, file + ": the first line is not a node matrix header");
                    }
                    if (layout == 2) {
                        squareCols = new ArrayList<>();
                        for (String h : c.subList(1, c.size())) {
                            squareCols.add(node(h));
                        }
                        dsts.addAll(squareCols);
                    } else if (title.isEmpty()) {
                        title = c.get(2);
                    }
                    continue;
                }
                try {
                    if (layout == 1) {
                        if (c.size() < 3) {
                            ctx.warn(n, file + ": expected src,dst,value");
                            continue;
                        }
                        int s = node(c.get(0));
                        int d = node(c.get(1));
                        double v = finite(c.get(2));
                        dsts.add(d);
                        if (cells.computeIfAbsent(s, k -> new TreeMap<>()).put(d, v) != null) {
                            ctx.warn(n, file + ": pair " + s + "->" + d + " repeated; the later value is used");
                        }
                    } else {
                        if (c.size() != squareCols.size() + 1) {
                            ctx.warn(n, file + ": row has " + (c.size() - 1) + " values for " + squareCols.size() + " columns");
                            continue;
                        }
                        int s = node(c.get(0));
                        Map<Integer, Double> row = cells.computeIfAbsent(s, k -> new TreeMap<>());
                        for (int j = 0; j < squareCols.size(); j++) {
                            String v = c.get(j + 1);
                            if (!v.isEmpty()) {
                                row.put(squareCols.get(j), finite(v));
                            }
                        }
                    }
                } catch (NumberFormatException e) {
                    ctx.warn(n, file + ": not a number: " + e.getMessage());
                }
            }
        }
        if (cells.isEmpty()) {
            throw new ImportException(0, file + ": no matrix values");
        }
        List<Integer> src = new ArrayList<>(cells.keySet());
        List<Integer> dst = new ArrayList<>(dsts);
        List<List<Double>> values = new ArrayList<>();
        for (int s : src) {
            List<Double> row = new ArrayList<>();
            for (int d : dst) {
                row.add(cells.get(s).getOrDefault(d, Double.NaN));
            }
            values.add(row);
        }
        boolean access;
        if (!measures.isEmpty()) {
            access = ACCESS_WORDS.matcher(measures).find();
        } else {
            access = ACCESS_WORDS.matcher(title + " " + unit).find();
        }
        return ctx.result(new NodeMatrix(title, unit, access, src, dst, values));
    }

    @Override
    public Map<String, Object> summarize(NodeMatrix m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("title", m.title());
        out.put("unit", m.unit());
        out.put("measures_accesses", m.measuresAccesses());
        out.put("src", m.src());
        out.put("dst", m.dst());
        out.put("values", m.values());
        return out;
    }
}
