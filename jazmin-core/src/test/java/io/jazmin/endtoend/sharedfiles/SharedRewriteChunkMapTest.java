package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.change.UpdateChanges;
import io.jazmin.data.Filter;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every rewrite of a shared file by its owner (grant, revoke, compaction with and without
 * regrouping, full update, owner-key rotation) keeps the file's choice of chunk map: a file
 * written without one is rewritten without one, a file with one keeps it.
 */
class SharedRewriteChunkMapTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING));
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText HOLDER = AccessKeyText.generate(OWNER);
    private static final AccessKeyText OTHER = AccessKeyText.generate(OWNER);

    @TempDir
    Path dir;

    private Path write(boolean chunkMap) {
        Path file = dir.resolve("shared-" + chunkMap + ".jzm");
        AccessSettings settings = AccessSettings.defaults().withPartitionBy("region").withChunkMap(chunkMap)
                .withGrant(AccessGrant.of(HOLDER).withRows(List.of("r1")));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(settings).withChunkRows(10)
                .withIndex("id", IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < 60; i++) {
                w.writeValues((long) i, "r" + (i / 20));
            }
            w.finish();
        }
        return file;
    }

    /** Whether the owner {@code key} reads a chunk map for table 0, and the partitions on demand. */
    private static boolean hasChunkMap(Path file, JazminKey key) throws IOException {
        try (ByteSource source = ByteSource.open(file);
             OpenedFile opened = FileOpener.open(source, ReadOptions.defaults().withKey(key))) {
            boolean stored = opened.table(0).storesChunkMap();
            assertThat(opened.table(0).partitionsOnDemand()).isEqualTo(stored);
            return stored;
        }
    }

    /** Applies rewrite {@code kind} to {@code file}; returns the owner key afterwards. */
    private static JazminKey rewrite(Path file, String kind) {
        WriteOptions owner = WriteOptions.defaults().withKey(OWNER);
        switch (kind) {
            case "grant" -> JazminFile.grantAccess(file, OWNER, AccessGrant.of(OTHER).withRows(List.of("r2")));
            case "revoke" -> JazminFile.revokeAccess(file, OWNER, HOLDER.keyId());
            case "compact" -> JazminFile.compact(file, owner, false);
            case "regroup" -> JazminFile.compact(file, owner, true);
            case "update" -> JazminFile.update(file, new UpdateChanges(null, Filter.eq("id", 3L), null, null,
                    List.of(Map.of("id", 100L, "region", "r9")), ""), owner);
            case "rotate" -> {
                JazminKey next = JazminKey.generate();
                JazminFile.rotateOwnerKey(file, OWNER, next);
                return next;
            }
            default -> throw new IllegalArgumentException(kind);
        }
        return OWNER;
    }

    @ParameterizedTest
    @ValueSource(strings = {"grant", "revoke", "compact", "regroup", "update", "rotate"})
    void aRewriteKeepsTheFilesChoiceOfChunkMap(String kind) throws IOException {
        Path without = write(false);
        Path with = write(true);
        assertThat(hasChunkMap(without, OWNER)).isFalse();
        assertThat(hasChunkMap(with, OWNER)).isTrue();

        assertThat(hasChunkMap(without, rewrite(without, kind))).as(kind + " of a file without a map").isFalse();
        assertThat(hasChunkMap(with, rewrite(with, kind))).as(kind + " of a file with a map").isTrue();
    }
}
