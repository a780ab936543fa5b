package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full updates of a shared file by its owner (spec §1.25): deletes, upserts, inserts and a metadata
 * merge in a new version that keeps the partitions (new rows in theirs, new ones included), column
 * groups, sort order, indexes and grants under fresh secrets, so each access key (and online
 * token) reads its grant of the new rows; only the owner updates, and a refused or failed update
 * leaves the file byte for byte as it was.
 */
class SharedUpdateTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    private static final List<String> REGIONS = List.of("north", "south", "east");
    private static final int ROWS = 300;
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ONLINE = AccessKeyText.generate(OWNER);
    private static final AccessKeyText ALL = AccessKeyText.generate(OWNER);
    private static final Instant EXPIRES = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);

    @TempDir
    Path dir;

    /** A shared file of ids {@code 0, step, 2·step, …} ({@value #ROWS} rows), optionally sorted by id. */
    private Path write(String name, int step, boolean sorted) {
        Path file = dir.resolve(name);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")).withExpires(EXPIRES))
                .withGrant(AccessGrant.of(ONLINE).withRows(List.of("east")).withMode(AccessGrant.Mode.ONLINE))
                .withGrant(AccessGrant.of(ALL));
        WriteOptions options = WriteOptions.defaults().withKey(OWNER).withAccess(access).withChunkRows(40)
                .withIndex("id", IndexKind.SORTED).withMetadata("{\"source\":\"test\"}");
        if (sorted) {
            options = options.withSortedBy(List.of("id"));
        }
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.writeValues((long) i * step, REGIONS.get(i % 3), "user" + i + "@example.com");
            }
            w.finish();
        }
        return file;
    }

    private static WriteOptions owner() {
        return WriteOptions.defaults().withKey(OWNER).withChunkRows(40);
    }

    private static List<Map<String, Object>> rows(Path file, ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().rows().map(Row::toMap).toList();
        }
    }

    private static Map<String, Object> row(long id, String region, String email) {
        return Map.of("id", id, "region", region, "email", email);
    }

    @Test
    void anUpdateKeepsPartitionsGroupsIndexesAndEveryGrant() {
        Path file = write("shared.jzm", 1, false);
        UnlockToken token = JazminFile.issueUnlockToken(file, OWNER, ONLINE);
        // Row 31 is in "south"; its upsert moves it to "north". Row 1000 opens a new partition "west".
        UpdateChanges changes = new UpdateChanges(null, Filter.lt("id", 30L), List.of("id"),
                List.of(row(31, "north", "changed@example.com"), row(1000, "west", "w@example.com")),
                List.of(row(1001, "north", "n@example.com")), "{\"updated\":true}");

        UpdateResult result = JazminFile.update(file, changes, owner());

        assertThat(result).isEqualTo(new UpdateResult(ROWS - 30 + 2, 2, 1, 30));
        List<Map<String, Object>> all = rows(file, ReadOptions.defaults().withKey(OWNER));
        assertThat(all).hasSize(ROWS - 30 + 2).contains(row(31, "north", "changed@example.com"),
                row(1000, "west", "w@example.com"), row(1001, "north", "n@example.com"));
        assertThat(all).noneMatch(r -> (Long) r.get("id") < 30);
        assertThat(rows(file, as(ALL))).as("rows '*' covers the new partition too").isEqualTo(all);

        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            List<Map<String, Object>> north = r.table().rows().map(Row::toMap).toList();
            assertThat(north).isEqualTo(all.stream().filter(m -> m.get("region").equals("north"))
                    .map(m -> Map.of("id", m.get("id"), "region", m.get("region"))).toList());
            assertThat(north).extracting(m -> m.get("id")).contains(31L, 1001L);
            assertThat(r.table().columns()).extracting(Column::name).containsExactly("id", "region");
            assertThat(r.hiddenRowCount()).isEqualTo(all.size() - north.size());
            assertThat(r.accessExpires()).isEqualTo(EXPIRES);
        }
        assertThat(JazminFile.issueUnlockToken(file, OWNER, ONLINE)).as("online tokens stay valid").isEqualTo(token);
        assertThat(rows(file, as(ONLINE).withUnlockToken(token)))
                .isEqualTo(all.stream().filter(m -> m.get("region").equals("east")).toList());
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.table().indexes()).extracting(i -> i.column()).containsExactly("id");
            assertThat(r.table().find(Filter.eq("id", 1000L)).count()).as("by the owner's index").isEqualTo(1);
            assertThat(r.metadata()).contains("\"source\":\"test\"").contains("\"updated\":true");
            assertThat(r.visiblePartitions()).containsExactlyInAnyOrder("north", "south", "east", "west");
            assertThat(r.table().partitionBy()).isEqualTo("region");
        }
    }

    @Test
    void aSortedSharedTableGetsItsNewRowsMergedIntoPlace() {
        Path file = write("sorted.jzm", 2, true);
        UpdateChanges changes = new UpdateChanges(null, null, null, null,
                List.of(row(5, "north", "five@example.com"), row(1, "east", "one@example.com")), null);

        JazminFile.update(file, changes, owner());

        List<Long> ids = rows(file, ReadOptions.defaults().withKey(OWNER)).stream().map(m -> (Long) m.get("id"))
                .toList();
        assertThat(ids).hasSize(ROWS + 2).isSorted().contains(1L, 5L);
        List<Long> north = rows(file, as(NORTH)).stream().map(m -> (Long) m.get("id")).toList();
        assertThat(north).isSorted().contains(5L).doesNotContain(1L);
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.table().sortedBy()).containsExactly("id");
        }
    }

    @Test
    void onlyTheOwnerUpdatesASharedFile() throws IOException {
        Path file = write("shared.jzm", 1, false);
        byte[] before = Files.readAllBytes(file);
        UpdateChanges changes = new UpdateChanges(null, Filter.eq("id", 1L), null, null, null, null);

        assertThatThrownBy(() -> JazminFile.update(file, changes, WriteOptions.defaults().withKey(
                JazminKey.of(NORTH.secret())))).isInstanceOf(JazminKeyException.class)
                .hasMessageContaining("not signed by the owner");
        assertThatThrownBy(() -> JazminFile.update(file, changes, WriteOptions.defaults()))
                .isInstanceOf(JazminKeyException.class);

        assertUnchanged(file, before);
    }

    @Test
    void anUpdateStoresItsFileChangesInTheirFileGroups() {
        Path file = write("shared.jzm", 1, false);
        FileInput readme = FileInput.of("readme.txt", "hello".getBytes(StandardCharsets.UTF_8), "text/plain");
        FileInput south = FileInput.of("south/plan.txt", "south only".getBytes(StandardCharsets.UTF_8), "text/plain",
                List.of("south"));

        JazminFile.update(file, UpdateChanges.ofFiles(FileChanges.adding(readme, south)), owner());

        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThat(r.files()).extracting(f -> f.path()).containsExactlyInAnyOrder("readme.txt", "south/plan.txt");
        }
        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThat(r.files()).as("group south is not north's").extracting(f -> f.path()).containsExactly("readme.txt");
            assertThat(new String(r.readFile("readme.txt"), StandardCharsets.UTF_8)).isEqualTo("hello");
        }
        try (JazminReader r = JazminReader.open(file, as(ALL))) {
            assertThat(r.files()).as("rows '*' sees every partition's group").extracting(f -> f.path())
                    .containsExactlyInAnyOrder("readme.txt", "south/plan.txt");
        }
    }

    @Test
    void anUpdateWithAFailingRowLeavesTheFileByteIdentical() throws IOException {
        Path file = write("shared.jzm", 1, false);
        byte[] before = Files.readAllBytes(file);
        List<Map<String, ?>> insert = List.of(row(2000, "north", "ok@example.com"), Map.of("id", "not a number"));

        assertThatThrownBy(() -> JazminFile.update(file, new UpdateChanges(null, Filter.eq("id", 7L), null, null,
                insert, null), owner())).isInstanceOf(InvalidRowException.class);

        assertUnchanged(file, before);
    }

    private void assertUnchanged(Path file, byte[] before) throws IOException {
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    file.getFileName().toString(), ".jazmin-lock-guard");
        }
    }
}
