package io.tunescope.render;

/**
 * Toolkit-neutral drawing surface. Views paint through it so that the JavaFX canvas, the PNG exporter
 * (Java2D) and the PDF exporter (Java2D on PDFBox, vector) produce the same picture. Coordinates are in
 * pixels (points for PDF), origin top-left; text is placed by its baseline.
 */
public interface Painter {
    void fillRect(double x, double y, double w, double h, Rgb color);

    void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth);

    void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth);

    void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color);

    double textWidth(String text, double fontSize, boolean bold);

    /** Restricts drawing to a rectangle until {@link #popClip()}. */
    void pushClip(double x, double y, double w, double h);

    void popClip();
}
