package io.tunescope.model.capture;

import java.util.Map;

/**
 * A parsed value that also carries values of other datasets, read from the same file: a summary report
 * (pt-summary, pt-mysql-summary) holds the host's CPU, memory and kernel settings in the very types that
 * {@code lscpu}, {@code /proc/meminfo} or {@code sysctl -a} give. {@link Capture#all} lists these parts
 * under their datasets, after the files that give the dataset themselves: a part only stands in for a
 * dataset that its step has no file of (an exact file is never overridden by a report's summary of it).
 */
public interface Composite {

    /** Values of other datasets by dataset name; each value is of the dataset's type. */
    Map<String, Object> parts();
}
