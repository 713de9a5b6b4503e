package io.tunescope.export;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.util.Matrix;

/**
 * Flowing A4 layout on PDFBox: headings, wrapped paragraphs (CJK-aware: breaks between any two
 * Chinese characters), tables, vector drawings (any Java2D painting, charts included, through
 * PdfBoxGraphics2D with chart text kept as real, extractable text) and images; page breaks and page
 * numbers. Coordinates passed to callers are top-down points inside the margins.
 */
public final class PdfWriter implements AutoCloseable {
    public static final float MARGIN = 48;
    private static final float LINE = 1.35f;

    private final PDDocument doc;
    private final PdfFonts fonts;
    private final PDRectangle size = PDRectangle.A4;
    private final List<PDPage> pages = new ArrayList<>();
    private PDPageContentStream cs;
    private float y;
    private final String footer;
    private java.nio.file.Path pngDir;
    private String lastHeading = "chart";
    private int pngCount;
    private final List<java.nio.file.Path> pngs = new ArrayList<>();

    public PdfWriter(String footer) throws IOException {
        this.doc = new PDDocument();
        this.fonts = PdfFonts.load(doc);
        this.footer = footer;
        newPage();
    }

    public PDDocument document() {
        return doc;
    }

    public PdfFonts fonts() {
        return fonts;
    }

    public float contentWidth() {
        return size.getWidth() - 2 * MARGIN;
    }

    /** Vertical room left on the current page, in points. */
    public float remaining() {
        return y - MARGIN - 20;
    }

    public void newPage() throws IOException {
        if (cs != null) {
            cs.close();
        }
        PDPage page = new PDPage(size);
        doc.addPage(page);
        pages.add(page);
        cs = new PDPageContentStream(doc, page);
        y = size.getHeight() - MARGIN;
    }

    private void ensure(float height) throws IOException {
        if (y - height < MARGIN + 20) {
            newPage();
        }
    }

    public void space(float points) throws IOException {
        ensure(points);
        y -= points;
    }

    /**
     * Also writes every drawing of the report as a PNG (2x, white background) into {@code dir}, named
     * {@code NN-<heading>.png}: the same pictures as the PDF, for slides and chat.
     */
    public void alsoPng(java.nio.file.Path dir) throws IOException {
        java.nio.file.Files.createDirectories(dir);
        this.pngDir = dir;
    }

    /** The PNG files written so far (see {@link #alsoPng}). */
    public List<java.nio.file.Path> pngs() {
        return List.copyOf(pngs);
    }

    public void heading(String text, int level) throws IOException {
        lastHeading = text;
        float fs = level <= 0 ? 24 : level == 1 ? 16 : 12.5f;
        ensure(fs * 3);
        y -= level <= 0 ? 0 : fs * 0.6f;
        paragraph(text, fonts.bold(), fs, 0, new java.awt.Color(0x1a, 0x1a, 0x1a));
        y -= fs * 0.3f;
    }

    public void paragraph(String text) throws IOException {
        paragraph(text, fonts.regular(), 10, 0, new java.awt.Color(0x22, 0x22, 0x22));
    }

    public void small(String text) throws IOException {
        paragraph(text, fonts.regular(), 8.5f, 0, new java.awt.Color(0x55, 0x55, 0x55));
    }

    public void paragraph(String text, PDFont font, float fontSize, float indent, java.awt.Color color) throws IOException {
        for (String para : text.split("\n", -1)) {
            List<String> lines = wrap(fonts.printable(font, para), font, fontSize, contentWidth() - indent);
            for (String l : lines) {
                ensure(fontSize * LINE);
                y -= fontSize * LINE;
                cs.beginText();
                cs.setFont(font, fontSize);
                cs.setNonStrokingColor(color);
                cs.newLineAtOffset(MARGIN + indent, y + fontSize * 0.25f);
                cs.showText(l);
                cs.endText();
            }
        }
    }

    /** Wraps at spaces, or between any two characters of CJK text; a word longer than the line is cut. */
    List<String> wrap(String text, PDFont font, float fontSize, float width) throws IOException {
        List<String> out = new ArrayList<>();
        if (text.isEmpty()) {
            out.add("");
            return out;
        }
        StringBuilder line = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int end = nextBreak(text, i);
            String token = text.substring(i, end);
            String candidate = line + token;
            if (width(candidate, font, fontSize) <= width || line.length() == 0) {
                if (line.length() == 0 && width(token, font, fontSize) > width) {
                    // a single token wider than the line: cut it by characters
                    for (int k = 0; k < token.length(); k++) {
                        String c = String.valueOf(token.charAt(k));
                        if (width(line + c, font, fontSize) > width && line.length() > 0) {
                            out.add(line.toString());
                            line.setLength(0);
                        }
                        line.append(c);
                    }
                } else {
                    line.append(token);
                }
            } else {
                out.add(line.toString().stripTrailing());
                line.setLength(0);
                line.append(token.stripLeading());
            }
            i = end;
        }
        if (line.length() > 0) {
            out.add(line.toString().stripTrailing());
        }
        return out;
    }

    /** Punctuation a line must not start with (it stays with the character before it). */
    private static final String NO_LINE_START = "，。、；：！？）」』”’》〉】…,.;:!?)%";
    /** Punctuation a line must not end with (it goes with the character after it). */
    private static final String NO_LINE_END = "（「『“‘《〈【";

    private static int nextBreak(String s, int from) {
        char c = s.charAt(from);
        int i;
        if (isCjk(c)) {
            i = from + 1;
            if (NO_LINE_END.indexOf(c) >= 0 && i < s.length()) {
                i++;
            }
        } else {
            i = from;
            while (i < s.length() && s.charAt(i) == ' ') {
                i++;
            }
            while (i < s.length() && s.charAt(i) != ' ' && !isCjk(s.charAt(i))) {
                i++;
            }
            i = Math.max(i, from + 1);
        }
        while (i < s.length() && NO_LINE_START.indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    private static boolean isCjk(char c) {
        Character.UnicodeBlock b = Character.UnicodeBlock.of(c);
        return b == Character.UnicodeBlock.CJK_UNIFIED_IDEOGRAPHS || b == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION
                || b == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS || b == Character.UnicodeBlock.CJK_UNIFIED_IDEOGRAPHS_EXTENSION_A;
    }

    static float width(String s, PDFont font, float fontSize) throws IOException {
        return font.getStringWidth(s) / 1000f * fontSize;
    }

    /**
     * A table with a bold header row; columns get widths in proportion to {@code weights}; cells wrap.
     */
    public void table(List<String> header, List<List<String>> rows, float[] weights) throws IOException {
        float total = 0;
        for (float w : weights) {
            total += w;
        }
        float[] widths = new float[weights.length];
        for (int i = 0; i < weights.length; i++) {
            widths[i] = contentWidth() * weights[i] / total;
        }
        row(header, widths, fonts.bold(), new java.awt.Color(0xe8, 0xe8, 0xe8));
        for (List<String> r : rows) {
            row(r, widths, fonts.regular(), null);
        }
        y -= 4;
    }

    private void row(List<String> cells, float[] widths, PDFont font, java.awt.Color fill) throws IOException {
        float fs = 8.5f;
        List<List<String>> wrapped = new ArrayList<>();
        int lines = 1;
        for (int i = 0; i < widths.length; i++) {
            String c = i < cells.size() ? cells.get(i) : "";
            List<String> w = wrap(fonts.printable(font, c), font, fs, widths[i] - 6);
            wrapped.add(w);
            lines = Math.max(lines, w.size());
        }
        float h = lines * fs * LINE + 4;
        ensure(h);
        if (fill != null) {
            cs.setNonStrokingColor(fill);
            cs.addRect(MARGIN, y - h, contentWidth(), h);
            cs.fill();
        }
        cs.setStrokingColor(new java.awt.Color(0xcc, 0xcc, 0xcc));
        cs.setLineWidth(0.5f);
        cs.moveTo(MARGIN, y - h);
        cs.lineTo(MARGIN + contentWidth(), y - h);
        cs.stroke();
        float x = MARGIN;
        for (int i = 0; i < widths.length; i++) {
            float ly = y - 2;
            for (String l : wrapped.get(i)) {
                ly -= fs * LINE;
                cs.beginText();
                cs.setFont(font, fs);
                cs.setNonStrokingColor(java.awt.Color.DARK_GRAY);
                cs.newLineAtOffset(x + 3, ly + fs * 0.3f);
                cs.showText(l);
                cs.endText();
            }
            x += widths[i];
        }
        y -= h;
    }

    /**
     * A vector drawing of {@code width x height} points: the painter draws with Java2D (top-left origin).
     * Text drawn in {@link PdfFonts#AWT_FAMILY} becomes real text in the embedded font.
     */
    public void drawing(float width, float height, Consumer<Graphics2D> painter) throws IOException {
        float w = Math.min(width, contentWidth());
        float scale = w / width;
        float h = height * scale;
        if (h > size.getHeight() - 2 * MARGIN - 40) {
            scale *= (size.getHeight() - 2 * MARGIN - 40) / h;
            h = height * scale;
            w = width * scale;
        }
        ensure(h + 6);
        if (pngDir != null) {
            writePng(width, height, painter);
        }
        PdfBoxGraphics2D g = new PdfBoxGraphics2D(doc, width, height);
        PdfBoxGraphics2DFontTextDrawer drawer = fonts.cjk() ? new EmbeddedFontTextDrawer(fonts) : new PdfBoxGraphics2DFontTextDrawer();
        g.setFontTextDrawer(drawer);
        try {
            painter.accept(g);
        } finally {
            g.dispose();
        }
        PDFormXObject form = g.getXFormObject();
        y -= h;
        cs.saveGraphicsState();
        cs.transform(new Matrix(scale, 0, 0, scale, MARGIN, y));
        cs.drawForm(form);
        cs.restoreGraphicsState();
        y -= 6;
    }

    /**
     * Draws every Java2D font (logical ones such as SansSerif.bold in charts included) with the embedded CJK font, so
     * chart and flame graph labels stay real, searchable text; glyphs the font lacks still fall back to shapes.
     */
    static final class EmbeddedFontTextDrawer extends PdfBoxGraphics2DFontTextDrawer {
        private final PdfFonts fonts;

        EmbeddedFontTextDrawer(PdfFonts fonts) {
            this.fonts = fonts;
        }

        @Override
        protected PDFont mapFont(java.awt.Font font, IFontTextDrawerEnv env) {
            return font.isBold() ? fonts.bold() : fonts.regular();
        }
    }

    private void writePng(float width, float height, Consumer<Graphics2D> painter) throws IOException {
        int scale = 2;
        BufferedImage img = new BufferedImage(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.scale(scale, scale);
            painter.accept(g);
        } finally {
            g.dispose();
        }
        String slug = lastHeading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("(^-|-$)", "");
        if (slug.length() > 60) {
            slug = slug.substring(0, 60);
        }
        java.nio.file.Path out = pngDir.resolve(String.format(java.util.Locale.ROOT, "%02d-%s.png", ++pngCount, slug.isEmpty() ? "chart" : slug));
        io.tunescope.files.AtomicFiles.write(out, o -> javax.imageio.ImageIO.write(img, "png", o));
        pngs.add(out);
    }

    /** A raster image scaled to the content width (or its own width in points, if smaller). */
    public void image(BufferedImage img, float maxWidth) throws IOException {
        PDImageXObject x = LosslessFactory.createFromImage(doc, img);
        float w = Math.min(Math.min(maxWidth, contentWidth()), img.getWidth());
        float h = img.getHeight() * w / img.getWidth();
        ensure(h + 6);
        y -= h;
        cs.drawImage(x, MARGIN, y, w, h);
        y -= 6;
    }

    /** Finishes the pages (page numbers) and saves. */
    public void save(java.nio.file.Path out) throws IOException {
        cs.close();
        cs = null;
        int n = pages.size();
        for (int i = 0; i < n; i++) {
            try (PDPageContentStream fcs = new PDPageContentStream(doc, pages.get(i), PDPageContentStream.AppendMode.APPEND, true, true)) {
                String text = fonts.printable(fonts.regular(), footer + "   " + (i + 1) + " / " + n);
                fcs.beginText();
                fcs.setFont(fonts.regular(), 8);
                fcs.setNonStrokingColor(java.awt.Color.GRAY);
                fcs.newLineAtOffset(MARGIN, MARGIN / 2);
                fcs.showText(text);
                fcs.endText();
            }
        }
        io.tunescope.files.AtomicFiles.write(out, doc::save);
    }

    @Override
    public void close() throws IOException {
        if (cs != null) {
            cs.close();
        }
        doc.close();
        fonts.close();
    }
}
