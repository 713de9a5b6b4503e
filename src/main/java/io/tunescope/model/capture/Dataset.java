package io.tunescope.model.capture;

import java.util.Objects;

/**
 * Typed key for the data an importer produces, e.g. {@code Dataset<ConfigSnapshot>}.
 * Two keys are equal when their names are equal.
 */
public final class Dataset<T> {
    private final String name;
    private final Class<T> type;

    private Dataset(String name, Class<T> type) {
        this.name = Objects.requireNonNull(name);
        this.type = Objects.requireNonNull(type);
    }

    public static <T> Dataset<T> of(String name, Class<T> type) {
        return new Dataset<>(name, type);
    }

    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    public T cast(Object value) {
        return type.cast(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dataset<?> d && d.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
