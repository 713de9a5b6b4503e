package io.tunescope.model.capture;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * What the capture collector ran when ({@code timeline.log}): one event per start or end of a command,
 * with a wall-clock time. It anchors files that have no timestamps of their own (sysbench logs,
 * snapshots) on the capture's clock.
 */
public record CollectorTimeline(List<Event> events) {

    public enum Phase { START, END }

    /** One line: time, phase, the collector's action name (e.g. {@code sysbench}) and the command. */
    public record Event(OffsetDateTime time, Phase phase, String name, String command, SourceRef source) {
    }

    public CollectorTimeline {
        events = List.copyOf(events);
    }

    /** The first event of an action in a phase, e.g. when {@code sysbench} started. */
    public Optional<Event> first(String name, Phase phase) {
        return events.stream().filter(e -> e.name().equals(name) && e.phase() == phase).findFirst();
    }

    public Optional<OffsetDateTime> start() {
        return events.isEmpty() ? Optional.empty() : Optional.of(events.get(0).time());
    }

    public Optional<OffsetDateTime> end() {
        return events.isEmpty() ? Optional.empty() : Optional.of(events.get(events.size() - 1).time());
    }

    public static final Dataset<CollectorTimeline> DATASET = Dataset.of("capture.collector-timeline", CollectorTimeline.class);
}
