package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.ALL;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.BOARD;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.NORTH;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.OWNER;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.owner;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.seen;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.key.AccessKeyText;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.ReadOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every change that rewrites a shared file keeps its embedded files (in their file groups),
 * package and saved shapes, byte-identical in content, for the owner and for each key (spec §1.23,
 * §1.24, §1.25): grantAccess, revokeAccess, compaction with and without regroup, and owner appends
 * that change no file; an owner append that changes files writes new directories per group.
 */
class SharedRewriteKeepsFilesTest {
    private static final ReadOptions OWNER_VIEW = ReadOptions.defaults().withKey(OWNER);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        SharedFilesFixture.write(file, SharedFilesFixture.settings());
    }

    /** What the owner and each key see now. */
    private Map<String, SharedFilesFixture.Seen> views() {
        Map<String, SharedFilesFixture.Seen> out = new LinkedHashMap<>();
        out.put("owner", seen(file, OWNER_VIEW));
        out.put("north", seen(file, as(NORTH)));
        if (JazminFile.listGrants(file, OWNER).stream().anyMatch(g -> g.keyId().equals(ALL.keyId()))) {
            out.put("all", seen(file, as(ALL)));
        }
        out.put("board", seen(file, as(BOARD)));
        return out;
    }

    private static void assertKept(Map<String, SharedFilesFixture.Seen> before, Map<String, SharedFilesFixture.Seen> after) {
        assertThat(after).isEqualTo(before);
        assertThat(after.get("owner").files()).hasSize(4);
        assertThat(after.get("owner").shapeNames()).containsExactlyInAnyOrder("ids", "emails");
    }

    @Test
    void grantAccessKeepsTheFilesPackageAndShapes() {
        Map<String, SharedFilesFixture.Seen> before = views();
        AccessKeyText newcomer = AccessKeyText.generate(OWNER);

        JazminFile.grantAccess(file, OWNER, AccessGrant.of(newcomer).withRows(List.of("north")));

        assertKept(before, views());
        assertThat(seen(file, as(newcomer)).files()).extracting(EmbeddedFile::path)
                .containsExactlyInAnyOrder("readme.txt", "north/report.txt");
    }

    @Test
    void revokeAccessKeepsTheFilesPackageAndShapes() {
        Map<String, SharedFilesFixture.Seen> before = views();
        before.remove("all");

        JazminFile.revokeAccess(file, OWNER, ALL.keyId());

        Map<String, SharedFilesFixture.Seen> after = views();
        assertThat(after.remove("all")).isNull();
        assertKept(before, after);
    }

    /**
     * {@code JazminFile.update} of a shared file holding embedded files (in several groups) keeps every
     * file, the package, the shapes and every grant: its Javadoc once said such files were refused.
     */
    @Test
    void aFullUpdateKeepsTheFilesPackageShapesAndGrants() {
        Map<String, SharedFilesFixture.Seen> before = views();
        List<JazminFile.GrantInfo> grants = JazminFile.listGrants(file, OWNER);

        io.jazmin.change.UpdateResult result = JazminFile.update(file, new io.jazmin.change.UpdateChanges(null,
                io.jazmin.data.Filter.eq("id", 3L), List.of(), List.of(), List.of(Map.of("id", 100L, "region", "north",
                "email", "new@example.com")), ""), owner());

        assertThat(result.deleted()).isEqualTo(1);
        assertThat(result.inserted()).isEqualTo(1);
        assertKept(before, views());
        assertThat(JazminFile.listGrants(file, OWNER)).isEqualTo(grants);
    }

    @Test
    void compactionKeepsTheFilesPackageAndShapes() {
        Map<String, SharedFilesFixture.Seen> before = views();

        JazminFile.compact(file, owner());

        assertKept(before, views());
    }

    @Test
    void compactionWithRegroupKeepsTheFilesPackageAndShapes() {
        Map<String, SharedFilesFixture.Seen> before = views();

        JazminFile.compact(file, owner(), true);

        assertKept(before, views());
    }

    @Test
    void ownerAppendsThatChangeNoFileKeepThemAndANewPartitionOpensItsGroup() {
        Map<String, SharedFilesFixture.Seen> before = views();

        JazminFile.append(file, rows(100, 105, "north"), owner());
        assertKept(before, views());

        // West becomes present: the key of all rows now sees file group west too.
        JazminFile.append(file, rows(200, 203, "west"), owner());
        Map<String, SharedFilesFixture.Seen> after = views();
        assertThat(after.get("all").files()).extracting(EmbeddedFile::path)
                .containsExactlyInAnyOrder("readme.txt", "north/report.txt", "west/notes.txt");
        after.remove("all");
        before.remove("all");
        assertKept(before, after);

        JazminFile.compact(file, owner());
        assertThat(seen(file, as(ALL)).files()).extracting(EmbeddedFile::path).contains("west/notes.txt");
    }

    @Test
    void anOwnerAppendAddsAndRemovesFilesInTheirGroupsAndKeepsTheOthers() {
        Map<String, SharedFilesFixture.Seen> before = views();

        JazminFile.changeFiles(file, new FileChanges(List.of(FileInput.of("north/extra.txt",
                SharedFilesFixture.text("new"), "text/plain", List.of("north"))), List.of("west/notes.txt"), null),
                owner());

        Map<String, SharedFilesFixture.Seen> after = views();
        assertThat(after.get("owner").files()).extracting(EmbeddedFile::path).containsExactlyInAnyOrder(
                "readme.txt", "north/report.txt", "north/extra.txt", "board/plan.txt");
        assertThat(after.get("north").bytes()).containsEntry("north/extra.txt", "new")
                .containsEntry("north/report.txt", "north only");
        assertThat(after.get("board")).isEqualTo(before.get("board"));
        assertThat(after.get("all").files()).extracting(EmbeddedFile::path).contains("north/extra.txt");
        assertThat(after.get("owner").shapesJson()).isEqualTo(before.get("owner").shapesJson());

        JazminFile.compact(file, owner());
        assertThat(views()).isEqualTo(after);
    }

    @Test
    void anAppendSavingAShapeAKeyCannotRunIsRefusedAndLeavesTheFile() throws Exception {
        byte[] bytes = Files.readAllBytes(file);

        assertThatThrownBy(() -> JazminFile.changeFiles(file, FileChanges.savingShapes(SharedFilesFixture.shape(
                "north-emails", "{\"e\":{\"$rows\":{\"e\":\"email\"}}}", List.of("north"))), owner()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining(NORTH.keyId());
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
    }

    private static java.util.Iterator<Map<String, ?>> rows(int from, int to, String region) {
        return IntStream.range(from, to).<Map<String, ?>>mapToObj(i -> Map.of("id", (long) i, "region", region,
                "email", "new" + i + "@example.com")).iterator();
    }
}
