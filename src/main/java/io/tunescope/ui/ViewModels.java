package io.tunescope.ui;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The views' models of one window, one per type, made on first use. The window built again in another
 * language hands its models to the new one, so what the user chose (step, zoom, filters, selection) is
 * kept and only the words are rendered again.
 */
public final class ViewModels {
    private final Map<Class<?>, Object> models = new LinkedHashMap<>();

    /** The model of the type, made by {@code make} the first time it is asked for. */
    public synchronized <T> T get(Class<T> type, Supplier<T> make) {
        Object m = models.get(type);
        if (m == null) {
            m = make.get();
            models.put(type, m);
        }
        return type.cast(m);
    }

    /** How many models were made (for tests). */
    public synchronized int size() {
        return models.size();
    }
}
