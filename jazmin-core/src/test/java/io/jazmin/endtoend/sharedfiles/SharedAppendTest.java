package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Owner appends to shared files (spec §1.24): the new rows go to their partitions, new ones
 * included, under the version's secrets, so every key reads its grant of them; grants may be added
 * or widened, never narrowed or revoked by an append; an append needs the owner key.
 */
class SharedAppendTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ALL = AccessKeyText.generate(OWNER);
    private static final AccessKeyText NEWCOMER = AccessKeyText.generate(OWNER);
    private static final Instant EXPIRES = Instant.now().plus(10, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
    private static final AccessGrant NORTH_GRANT = AccessGrant.of(NORTH).withRows(List.of("north"))
            .withColumns(List.of("*")).withExpires(EXPIRES);
    private static final AccessGrant ALL_GRANT = AccessGrant.of(ALL);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(settings(NORTH_GRANT, ALL_GRANT))
                .withChunkRows(10).withIndex("id", IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < 60; i++) {
                w.writeValues((long) i, i % 2 == 0 ? "north" : "south", "user" + i + "@example.com");
            }
            w.finish();
        }
    }

    private static AccessSettings settings(AccessGrant... grants) {
        return AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrants(List.of(grants));
    }

    private static Iterator<Map<String, ?>> rows(int from, int to, String region) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", region,
                "email", "new" + i + "@example.com")).iterator();
    }

    private static WriteOptions owner() {
        return WriteOptions.defaults().withKey(OWNER).withChunkRows(10);
    }

    private List<Row> read(AccessKeyText key) {
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withAccessKey(key)
                .withAccessState(AccessState.disabled()))) {
            return r.table().rows().toList();
        }
    }

    @Test
    void appendedRowsGoToTheirPartitionsAndEachKeyReadsItsGrantOfThem() throws IOException {
        byte[] before = Files.readAllBytes(file);

        JazminFile.ChangeResult first = JazminFile.append(file, rows(100, 110, "north"), owner());
        JazminFile.ChangeResult second = JazminFile.append(file, rows(200, 215, "west"), owner());
        JazminFile.append(file, rows(300, 305, "north"), owner());

        assertThat(first.appendCount()).isEqualTo(1);
        assertThat(second.rowsAppended()).isEqualTo(15);
        byte[] after = Files.readAllBytes(file);
        assertThat(Arrays.copyOfRange(after, 64, before.length)).as("existing bytes are kept")
                .isEqualTo(Arrays.copyOfRange(before, 64, before.length));
        assertThat(read(NORTH)).hasSize(30 + 10 + 5)
                .allSatisfy(row -> assertThat(row.get("region")).isEqualTo("north"))
                .allSatisfy(row -> assertThat(row.toMap()).doesNotContainKey("email"));
        assertThat(read(ALL)).hasSize(60 + 30).anySatisfy(row -> assertThat(row.get("region")).isEqualTo("west"));
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.table().rows().count()).isEqualTo(90);
            assertThat(r.visiblePartitions()).containsExactly("north", "south", "west");
            assertThat(r.table().find(Filter.eq("id", 207L)).toList()).singleElement()
                    .satisfies(row -> assertThat(row.get("email")).isEqualTo("new207@example.com"));
            assertThat(r.appendCount()).isEqualTo(3);
        }
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withAccessKey(NORTH)
                .withAccessState(AccessState.disabled()))) {
            assertThat(r.accessExpires()).as("kept grants keep their expiry").isEqualTo(EXPIRES);
        }
    }

    @Test
    void theOwnerDeletesRowsOfASharedFile() {
        JazminFile.delete(file, Filter.lt("id", 10L), owner());

        assertThat(read(NORTH)).hasSize(25);
        assertThat(read(ALL)).hasSize(50);
    }

    @Test
    void anAppendMayAddAndWidenGrants() {
        AccessGrant wider = AccessGrant.of(NORTH).withRows(List.of("north", "south")).withExpires(EXPIRES.plusSeconds(60));
        WriteOptions options = owner().withAccess(settings(wider, ALL_GRANT,
                AccessGrant.of(NEWCOMER).withRows(List.of("west"))));

        JazminFile.append(file, rows(200, 204, "west"), options);

        assertThat(read(NEWCOMER)).hasSize(4);
        assertThat(read(NORTH)).hasSize(60).anySatisfy(row -> assertThat(row.get("email")).isNotNull());
    }

    @Test
    void anAppendThatWouldNarrowAGrantIsRefusedAndChangesNothing() throws IOException {
        byte[] before = Files.readAllBytes(file);
        List<AccessSettings> narrowing = List.of(
                settings(NORTH_GRANT.withRows(List.of()), ALL_GRANT),
                settings(NORTH_GRANT.withColumns(List.of()), ALL_GRANT),
                settings(NORTH_GRANT.withExpires(EXPIRES.minusSeconds(60)), ALL_GRANT),
                settings(NORTH_GRANT, ALL_GRANT.withExpiresIn("30d")),
                settings(NORTH_GRANT, ALL_GRANT.withRows(List.of("north", "south"))),
                settings(NORTH_GRANT, ALL_GRANT.withMode(AccessGrant.Mode.ONLINE)),
                settings(NORTH_GRANT),
                AccessSettings.defaults().withPartitionBy("region").withGrant(NORTH_GRANT).withGrant(ALL_GRANT));

        for (AccessSettings access : narrowing) {
            assertThatThrownBy(() -> JazminFile.append(file, rows(100, 101, "north"), owner().withAccess(access)))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("append cannot");
        }

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(read(NORTH)).hasSize(30);
    }

    @Test
    void aTableWithAPartitionTableGetsItsNewSegmentsInADelta(@TempDir Path other) {
        Path many = other.resolve("many.jzm");
        AccessGrant one = AccessGrant.of(NORTH).withRows(List.of("p7"));
        JazminWriter.write(many, COLUMNS, WriteOptions.defaults().withKey(OWNER).withAccess(AccessSettings.defaults()
                .withPartitionBy("region").withGrant(one).withGrant(ALL_GRANT)), IntStream.range(0, 140)
                .<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", "p" + i % 70)).iterator());

        JazminFile.append(many, rows(200, 203, "p7"), owner());
        JazminFile.append(many, rows(300, 302, "p99"), owner());

        try (JazminReader r = JazminReader.open(many, ReadOptions.defaults().withAccessKey(NORTH))) {
            assertThat(r.table().rows().map(row -> row.get("id")).toList()).containsExactly(7L, 77L, 200L, 201L, 202L);
        }
        try (JazminReader r = JazminReader.open(many, ReadOptions.defaults().withAccessKey(ALL))) {
            assertThat(r.table().rows().count()).isEqualTo(145);
        }
    }

    @Test
    void theOwnerAppendsToTheReferenceWritersFile() throws IOException {
        Path reference = dir.resolve("reference.jzm");
        Files.copy(io.jazmin.testing.SharedFiles.conformanceCase("shared-access").resolve("data.jzm"), reference);
        JazminKey owner = JazminKey.parse("jzk1-FpYXALgO8pZEXPfmVRmSnGIn46ej6kaoG_wPs1Sf_qbsIX1k");
        AccessKeyText bob = AccessKeyText.parse("jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q");
        long before;
        try (JazminReader r = JazminReader.open(reference, ReadOptions.defaults().withAccessKey(bob))) {
            before = r.table().rows().count();
        }

        Map<String, Object> row = new java.util.HashMap<>();
        try (JazminReader r = JazminReader.open(reference, ReadOptions.defaults().withKey(owner))) {
            r.table().find(Filter.eq("country", "ZA")).findFirst().orElseThrow().toMap().forEach(row::put);
        }
        row.put("id", 10_000L);
        JazminFile.append(reference, List.<Map<String, ?>>of(row).iterator(), WriteOptions.defaults().withKey(owner));

        try (JazminReader r = JazminReader.open(reference, ReadOptions.defaults().withAccessKey(bob))) {
            assertThat(r.table().rows().count()).isEqualTo(before + 1);
            assertThat(r.table().find(Filter.eq("id", 10_000L)).count()).isEqualTo(1);
        }
        try (JazminReader r = JazminReader.open(reference, ReadOptions.defaults().withKey(owner))) {
            assertThat(r.table().find(Filter.eq("id", 10_000L)).count()).as("by the owner's index").isEqualTo(1);
            assertThat(r.table().rows().count()).isEqualTo(401);
        }
    }

    @Test
    void onlyTheOwnerAppends() throws IOException {
        byte[] before = Files.readAllBytes(file);
        JazminKey holder = JazminKey.of(NORTH.secret());

        assertThatThrownBy(() -> JazminFile.append(file, rows(100, 101, "north"),
                WriteOptions.defaults().withKey(holder))).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("not signed by the owner");
        assertThatThrownBy(() -> JazminFile.append(file, rows(100, 101, "north"), WriteOptions.defaults()))
                .isInstanceOf(JazminKeyException.class);

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
