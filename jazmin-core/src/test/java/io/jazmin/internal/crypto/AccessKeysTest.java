package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.JazminWriter;
import io.jazmin.error.JazminKeyException;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.SharedFileSlots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** An access key's bundle derives the keys of its grant's sections and refuses every other. */
class AccessKeysTest {
    private static final List<String> REGIONS = List.of("north", "south", "east");
    private static AccessKeyText north;
    private static byte[] file;
    private static Preamble preamble;

    @BeforeAll
    static void writeFile(@TempDir Path dir) throws Exception {
        JazminKey owner = JazminKey.generate();
        north = AccessKeyText.generate(owner);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(north).withRows(List.of("north")).withColumns(List.of("*")));
        Path path = dir.resolve("f.jzm");
        try (JazminWriter w = JazminWriter.create(path, List.of(Column.required("id", ColumnType.INT),
                Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING)),
                WriteOptions.defaults().withKey(owner).withAccess(access).withChunkRows(16)
                        .withIndex("id", io.jazmin.schema.IndexKind.SORTED))) {
            for (int i = 0; i < 90; i++) {
                w.writeValues((long) i, REGIONS.get(i / 15 % 3), "user" + i + "@example.com");
            }
            w.finish();
        }
        file = Files.readAllBytes(path);
        preamble = Preamble.decode(Arrays.copyOf(file, Preamble.SIZE));
    }

    @Test
    void aKeysSlotHoldsNoSecretOutsideItsGrant() {
        AccessBundle bundle = SharedFileSlots.bundle(file, AccessCredential.ofAccessKey(north));
        assertEquals(List.of("north"), List.copyOf(bundle.partitionNames().values()));
        assertEquals(List.of("*"), List.copyOf(bundle.columns().keySet()));
        assertThat(bundle.owner()).isFalse();
        String granted = bundle.partitions().keySet().iterator().next();
        try (AccessKeys keys = new AccessKeys(bundle, preamble.salt(), north.keyId())) {
            assertEquals(32, keys.sectionKey("0/chunk/0/*", granted).length);
            for (Executable refused : List.<Executable>of(() -> keys.sectionKey("0/chunk/0/pii", granted),
                    () -> keys.sectionKey("0/chunk/1/*", "AAAAAAAAAAAAAAAA"),
                    () -> keys.sectionKey("0/columns/pii"), () -> keys.sectionKey("0/index/id/sorted"),
                    () -> keys.sectionKey("0/chunkmap"), () -> keys.sectionKey("owner"),
                    () -> keys.sectionKey("owner/catalog"))) {
                assertThrows(JazminKeyException.class, refused);
            }
        }
    }

    @Test
    void anAccessKeysBundleDerivesNoKeyOutsideItsGrant() {
        AccessBundle bundle = SharedFileSlots.bundle(file, AccessCredential.ofAccessKey(north));
        String granted = bundle.partitions().keySet().iterator().next();
        String other = "AAAAAAAAAAAAAAAA";
        try (AccessKeys keys = new AccessKeys(bundle, preamble.salt(), north.keyId())) {
            assertEquals(32, keys.sectionKey("0/chunk/0/*", granted).length, "its own part opens");
            for (Executable refused : List.<Executable>of(
                    () -> keys.sectionKey("0/chunk/0/pii", granted),
                    () -> keys.sectionKey("0/chunk/0/*", other),
                    () -> keys.sectionKey("0/dir/" + other),
                    () -> keys.sectionKey("0/stats/" + granted + "/0", "pii"),
                    () -> keys.sectionKey("0/columns/pii"),
                    () -> keys.sectionKey("0/index/id/sorted"),
                    () -> keys.sectionKey("owner"),
                    () -> keys.sectionKey("owner/catalog"))) {
                JazminKeyException e = assertThrows(JazminKeyException.class, refused);
                assertThat(e.getMessage()).contains(north.keyId());
            }
        }
    }
}
