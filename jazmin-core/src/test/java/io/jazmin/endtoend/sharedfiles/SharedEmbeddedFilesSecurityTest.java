package io.jazmin.endtoend.sharedfiles;

import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.ALL;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.BOARD;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.CONTENTS;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.NORTH;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.OWNER;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.as;
import static io.jazmin.endtoend.sharedfiles.SharedFilesFixture.seen;
import static io.jazmin.testing.EngineFiles.opened;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.convert.AccessSettingsJson;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.key.AccessKeyText;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.ReadOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded files and saved shapes in shared files (spec §1.19, §1.23): a key lists and reads only
 * the files of the groups it sees and cannot open another group's directory (its bundle holds no
 * F(id) for it), the owner sees all, changed bytes in a block or a directory are detected, and
 * writers refuse a saved shape that a key seeing it could not run.
 */
class SharedEmbeddedFilesSecurityTest {
    private static final ReadOptions OWNER_VIEW = ReadOptions.defaults().withKey(OWNER);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void writeFile() {
        file = dir.resolve("shared.jzm");
        SharedFilesFixture.write(file, SharedFilesFixture.settings());
    }

    private static List<String> paths(SharedFilesFixture.Seen seen) {
        return seen.files().stream().map(EmbeddedFile::path).toList();
    }

    @Test
    void eachKeyListsAndReadsOnlyTheFilesOfTheGroupsItSees() {
        SharedFilesFixture.Seen north = seen(file, as(NORTH));
        assertThat(paths(north)).containsExactlyInAnyOrder("readme.txt", "north/report.txt");
        assertThat(north.files()).allSatisfy(f -> assertThat(f.groups()).isEmpty());
        assertThat(north.bytes()).containsEntry("north/report.txt", "north only");
        assertThat(north.shapeNames()).containsExactly("ids");
        assertThat(north.packageJson()).isEqualTo(SharedFilesFixture.PACKAGE);

        // All rows: the partitions present (north and south) but not west, absent so far; no group by name.
        assertThat(paths(seen(file, as(ALL)))).containsExactlyInAnyOrder("readme.txt", "north/report.txt");
        SharedFilesFixture.Seen board = seen(file, as(BOARD));
        assertThat(paths(board)).containsExactlyInAnyOrder("readme.txt", "board/plan.txt");
        assertThat(board.shapeNames()).containsExactlyInAnyOrder("ids", "emails");

        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThatThrownBy(() -> r.readFile("board/plan.txt")).isInstanceOf(JazminValidationException.class);
            assertThatThrownBy(() -> r.openFile("west/notes.txt")).isInstanceOf(JazminValidationException.class);
        }
    }

    @Test
    void theOwnerSeesEveryFileWithItsGroupsAndEveryShape() {
        SharedFilesFixture.Seen owner = seen(file, OWNER_VIEW);
        assertThat(owner.files()).extracting(EmbeddedFile::path, EmbeddedFile::groups).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("readme.txt", List.of("*")),
                org.assertj.core.groups.Tuple.tuple("north/report.txt", List.of("north")),
                org.assertj.core.groups.Tuple.tuple("west/notes.txt", List.of("west")),
                org.assertj.core.groups.Tuple.tuple("board/plan.txt", List.of("board")));
        CONTENTS.forEach((path, bytes) -> assertThat(owner.bytes().get(path))
                .isEqualTo(new String(bytes, StandardCharsets.UTF_8)));
        assertThat(owner.shapeNames()).containsExactlyInAnyOrder("ids", "emails");
        assertThat(opened(file, OWNER_VIEW, OwnerDirectory::fileGroups))
                .containsExactly("*", "board", "north", "west");
    }

    @Test
    void aKeysBundleOpensOnlyTheDirectoriesOfItsGroups() {
        opened(file, as(NORTH), o -> {
            List<FileDirectory> dirs = o.header().files().directories();
            assertThat(dirs).hasSize(4);
            Set<String> visible = dirs.stream().map(FileDirectory::group).filter(o.grant()::seesFileGroup)
                    .collect(Collectors.toSet());
            assertThat(visible).hasSize(2).isEqualTo(o.grant().fileGroups());
            for (FileDirectory d : dirs) {
                if (!visible.contains(d.group())) {
                    assertThatThrownBy(() -> o.sections().read("files/dir/" + d.group(), d.section()))
                            .isInstanceOf(JazminKeyException.class);
                }
            }
            return null;
        });
    }

    @Test
    void aFlippedByteInAFileBlockIsDetected() throws Exception {
        Content plan = opened(file, OWNER_VIEW, o -> {
            EmbeddedFiles files = EmbeddedFiles.of(o);
            return files.content(files.file("board/plan.txt"));
        });
        assertThat(plan.blocks()).hasSizeGreaterThan(1).allSatisfy(b -> assertThat(b.digest()).hasSize(32));
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) plan.blocks().get(1).offset() + 30] ^= 1;
        Files.write(file, bytes);

        for (ReadOptions options : List.of(OWNER_VIEW, as(BOARD))) {
            try (JazminReader r = JazminReader.open(file, options)) {
                assertThat(r.readFile("readme.txt")).isEqualTo(CONTENTS.get("readme.txt"));
                assertThatThrownBy(() -> r.readFile("board/plan.txt")).isInstanceOf(JazminFormatException.class)
                        .hasMessageContaining("file/" + plan.id() + "/1");
            }
        }
    }

    @Test
    void aFlippedByteInADirectoryIsDetected() throws Exception {
        Set<String> north = opened(file, as(NORTH), o -> o.grant().fileGroups());
        FileDirectory board = opened(file, as(BOARD), o -> o.header().files().directories().stream()
                .filter(d -> o.grant().seesFileGroup(d.group()) && !north.contains(d.group())).findFirst()
                .orElseThrow());
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) board.section().offset() + 20] ^= 1;
        Files.write(file, bytes);

        try (JazminReader r = JazminReader.open(file, as(BOARD))) {
            assertThatThrownBy(r::files).isInstanceOf(JazminFormatException.class);
        }
        try (JazminReader r = JazminReader.open(file, as(NORTH))) {
            assertThat(r.files()).extracting(EmbeddedFile::path).contains("readme.txt");
        }
    }

    @Test
    void aShapeAKeySeesButCannotRunIsRefusedAndTheTargetLeftAlone() throws Exception {
        byte[] before = Files.readAllBytes(file);
        try (JazminWriter w = JazminWriter.create(file, SharedFilesFixture.COLUMNS,
                SharedFilesFixture.owner().withAccess(SharedFilesFixture.settings()))) {
            w.writeValues(1L, "north", "a@example.com");
            // NORTH sees group north but not column group pii.
            w.saveShape(SharedFilesFixture.shape("emails", "{\"e\":{\"$rows\":{\"e\":\"email\"}}}",
                    List.of("north")));
            assertThatThrownBy(w::finish).isInstanceOf(JazminValidationException.class)
                    .hasMessageContaining("saved shape 'emails'").hasMessageContaining(NORTH.keyId());
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void grantingAGroupToAKeyThatCannotRunItsShapeIsRefused() throws Exception {
        byte[] before = Files.readAllBytes(file);
        AccessKeyText newcomer = AccessKeyText.generate(OWNER);

        assertThatThrownBy(() -> JazminFile.grantAccess(file, OWNER, AccessGrant.of(newcomer)
                .withColumns(List.of("*")).withFiles(List.of("board"))))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining(newcomer.keyId());
        assertThat(Files.readAllBytes(file)).isEqualTo(before);

        JazminFile.grantAccess(file, OWNER, AccessGrant.of(newcomer).withFiles(List.of("board")));
        assertThat(paths(seen(file, as(newcomer)))).contains("board/plan.txt");
    }

    @Test
    void aGrantExpiredAtTheWriteIsNeitherWrittenNorChecked() {
        AccessKeyText late = AccessKeyText.generate(OWNER);
        Path other = dir.resolve("expired-grant.jzm");
        SharedFilesFixture.write(other, SharedFilesFixture.settings(AccessGrant.of(late).withColumns(List.of("*"))
                .withFiles(List.of("board")).withExpires(java.time.Instant.now().minusSeconds(60))));

        assertThat(seen(other, OWNER_VIEW).shapeNames()).containsExactlyInAnyOrder("ids", "emails");
        assertThatThrownBy(() -> seen(other, as(late))).isInstanceOf(JazminKeyException.class);
    }

    @Test
    void aSharedFileWithoutEmbeddedFilesListsNoFileGroups() {
        Path plain = dir.resolve("no-files.jzm");
        try (JazminWriter w = JazminWriter.create(plain, SharedFilesFixture.COLUMNS,
                SharedFilesFixture.owner().withAccess(SharedFilesFixture.settings()))) {
            w.writeValues(1L, "north", "a@example.com");
            w.finish();
        }
        FilesInfo files = opened(plain, OWNER_VIEW, o -> o.header().files());
        assertThat(files).isNull();
        List<String> groups = opened(plain, OWNER_VIEW, OwnerDirectory::fileGroups);
        assertThat(groups).isEmpty();
        Set<String> bundleFiles = opened(plain, as(BOARD), o -> o.grant().fileGroups());
        assertThat(bundleFiles).isEmpty();
        try (JazminReader r = JazminReader.open(plain, as(NORTH))) {
            assertThat(r.files()).isEmpty();
            assertThat(r.shapes()).isEmpty();
        }
    }

    @Test
    void accessSettingsJsonReadsAGrantsFiles() {
        AccessSettings s = AccessSettingsJson.parse("{\"partitionBy\":\"region\",\"grants\":["
                + "{\"key\":\"" + NORTH.text() + "\",\"files\":[\"board\"]},"
                + "{\"key\":\"" + ALL.text() + "\",\"files\":\"*\"},{\"key\":\"" + BOARD.text() + "\"}]}");
        assertThat(s.grants()).extracting(AccessGrant::files).containsExactly(List.of("board"), null, List.of());
        assertThatThrownBy(() -> AccessSettingsJson.parse("{\"grants\":[{\"key\":\"" + NORTH.text()
                + "\",\"files\":7}]}")).isInstanceOf(JazminValidationException.class).hasMessageContaining("files");
    }
}
