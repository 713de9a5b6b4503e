package io.tunescope.rules;

/** Test access to the package-private wait family of {@link io.tunescope.rules.server.TopWaitRule}. */
final class TopWaitRuleAccess {
    private TopWaitRuleAccess() {
    }

    static String family(String name) {
        return io.tunescope.rules.server.TopWaitRule.family(name);
    }
}
