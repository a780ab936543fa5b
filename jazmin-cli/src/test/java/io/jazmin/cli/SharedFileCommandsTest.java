package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.keys.OwnerSigning;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin keygen --access} and {@code jazmin convert --access-file}: the {@code shared-access}
 * case's input written as a shared file from the CLI, with the reference's access settings, reads
 * back for the owner, Bob and Sally exactly as the expected rows; embedded files of a file group
 * are listed and read only with the keys that see it.
 */
class SharedFileCommandsTest {
    private final Path shared = SharedFiles.conformanceCase("shared-access");

    @Test
    void keygenPrintsAnAccessKeyOfTheOwner(@TempDir Path tmp) throws Exception {
        Path owner = tmp.resolve("owner.txt");
        Files.writeString(owner, CliRun.of("keygen").out());
        CliRun first = CliRun.of("keygen", "--access", "--owner-key-file", owner.toString());
        CliRun second = CliRun.of("keygen", "--access", "--owner-key-file", owner.toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out().strip()).matches("jza1-[A-Za-z0-9_-]{59}").isNotEqualTo(second.out().strip());
        byte[] ownerFingerprint = OwnerSigning.fingerprint(OwnerSigning.publicKey(
                JazminKey.parse(Files.readString(owner).strip()).bytes()));
        assertThat(AccessKeyText.parse(first.out().strip()).ownerFingerprint()).isEqualTo(ownerFingerprint);

        assertThat(CliRun.of("keygen", "--access").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("keygen", "--owner-key-file", owner.toString()).code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void convertWritesASharedFileThatEveryKeyReadsBack(@TempDir Path tmp) throws Exception {
        JsonNode spec = CanonicalJson.parse(Files.readString(shared.resolve("case.json")));
        String access = spec.get("write").get("access").toString();
        Path jzm = tmp.resolve("shared.jzm");
        Path ownerKey = null;
        for (JsonNode view : spec.get("views")) {
            String name = view.get("as").asString();
            if (view.has("keyText")) {
                ownerKey = write(tmp.resolve(name + ".txt"), view.get("keyText").asString());
            } else {
                access = access.replace("<secrets.accessKeys." + name + ">", view.get("accessKeyText").asString());
            }
        }
        Path accessFile = write(tmp.resolve("access.json"), access);
        CliRun convert = CliRun.of("convert", shared.resolve("input.jsonl").toString(), jzm.toString(), "--schema",
                shared.resolve("schema.json").toString(), "--key-file", ownerKey.toString(), "--access-file",
                accessFile.toString(), "--chunk-rows", "64");
        assertThat(convert.code()).as(convert.err()).isZero();

        for (JsonNode view : spec.get("views")) {
            String name = view.get("as").asString();
            String key = view.has("keyText") ? view.get("keyText").asString() : view.get("accessKeyText").asString();
            CliRun rows = CliRun.of("rows", jzm.toString(), "--canonical", "--key-file",
                    write(tmp.resolve(name + ".key"), key).toString());
            assertThat(rows.code()).as(name + ": " + rows.err()).isZero();
            JsonLines.assertSameRows(rows.out(), Files.readString(shared.resolve(view.get("expected").asString())));
        }
    }

    @Test
    void anAccessFileNeedsTheOwnerKeyAndKeysOfThatOwner(@TempDir Path tmp) throws Exception {
        Path input = shared.resolve("input.jsonl");
        Path schema = shared.resolve("schema.json");
        Path owner = write(tmp.resolve("owner.txt"), CliRun.of("keygen").out());
        // Bob's key of the shared-access case was issued by that case's owner, not by this one.
        JsonNode spec = CanonicalJson.parse(Files.readString(shared.resolve("case.json")));
        String foreign = spec.get("views").get(1).get("accessKeyText").asString();
        Path access = write(tmp.resolve("access.json"), "{\"partitionBy\": \"country\", \"grants\": [{\"key\": \""
                + foreign + "\", \"rows\": \"*\"}]}");
        Path out = tmp.resolve("shared.jzm");

        CliRun noKey = CliRun.of("convert", input.toString(), out.toString(), "--schema", schema.toString(),
                "--access-file", access.toString());
        assertThat(noKey.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(noKey.err()).contains("--access-file needs the owner key");

        CliRun other = CliRun.of("convert", input.toString(), out.toString(), "--schema", schema.toString(),
                "--key-file", owner.toString(), "--access-file", access.toString());
        assertThat(other.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(other.err()).contains("issued by another owner").doesNotContain(foreign)
                .doesNotContain(foreign.substring(5, 30));
        assertThat(out).doesNotExist();
    }

    @Test
    void convertAndGrantStoreFilesInFileGroupsThatOnlyTheirKeysListAndRead(@TempDir Path tmp) throws Exception {
        Path owner = write(tmp.resolve("owner.txt"), CliRun.of("keygen").out());
        Path board = write(tmp.resolve("board.txt"), CliRun.of("keygen", "--access", "--owner-key-file",
                owner.toString()).out());
        Path other = write(tmp.resolve("other.txt"), CliRun.of("keygen", "--access", "--owner-key-file",
                owner.toString()).out());
        Path access = write(tmp.resolve("access.json"), "{\"partitionBy\": \"country\", \"grants\": ["
                + "{\"key\": \"" + Files.readString(board).strip() + "\", \"files\": [\"board\"]},"
                + "{\"key\": \"" + Files.readString(other).strip() + "\"}]}");
        Path plan = write(tmp.resolve("plan.txt"), "for the board");
        Path jzm = tmp.resolve("shared.jzm");
        CliRun convert = CliRun.of("convert", shared.resolve("input.jsonl").toString(), jzm.toString(), "--schema",
                shared.resolve("schema.json").toString(), "--key-file", owner.toString(), "--access-file",
                access.toString(), "--add-file", "plan.txt=" + plan, "--file-group", "board");
        assertThat(convert.code()).as(convert.err()).isZero();

        CliRun boardFiles = CliRun.of("files", jzm.toString(), "--key-file", board.toString());
        assertThat(boardFiles.code()).as(boardFiles.err()).isZero();
        assertThat(boardFiles.out()).contains("\"path\":\"plan.txt\"");
        Path read = tmp.resolve("read.txt");
        CliRun cat = CliRun.of("cat-file", jzm.toString(), "plan.txt", "--key-file", board.toString(), "-o",
                read.toString());
        assertThat(cat.code()).as(cat.err()).isZero();
        assertThat(Files.readString(read).strip()).isEqualTo("for the board");
        CliRun ownerFiles = CliRun.of("files", jzm.toString(), "--key-file", owner.toString());
        assertThat(ownerFiles.out()).contains("\"path\":\"plan.txt\"").contains("\"groups\":[\"board\"]");

        CliRun otherFiles = CliRun.of("files", jzm.toString(), "--key-file", other.toString());
        assertThat(otherFiles.code()).as(otherFiles.err()).isZero();
        assertThat(otherFiles.out()).doesNotContain("plan.txt");
        assertThat(CliRun.of("cat-file", jzm.toString(), "plan.txt", "--key-file", other.toString()).code())
                .isNotZero();

        CliRun grant = CliRun.of("grant", jzm.toString(), "--key-file", owner.toString(), "--access-key-file",
                other.toString(), "--files", "board");
        assertThat(grant.code()).as(grant.err()).isZero();
        assertThat(CliRun.of("files", jzm.toString(), "--key-file", other.toString()).out()).contains("plan.txt");
    }

    @Test
    void inspectShowsTheOwnerEachGrantsFileGroupsAndAHolderTheGroupsItCanName(@TempDir Path tmp) throws Exception {
        Path owner = write(tmp.resolve("owner.txt"), CliRun.of("keygen").out());
        Path board = write(tmp.resolve("board.txt"), CliRun.of("keygen", "--access", "--owner-key-file",
                owner.toString()).out());
        Path other = write(tmp.resolve("other.txt"), CliRun.of("keygen", "--access", "--owner-key-file",
                owner.toString()).out());
        Path access = write(tmp.resolve("access.json"), "{\"partitionBy\": \"country\", \"grants\": ["
                + "{\"key\": \"" + Files.readString(board).strip() + "\", \"rows\": [\"ZA\"], \"files\": [\"board\"]},"
                + "{\"key\": \"" + Files.readString(other).strip() + "\", \"rows\": [\"BW\"], \"files\": \"*\"}]}");
        Path plan = write(tmp.resolve("plan.txt"), "for the board and ZA");
        Path jzm = tmp.resolve("shared.jzm");
        CliRun convert = CliRun.of("convert", shared.resolve("input.jsonl").toString(), jzm.toString(), "--schema",
                shared.resolve("schema.json").toString(), "--key-file", owner.toString(), "--access-file",
                access.toString(), "--add-file", "plan.txt=" + plan, "--file-group", "board", "--file-group", "ZA");
        assertThat(convert.code()).as(convert.err()).isZero();

        CliRun asOwner = CliRun.of("inspect", jzm.toString(), "--key-file", owner.toString());
        assertThat(asOwner.code()).as(asOwner.err()).isZero();
        JsonNode ownerView = CanonicalJson.parse(asOwner.out()).get("access");
        assertThat(ownerView.get("fileGroups").toString()).isEqualTo("[\"ZA\",\"board\"]");
        assertThat(ownerView.get("grants").get(0).get("files").toString()).isEqualTo("[\"board\"]");
        assertThat(ownerView.get("grants").get(1).get("files").asString()).isEqualTo("*");
        assertThat(ownerView.get("grants").get(0).get("rows").toString()).isEqualTo("[\"ZA\"]");

        JsonNode boardView = CanonicalJson.parse(CliRun.of("inspect", jzm.toString(), "--key-file",
                board.toString()).out()).get("access");
        // Its partition's group, and the group its grant names (files written here record the names).
        assertThat(boardView.get("fileGroups").toString()).isEqualTo("[\"ZA\",\"board\"]");
        assertThat(boardView.has("grants")).isFalse();
        JsonNode otherView = CanonicalJson.parse(CliRun.of("inspect", jzm.toString(), "--key-file",
                other.toString()).out()).get("access");
        // Granted every file group ("*"), it can name them all.
        assertThat(otherView.get("fileGroups").toString()).isEqualTo("[\"ZA\",\"board\"]");
        assertThat(otherView.get("partitions").toString()).isEqualTo("[\"BW\"]");
    }

    /**
     * {@code storage} of the reference's fresh shared file: the owner finds every byte live (it
     * saw 3,924 dead bytes: key-slot pages, owner sections, indexes, chunk maps); Bob counts what he
     * cannot see as hidden (it was 87 % dead) and reports only his partition's rows.
     */
    @Test
    void storageOfAFreshSharedFileHasNoDeadByteForTheOwnerOrAHolder(@TempDir Path tmp) throws Exception {
        JsonNode spec = CanonicalJson.parse(Files.readString(shared.resolve("case.json")));
        Path jzm = shared.resolve("data.jzm");
        long size = Files.size(jzm);
        JsonNode owner = storage(jzm, write(tmp.resolve("owner.key"), spec.get("views").get(0).get("keyText").asString()));
        assertThat(owner.get("fileBytes").asLong()).isEqualTo(size);
        assertThat(owner.get("liveBytes").asLong()).as(owner.toString()).isEqualTo(size);
        assertThat(owner.get("deadBytes").asLong()).isZero();
        assertThat(owner.get("hiddenBytes").asLong()).isZero();
        assertThat(owner.get("tables").get(0).get("rowCount").asLong()).isEqualTo(400);
        assertThat(owner.get("tables").get(0).get("indexSegments").asInt()).isEqualTo(3);

        JsonNode bob = storage(jzm, write(tmp.resolve("bob.key"), spec.get("views").get(1).get("accessKeyText")
                .asString()));
        assertThat(bob.get("deadBytes").asLong()).as(bob.toString()).isZero();
        assertThat(bob.get("deadRatio").asDouble()).isZero();
        assertThat(bob.get("hiddenBytes").asLong()).isPositive();
        assertThat(bob.get("liveBytes").asLong() + bob.get("hiddenBytes").asLong()).isEqualTo(size);
        assertThat(bob.get("tables").get(0).get("rowCount").asLong())
                .isEqualTo(spec.get("views").get(1).get("reference").get("rowCount").asLong()).isLessThan(400);
        assertThat(bob.get("tables").get(0).get("indexSegments").asInt()).isZero();
    }

    private static JsonNode storage(Path jzm, Path keyFile) throws Exception {
        CliRun run = CliRun.of("storage", jzm.toString(), "--key-file", keyFile.toString());
        assertThat(run.code()).as(run.err()).isZero();
        return CanonicalJson.parse(run.out());
    }

    @Test
    void anAccessFileWithChunkMapFalseWritesNoMapAndAGrantKeepsThatChoice(@TempDir Path tmp) throws Exception {
        Path owner = write(tmp.resolve("owner.txt"), CliRun.of("keygen").out());
        Path holder = write(tmp.resolve("holder.txt"), CliRun.of("keygen", "--access", "--owner-key-file",
                owner.toString()).out());
        for (boolean chunkMap : new boolean[] {true, false}) {
            Path jzm = tmp.resolve("shared-" + chunkMap + ".jzm");
            Path access = write(tmp.resolve("access.json"), "{\"partitionBy\": \"country\", \"chunkMap\": "
                    + chunkMap + "}");
            CliRun convert = CliRun.of("convert", shared.resolve("input.jsonl").toString(), jzm.toString(),
                    "--schema", shared.resolve("schema.json").toString(), "--key-file", owner.toString(),
                    "--access-file", access.toString());
            assertThat(convert.code()).as(convert.err()).isZero();
            assertThat(storesChunkMap(jzm, owner)).isEqualTo(chunkMap);

            CliRun grant = CliRun.of("grant", jzm.toString(), "--key-file", owner.toString(), "--access-key-file",
                    holder.toString(), "--rows", "ZA");
            assertThat(grant.code()).as(grant.err()).isZero();
            assertThat(storesChunkMap(jzm, owner)).as("after a grant").isEqualTo(chunkMap);
        }
    }

    private static boolean storesChunkMap(Path jzm, Path ownerKey) throws Exception {
        ReadOptions options = ReadOptions.defaults().withKey(JazminKey.parse(Files.readString(ownerKey).strip()));
        try (ByteSource source = ByteSource.open(jzm); OpenedFile opened = FileOpener.open(source, options)) {
            return opened.table(0).storesChunkMap();
        }
    }

    private static Path write(Path file, String text) throws Exception {
        Files.writeString(file, text.strip() + "\n");
        return file;
    }
}
