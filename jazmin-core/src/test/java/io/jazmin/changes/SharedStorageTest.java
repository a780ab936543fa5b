package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.AccessState;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.schema.Storage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JazminFile#storage} of a shared file (spec §1.19, §1.24): the owner accounts for every
 * byte (key slots, owner directory and catalog, indexes, chunk maps), so a fresh file has no dead
 * byte; an access key reports what it cannot see as hidden, never as dead, and only an interrupted
 * append's tail as dead.
 */
class SharedStorageTest {
    private static final JazminKey OWNER = JazminKey.generate();
    /** Sees the rows of country NA, not the group pii. */
    private static final AccessKeyText HOLDER = AccessKeyText.generate(OWNER);

    @TempDir
    Path dir;

    private Path write() {
        Path file = dir.resolve("shared.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("country").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(HOLDER).withRows(List.of("NA")).withColumns(List.of("*")));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(access).withChunkRows(10)
                .withIndex("id", IndexKind.SORTED).withIndex("email", IndexKind.TRIGRAM);
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("country", ColumnType.STRING),
                Column.of("email", ColumnType.STRING));
        try (JazminWriter w = JazminWriter.create(file, columns, options)) {
            for (int i = 0; i < 300; i++) {
                w.writeValues((long) i, i % 3 == 0 ? "NA" : "ZA", "user" + i + "@example.com");
            }
            w.finish();
        }
        return file;
    }

    private static Storage owner(Path file) {
        return JazminFile.storage(file, ReadOptions.defaults().withKey(OWNER));
    }

    private static Storage holder(Path file) {
        return JazminFile.storage(file, ReadOptions.defaults().withAccessKey(HOLDER)
                .withAccessState(AccessState.disabled()));
    }

    @Test
    void theOwnerAccountsForEveryByteAndAHolderHidesWhatItCannotSee() throws IOException {
        Path file = write();
        long size = Files.size(file);

        Storage owner = owner(file);
        assertThat(owner.liveBytes()).as("a fresh shared file: %s", owner).isEqualTo(size);
        assertThat(owner.deadBytes()).isZero();
        assertThat(owner.hiddenBytes()).isZero();
        assertThat(owner.tables().get(0).rowCount()).isEqualTo(300);
        assertThat(owner.tables().get(0).indexSegments()).as("the owner catalog's indexes").isEqualTo(2);

        Storage holder = holder(file);
        assertThat(holder.deadBytes()).as("nothing is dead in a fresh file: %s", holder).isZero();
        assertThat(holder.hiddenBytes()).as("partition ZA, group pii and the indexes")
                .isPositive().isGreaterThan(size / 2);
        assertThat(holder.liveBytes() + holder.hiddenBytes()).isEqualTo(size);
        assertThat(holder.deadRatio()).isZero();
        assertThat(holder.tables().get(0).rowCount()).as("its partition's rows only").isEqualTo(100);
        assertThat(holder.tables().get(0).indexSegments()).isZero();
        assertThat(holder.chunks()).isPositive().isLessThan(owner.chunks());
        assertThat(holder.tables().get(0).chunkBytes()).isLessThan(owner.tables().get(0).chunkBytes());
    }

    @Test
    void appendsLeaveDeadBytesForTheOwnerAndAnInterruptedTailIsDeadForEveryKey() throws IOException {
        Path file = write();
        JazminFile.append(file, IntStream.range(300, 330).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i,
                "country", "NA", "email", "new" + i + "@example.com")).iterator(),
                WriteOptions.defaults().withKey(OWNER).withChunkRows(10));

        Storage owner = owner(file);
        assertThat(owner.deadBytes()).as("the superseded catalog: %s", owner).isPositive();
        assertThat(owner.hiddenBytes()).isZero();
        assertThat(owner.liveBytes() + owner.deadBytes()).isEqualTo(Files.size(file));
        Storage holder = holder(file);
        assertThat(holder.deadBytes()).as("%s", holder).isZero();
        assertThat(holder.tables().get(0).rowCount()).isEqualTo(130);

        byte[] tail = new byte[777];
        Files.write(file, tail, StandardOpenOption.APPEND);
        Storage tornOwner = owner(file);
        Storage tornHolder = holder(file);
        assertThat(tornOwner.deadBytes()).isEqualTo(owner.deadBytes() + tail.length);
        assertThat(tornHolder.deadBytes()).as("only the tail is known dead to a holder").isEqualTo(tail.length);
        assertThat(tornHolder.hiddenBytes()).isEqualTo(holder.hiddenBytes());
        assertThat(tornHolder.recovered()).isTrue();

        JazminFile.compact(file, WriteOptions.defaults().withKey(OWNER));
        Storage compacted = owner(file);
        assertThat(compacted.deadBytes()).as("%s", compacted).isZero();
        assertThat(compacted.liveBytes()).isEqualTo(Files.size(file));
        assertThat(holder(file).deadBytes()).isZero();
    }
}
