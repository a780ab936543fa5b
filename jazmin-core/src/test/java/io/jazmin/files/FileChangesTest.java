package io.jazmin.files;

import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.FileLockedException;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.key.JazminKey;
import io.jazmin.testing.CatalogPatch;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.FileSections;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adding and removing embedded files by append and by full update (spec §1.23, §1.24, §1.25):
 * the files kept come back byte for byte with their actions, the package and the saved shapes
 * unchanged; an append lists kept contents by reference and continues content ids; every refused
 * change leaves the file as it was.
 */
class FileChangesTest {
    private static final ConformanceCase CASE = ConformanceCase.named("js-files-key");
    private static final ReadOptions CASE_READ = CASE.views().get(0).readOptions();
    private static final WriteOptions CASE_WRITE = WriteOptions.defaults().withKey(CASE_READ.key());
    private static final Map<String, byte[]> REFERENCE = EmbeddedFilesReadTest.referenceContents();
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT));
    private static final String ACTIONS = "{\"print\":false,\"pdf\":{\"format\":\"A5\"}}";
    private static final String PACKAGE = "{\"entry\":\"index.html\",\"title\":\"Doc\"}";
    private static final String SHAPES = "[{\"name\":\"short\",\"groups\":[\"*\"],\"shape\":{\"id\":true}}]";
    private static final byte[] HTML = "<h1>doc</h1>".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NEW = "new bytes".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void anAppendAddingAndRemovingFilesKeepsTheOthersByReferenceWithActionsPackageAndShapes() throws Exception {
        Path file = documentWithShapes();
        EmbeddedDirectory before = EmbeddedFilesWriteTest.directory(file, ReadOptions.defaults());
        int nextContent = FileSections.of(file).header().files().nextContent();

        JazminFile.ChangeResult result = JazminFile.changeFiles(file, new FileChanges(
                List.of(FileInput.of("notes/new.txt", NEW, "text/plain")), List.of("data.bin"), null),
                WriteOptions.defaults());

        assertEquals(1, result.appendCount());
        EmbeddedDirectory after = EmbeddedFilesWriteTest.directory(file, ReadOptions.defaults());
        assertThat(after.files()).extracting(Entry::path).containsExactly("index.html", "notes/new.txt");
        assertEquals(before.files().get(0), after.files().get(0), "path, type, content, groups and actions");
        assertEquals(ACTIONS, after.files().get(0).actionsJson());
        assertEquals(before.contents().get(0).blocks(), after.contents().get(0).blocks(), "kept by reference");
        assertEquals(SHAPES, after.shapesJson());
        assertThat(after.contents().get(1).id()).as("content ids continue").isEqualTo(nextContent);
        FilesInfo info = FileSections.of(file).header().files();
        assertEquals(1, info.segment());
        assertEquals(PACKAGE, info.packageJson());
        try (JazminReader r = JazminReader.open(file)) {
            assertArrayEquals(HTML, r.readFile("index.html"));
            assertArrayEquals(NEW, r.readFile("notes/new.txt"));
            assertThat(r.table().rows().map(row -> row.getLong("id")).toList()).containsExactly(1L, 2L, 3L);
        }
        // Compaction afterwards keeps everything too.
        JazminFile.compact(file, WriteOptions.defaults());
        EmbeddedDirectory compacted = EmbeddedFilesWriteTest.directory(file, ReadOptions.defaults());
        assertEquals(SHAPES, compacted.shapesJson());
        assertEquals(ACTIONS, compacted.files().get(0).actionsJson());
        assertEquals(PACKAGE, FileSections.of(file).header().files().packageJson());
    }

    @Test
    void aFullUpdateWithRowsAndFilesKeepsActionsPackageAndShapes() throws Exception {
        Path file = documentWithShapes();

        UpdateResult result = JazminFile.update(file, new UpdateChanges(null, null, null, null,
                List.of(Map.of("id", 4L)), "", FileChanges.adding(FileInput.of("notes/new.txt", NEW, "text/plain"))
                .withPackage("{\"entry\":\"notes/new.txt\",\"title\":\"Doc\"}")), WriteOptions.defaults());

        assertEquals(4, result.rowCount());
        EmbeddedDirectory after = EmbeddedFilesWriteTest.directory(file, ReadOptions.defaults());
        assertThat(after.files()).extracting(Entry::path).containsExactly("index.html", "data.bin", "notes/new.txt");
        assertEquals(ACTIONS, after.files().get(0).actionsJson());
        assertEquals(SHAPES, after.shapesJson());
        try (JazminReader r = JazminReader.open(file)) {
            assertArrayEquals(HTML, r.readFile("index.html"));
            assertArrayEquals(REFERENCE.get("docs/za.bin"), r.readFile("data.bin"));
            assertArrayEquals(NEW, r.readFile("notes/new.txt"));
            assertThat(r.packageJson()).contains("{\"entry\":\"notes/new.txt\",\"title\":\"Doc\"}");
        }
    }

    @Test
    void anAppendToTheReferenceKeyFileAddsRowsAndFilesAndStoresKnownBytesOnce() throws Exception {
        Path file = copyOfCase();
        long sizeBefore = Files.size(file);
        Map<String, Object> row = firstRowWithId(file, 1_000_000L);

        JazminFile.append(file, null, List.of(row).iterator(), CASE_WRITE, new FileChanges(List.of(
                FileInput.of("docs/copy.bin", REFERENCE.get("docs/za.bin"), "application/octet-stream"),
                FileInput.of("index.html", NEW, "text/html")), List.of("empty.txt"), null));

        assertThat(Files.size(file) - sizeBefore).as("the 600,000 known bytes are not stored again").isLessThan(20_000);
        try (JazminReader r = JazminReader.open(file, CASE_READ)) {
            assertThat(r.files()).extracting(EmbeddedFile::path).containsExactly("docs/shared.bin", "docs/za.bin",
                    "img/logo.svg", "docs/copy.bin", "index.html");
            assertArrayEquals(REFERENCE.get("docs/za.bin"), r.readFile("docs/copy.bin"));
            assertArrayEquals(REFERENCE.get("docs/shared.bin"), r.readFile("docs/shared.bin"));
            assertArrayEquals(REFERENCE.get("img/logo.svg"), r.readFile("img/logo.svg"));
            assertArrayEquals(NEW, r.readFile("index.html"));
            assertEquals(501, r.table().rows().count());
        }
        assertThat(EmbeddedFilesWriteTest.directory(file, CASE_READ).contents()).hasSize(3);
    }

    @Test
    void aFullUpdateOfTheReferenceKeyFileRemovesAndReplacesFiles() throws Exception {
        Path file = copyOfCase();

        JazminFile.update(file, UpdateChanges.ofFiles(new FileChanges(List.of(FileInput.of("index.html", NEW,
                "text/html")), List.of("docs/za.bin"), null)), CASE_WRITE);

        try (JazminReader r = JazminReader.open(file, CASE_READ)) {
            assertThat(r.files()).extracting(EmbeddedFile::path).containsExactly("docs/shared.bin", "empty.txt",
                    "img/logo.svg", "index.html");
            assertArrayEquals(REFERENCE.get("docs/shared.bin"), r.readFile("docs/shared.bin"));
            assertArrayEquals(NEW, r.readFile("index.html"));
            assertThat(r.packageJson()).hasValueSatisfying(p -> assertThat(p).contains("\"title\":\"Interop\""));
            assertEquals(500, r.table().rows().count());
        }
    }

    @Test
    void encryptedFilesWithoutEmbeddedFilesGainThemByAppend() throws Exception {
        JazminKey key = JazminKey.generate();
        record Secret(WriteOptions write, ReadOptions read) {
        }
        for (Secret s : List.of(new Secret(WriteOptions.defaults().withKey(key), ReadOptions.defaults().withKey(key)),
                new Secret(WriteOptions.defaults().withPassword("pw").withKdfIterations(1000),
                        ReadOptions.defaults().withPassword("pw")))) {
            Path file = dir.resolve("e.jzm");
            Files.deleteIfExists(file);
            JazminWriter.write(file, COLUMNS, s.write(), List.of(Map.of("id", 1L)).iterator());
            try (JazminReader r = JazminReader.open(file, s.read())) {
                assertThat(r.files()).isEmpty();
            }

            JazminFile.changeFiles(file, FileChanges.adding(FileInput.of("a.txt", NEW, "text/plain")), s.write());

            try (JazminReader r = JazminReader.open(file, s.read())) {
                assertArrayEquals(NEW, r.readFile("a.txt"));
            }
            JazminFile.compact(file, s.write());
            try (JazminReader r = JazminReader.open(file, s.read())) {
                assertArrayEquals(NEW, r.readFile("a.txt"));
                assertEquals(1, r.table().rows().count());
            }
        }
    }

    @Test
    void refusedChangesLeaveTheFileAsItWas() throws Exception {
        Path file = documentWithShapes();
        byte[] bytes = Files.readAllBytes(file);
        List<FileChanges> refused = List.of(
                FileChanges.removing("nope.txt"),
                FileChanges.removing("index.html"),
                FileChanges.adding(FileInput.of("../up.txt", NEW, "text/plain")),
                FileChanges.none().withPackage("{\"entry\":\"index.html\",\"allowEval\":true}"),
                FileChanges.none().withPackage("{\"entry\":\"missing.html\"}"),
                FileChanges.adding(FileInput.of("a.txt", NEW, "text/plain").withActions("{\"share\":false}")),
                FileChanges.none().withPackage("{\"entry\":\"index.html\",\"edit\":{\"key\":[\"nope\"],\"add\":true}}"));
        List<String> messages = List.of("nope.txt", "package's entry", "not valid", "package.allowEval",
                "package.entry", "share", "package.edit.key");
        for (int i = 0; i < refused.size(); i++) {
            FileChanges change = refused.get(i);
            assertThatThrownBy(() -> JazminFile.changeFiles(file, change, WriteOptions.defaults()))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining(messages.get(i));
            assertArrayEquals(bytes, Files.readAllBytes(file), "append: " + messages.get(i));
            assertThatThrownBy(() -> JazminFile.update(file, UpdateChanges.ofFiles(change), WriteOptions.defaults()))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining(messages.get(i));
            assertArrayEquals(bytes, Files.readAllBytes(file), "update: " + messages.get(i));
        }
        try (JazminWriter held = JazminWriter.create(file, COLUMNS, WriteOptions.defaults())) {
            assertThatThrownBy(() -> JazminFile.changeFiles(file, FileChanges.adding(FileInput.of("a.txt", NEW,
                    "text/plain")), WriteOptions.defaults())).isInstanceOf(FileLockedException.class);
            held.abort();
        }
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }

    /** A plain file with two embedded files (one with actions), a package, and saved shapes patched into its directory. */
    private Path documentWithShapes() throws Exception {
        Path file = dir.resolve("doc.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults())) {
            w.writeValues(1L);
            w.writeValues(2L);
            w.writeValues(3L);
            w.addFile(FileInput.of("index.html", HTML, "text/html").withActions(ACTIONS));
            w.addFile("data.bin", REFERENCE.get("docs/za.bin"), "application/octet-stream", List.of("g"));
            w.setPackage(PACKAGE);
            w.finish();
        }
        byte[] bytes = Files.readAllBytes(file);
        FileSections sections = FileSections.of(bytes);
        Header h = sections.header();
        FileDirectory d = h.files().directories().get(0);
        EmbeddedDirectory old = EmbeddedDirectory.decode(sections.read("files/dir", d.section()), "files/dir");
        CatalogPatch patch = CatalogPatch.of(bytes);
        SectionRef ref = patch.add("files/dir", new EmbeddedDirectory(old.files(), old.contents(), SHAPES).encode());
        Files.write(file, patch.finish(new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(),
                h.appendCount(), h.metadata(), h.tables(), h.keyring(), new FilesInfo(List.of(new FileDirectory("*",
                ref)), h.files().nextContent(), h.files().packageJson(), 0), h.access(), h.deltas())));
        return file;
    }

    private Path copyOfCase() throws Exception {
        Path file = dir.resolve("files.jzm");
        Files.copy(CASE.dataFile(), file);
        return file;
    }

    private static Map<String, Object> firstRowWithId(Path file, long id) {
        Map<String, Object> added = new LinkedHashMap<>();
        try (JazminReader reader = JazminReader.open(file, CASE_READ)) {
            Row first = reader.table().rows().findFirst().orElseThrow();
            for (Column c : reader.table().columns()) {
                added.put(c.name(), first.get(c.name()));
            }
        }
        added.put("id", id);
        return added;
    }
}
