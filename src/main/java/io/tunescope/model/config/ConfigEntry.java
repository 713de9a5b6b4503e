package io.tunescope.model.config;

import io.tunescope.model.capture.SourceRef;

/**
 * One setting: its section ("" where the format has none), normalised name (lower case for server
 * options, '-' as '_'), the value as written, and where it was read.
 */
public record ConfigEntry(String section, String name, String value, SourceRef source) {
}
