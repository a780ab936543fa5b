package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.options.AccessSettings;
import io.jazmin.JazminReader;
import io.jazmin.convert.AccessSettingsJson;
import io.jazmin.key.JazminKey;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.CaseWrites;
import io.jazmin.testing.ConformanceCase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our writer reproduces the {@code shared-access} case: from its input rows, schema, write options
 * and access settings (partitioned by country, group {@code pii}, grants to Bob and Sally) it writes
 * a shared file that every view (owner, Bob, Sally) reads back exactly as the reference file, with
 * the reference's counts, and that is no more than 2 % larger than the reference file.
 */
class SharedConformanceWriteTest {
    private static ConformanceCase shared;
    private static Path written;

    @BeforeAll
    static void write(@TempDir Path dir) throws Exception {
        shared = ConformanceCase.named("shared-access");
        ConformanceCase.View owner = view("owner");
        AccessSettings access = AccessSettingsJson.parse(accessJson(shared));
        written = CaseWrites.write(shared, owner, dir.resolve("shared.jzm"),
                o -> o.withKey(JazminKey.parse(owner.spec().get("keyText").asString())).withAccess(access));
    }

    /** The case's {@code access} write option, with the holders' key texts for their placeholders. */
    static String accessJson(ConformanceCase c) {
        String text = c.write().get("access").toString();
        for (ConformanceCase.View v : c.views()) {
            if (v.spec().has("accessKeyText")) {
                text = text.replace("<secrets.accessKeys." + v.name() + ">", v.spec().get("accessKeyText").asString());
            }
        }
        return text;
    }

    private static ConformanceCase.View view(String name) {
        return shared.views().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void everyViewReadsBackExactly() throws Exception {
        for (ConformanceCase.View v : shared.views()) {
            try (JazminReader reader = JazminReader.open(written, v.readOptions())) {
                ReferenceChecks.check(reader, reader.table(), v.reference(), true);
                CanonicalJson.assertRowsMatch(reader.table().rows().iterator(), v.expectedFile());
            }
        }
    }

    @Test
    void isNoMoreThanTwoPercentLargerThanTheReference() throws Exception {
        long ours = Files.size(written);
        long reference = Files.size(shared.dataFile());
        System.out.println("[write] shared-access: ours " + ours + " B, reference " + reference + " B ("
                + String.format("%+.2f", 100.0 * (ours - reference) / reference) + " %)");
        assertThat(ours).isLessThanOrEqualTo(reference + reference / 50);
    }
}
