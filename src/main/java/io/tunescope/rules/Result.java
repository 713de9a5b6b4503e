package io.tunescope.rules;

import java.util.List;

/**
 * The outcome of one rule on one step: {@link Status#FIRED} with findings, {@link Status#PASSED} (the
 * rule looked and found nothing), {@link Status#NOT_APPLICABLE} (data missing; {@code reason} says which)
 * or {@link Status#FAILED} (the rule threw; {@code reason} holds the error).
 */
public record Result(String ruleId, String step, Status status, List<Finding> findings, String reason) {

    public enum Status { FIRED, PASSED, NOT_APPLICABLE, FAILED }

    public Result {
        findings = List.copyOf(findings);
        reason = reason == null ? "" : reason;
        if ((status == Status.FIRED) == findings.isEmpty()) {
            throw new IllegalArgumentException("FIRED results, and only they, carry findings");
        }
    }

    public static Result fired(String ruleId, String step, List<Finding> findings) {
        return new Result(ruleId, step, Status.FIRED, findings, "");
    }

    public static Result passed(String ruleId, String step, String reason) {
        return new Result(ruleId, step, Status.PASSED, List.of(), reason);
    }

    public static Result notApplicable(String ruleId, String step, String reason) {
        return new Result(ruleId, step, Status.NOT_APPLICABLE, List.of(), reason);
    }

    public static Result failed(String ruleId, String step, String reason) {
        return new Result(ruleId, step, Status.FAILED, List.of(), reason);
    }
}
