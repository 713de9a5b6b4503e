package io.tunescope.rules;

import java.util.List;

/**
 * One thing to do about a finding: the action in words, the concrete lines to apply (option-file lines,
 * SQL or shell commands, in {@code language}: {@code ini}, {@code sql}, {@code bash} or {@code text}),
 * the server variables those lines set (checked against the detected server, see
 * {@link ServerVariables}), the expected effect with its source, and the risk.
 */
public record Recommendation(String action, String language, List<String> lines, List<String> variables,
                             String expectedEffect, String effectSource, String risk) {

    public Recommendation {
        lines = List.copyOf(lines);
        variables = List.copyOf(variables);
        expectedEffect = expectedEffect == null ? "" : expectedEffect;
        effectSource = effectSource == null ? "" : effectSource;
        risk = risk == null ? "" : risk;
    }

    /** The lines as one block, for a copy button. */
    public String snippet() {
        return String.join("\n", lines);
    }

    public static Builder of(String action) {
        return new Builder(action);
    }

    /** Fluent construction. */
    public static final class Builder {
        private final String action;
        private String language = "text";
        private List<String> lines = List.of();
        private List<String> variables = List.of();
        private String effect = "";
        private String effectSource = "";
        private String risk = "";

        private Builder(String action) {
            this.action = action;
        }

        /** Option-file lines; {@code vars} are the server variables they set. */
        public Builder ini(List<String> lines, String... vars) {
            this.language = "ini";
            this.lines = lines;
            this.variables = List.of(vars);
            return this;
        }

        public Builder sql(List<String> lines, String... vars) {
            this.language = "sql";
            this.lines = lines;
            this.variables = List.of(vars);
            return this;
        }

        public Builder bash(String... lines) {
            this.language = "bash";
            this.lines = List.of(lines);
            return this;
        }

        public Builder text(String... lines) {
            this.language = "text";
            this.lines = List.of(lines);
            return this;
        }

        public Builder effect(String effect, String source) {
            this.effect = effect;
            this.effectSource = source;
            return this;
        }

        public Builder risk(String risk) {
            this.risk = risk;
            return this;
        }

        public Recommendation build() {
            return new Recommendation(action, language, lines, variables, effect, effectSource, risk);
        }
    }
}
