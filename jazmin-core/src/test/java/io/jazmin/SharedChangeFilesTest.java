package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.ChangeFiles.Changes;
import io.jazmin.ChangeFiles.Result;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Change files of shared files (spec §1.21, §1.22): a holder's changes are sealed with its grant's
 * submission key, the owner learns the sender from the key that opens them, and applies only what
 * that grant covers (its partitions and column groups), from current, unexpired grants only.
 */
class SharedChangeFilesTest {
    private static final List<Column> COLUMNS = List.of(Column.required("claim", ColumnType.STRING),
            Column.of("region", ColumnType.STRING), Column.of("status", ColumnType.STRING),
            Column.of("note", ColumnType.STRING));
    private static final String EDIT = "{\"edit\":{\"key\":[\"claim\"],\"columns\":[\"region\",\"status\",\"note\"],"
            + "\"add\":true,\"delete\":true}}";
    private static final JazminKey OWNER = JazminKey.generate();
    /** Partition north, default column group only (not {@code note}, in group pii). */
    private static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    /** Every row and column, expiring in a day. */
    private static final AccessKeyText ALL = AccessKeyText.generate(OWNER);
    private static final Instant EXPIRES = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);

    @TempDir
    Path dir;

    private Path claims() {
        Path file = dir.resolve("claims.jzm");
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region").withColumnGroup("pii", List.of("note"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")))
                .withGrant(AccessGrant.of(ALL).withExpires(EXPIRES));
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, owner().withAccess(access))) {
            w.writeValues("C1", "north", "open", "n1");
            w.writeValues("C2", "south", "open", "s2");
            w.writeValues("C3", "north", "open", "n3");
            w.setPackage(EDIT);
            w.finish();
        }
        return file;
    }

    private static WriteOptions owner() {
        return WriteOptions.defaults().withKey(OWNER);
    }

    private static ReadOptions as(AccessKeyText key) {
        return ReadOptions.defaults().withAccessKey(key).withAccessState(AccessState.disabled());
    }

    private Path send(Path file, AccessKeyText key, Changes changes) {
        Path out = dir.resolve("changes-" + key.keyId() + "-" + System.nanoTime() + ".jzm");
        try (JazminReader holder = JazminReader.open(file, as(key))) {
            ChangeFiles.writeChanges(holder, changes, out, WriteOptions.defaults());
        }
        return out;
    }

    private static Result apply(Path file, Path change, WriteOptions write) {
        return ChangeFiles.applyChanges(file, change, ReadOptions.defaults().withKey(OWNER), write, false, false);
    }

    /** claim → "region/status/note", as the owner sees them. */
    private static Map<String, String> rows(Path file) {
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER));
             Stream<Row> rows = r.table().rows()) {
            return rows.collect(Collectors.toMap(r2 -> (String) r2.get("claim"),
                    r2 -> r2.get("region") + "/" + r2.get("status") + "/" + r2.get("note"), (a, b) -> a, TreeMap::new));
        }
    }

    @Test
    void aHoldersChangesAreSealedWithItsSubmissionKeyAndAppliedAsItsOwn() {
        Path file = claims();
        Path change = send(file, NORTH, new Changes(List.of(Map.of("claim", "C1", "status", "approved")),
                List.of(Map.of("claim", "C9", "status", "new")), List.of(Map.of("claim", "C3"))));

        try (JazminReader sealed = JazminReader.open(change, ReadOptions.defaults().withKey(OWNER.submissionKey(NORTH)))) {
            assertThat(sealed.metadata()).contains("\"sender\":\"" + NORTH.keyId() + "\"");
            assertThat(sealed.table().columns()).extracting(Column::name).as("note is not north's to see")
                    .doesNotContain("note", "jazmin.before.note");
        }
        assertThatThrownBy(() -> JazminReader.open(change, ReadOptions.defaults().withKey(OWNER)).close())
                .as("sealed with the submission key, not the owner key").isInstanceOf(JazminKeyException.class);

        Result result = apply(file, change, owner());

        assertThat(result.sender()).isEqualTo(NORTH.keyId());
        assertThat(result.refused()).isEmpty();
        assertThat(result.conflicts()).isEmpty();
        assertThat(List.of(result.updated(), result.added(), result.deleted())).containsExactly(1L, 1L, 1L);
        assertThat(rows(file)).containsExactly(Map.entry("C1", "north/approved/n1"), Map.entry("C2", "south/open/s2"),
                Map.entry("C9", "north/new/null"));
    }

    @Test
    void theWriterRefusesAnAddedRowOutsideTheHoldersPartitions() {
        Path file = claims();

        assertThatThrownBy(() -> send(file, NORTH, new Changes(null,
                List.of(Map.of("claim", "C9", "region", "south", "status", "new")), null)))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("partition 'south'");
    }

    @Test
    void changesOutsideTheSendersGrantAreRefusedWhenApplied() throws Exception {
        Path file = claims();
        // A holder of NORTH forging a change file that reaches beyond its grant: ALL's view of the
        // changes, sealed again with NORTH's submission key and naming NORTH as the sender.
        Path wide = send(file, ALL, new Changes(List.of(Map.of("claim", "C1", "note", "changed"),
                Map.of("claim", "C2", "status", "approved")),
                List.of(Map.of("claim", "C8", "region", "south", "status", "new")), null));
        Path forged = reseal(wide, OWNER.submissionKey(ALL), OWNER.submissionKey(NORTH), ALL.keyId(), NORTH.keyId());

        Result result = apply(file, forged, owner());

        assertThat(result.sender()).isEqualTo(NORTH.keyId());
        assertThat(result.refused()).extracting(r -> r.key().get("claim") + ": " + r.reason()).containsExactlyInAnyOrder(
                "C1: column 'note' can't be changed by this sender",
                "C2: the row is outside the sender's partitions",
                "C8: partition 'south' is outside the sender's grant");
        assertThat(List.of(result.updated(), result.added())).containsExactly(0L, 0L);
        assertThat(rows(file)).containsEntry("C1", "north/open/n1").containsEntry("C2", "south/open/s2")
                .doesNotContainKey("C8");
    }

    @Test
    void aRevokedOrExpiredSendersChangesAreRefused() {
        Path file = claims();
        Path fromNorth = send(file, NORTH, new Changes(List.of(Map.of("claim", "C1", "status", "approved")), null, null));
        Path fromAll = send(file, ALL, new Changes(List.of(Map.of("claim", "C2", "status", "approved")), null, null));
        JazminFile.revokeAccess(file, OWNER, NORTH.keyId());

        assertThatThrownBy(() -> apply(file, fromNorth, owner())).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("revoked");
        assertThatThrownBy(() -> apply(file, fromAll, owner().withNow(EXPIRES.plus(1, ChronoUnit.DAYS))))
                .as("received after the grant expired").isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("expired");
        assertThat(rows(file)).containsEntry("C1", "north/open/n1").containsEntry("C2", "south/open/s2");
    }

    @Test
    void onlyHoldersSendAndOnlyTheOwnerApplies() {
        Path file = claims();
        Path change = send(file, NORTH, new Changes(List.of(Map.of("claim", "C1", "status", "approved")), null, null));

        try (JazminReader asOwner = JazminReader.open(file, ReadOptions.defaults().withKey(OWNER))) {
            assertThatThrownBy(() -> ChangeFiles.writeChanges(asOwner, new Changes(
                    List.of(Map.of("claim", "C1", "status", "x")), null, null), dir.resolve("o.jzm"), WriteOptions.defaults()))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("owner");
        }
        assertThatThrownBy(() -> ChangeFiles.applyChanges(file, change, as(ALL), owner(), false, false))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining(ALL.keyId());
    }

    /** The change file {@code in}, sealed instead with {@code to} and naming {@code sender}. */
    private Path reseal(Path in, JazminKey from, JazminKey to, String previousSender, String sender) throws Exception {
        Path out = dir.resolve("forged.jzm");
        try (JazminReader r = JazminReader.open(in, ReadOptions.defaults().withKey(from));
             Stream<Row> rows = r.table().rows()) {
            String metadata = r.metadata().replace(previousSender, sender);
            try (JazminWriter w = JazminWriter.create(out, r.table().columns(), WriteOptions.defaults().withKey(to)
                    .withTableName(r.table().name()).withMetadata(metadata))) {
                rows.forEach(row -> w.writeRow(row.toMap()));
                w.finish();
            }
        }
        assertThat(Files.exists(out)).isTrue();
        return out;
    }
}
