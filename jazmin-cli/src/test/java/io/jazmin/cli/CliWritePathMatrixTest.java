package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileChanges;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.FileFingerprint;
import io.jazmin.testing.WritePathFiles;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The CLI's part of the write-path matrix (issue 30): every command that writes, on every kind of
 * file {@link WritePathFiles} builds. After each, everything the command did not target is as it
 * was ({@link FileFingerprint#differencesOutside}: other tables' rows, embedded files and their
 * SHA-256, package, shapes, metadata, grants, partitions, column groups, encryption kind, sort
 * order and indexes), and what it targeted changed as asked; or the command was refused (exit 2
 * or 3, one {@code jazmin:} line) and the file is byte-identical. A holder (access key) is refused
 * every change to the file and told what it may do; its change reaches the file only as a change
 * file the owner applies within its grant.
 */
class CliWritePathMatrixTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The environment variable whose value is the password of the password kind (CliRun cannot set one). */
    private static final String PASSWORD_VARIABLE = "PATH";
    private static final String TABLE = WritePathFiles.TABLE;
    private static final String EDIT = "{\"key\":[\"id\"],\"columns\":[\"name\"]}";
    private static final byte[] NOTE = "a note added by the CLI".getBytes(StandardCharsets.UTF_8);
    /** {@code update --changes}: delete ids 1-2, upsert a renamed customer 5 and a new 41, insert 42, add a metadata member. */
    private static final String UPDATE_CHANGES = "{\"delete\":{\"id\":{\"lte\":2}},\"keyColumns\":[\"id\"],"
            + "\"upsert\":[" + JSON.writeValueAsString(renamed(5)) + "," + JSON.writeValueAsString(WritePathFiles.customer(41))
            + "],\"insert\":[" + JSON.writeValueAsString(WritePathFiles.customer(42)) + "],"
            + "\"metadata\":{\"note\":\"updated by the CLI\"}}";
    /** The shape {@code shapes save} saves: only columns every key of the shared file sees. */
    private static final String IDS_SHAPE = "{\"ids\":{\"$rows\":{\"id\":\"id\",\"name\":\"name\"}}}";

    /** The commands that write (write-changes, which writes only its --out, is checked inside apply-changes). */
    enum Op {
        CONVERT_ONTO_ITSELF, APPEND, UPSERT, UPSERT_REWRITE, UPDATE, DELETE, COMPACT, ADD_FILE, REMOVE_FILE, SHAPES_SAVE,
        SHAPES_REMOVE, ROTATE_KEY, GRANT, REVOKE, ROTATE_OWNER_KEY, APPLY_CHANGES
    }

    @TempDir
    Path root;

    @TestFactory
    Stream<DynamicTest> everyWriteCommandOnEveryKindOfFile() {
        return Stream.of(Op.values()).flatMap(op -> Stream.of(Kind.values())
                .map(kind -> DynamicTest.dynamicTest(op + " on " + kind, () -> cell(op, kind))));
    }

    /**
     * A file needing a writer feature this library does not know: whatever that feature means, a
     * change could not keep it, so every command that would change the file is refused.
     */
    @TestFactory
    Stream<DynamicTest> everyWriteCommandRefusesAFileNeedingAnUnknownWriterFeature() throws Exception {
        Path dir = Files.createDirectories(root.resolve("writer-feature"));
        Sample sample = WritePathFiles.requiringWriterFeature(WritePathFiles.build(Kind.DIFFERENT_LAYOUT, dir),
                "future-thing");
        String file = sample.path().toString();
        String rows = Files.writeString(dir.resolve("more.jsonl"),
                JSON.writeValueAsString(WritePathFiles.customer(41)) + "\n").toString();
        String note = Files.write(dir.resolve("note.txt"), NOTE).toString();
        String changes = Files.writeString(dir.resolve("changes.json"), UPDATE_CHANGES).toString();
        String shape = Files.writeString(dir.resolve("ids.json"), IDS_SHAPE).toString();
        Cell cell = new Cell(sample, dir);
        return Stream.of(List.of("append", file, "--from", rows), List.of("delete", file, "--where", "{\"id\":1}"),
                List.of("compact", file), List.of("add-file", file, "notes/note.txt=" + note),
                List.of("remove-file", file, "notes.txt"), List.of("upsert", file, "--from", rows, "--key-columns", "id"),
                List.of("update", file, "--changes", changes), List.of("shapes", "save", file, "--name", "Ids", "--shape",
                        shape), List.of("shapes", "remove", file, "Count")).map(args -> DynamicTest.dynamicTest(
                                String.join(" ", args.subList(0, args.get(0).equals("shapes") ? 2 : 1)), () -> {
                    CliRun run = CliRun.of(args.toArray(String[]::new));
                    cell.refusedUnchanged(run);
                    assertThat(run.err()).contains("future-thing");
                }));
    }

    /**
     * Rows no file may hold (a required column left empty, a string with an unpaired surrogate), and
     * a second default shape of a group: every command that would write them is refused, and the file
     * of every kind an owner changes is byte-identical.
     */
    @TestFactory
    Stream<DynamicTest> everyWriteCommandRefusesWhatNoFileMayHoldLeavingItByteIdentical() {
        return Stream.of(Kind.values()).filter(kind -> !kind.holder()).flatMap(kind -> Stream.of(
                "append without age", "upsert without age", "update inserting without age", "append unpaired surrogate",
                "upsert unpaired surrogate", "update upserting unpaired surrogate", "shapes save second default")
                .map(what -> DynamicTest.dynamicTest(what + " on " + kind, () -> refusedCell(kind, what))));
    }

    private void refusedCell(Kind kind, String what) throws Exception {
        Path dir = Files.createDirectories(root.resolve("refused-" + kind + "-" + what.replace(' ', '-')));
        Sample sample = withEnvironmentPassword(WritePathFiles.build(kind, dir));
        if (what.endsWith("second default")) {
            // Every kind gets a default shape first (EMBEDDED has one: "Names").
            Path names = Files.writeString(dir.resolve("names.json"), IDS_SHAPE);
            CliRun first = CliRun.of(withSecret(sample, dir, List.of("shapes", "save", sample.path().toString(),
                    "--name", "Names", "--default", "--shape", names.toString())).toArray(String[]::new));
            assertThat(first.code()).as(first.err()).isZero();
        }
        Cell cell = new Cell(sample, dir);
        String file = sample.path().toString();
        String row = what.contains("surrogate") ? "{\"id\":50,\"name\":\"bad \\ud800\",\"country\":\"NL\",\"age\":30}"
                : "{\"id\":50,\"name\":\"no age\",\"country\":\"NL\"}";
        Path rows = Files.writeString(dir.resolve("bad.jsonl"), row + "\n");
        Path changes = Files.writeString(dir.resolve("bad.json"), what.contains("upserting")
                ? "{\"keyColumns\":[\"id\"],\"upsert\":[" + row + "]}" : "{\"insert\":[" + row + "]}");
        Path shape = Files.writeString(dir.resolve("ids.json"), IDS_SHAPE);
        List<String> args = switch (what.substring(0, what.indexOf(' '))) {
            case "append" -> List.of("append", file, "--from", rows.toString());
            case "upsert" -> List.of("upsert", file, "--from", rows.toString(), "--key-columns", "id");
            case "update" -> List.of("update", file, "--changes", changes.toString());
            default -> List.of("shapes", "save", file, "--name", "Second", "--default", "--shape", shape.toString());
        };
        cell.refusedUnchanged(CliRun.of(withSecret(sample, dir, args).toArray(String[]::new)));
    }

    /** {@code args} and the owner's secret of {@code sample}'s file, as {@link Cell#secret} gives it. */
    private static List<String> withSecret(Sample sample, Path dir, List<String> args) throws IOException {
        List<String> all = new ArrayList<>(args);
        if (sample.key() != null) {
            all.addAll(List.of("--key-file", Files.writeString(dir.resolve("owner-key.txt"), sample.key()).toString()));
        } else if (sample.password() != null) {
            all.addAll(List.of("--password-env", PASSWORD_VARIABLE));
        }
        return all;
    }

    /** One cell: a fresh file of {@code kind}, the command, and what it must have kept. */
    private void cell(Op op, Kind kind) throws Exception {
        Path dir = Files.createDirectories(root.resolve(op + "-" + kind));
        Sample sample = withEnvironmentPassword(WritePathFiles.build(kind, dir));
        Cell cell = new Cell(sample, dir);
        switch (op) {
            case CONVERT_ONTO_ITSELF -> cell.convertOntoItself();
            case APPEND -> cell.append();
            case UPSERT -> cell.upsert(false);
            case UPSERT_REWRITE -> cell.upsert(true);
            case UPDATE -> cell.update();
            case DELETE -> cell.delete();
            case COMPACT -> cell.compact();
            case ADD_FILE -> cell.addFile();
            case REMOVE_FILE -> cell.removeFile();
            case SHAPES_SAVE -> cell.saveShape();
            case SHAPES_REMOVE -> cell.removeShape();
            case ROTATE_KEY -> cell.rotateKey();
            case GRANT -> cell.grant();
            case REVOKE -> cell.revoke();
            case ROTATE_OWNER_KEY -> cell.rotateOwnerKey();
            case APPLY_CHANGES -> cell.applyChanges();
        }
    }

    /** The password kind re-encrypted under the value of {@link #PASSWORD_VARIABLE}, which the CLI reads. */
    private static Sample withEnvironmentPassword(Sample s) {
        if (s.password() == null) {
            return s;
        }
        String password = System.getenv(PASSWORD_VARIABLE);
        JazminFile.rotateKey(s.path(), s.readOptions(), WriteOptions.defaults().withPassword(password)
                .withKdfIterations(WritePathFiles.KDF_ITERATIONS));
        return new Sample(s.kind(), s.path(), null, password, null, null, null, null);
    }

    /** One file of one kind, the command lines that reach it, and the checks. */
    private static final class Cell {
        private final Sample sample;
        private final Kind kind;
        private final Path dir;
        private final String file;
        private final FileFingerprint before;

        Cell(Sample sample, Path dir) {
            this.sample = sample;
            this.kind = sample.kind();
            this.dir = dir;
            this.file = sample.path().toString();
            this.before = sample.fingerprint();
        }

        void convertOntoItself() throws Exception {
            List<String> args = new ArrayList<>(List.of("convert", file, file, "--table", TABLE));
            if (kind == Kind.DIFFERENT_LAYOUT) {
                // Asking for the layout a caller configures: still not onto the input.
                args.addAll(List.of("--sorted-by", "country,id", "--index", "age:sorted"));
            }
            refusedUnchanged(run(args, secret()));
        }

        void append() throws Exception {
            Path rows = Files.writeString(dir.resolve("more.jsonl"),
                    JSON.writeValueAsString(WritePathFiles.customer(41)) + "\n"
                            + JSON.writeValueAsString(WritePathFiles.customer(42)) + "\n");
            CliRun run = run(List.of("append", file, "--from", rows.toString()), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            List<Map<String, Object>> expected = new ArrayList<>(before.rows(TABLE));
            expected.add(WritePathFiles.customer(41));
            expected.add(WritePathFiles.customer(42));
            assertThat(after.rows(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(before.differencesOutside(after, TABLE, false)).isEmpty();
        }

        /** Customer 5 renamed (same country, so the same partition) and a new customer 41, by id. */
        void upsert(boolean rewrite) throws Exception {
            Path rows = Files.writeString(dir.resolve("upsert.jsonl"), JSON.writeValueAsString(renamed(5)) + "\n"
                    + JSON.writeValueAsString(WritePathFiles.customer(41)) + "\n");
            List<String> args = new ArrayList<>(List.of("upsert", file, "--from", rows.toString(), "--key-columns", "id"));
            if (rewrite) {
                args.add("--rewrite");
            }
            CliRun run = run(args, secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            List<Map<String, Object>> expected = new ArrayList<>(before.rows(TABLE).stream()
                    .filter(r -> ((Number) r.get("id")).longValue() != 5).toList());
            expected.add(renamed(5));
            expected.add(WritePathFiles.customer(41));
            assertThat(after.rows(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(before.differencesOutside(after, TABLE, false)).isEmpty();
        }

        /** {@link #UPDATE_CHANGES}: rows deleted, upserted and inserted, and a metadata member added to the others. */
        void update() throws Exception {
            Path changes = Files.writeString(dir.resolve("changes.json"), UPDATE_CHANGES);
            CliRun run = run(List.of("update", file, "--changes", changes.toString()), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            List<Map<String, Object>> expected = new ArrayList<>(before.rows(TABLE).stream()
                    .filter(r -> ((Number) r.get("id")).longValue() > 2 && ((Number) r.get("id")).longValue() != 5)
                    .toList());
            expected.add(renamed(5));
            expected.add(WritePathFiles.customer(41));
            expected.add(WritePathFiles.customer(42));
            assertThat(after.rows(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
            ObjectNode metadata = (ObjectNode) JSON.readTree(before.metadata());
            metadata.put("note", "updated by the CLI");
            assertThat(JSON.readTree(after.metadata())).as("the file's metadata members kept").isEqualTo(metadata);
            assertThat(outsideExcept(after, "metadata")).isEmpty();
        }

        void delete() throws Exception {
            CliRun run = run(List.of("delete", file, "--where", "{\"id\":{\"lte\":3}}"), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            assertThat(after.rows(TABLE)).containsExactlyInAnyOrderElementsOf(before.rows(TABLE).stream()
                    .filter(r -> ((Number) r.get("id")).longValue() > 3).toList());
            assertThat(before.differencesOutside(after, TABLE, false)).isEmpty();
        }

        void compact() throws Exception {
            CliRun run = run(List.of("compact", file), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(before.differencesOutside(after, TABLE, false)).isEmpty();
        }

        void addFile() throws Exception {
            Path note = Files.write(dir.resolve("note.txt"), NOTE);
            CliRun run = run(List.of("add-file", file, "notes/note.txt=" + note), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            List<EmbeddedFile> added = new ArrayList<>(after.files());
            String noteHash = sha256(NOTE);
            assertThat(added.removeIf(f -> f.path().equals("notes/note.txt")
                    && f.sha256().equals(noteHash) && f.size() == NOTE.length)).isTrue();
            assertThat(added).isEqualTo(before.files());
            assertThat(outsideExcept(after, "embedded files")).isEmpty();
        }

        void removeFile() throws Exception {
            CliRun run = run(List.of("remove-file", file, "docs/readme.txt"), secret());
            if (holderRefused(run)) {
                return;
            }
            if (before.files().stream().noneMatch(f -> f.path().equals("docs/readme.txt"))) {
                refusedUnchanged(run);
                assertThat(run.code()).isEqualTo(ExitCodes.UNREADABLE);
                return;
            }
            FileFingerprint after = changed(run);
            assertThat(after.files()).isEqualTo(before.files().stream()
                    .filter(f -> !f.path().equals("docs/readme.txt")).toList());
            assertThat(outsideExcept(after, "embedded files")).isEmpty();
        }

        /** Saves shape "Ids" beside the saved ones (a shared file: for everyone, group {@code *}). */
        void saveShape() throws Exception {
            Path shape = Files.writeString(dir.resolve("ids.json"), IDS_SHAPE);
            CliRun run = run(List.of("shapes", "save", file, "--name", "Ids", "--shape", shape.toString()), secret());
            if (holderRefused(run)) {
                return;
            }
            FileFingerprint after = changed(run);
            List<String> shapes = new ArrayList<>(after.shapes());
            assertThat(shapes.removeIf(s -> s.startsWith("Ids|") && s.contains("\"ids\""))).isTrue();
            assertThat(shapes).containsExactlyInAnyOrderElementsOf(before.shapes());
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(outsideExcept(after, "saved shapes")).isEmpty();
        }

        /** Removes shape "Count": refused (exit 2, byte-identical) where none is saved. */
        void removeShape() throws Exception {
            CliRun run = run(List.of("shapes", "remove", file, "Count"), secret());
            if (holderRefused(run)) {
                return;
            }
            if (before.shapes().stream().noneMatch(s -> s.startsWith("Count|"))) {
                refusedUnchanged(run);
                assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
                return;
            }
            FileFingerprint after = changed(run);
            assertThat(after.shapes()).isEqualTo(before.shapes().stream().filter(s -> !s.startsWith("Count|")).toList());
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(outsideExcept(after, "saved shapes")).isEmpty();
        }

        void rotateKey() throws Exception {
            JazminKey newKey = JazminKey.generate();
            List<String> next = kind == Kind.PASSWORD
                    ? List.of("--new-password-env", PASSWORD_VARIABLE, "--kdf-iterations",
                            Integer.toString(WritePathFiles.KDF_ITERATIONS))
                    : List.of("--new-key-file", keyFile("new-key.txt", newKey.text()));
            List<String> args = new ArrayList<>(List.of("rotate-key", file));
            args.addAll(next);
            CliRun run = run(args, secret());
            if (!List.of(Kind.KEY, Kind.PASSWORD, Kind.EMBEDDED).contains(kind)) {
                // Plain files have no key to rotate; shared ones move with rotate-owner-key.
                refusedUnchanged(run);
                return;
            }
            assertThat(run.code()).as(run.err()).isZero();
            ReadOptions reopen = kind == Kind.PASSWORD ? ReadOptions.defaults().withPassword(sample.password())
                    : ReadOptions.defaults().withKey(newKey);
            FileFingerprint after = FileFingerprint.of(sample.path(), reopen, null);
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(before.differencesOutside(after, TABLE, false)).isEmpty();
            assertThat(after.byteIdentical(before)).isFalse();
        }

        void grant() throws Exception {
            AccessKeyText added = kind.shared() ? AccessKeyText.generate(JazminKey.parse(sample.ownerKey()))
                    : AccessKeyText.generate(JazminKey.generate());
            CliRun run = run(List.of("grant", file, "--access-key-file", keyFile("added.txt", added.text()),
                    "--rows", "BR", "--label", "added"), secret());
            if (kind != Kind.SHARED_OWNER) {
                refusedUnchanged(run);
                return;
            }
            FileFingerprint after = changed(run);
            List<JazminFile.GrantInfo> grants = new ArrayList<>(after.grants());
            assertThat(grants.removeIf(g -> g.keyId().equals(added.keyId()) && g.rows().equals(List.of("BR")))).isTrue();
            assertThat(grants).isEqualTo(before.grants());
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(outsideExcept(after, "grants")).isEmpty();
        }

        void revoke() throws Exception {
            String narrow = kind.shared() ? AccessKeyText.parse(sample.narrowKey()).keyId() : "0123456789abcdef";
            CliRun run = run(List.of("revoke", file, "--key-id", narrow), secret());
            if (kind != Kind.SHARED_OWNER) {
                refusedUnchanged(run);
                return;
            }
            FileFingerprint after = changed(run);
            assertThat(after.grants()).isEqualTo(before.grants().stream()
                    .filter(g -> !g.keyId().equals(narrow)).toList());
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(outsideExcept(after, "grants")).isEmpty();
        }

        void rotateOwnerKey() throws Exception {
            JazminKey newOwner = JazminKey.generate();
            CliRun run = run(List.of("rotate-owner-key", file, "--new-key-file", keyFile("owner.txt", newOwner.text())),
                    secret());
            if (kind != Kind.SHARED_OWNER) {
                refusedUnchanged(run);
                return;
            }
            assertThat(run.code()).as(run.err()).isZero();
            FileFingerprint after = FileFingerprint.of(sample.path(), ReadOptions.defaults().withKey(newOwner), newOwner);
            // Every grant is kept with a new access key: all but the key ids are as they were.
            assertThat(after.grants()).extracting(CliWritePathMatrixTest::withoutKey)
                    .isEqualTo(before.grants().stream().map(CliWritePathMatrixTest::withoutKey).toList());
            assertThat(after.rows(TABLE)).isEqualTo(before.rows(TABLE));
            assertThat(outsideExcept(after, "grants")).isEmpty();
        }

        /**
         * With {@code package.edit} allowing name changes by id: a change file from the file's own
         * secret (a shared file's: its holder's access key) is written (FILE stays byte-identical),
         * then applied by the owner, or refused to a holder.
         */
        void applyChanges() throws Exception {
            allowEdits();
            FileFingerprint edited = sample.fingerprint();
            Path changes = Files.writeString(dir.resolve("changes.jsonl"),
                    "{\"op\":\"update\",\"key\":{\"id\":4},\"set\":{\"name\":\"Renamed\"}}\n");
            Path changeFile = dir.resolve("changes.jzm");
            List<String> sender = kind.shared() ? List.of("--key-file", keyFile("holder.txt", sample.grantedKey()))
                    : secret();
            CliRun write = run(List.of("write-changes", file, "--changes", changes.toString(), "--out",
                    changeFile.toString()), sender);
            assertThat(write.code()).as(write.err()).isZero();
            assertThat(sample.fingerprint().byteIdentical(edited)).isTrue();
            CliRun apply = run(List.of("apply-changes", file, changeFile.toString()), secret());
            if (kind.holder()) {
                assertThat(apply.err()).contains("write-changes");
                assertThat(sample.fingerprint().byteIdentical(edited)).isTrue();
                assertThat(apply.code()).isEqualTo(ExitCodes.USAGE);
                return;
            }
            assertThat(apply.code()).as(apply.err()).isZero();
            assertThat(JsonLines.tree(apply.out()).get("applied").get("updated").asLong()).isEqualTo(1);
            FileFingerprint after = sample.fingerprint();
            List<Map<String, Object>> expected = edited.rows(TABLE).stream().map(r -> {
                if (((Number) r.get("id")).longValue() != 4) {
                    return r;
                }
                Map<String, Object> renamed = new java.util.LinkedHashMap<>(r);
                renamed.put("name", "Renamed");
                return renamed;
            }).toList();
            assertThat(after.rows(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(edited.differencesOutside(after, TABLE, false)).isEmpty();
        }

        /** Sets {@code package.edit} (keeping the rest of the package) with the owner's secret, by an append. */
        private void allowEdits() {
            ObjectNode pkg = before.packageJson() == null ? JSON.createObjectNode()
                    : (ObjectNode) JSON.readTree(before.packageJson());
            pkg.set("edit", JSON.readTree(EDIT));
            JazminFile.changeFiles(sample.path(), FileChanges.none().withPackage(JSON.writeValueAsString(pkg)),
                    sample.ownerWriteOptions());
        }

        /** The command line's secret: the key, the password variable, or the holder's access key. */
        private List<String> secret() throws Exception {
            if (sample.key() != null) {
                return List.of("--key-file", keyFile("key.txt", sample.key()));
            }
            if (sample.password() != null) {
                return List.of("--password-env", PASSWORD_VARIABLE);
            }
            if (sample.accessKey() != null) {
                return List.of("--key-file", keyFile("access.txt", sample.accessKey()));
            }
            return List.of();
        }

        private String keyFile(String name, String text) throws Exception {
            return Files.writeString(dir.resolve(name), text).toString();
        }

        private CliRun run(List<String> args, List<String> secret) {
            List<String> all = new ArrayList<>(args);
            all.addAll(secret);
            return CliRun.of(all.toArray(String[]::new));
        }

        /**
         * For a holder: the command was refused, telling it what an access key may do, and the file
         * is byte-identical. Returns whether this was a holder's cell.
         */
        private boolean holderRefused(CliRun run) throws IOException {
            if (!kind.holder()) {
                return false;
            }
            refusedUnchanged(run);
            assertThat(run.err()).contains("access key").contains("write-changes");
            return true;
        }

        /** Refused with a typed, one-line error (not an internal one), and the file byte-identical. */
        private void refusedUnchanged(CliRun run) throws IOException {
            assertThat(run.code()).as(run.out() + run.err()).isIn(ExitCodes.USAGE, ExitCodes.UNREADABLE);
            assertThat(run.err()).startsWith("jazmin: ").hasLineCount(1);
            assertThat(sample.fingerprint().byteIdentical(before)).as("file byte-identical").isTrue();
            try (var siblings = Files.list(dir)) {
                assertThat(siblings.map(p -> p.getFileName().toString()))
                        .noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".lock"));
            }
        }

        /** The command succeeded: the file as it is now. */
        private FileFingerprint changed(CliRun run) {
            assertThat(run.code()).as(run.err()).isZero();
            return sample.fingerprint();
        }

        /** What differs outside the target table's rows, but for the differences starting with {@code targeted}. */
        private List<String> outsideExcept(FileFingerprint after, String targeted) {
            return before.differencesOutside(after, TABLE, false).stream()
                    .filter(d -> !d.startsWith(targeted + ":")).toList();
        }
    }

    /** Customer {@code id} with a new name, in the same country (so the same partition of the shared file). */
    private static Map<String, Object> renamed(long id) {
        Map<String, Object> row = new java.util.LinkedHashMap<>(WritePathFiles.customer(id));
        row.put("name", "Renamed " + id);
        return row;
    }

    /** A grant as rotate-owner-key keeps it: everything but its key. */
    private static List<Object> withoutKey(JazminFile.GrantInfo g) {
        return java.util.Arrays.asList(g.rows(), g.columns(), g.files(), g.label(), g.expires(), g.mode());
    }

    private static String sha256(byte[] bytes) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
