package io.tunescope.analysis.calltree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A folded profile has no DSOs: the place of a frame in its stack tells kernel code from the database's. */
class ModulesTest {

    private static FrameModule module(CallTree t, FrameModule[] m, String frame) {
        return m[t.frames().indexOf(frame)];
    }

    @Test
    void framesCalledFromTheKernelAreKernelEvenInADatabaseProcess() {
        // the shape of a real folded mariadbd profile: kernel frames whose names no pattern knows sit under
        // the syscall entry and the softirq handler
        CallTree t = CallTreePropertiesTest.tree(List.of(
                "mariadbd;start_thread;handle_one_connection;do_command;__libc_pwrite;entry_SYSCALL_64;do_syscall_64;vfs_write;virtblk_write_thing;iowrite16 7",
                "mariadbd;start_thread;handle_one_connection;do_command;my_rare_function 5",
                "mariadbd;ret_from_fork;handle_softirqs;virtnet_poll 3",
                "sysbench;start_thread;lua_pcall;luaV_execute 4"));
        FrameModule[] m = Modules.forFrames(t);
        assertEquals(FrameModule.KERNEL, module(t, m, "iowrite16"), "under entry_SYSCALL_64");
        assertEquals(FrameModule.KERNEL, module(t, m, "virtblk_write_thing"));
        assertEquals(FrameModule.KERNEL, module(t, m, "handle_softirqs"), "under ret_from_fork");
        assertEquals(FrameModule.KERNEL, module(t, m, "virtnet_poll"));
        assertEquals(FrameModule.DATABASE, module(t, m, "my_rare_function"), "a mariadbd frame by name");
        assertEquals(FrameModule.LIBC, module(t, m, "__libc_pwrite"));
        assertEquals(FrameModule.DATABASE, module(t, m, "do_command"));
        assertEquals(FrameModule.UNKNOWN, module(t, m, "luaV_execute"), "not the database's: another process");

        // the hotspot table and the module colours read the same classification
        Hotspot io = Hotspots.of(t, 0).stream().filter(h -> h.function().equals("iowrite16")).findFirst().orElseThrow();
        assertEquals(FrameModule.KERNEL, io.module());
    }

    @Test
    void theModulesAreWorkedOutOncePerTreeAndEachCallerGetsItsOwnCopy() {
        CallTree t = CallTreePropertiesTest.tree(List.of(
                "mariadbd;start_thread;do_command;entry_SYSCALL_64;vfs_write 7", "sysbench;lua_pcall 4"));
        FrameModule[] first = Modules.forFrames(t);
        FrameModule[] copy = first.clone();
        java.util.Arrays.fill(first, FrameModule.JIT);           // a caller writing into its array
        assertEquals(List.of(copy), List.of(Modules.forFrames(t)));
        assertEquals(FrameModule.KERNEL, module(t, Modules.forFrames(t), "vfs_write"));
        // a tree with the same stacks is worked out on its own and agrees
        assertEquals(List.of(copy), List.of(Modules.forFrames(CallTreePropertiesTest.tree(List.of(
                "mariadbd;start_thread;do_command;entry_SYSCALL_64;vfs_write 7", "sysbench;lua_pcall 4")))));
    }

    @Test
    void aFrameNamedAsKernelCodeOnlyOnceStaysKernelAndUserFramesAboveTheKernelStayUser() {
        CallTree t = CallTreePropertiesTest.tree(List.of(
                "mysqld;do_command;dispatch_command;entry_SYSCALL_64;futex_wait 2",
                "mysqld;do_command;dispatch_command;mysql_execute_command 9"));
        FrameModule[] m = Modules.forFrames(t);
        assertEquals(FrameModule.DATABASE, module(t, m, "dispatch_command"), "a caller of the kernel is not kernel");
        assertEquals(FrameModule.KERNEL, module(t, m, "futex_wait"));
    }
}
