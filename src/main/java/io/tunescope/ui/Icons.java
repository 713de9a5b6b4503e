package io.tunescope.ui;

import io.tunescope.model.capture.FileStatus;
import javafx.scene.paint.Color;
import org.kordamp.ikonli.javafx.FontIcon;

/** The app's icons: one icon family (FontAwesome 5 via Ikonli), one size scale, one status palette. */
public final class Icons {
    public static final int SMALL = 14;
    public static final int MEDIUM = 18;
    public static final int LARGE = 48;

    private Icons() {
    }

    public static FontIcon icon(String literal, int size) {
        FontIcon i = new FontIcon(literal);
        i.setIconSize(size);
        return i;
    }

    public static FontIcon icon(String literal) {
        return icon(literal, SMALL);
    }

    public static FontIcon status(FileStatus s) {
        FontIcon i = switch (s) {
            case OK -> icon("fas-check-circle");
            case WARNING -> icon("fas-exclamation-triangle");
            case ERROR -> icon("fas-times-circle");
            case UNRECOGNISED -> icon("fas-question-circle");
        };
        i.setIconColor(statusColor(s));
        return i;
    }

    public static Color statusColor(FileStatus s) {
        return switch (s) {
            case OK -> Color.web("#2e7d32");
            case WARNING -> Color.web("#c77700");
            case ERROR -> Color.web("#c62828");
            case UNRECOGNISED -> Color.web("#757575");
        };
    }
}
