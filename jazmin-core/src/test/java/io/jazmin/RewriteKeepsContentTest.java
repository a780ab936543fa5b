package io.jazmin;

import io.jazmin.testing.EngineFiles;
import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.internal.catalog.AccessInfo;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.FileSections;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminFormatException;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.options.WriteOptions;
import io.jazmin.files.EmbeddedFile;

/**
 * Every full rewrite keeps what the file holds (spec §1.23–1.26): compaction and full updates
 * carry every embedded file byte for byte (re-stored under the new version's keys), the package,
 * the metadata and every row; files holding what a rewrite cannot keep are refused, unchanged.
 */
class RewriteKeepsContentTest {
    private static final ConformanceCase FILES_CASE = ConformanceCase.named("js-files-key");
    private static final ConformanceCase.View KEY_VIEW = FILES_CASE.views().get(0);
    /** The directory of js-files-key as the reference library wrote it: path → size. */
    private static final Map<String, Long> REFERENCE_FILES = Map.of("docs/shared.bin", 600_000L,
            "docs/za.bin", 600_000L, "empty.txt", 0L, "img/logo.svg", 41L, "index.html", 23L);

    @TempDir
    Path dir;

    /** What a file holds besides its rows, read through the public API and the internal directory. */
    record Held(List<EmbeddedFile> files, Map<String, byte[]> bytes, String packageJson, String shapesJson,
                String metadata, List<Content> contents, String fileId) {
    }

    @Test
    void compactionKeepsEveryEmbeddedFileThePackageAndTheRows() throws Exception {
        Path file = copyOfCase();
        Held before = held(file);
        assertThat(before.files()).extracting(EmbeddedFile::path, EmbeddedFile::size)
                .containsExactlyInAnyOrderElementsOf(REFERENCE_FILES.entrySet().stream()
                        .map(e -> org.assertj.core.groups.Tuple.tuple(e.getKey(), e.getValue())).toList());

        JazminFile.compact(file, keyOptions());

        Held after = held(file);
        assertKept(before, after);
        assertRowsAsTheReference(file, 500);
    }

    @Test
    void fullUpdateWithAnInsertKeepsEveryEmbeddedFileThePackageAndTheRows() throws Exception {
        Path file = copyOfCase();
        Held before = held(file);
        Map<String, Object> added = new LinkedHashMap<>();
        try (JazminReader reader = JazminReader.open(file, KEY_VIEW.readOptions())) {
            Row first = reader.table().rows().findFirst().orElseThrow();
            for (Column c : reader.table().columns()) {
                added.put(c.name(), first.get(c.name()));
            }
        }
        added.put("id", 1_000_000L);

        UpdateResult result = JazminFile.update(file,
                new UpdateChanges(null, null, null, null, List.of(added), ""), keyOptions());

        assertEquals(501, result.rowCount());
        assertKept(before, held(file));
        assertRowsAsTheReference(file, 500);
        try (JazminReader reader = JazminReader.open(file, KEY_VIEW.readOptions())) {
            assertEquals(1, reader.table().count(Filter.eq("id", 1_000_000L)));
        }
    }

    /** Actions and saved shapes, which the reference fixtures lack, survive compaction of a plain file. */
    @Test
    void compactionOfAPlainFileKeepsActionsSavedShapesAndThePackage() throws Exception {
        byte[] hello = "hello, world".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        String actions = "{\"print\":false,\"pdf\":{\"format\":\"A4\"}}";
        String shapes = "[{\"name\":\"short\",\"groups\":[\"*\"],\"shape\":{\"id\":true}}]";
        String packageJson = "{\"entry\":\"a/hello.txt\",\"title\":\"t\"}";
        Path file = plainFileWithHeader(h -> h);
        Files.write(file, withOneEmbeddedFile(Files.readAllBytes(file), hello, actions, shapes, packageJson));

        JazminFile.compact(file, WriteOptions.defaults());

        try (JazminReader reader = JazminReader.open(file); ByteSource source = ByteSource.open(file)) {
            assertThat(reader.files()).containsExactly(new EmbeddedFile("a/hello.txt", "text/plain", List.of("*"),
                    hello.length, sha256(hello)));
            assertArrayEquals(hello, reader.readFile("a/hello.txt"));
            EmbeddedFiles files = EmbeddedFiles.of(FileOpener.open(source, ReadOptions.defaults()));
            assertEquals(actions, files.file("a/hello.txt").actionsJson());
            assertEquals(shapes, files.shapesJson());
            assertEquals(packageJson, files.packageJson());
            assertThat(reader.table().rows().map(r -> r.getLong("id")).toList()).containsExactly(1L, 2L);
        }
    }

    @Test
    void aDamagedEmbeddedFileStopsTheRewriteAndLeavesTheFileAsItWas() throws Exception {
        Path file = copyOfCase();
        Content logo = EngineFiles.content(file, KEY_VIEW.readOptions(), "img/logo.svg");
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) logo.blocks().get(0).offset() + 40] ^= 1;
        Files.write(file, bytes);

        assertThatThrownBy(() -> JazminFile.compact(file, keyOptions())).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("file/" + logo.id() + "/0");
        assertArrayEquals(bytes, Files.readAllBytes(file), "the file is left as it was");
    }

    @Test
    void unknownWriterFeaturesAreRefusedByEveryWriterAndTheFileIsLeftAsItWas() throws Exception {
        Path file = plainFileWithHeader(h -> new Header(h.readerFeatures(), List.of("future-thing"), h.created(),
                h.modified(), h.appendCount(), h.metadata(), h.tables(), h.keyring(), h.files(), h.access(),
                h.deltas()));
        byte[] bytes = Files.readAllBytes(file);
        List<Runnable> writes = List.of(
                () -> JazminFile.compact(file, WriteOptions.defaults()),
                () -> JazminFile.update(file, new UpdateChanges(null, null, null, null,
                        List.of(Map.of("id", 9L)), ""), WriteOptions.defaults()),
                () -> JazminFile.append(file, List.of(Map.of("id", 9L)).iterator(), WriteOptions.defaults()));
        for (Runnable write : writes) {
            assertThatThrownBy(write::run).isInstanceOfSatisfying(UnsupportedFeatureException.class,
                    e -> assertEquals("future-thing", e.feature()));
            assertArrayEquals(bytes, Files.readAllBytes(file), "the file is left as it was");
        }
    }

    @Test
    void aRewriteThatWouldDropAccessControlIsRefusedAndTheFileIsLeftAsItWas() throws Exception {
        SectionRef somewhere = new SectionRef(64, 16);
        Path file = plainFileWithHeader(h -> new Header(h.readerFeatures(), h.writerFeatures(), h.created(),
                h.modified(), h.appendCount(), h.metadata(), h.tables(), h.keyring(), h.files(),
                new AccessInfo(somewhere, somewhere), h.deltas()));
        byte[] bytes = Files.readAllBytes(file);
        List<Runnable> rewrites = List.of(
                () -> JazminFile.compact(file, WriteOptions.defaults()),
                () -> JazminFile.update(file, new UpdateChanges(null, null, null, null,
                        List.of(Map.of("id", 9L)), ""), WriteOptions.defaults()));
        for (Runnable rewrite : rewrites) {
            assertThatThrownBy(rewrite::run).isInstanceOfSatisfying(UnsupportedFeatureException.class, e -> {
                assertEquals("access-control", e.feature());
                assertThat(e.getMessage()).contains("access-control sections");
            });
            assertArrayEquals(bytes, Files.readAllBytes(file), "the file is left as it was");
        }
    }

    private static void assertKept(Held before, Held after) {
        assertThat(after.fileId()).as("a new version gets a fresh file id").isNotEqualTo(before.fileId());
        assertEquals(before.files(), after.files(), "paths, types, groups, sizes and sha256 of the embedded files");
        for (EmbeddedFile f : before.files()) {
            assertArrayEquals(before.bytes().get(f.path()), after.bytes().get(f.path()), f.path());
            assertEquals(f.sha256(), sha256(after.bytes().get(f.path())), f.path());
        }
        assertEquals(before.packageJson(), after.packageJson(), "package");
        assertThat(after.packageJson()).contains("\"entry\":\"index.html\"");
        assertEquals(before.shapesJson(), after.shapesJson(), "saved shapes");
        assertEquals(before.metadata(), after.metadata(), "metadata");
        // Identical bytes are stored once; every content is re-stored under a fresh key.
        assertThat(after.contents()).hasSize(4);
        for (Content c : after.contents()) {
            assertThat(c.blockSize()).isEqualTo(256 * 1024);
            assertThat(c.blocks()).hasSize((int) ((c.size() + c.blockSize() - 1) / c.blockSize()));
            for (Content old : before.contents()) {
                assertThat(c.key()).isNotEqualTo(old.key());
            }
        }
    }

    private static void assertRowsAsTheReference(Path file, long rows) throws Exception {
        try (JazminReader reader = JazminReader.open(file, KEY_VIEW.readOptions())) {
            assertEquals(rows, CanonicalJson.assertRowsMatch(reader.table().rows().limit(rows).iterator(),
                    KEY_VIEW.expectedFile()));
        }
    }

    private Held held(Path file) throws Exception {
        try (JazminReader reader = JazminReader.open(file, KEY_VIEW.readOptions())) {
            Map<String, byte[]> bytes = new LinkedHashMap<>();
            for (EmbeddedFile f : reader.files()) {
                bytes.put(f.path(), reader.readFile(f.path()));
            }
            return EngineFiles.opened(file, KEY_VIEW.readOptions(), opened -> {
                EmbeddedFiles files = EmbeddedFiles.of(opened);
                return new Held(reader.files(), bytes, files.packageJson(), files.shapesJson(), reader.metadata(),
                        EngineFiles.contents(files), reader.fileId());
            });
        }
    }

    private Path copyOfCase() throws Exception {
        Path file = dir.resolve("files.jzm");
        Files.copy(FILES_CASE.dataFile(), file);
        return file;
    }

    private static WriteOptions keyOptions() {
        return WriteOptions.defaults().withKey(KEY_VIEW.readOptions().key());
    }

    /** A small plain file whose last version's header is {@code change} applied to the written one. */
    private Path plainFileWithHeader(Function<Header, Header> change) throws Exception {
        Path file = dir.resolve("plain.jzm");
        JazminWriter.write(file, List.of(Column.required("id", ColumnType.INT)), WriteOptions.defaults(),
                List.of(Map.<String, Object>of("id", 1L), Map.<String, Object>of("id", 2L)).iterator());
        byte[] raw = change.apply(FileSections.of(file).header()).encode();
        byte[] section = new SectionWriter(Codec.NONE, 0).section(SectionIds.header(), raw, raw.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Files.readAllBytes(file));
        long at = out.size();
        out.writeBytes(section);
        out.writeBytes(new Trailer(at, section.length, 0, 0, 0, 0).encode());
        Files.write(file, out.toByteArray());
        return file;
    }

    /**
     * {@code file} with one more version whose header lists one embedded file (one plain block);
     * ShapeExportTest stores saved shapes with it.
     */
    static byte[] withOneEmbeddedFile(byte[] file, byte[] content, String actions, String shapes,
                                              String packageJson) {
        SectionWriter plain = new SectionWriter(Codec.NONE, 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(file);
        byte[] block = plain.section(EmbeddedFiles.blockId(0, 0), content, content.length);
        SectionRef blockRef = new SectionRef(out.size(), block.length);
        out.writeBytes(block);
        byte[] dirRaw = new EmbeddedDirectory(
                List.of(new Entry("a/hello.txt", "text/plain", 0, List.of("*"), actions)),
                List.of(new Content(0, content.length, sha256(content), 262144, null, List.of(blockRef))),
                shapes).encode();
        byte[] dirSection = plain.section(EmbeddedFiles.directoryId(0), dirRaw, dirRaw.length);
        SectionRef dirRef = new SectionRef(out.size(), dirSection.length);
        out.writeBytes(dirSection);
        Header h = FileSections.of(file).header();
        byte[] raw = new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(), h.appendCount(),
                h.metadata(), h.tables(), h.keyring(), new FilesInfo(List.of(new FileDirectory("*", dirRef)), 1,
                packageJson, 0), h.access(), h.deltas()).encode();
        byte[] header = plain.section(SectionIds.header(), raw, raw.length);
        long at = out.size();
        out.writeBytes(header);
        out.writeBytes(new Trailer(at, header.length, 0, 0, 0, 0).encode());
        return out.toByteArray();
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(EmbeddedFiles.sha256().digest(bytes));
    }
}
