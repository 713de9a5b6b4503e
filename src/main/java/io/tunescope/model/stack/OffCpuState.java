package io.tunescope.model.stack;

/**
 * Why a thread was switched out, from {@code sched_switch}'s {@code prev_state}, in the groups a tuner acts
 * on: sleeping (waits for a lock, a condition, the network or a timer), uninterruptible (mostly disk I/O),
 * runnable (preempted: it could have run but waited for a CPU), anything else.
 *
 * <p>Each group is drawn as one frame right under the process frame of an off-CPU flame graph, so the three
 * answers (I/O, waits, CPU queue) are three towers whose widths compare at a glance, and preempted stacks,
 * which land at whatever code happened to run, do not dilute the wait stacks.
 */
public enum OffCpuState {
    SLEEPING("S", "[S sleeping: locks, conditions, network, timers]"),
    UNINTERRUPTIBLE("D", "[D uninterruptible: disk I/O, kernel waits]"),
    RUNNABLE("R", "[R preempted: runnable, waiting for a CPU]"),
    OTHER("?", "[other state]");

    private final String letter;
    private final String frame;

    OffCpuState(String letter, String frame) {
        this.letter = letter;
        this.frame = frame;
    }

    /** The {@code prev_state} letter of the group ({@code ?} for other states). */
    public String letter() {
        return letter;
    }

    /** The frame name drawn under the process frame (other states name their letters: {@code [T other state]}). */
    public String frame(String prevState) {
        return this == OTHER ? "[" + prevState + " other state]" : frame;
    }

    /**
     * The group of a {@code prev_state} as the kernel prints it: {@code S}, {@code D}, {@code R}, {@code R+}
     * (preempted, the "+" marks preemption on newer kernels), {@code D|K}, {@code I}, {@code T} ...
     * The first letter decides ({@code D|K} is uninterruptible, killable).
     */
    public static OffCpuState of(String prevState) {
        if (prevState == null || prevState.isEmpty()) {
            return OTHER;
        }
        return switch (prevState.charAt(0)) {
            case 'S' -> SLEEPING;
            case 'D' -> UNINTERRUPTIBLE;
            case 'R' -> RUNNABLE;
            default -> OTHER;
        };
    }
}
