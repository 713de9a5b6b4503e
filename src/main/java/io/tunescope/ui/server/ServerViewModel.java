package io.tunescope.ui.server;

import io.tunescope.analysis.server.ServerStep;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.session.CaptureSession;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the Server view, testable without a window: the steps with the server's own evidence
 * ({@link ServerStep}, from the capture's one session), the chosen step, the counter search and the chosen
 * counters (listed first). A step chosen before, and counters chosen before, are kept when the same capture is shown again
 * (a reload, a language switch) as far as they still exist.
 */
public final class ServerViewModel {

    /** One step of the capture with its server evidence. */
    public record Entry(Step step, ServerStep server) {
        @Override
        public String toString() {
            return step.label();
        }
    }

    private final ObjectProperty<List<Entry>> steps = new SimpleObjectProperty<>(List.of());
    private final ObjectProperty<Entry> step = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<ServerStep> server = new ReadOnlyObjectWrapper<>();
    private final StringProperty counterSearch = new SimpleStringProperty("");
    private final ObservableList<String> counters = FXCollections.observableArrayList();
    private final ObservableList<String> chosen = FXCollections.observableArrayList();
    /** What the user chose, kept across steps: the choice of one step is offered again in the next. */
    private final Set<String> userChoice = new LinkedHashSet<>();
    private boolean userChose;

    public ServerViewModel() {
        step.addListener((o, a, e) -> {
            server.set(e == null ? null : e.server());
            List<String> names = e == null ? List.of() : e.server().counters().names();
            List<String> keep = names.stream().filter(userChoice::contains).toList();
            chosen.setAll(userChose && !keep.isEmpty() ? keep : e == null ? List.of() : e.server().counters().preselected());
            filterCounters();
        });
        counterSearch.addListener((o, a, t) -> filterCounters());
    }

    /** Every step of the capture with its server evidence, computed once by the capture's session (call it off the FX thread). */
    public static List<Entry> read(Capture c) {
        List<Entry> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        CaptureSession s = CaptureSession.of(c);
        for (var sr : s.reading().steps()) {
            out.add(new Entry(sr.step(), s.server(sr.dir())));
        }
        return out;
    }

    /**
     * Shows these steps: the step of the same folder as before when there is one with evidence, else the first with
     * evidence, else the first.
     */
    public void setSteps(List<Entry> list) {
        String before = step.get() == null ? null : step.get().step().dir();
        steps.set(List.copyOf(list));
        Entry pick = null;
        for (Entry e : list) {
            if (e.step().dir().equals(before) && !e.server().isEmpty()) {
                pick = e;
            }
        }
        if (pick == null) {
            pick = list.stream().filter(e -> !e.server().isEmpty()).findFirst().orElse(list.isEmpty() ? null : list.get(0));
        }
        step.set(null);
        step.set(pick);
    }

    /** Chooses or un-chooses a counter (the user's choice, kept for other steps). */
    public void choose(String counter, boolean on) {
        userChose = true;
        if (on && !chosen.contains(counter)) {
            chosen.add(counter);
            userChoice.add(counter);
        } else if (!on) {
            chosen.remove(counter);
            userChoice.remove(counter);
        }
        if (on) {
            userChoice.addAll(chosen);
        }
    }

    /** Whether any step has any of the server's own evidence. */
    public boolean anyEvidence() {
        return steps.get().stream().anyMatch(e -> !e.server().isEmpty());
    }

    private void filterCounters() {
        ServerStep s = server.get();
        String q = counterSearch.get() == null ? "" : counterSearch.get().strip().toLowerCase(Locale.ROOT);
        List<String> names = s == null ? List.of() : s.counters().names();
        List<String> shown = new ArrayList<>();
        // the chosen counters first (in the order chosen), then the others by name
        for (String n : chosen) {
            if (names.contains(n) && (q.isEmpty() || n.toLowerCase(Locale.ROOT).contains(q))) {
                shown.add(n);
            }
        }
        for (String n : names) {
            if (!shown.contains(n) && (q.isEmpty() || n.toLowerCase(Locale.ROOT).contains(q))) {
                shown.add(n);
            }
        }
        counters.setAll(shown);
    }

    public ObjectProperty<List<Entry>> stepsProperty() {
        return steps;
    }

    public ObjectProperty<Entry> stepProperty() {
        return step;
    }

    public ReadOnlyObjectProperty<ServerStep> serverProperty() {
        return server.getReadOnlyProperty();
    }

    public StringProperty counterSearchProperty() {
        return counterSearch;
    }

    /** The counters the search lets through: the chosen ones first, then the others by name. */
    public ObservableList<String> counters() {
        return counters;
    }

    /** The counters drawn, in the order chosen (the usual suspects first when the user chose none). */
    public ObservableList<String> chosen() {
        return chosen;
    }
}
