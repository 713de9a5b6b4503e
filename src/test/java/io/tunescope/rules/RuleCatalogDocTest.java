package io.tunescope.rules;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** docs/rules.md is io.tunescope.rules.catalog.RuleCatalog.markdown(); refresh with -Dtunescope.refreshGolden=true. */
class RuleCatalogDocTest {
    @Test
    void docsMatchTheCatalog() throws Exception {
        Path doc = Path.of("docs/rules.md");
        String want = "# Tunescope rules\n\nGenerated from `RuleCatalog.markdown()` (`RuleCatalogDocTest` keeps it current; refresh with "
                + "`-Dtunescope.refreshGolden=true`). The knowledge behind each rule, with sources, is in the tuning knowledge base.\n\n"
                + io.tunescope.rules.catalog.RuleCatalog.markdown();
        if (Boolean.getBoolean("tunescope.refreshGolden")) {
            Files.writeString(doc, want, StandardCharsets.UTF_8);
        }
        assertEquals(want, Files.readString(doc, StandardCharsets.UTF_8));
    }
}
