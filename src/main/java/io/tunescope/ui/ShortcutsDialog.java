package io.tunescope.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Modality;
import javafx.stage.Window;

/** Help &gt; Keyboard Shortcuts (F1): every registered shortcut, grouped, with its keys and what it does. */
public final class ShortcutsDialog {
    private ShortcutsDialog() {
    }

    /** The dialog for what {@code shortcuts} holds now (views register theirs when they are created). */
    public static Dialog<ButtonType> create(Window owner, Shortcuts shortcuts, ResourceBundle bundle) {
        Map<String, List<Shortcuts.Shortcut>> groups = new LinkedHashMap<>();
        for (Shortcuts.Shortcut s : shortcuts.all()) {
            groups.computeIfAbsent(s.group(), g -> new ArrayList<>()).add(s);
        }
        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(4);
        grid.setPadding(new Insets(4, 8, 8, 8));
        grid.setId("shortcutsGrid");
        ColumnConstraints keysColumn = new ColumnConstraints();
        keysColumn.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints descriptionColumn = new ColumnConstraints();
        descriptionColumn.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(keysColumn, descriptionColumn);
        // the window's own groups frame the views' groups: file, view, the views in registration order, help
        List<Map.Entry<String, List<Shortcuts.Shortcut>>> ordered = new ArrayList<>(groups.entrySet());
        ordered.sort(java.util.Comparator.comparingInt(g -> switch (g.getKey()) {
            case "file" -> 0;
            case "view" -> 1;
            case "help" -> 3;
            default -> 2;
        }));
        int row = 0;
        for (Map.Entry<String, List<Shortcuts.Shortcut>> g : ordered) {
            Label title = new Label(groupTitle(bundle, g.getKey()));
            title.getStyleClass().add("section-title");
            if (row > 0) {
                GridPane.setMargin(title, new Insets(10, 0, 0, 0));
            }
            grid.add(title, 0, row++, 2, 1);
            // aliases (Esc and Backspace for one action) share one row
            Map<String, List<Shortcuts.Shortcut>> byId = new LinkedHashMap<>();
            for (Shortcuts.Shortcut s : g.getValue()) {
                byId.computeIfAbsent(s.id(), id -> new ArrayList<>()).add(s);
            }
            for (List<Shortcuts.Shortcut> same : byId.values()) {
                List<String> keys = new ArrayList<>();
                for (Shortcuts.Shortcut s : same) {
                    // the keypad's + and the main keyboard's + read the same
                    if (!keys.contains(s.displayKeys())) {
                        keys.add(s.displayKeys());
                    }
                }
                Label k = new Label(String.join(" / ", keys));
                k.getStyleClass().add("shortcut-keys");
                k.setMinWidth(Region.USE_PREF_SIZE);
                Label d = new Label(text(bundle, same.get(0).descriptionKey()));
                d.getStyleClass().add("shortcut-description");
                d.setWrapText(true);
                grid.add(k, 0, row);
                grid.add(d, 1, row++);
            }
        }
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportHeight(Math.min(560, 26 * row + 20));
        scroll.setPrefViewportWidth(640);

        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle(bundle.getString("shortcuts.title"));
        dialog.setHeaderText(null);
        dialog.initOwner(owner);
        dialog.initModality(Modality.NONE);
        dialog.setResizable(true);
        dialog.getDialogPane().setContent(scroll);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().setId("shortcutsDialog");
        return dialog;
    }

    private static String groupTitle(ResourceBundle bundle, String group) {
        String key = "shortcut.group." + group;
        if (bundle.containsKey(key)) {
            return bundle.getString(key);
        }
        return group.isEmpty() ? group : group.substring(0, 1).toUpperCase(Locale.ROOT) + group.substring(1);
    }

    private static String text(ResourceBundle bundle, String key) {
        return bundle.containsKey(key) ? bundle.getString(key) : key;
    }
}
