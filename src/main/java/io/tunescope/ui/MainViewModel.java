package io.tunescope.ui;

import io.tunescope.importers.CancelledException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.LoadListener;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import java.nio.file.Path;
import java.util.ResourceBundle;
import java.util.concurrent.ExecutorService;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;

/**
 * State of the main window, testable without a window: the open capture, the path it came from, and
 * the running load (progress, message, cancel). Loading runs in a {@link Task} on the background pool.
 */
public final class MainViewModel {
    private final ObjectProperty<Capture> capture = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> path = new SimpleObjectProperty<>();
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("");
    private final ObjectProperty<String> problem = new SimpleObjectProperty<>();
    private final ExecutorService background;
    private final ResourceBundle bundle;
    private final Settings settings;
    private Task<Capture> running;

    public MainViewModel(ExecutorService background, ResourceBundle bundle, Settings settings) {
        this.background = background;
        this.bundle = bundle;
        this.settings = settings;
        message.set(bundle.getString("status.ready"));
        // a capture closed or replaced (another opened, reloaded, converted) is not kept alive by the shared sessions
        capture.addListener((o, before, now) -> {
            if (before != null && before != now) {
                io.tunescope.session.CaptureSession.forget(before);
            }
        });
    }

    public ReadOnlyObjectProperty<Capture> captureProperty() {
        return capture;
    }

    public ReadOnlyObjectProperty<Path> pathProperty() {
        return path;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    /**
     * What went wrong with the last load in words for a dialog (an empty folder, nothing recognised, a failure), or
     * null. The window shows it and sets it back to null.
     */
    public ObjectProperty<String> problemProperty() {
        return problem;
    }

    private String fmt(String key, Object... args) {
        return new java.text.MessageFormat(bundle.getString(key), bundle.getLocale()).format(args);
    }

    /** Starts loading a capture in the background; a load already running is cancelled first. */
    public Task<Capture> open(Path target) {
        cancel();
        Path p = target.toAbsolutePath().normalize();
        long started = System.nanoTime();
        Task<Capture> task = new Task<>() {
            @Override
            protected Capture call() throws Exception {
                updateMessage(fmt("status.loading", p.getFileName()));
                return io.tunescope.session.CaptureSession.open(p, new LoadListener() {
                    @Override
                    public void progress(long done, long total, String file) {
                        updateProgress(done, total);
                        updateMessage(fmt("status.loadingFile", file));
                    }
                }, this::isCancelled).capture();
            }
        };
        task.setOnSucceeded(e -> {
            Capture c = task.getValue();
            finished(task);
            loading.set(false);
            progress.unbind();
            message.unbind();
            progress.set(0);
            if (c.files().isEmpty()) {
                // Nothing to show: the current capture stays open and the user is told what to choose instead.
                io.tunescope.session.CaptureSession.forget(c);
                message.set(fmt("status.emptyFolder", p));
                // what kept files out (a link to outside the capture, an unreadable folder) says why it is empty
                String why = c.notes().stream()
                        .filter(d -> d.level() != io.tunescope.model.capture.Diagnostic.Level.INFO)
                        .limit(3)
                        .map(io.tunescope.model.capture.Diagnostic::message)
                        .collect(java.util.stream.Collectors.joining("\n"));
                problem.set(why.isEmpty() ? fmt("status.emptyFolder", p)
                        : fmt("status.emptyFolder", p) + "\n\n" + fmt("status.emptyFolderWhy", why));
                return;
            }
            capture.set(c);
            path.set(p);
            long problems = c.count(FileStatus.WARNING) + c.count(FileStatus.ERROR);
            long read = c.count(FileStatus.OK) + c.count(FileStatus.WARNING);
            message.set(fmt("status.loaded", c.title(), c.files().size(), read, problems,
                    c.count(FileStatus.UNRECOGNISED),
                    String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9)));
            if (read == 0) {
                // Opened anyway, so that the Files view can say for every file why it was not read.
                problem.set(fmt("status.nothingRead", p.getFileName(), c.files().size(), c.count(FileStatus.UNRECOGNISED),
                        c.count(FileStatus.ERROR)));
            }
            settings.addRecent(p, background);
        });
        task.setOnCancelled(e -> {
            finished(task);
            loading.set(false);
            progress.unbind();
            message.unbind();
            progress.set(0);
            message.set(bundle.getString("status.cancelled"));
        });
        task.setOnFailed(e -> {
            finished(task);
            loading.set(false);
            progress.unbind();
            message.unbind();
            progress.set(0);
            Throwable t = task.getException();
            if (t instanceof CancelledException) {
                message.set(bundle.getString("status.cancelled"));
            } else {
                message.set(fmt("status.failed", p.getFileName(), t == null ? "" : t.getMessage()));
                problem.set(message.get());
            }
        });
        running = task;
        loading.set(true);
        progress.bind(task.progressProperty());
        message.bind(task.messageProperty());
        background.submit(task);
        return task;
    }

    /** A load is over: not held any longer (a finished task keeps its capture, which then outlived File &gt; Close). */
    private void finished(Task<Capture> task) {
        if (running == task) {
            running = null;
        }
    }

    /** Shows a capture that is already read (the window rebuilt in another language): nothing is read again. */
    public void adopt(Capture c, Path p) {
        cancel();
        capture.set(c);
        path.set(p);
    }

    public void reload() {
        if (path.get() != null) {
            open(path.get());
        }
    }

    public void cancel() {
        if (running != null && running.isRunning()) {
            running.cancel(false);
        }
    }

    public void close() {
        cancel();
        capture.set(null);
        path.set(null);
        message.set(bundle.getString("status.ready"));
    }

    public Settings settings() {
        return settings;
    }
}
