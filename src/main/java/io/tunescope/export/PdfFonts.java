package io.tunescope.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The fonts a PDF report embeds: a CJK-capable TrueType font so that Chinese text renders and stays
 * extractable (WenQuanYi Micro Hei from fonts-wqy-microhei, or Droid Sans Fallback), subset on save.
 * Noto Sans CJK cannot be used: PDFBox cannot embed CFF-outline OpenType. Without any CJK font the
 * report falls back to Helvetica and {@link #cjk()} is false, so callers can warn.
 */
public final class PdfFonts implements AutoCloseable {
    /** AWT family name that vector charts use; mapped to {@link #regular()} so chart text is real text. */
    public static final String AWT_FAMILY = "WenQuanYi Micro Hei";
    private static final List<Path> TTC = List.of(Path.of("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
            Path.of("/usr/share/fonts/wqy-microhei/wqy-microhei.ttc"));
    private static final List<Path> TTF = List.of(Path.of("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
            Path.of("/usr/share/fonts/google-droid/DroidSansFallbackFull.ttf"));

    private final PDFont regular;
    private final PDFont bold;
    private final boolean cjk;
    private final String source;
    private final TrueTypeCollection collection;

    private PdfFonts(PDFont regular, PDFont bold, boolean cjk, String source, TrueTypeCollection collection) {
        this.regular = regular;
        this.bold = bold;
        this.cjk = cjk;
        this.source = source;
        this.collection = collection;
    }

    /** Loads the best font available on this machine into the document. Keep open until the document is saved. */
    public static PdfFonts load(PDDocument doc) throws IOException {
        String override = System.getProperty("tunescope.pdfFont");
        if (override != null && Files.isRegularFile(Path.of(override))) {
            PDFont f = PDType0Font.load(doc, Path.of(override).toFile());
            return new PdfFonts(f, f, true, override, null);
        }
        for (Path p : TTC) {
            if (Files.isRegularFile(p)) {
                TrueTypeCollection ttc = new TrueTypeCollection(p.toFile());
                TrueTypeFont[] chosen = new TrueTypeFont[1];
                ttc.processAllFonts(ttf -> {
                    String n = ttf.getName();
                    // the collection also holds the monospaced face; take the proportional one
                    if (chosen[0] == null && n != null && !n.toLowerCase(java.util.Locale.ROOT).contains("mono")) {
                        chosen[0] = ttf;
                    }
                });
                if (chosen[0] != null) {
                    PDFont f = PDType0Font.load(doc, chosen[0], true);
                    return new PdfFonts(f, f, true, p.toString(), ttc);
                }
                ttc.close();
            }
        }
        for (Path p : TTF) {
            if (Files.isRegularFile(p)) {
                PDFont f = PDType0Font.load(doc, p.toFile());
                return new PdfFonts(f, f, true, p.toString(), null);
            }
        }
        return new PdfFonts(new PDType1Font(Standard14Fonts.FontName.HELVETICA), new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD),
                false, "Helvetica (no CJK font installed)", null);
    }

    public PDFont regular() {
        return regular;
    }

    public PDFont bold() {
        return bold;
    }

    /** True when Chinese text can be shown. */
    public boolean cjk() {
        return cjk;
    }

    public String source() {
        return source;
    }

    /** Text the font can show: characters it lacks become '?'. */
    public String printable(PDFont font, String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            String s = new String(Character.toChars(cp));
            if (cp == '\t') {
                b.append("    ");
                return;
            }
            if (Character.isISOControl(cp)) {
                return;
            }
            try {
                font.encode(s);
                b.append(s);
            } catch (IOException | IllegalArgumentException e) {
                b.append('?');
            }
        });
        return b.toString();
    }

    @Override
    public void close() throws IOException {
        if (collection != null) {
            collection.close();
        }
    }
}
