package io.tunescope.ui.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.server.ServerStep;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Server view's state without a window, on the real pt-stalk collection. */
class ServerViewModelTest {

    @Test
    void stepsCountersAndSearch() throws Exception {
        Capture c = CaptureSession.open(Path.of("src/test/resources/captures/pt-stalk-2x.tar.gz")).capture();
        List<ServerViewModel.Entry> steps = ServerViewModel.read(c);
        assertEquals(List.of("2026_12_02_02_35_20", "2026_12_02_02_35_25"), steps.stream().map(e -> e.step().dir()).toList());
        assertSame(CaptureSession.of(c).server("2026_12_02_02_35_20"), steps.get(0).server(), "the session's memoised reading");

        ServerViewModel vm = new ServerViewModel();
        vm.setSteps(steps);
        assertTrue(vm.anyEvidence());
        assertEquals("2026_12_02_02_35_20", vm.stepProperty().get().step().dir(), "the first step with evidence");
        assertEquals(ServerStep.USUAL_SUSPECTS, vm.chosen(), "the usual suspects, all present in pt-stalk's -mysqladmin");
        assertEquals(530, vm.counters().size());
        assertEquals(ServerStep.USUAL_SUSPECTS, vm.counters().subList(0, 7), "the chosen counters listed first");

        // search narrows the list, case-insensitively
        vm.counterSearchProperty().set("TMP_DISK");
        assertEquals(List.of("Created_tmp_disk_tables"), vm.counters());
        vm.counterSearchProperty().set("");

        // the user's choice is kept when another step is shown, and when the same capture is shown again
        vm.choose("Handler_read_rnd_next", false);
        vm.choose("Com_commit", true);
        vm.stepProperty().set(steps.get(1));
        assertEquals("2026_12_02_02_35_25", vm.serverProperty().get().step());
        assertFalse(vm.chosen().contains("Handler_read_rnd_next"));
        assertTrue(vm.chosen().contains("Com_commit"));
        vm.setSteps(ServerViewModel.read(c));
        assertEquals("2026_12_02_02_35_25", vm.stepProperty().get().step().dir(), "the step shown before");
        assertTrue(vm.chosen().contains("Com_commit"));

        // closing the capture empties the model
        vm.setSteps(List.of());
        assertNull(vm.serverProperty().get());
        assertTrue(vm.chosen().isEmpty());
        assertTrue(vm.counters().isEmpty());
    }
}
