package io.tunescope.export;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import io.tunescope.files.AtomicFiles;
import io.tunescope.render.SvgPainter;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.figure.Figure;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.util.Matrix;

/**
 * Writes a {@link Figure} as PNG (Java2D, at a scale), SVG ({@link SvgPainter}) or a one-page vector PDF
 * (PdfBoxGraphics2D, the page the figure's size; text stays text, in the embedded CJK font when installed).
 * The format follows the file's extension ({@link #write}). Files are written atomically.
 */
public final class FigureFiles {
    /** What a figure can be saved as. */
    public enum Format {
        PNG, SVG, PDF;

        /** The format of a file name's extension (case-insensitive), or null. */
        public static Format of(Path file) {
            String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return n.endsWith(".png") ? PNG : n.endsWith(".svg") ? SVG : n.endsWith(".pdf") ? PDF : null;
        }
    }

    private FigureFiles() {
    }

    /** The height of a figure at a width, measured as the PNG draws text. */
    public static double height(Figure f, double width) {
        BufferedImage one = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = one.createGraphics();
        try {
            return f.height(new AwtPainter(g), width);
        } finally {
            g.dispose();
        }
    }

    /** The figure as a picture of {@code width * scale} pixels a row. */
    public static BufferedImage image(Figure f, double width, double scale) {
        double h = height(f, width);
        BufferedImage img = new BufferedImage((int) Math.ceil(width * scale), (int) Math.ceil(h * scale), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(scale, scale);
            f.paint(new AwtPainter(g), width);
        } finally {
            g.dispose();
        }
        return img;
    }

    /** The figure as an SVG document; fails for figures Java2D alone draws (charts: use PDF). */
    public static String svg(Figure f, double width) {
        if (!f.vector()) {
            throw new IllegalArgumentException("this figure (a chart) is saved as PNG or PDF, not SVG");
        }
        String family = AwtPainter.defaultFamily();
        SvgPainter measure = new SvgPainter(width, 1, family);
        double h = f.height(measure, width);
        SvgPainter p = new SvgPainter(width, h, family);
        f.paint(p, width);
        return p.svg();
    }

    public static void png(Figure f, double width, double scale, Path out) throws IOException {
        BufferedImage img = image(f, width, scale);
        AtomicFiles.write(out, o -> {
            if (!ImageIO.write(img, "png", o)) {
                throw new IOException("no PNG writer");
            }
        });
    }

    public static void svg(Figure f, double width, Path out) throws IOException {
        byte[] bytes = svg(f, width).getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(out, o -> o.write(bytes));
    }

    /** A one-page PDF of the figure's size in points (one layout pixel = one point), vector. */
    public static void pdf(Figure f, double width, Path out) throws IOException {
        double h = height(f, width);
        try (PDDocument doc = new PDDocument()) {
            PdfFonts fonts = PdfFonts.load(doc);
            try {
                PDPage page = new PDPage(new PDRectangle((float) width, (float) h));
                doc.addPage(page);
                PdfBoxGraphics2D g = new PdfBoxGraphics2D(doc, (float) width, (float) h);
                PdfBoxGraphics2DFontTextDrawer drawer = fonts.cjk() ? new PdfWriter.EmbeddedFontTextDrawer(fonts)
                        : new PdfBoxGraphics2DFontTextDrawer();
                g.setFontTextDrawer(drawer);
                try {
                    f.paint(new AwtPainter(g, fonts.cjk() ? PdfFonts.AWT_FAMILY : "SansSerif"), width);
                } finally {
                    g.dispose();
                }
                PDFormXObject form = g.getXFormObject();
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    cs.transform(new Matrix(1, 0, 0, 1, 0, 0));
                    cs.drawForm(form);
                }
                AtomicFiles.write(out, doc::save);
            } finally {
                fonts.close();
            }
        }
    }

    /** Writes the figure in the format of the file's extension (PNG at the scale, SVG, PDF). */
    public static void write(Figure f, double width, double scale, Path out) throws IOException {
        Format format = Format.of(out);
        if (format == null) {
            throw new IOException("unknown figure format of " + out.getFileName() + " (.png, .svg or .pdf)");
        }
        switch (format) {
            case PNG -> png(f, width, scale, out);
            case SVG -> svg(f, width, out);
            case PDF -> pdf(f, width, out);
        }
    }
}
