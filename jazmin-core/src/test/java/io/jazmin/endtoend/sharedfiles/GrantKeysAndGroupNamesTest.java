package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.ALL;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.BOARD;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.NORTH;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.OWNER;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.ConformanceCase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The owner recovers a grant's access key ({@code accessKeyOf}, as the reference libraries), and a
 * holder lists the file groups it sees by name, not only those named like its partitions.
 */
class GrantKeysAndGroupNamesTest {
    @TempDir
    Path dir;

    @Test
    void theOwnerRecoversEachGrantsKeyTextFromTheOwnerDirectory() {
        Path file = SharedFilesFixture.writtenIn(dir);
        for (AccessKeyText key : List.of(NORTH, ALL, BOARD)) {
            AccessKeyText recovered = JazminFile.accessKeyOf(file, OWNER, key.keyId());
            assertThat(recovered.text()).isEqualTo(key.text());
            assertThat(recovered.toString()).doesNotContain(key.text());
        }
        // It opens what the grant allows: the recovered key is the key.
        try (JazminReader r = JazminReader.open(file, as(JazminFile.accessKeyOf(file, OWNER, NORTH.keyId())))) {
            assertThat(r.visiblePartitions()).containsExactly("north");
        }
        // After a rewrite (fresh secrets) the grant list still holds the same keys.
        JazminFile.compact(file, SharedFilesFixture.owner());
        assertThat(JazminFile.accessKeyOf(file, OWNER, BOARD.keyId()).text()).isEqualTo(BOARD.text());
    }

    @Test
    void onlyTheOwnerRecoversAKeyAndOnlyOfAGrantStillThere() {
        Path file = SharedFilesFixture.writtenIn(dir);
        assertThatThrownBy(() -> JazminFile.accessKeyOf(file, OWNER, AccessKeyText.generate(OWNER).keyId()))
                .isInstanceOf(JazminKeyException.class).hasMessageContaining("has no grant");
        JazminFile.revokeAccess(file, OWNER, ALL.keyId());
        assertThatThrownBy(() -> JazminFile.accessKeyOf(file, OWNER, ALL.keyId()))
                .isInstanceOf(JazminKeyException.class);
        assertThatThrownBy(() -> JazminFile.accessKeyOf(file, JazminKey.generate(), NORTH.keyId()))
                .isInstanceOf(JazminKeyException.class).hasMessageNotContaining(NORTH.text());
        Path plain = dir.resolve("plain.jzm");
        JazminKey key = JazminKey.generate();
        try (JazminWriter w = JazminWriter.create(plain, SharedFilesFixture.COLUMNS, WriteOptions.defaults().withKey(key))) {
            w.finish();
        }
        assertThatThrownBy(() -> JazminFile.accessKeyOf(plain, key, NORTH.keyId()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("not access-controlled");
    }

    @Test
    void aHolderListsEveryFileGroupItSeesByName() {
        Path file = SharedFilesFixture.writtenIn(dir);
        // NORTH: its partition's group and "*"; BOARD: "*" and the group its grant names (south holds no
        // file); ALL (every row, no group by name): "*" and the groups of the partitions present. Before,
        // only groups named like partitions were listed.
        assertThat(groups(file, ReadOptions.defaults().withKey(OWNER))).containsExactlyInAnyOrder("*", "board", "north", "west");
        assertThat(groups(file, as(NORTH))).containsExactlyInAnyOrder("north", "*");
        assertThat(groups(file, as(BOARD))).containsExactlyInAnyOrder("*", "board");
        assertThat(groups(file, as(ALL))).containsExactlyInAnyOrder("*", "north");
        AccessKeyText west = AccessKeyText.generate(OWNER);
        JazminFile.grantAccess(file, OWNER, AccessGrant.of(west).withRows(List.of("west")).withFiles(List.of("board")));
        assertThat(groups(file, as(west))).containsExactlyInAnyOrder("*", "west", "board");
    }

    @Test
    void aReferenceBundleWithoutGroupNamesStillOpensAndNamesItsPartitionsGroupsOnly() {
        ConformanceCase c = ConformanceCase.named("js-access");
        List<ConformanceCase.View> holders = c.views().stream().filter(v -> v.spec().has("accessKeyText")).toList();
        assertThat(holders).isNotEmpty();
        for (ConformanceCase.View v : holders) {
            try (JazminReader r = JazminReader.open(c.dataFile(), v.readOptions().withAccessState(
                    io.jazmin.options.AccessState.disabled()))) {
                assertThat(r.visibleFileGroups()).isSubsetOf(r.visiblePartitions());
            }
        }
    }

    private static List<String> groups(Path file, ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.visibleFileGroups();
        }
    }
}
