package io.tunescope.model.net;

import java.util.List;

/** {@code ethtool -l} output: one entry per device the file names (a loop over interfaces prints several). */
public record NicChannels(List<Device> devices) {

    public NicChannels {
        devices = List.copyOf(devices);
    }

    /**
     * One device: its name ("" when the output did not name it), the error ethtool printed instead of the
     * channel counts ("" when it printed them), the pre-set maximums and the current settings, and the lines
     * of the header and of the two {@code Combined:} (or, without combined channels, {@code RX:}) values.
     */
    public record Device(String name, String error, Counts max, Counts current, int line, int maxLine, int currentLine) {
        public Device {
            name = name == null ? "" : name;
            error = error == null ? "" : error;
        }

        public boolean supported() {
            return error.isEmpty() && max != null && current != null;
        }
    }

    /** RX, TX, Other, Combined; -1 where ethtool printed {@code n/a} or nothing. */
    public record Counts(int rx, int tx, int other, int combined) {
        public static final Counts NONE = new Counts(-1, -1, -1, -1);

        public Counts with(String field, int value) {
            return switch (field) {
                case "RX" -> new Counts(value, tx, other, combined);
                case "TX" -> new Counts(rx, value, other, combined);
                case "Other" -> new Counts(rx, tx, value, combined);
                case "Combined" -> new Counts(rx, tx, other, value);
                default -> this;
            };
        }
    }
}
