package io.tunescope.ui.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Topic;
import io.tunescope.session.CaptureSession;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The findings view's state without a window, on the real three-step capture (the same rules fire in each step). */
class FindingsViewModelTest {

    @Test
    void aRuleFoundInEveryStepIsOneGroupUnlessAStepIsChosen(@TempDir Path tmp) throws Exception {
        CaptureSession session = CaptureSession.open(HandCaptures.get("hand-3step", tmp));
        Capture c = session.capture();
        List<Finding> all = session.findings(Locale.ROOT).findings();
        FindingsViewModel m = new FindingsViewModel();
        m.show(c);
        List<Finding> grouped = m.visible(all);
        long rules = all.stream().map(Finding::ruleId).distinct().count();
        assertEquals(rules, grouped.size(), "one entry per rule: " + grouped);
        assertTrue(all.size() > grouped.size(), "the capture repeats rules across steps");
        Finding saturated = grouped.stream().filter(f -> f.ruleId().equals("CPU-HOST-SATURATED")).findFirst().orElseThrow();
        List<Finding> steps = FindingsViewModel.sameRule(all, saturated, c);
        assertEquals(List.of("1_baseline", "2_redo_bp", "3_swappiness_interleave"), steps.stream().map(Finding::step).toList(),
                "the group lists its steps in the capture's order");

        m.groupedProperty().set(false);
        assertEquals(all.size(), m.visible(all).size());
        m.groupedProperty().set(true);
        m.stepProperty().set("2_redo_bp");
        List<Finding> one = m.visible(all);
        assertTrue(one.stream().allMatch(f -> f.step().equals("2_redo_bp")), "a chosen step lists its own findings: " + one);
        assertEquals(all.stream().filter(f -> f.step().equals("2_redo_bp")).count(), one.size());

        m.stepProperty().set(null);
        m.topicProperty().set(Topic.CPU);
        assertTrue(m.visible(all).stream().allMatch(f -> f.topic() == Topic.CPU));
    }

    @Test
    void theSelectionIsARuleAndAStepAndOutlivesTheLanguage(@TempDir Path tmp) throws Exception {
        CaptureSession session = CaptureSession.open(HandCaptures.get("hand-3step", tmp));
        Capture c = session.capture();
        List<Finding> english = session.findings(Locale.ROOT).findings();
        List<Finding> chinese = session.findings(Locale.SIMPLIFIED_CHINESE).findings();
        FindingsViewModel m = new FindingsViewModel();
        assertFalse(m.show(c));
        Finding third = english.stream().filter(f -> f.ruleId().equals("CPU-HOST-SATURATED") && f.step().equals("3_swappiness_interleave"))
                .findFirst().orElseThrow();
        m.selectedProperty().set(FindingsViewModel.Key.of(third));
        assertTrue(m.show(c), "the same capture again");
        Finding again = m.selected(chinese);
        assertEquals("3_swappiness_interleave", again.step());
        assertFalse(again.summary().equals(third.summary()), "the text is the other language's");
        // grouped, the group's entry (its first step) stands for the selection in the list
        Finding listed = m.listed(m.visible(chinese));
        assertEquals("CPU-HOST-SATURATED", listed.ruleId());
        assertSame(listed, m.visible(chinese).stream().filter(f -> f.ruleId().equals("CPU-HOST-SATURATED")).findFirst().orElseThrow());
        assertFalse(m.show(null));
        assertNull(m.selectedProperty().get());
    }
}
