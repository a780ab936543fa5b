package io.jazmin.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jazmin.testing.EngineFiles;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminIoException;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.key.JazminKey;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JazminWriter#addFile} and {@link JazminWriter#setPackage} (spec §1.23): contents from
 * arrays, streams and local files in 256 KiB blocks, identical contents stored once, in plain, key
 * and password files; the package, actions and page settings checked with errors naming the
 * field; a refused or failed file leaves the target as it was.
 */
class EmbeddedFilesWriteTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT));
    private static final byte[] PATTERN = EmbeddedFilesReadTest.referenceContents().get("docs/za.bin");
    private static final JazminKey KEY = JazminKey.generate();

    @TempDir
    Path dir;

    record Secret(String name, WriteOptions write, ReadOptions read) {
    }

    static List<Secret> secrets() {
        return List.of(new Secret("plain", WriteOptions.defaults(), ReadOptions.defaults()),
                new Secret("key", WriteOptions.defaults().withKey(KEY), ReadOptions.defaults().withKey(KEY)),
                new Secret("password", WriteOptions.defaults().withPassword("pw").withKdfIterations(1000),
                        ReadOptions.defaults().withPassword("pw")));
    }

    @Test
    void filesFromArraysStreamsAndLocalFilesReadBackInEveryKindOfFile() throws Exception {
        Path local = dir.resolve("local.bin");
        byte[] other = "<svg/>".getBytes(StandardCharsets.UTF_8);
        Files.write(local, other);
        for (Secret s : secrets()) {
            Path file = dir.resolve(s.name() + ".jzm");
            try (JazminWriter w = JazminWriter.create(file, COLUMNS, s.write())) {
                w.addFile("a/pattern.bin", PATTERN, "application/octet-stream", List.of("*"));
                w.writeValues(1L);
                w.addFile("b/same.bin", new ByteArrayInputStream(PATTERN), "application/octet-stream", List.of("g"));
                w.addFile("logo.svg", local, "image/svg+xml", List.of());
                w.addFile(FileInput.of("empty.txt", new byte[0], "text/plain")
                        .withActions("{\"print\":false,\"pdf\":{\"format\":\"A5\",\"margin\":{\"top\":\"12mm\"}}}"));
                w.setPackage("{\"entry\":\"logo.svg\",\"title\":\"T\",\"allowedOrigins\":[\"https://cdn.example.com\"],"
                        + "\"pdf\":{\"format\":\"Letter\",\"landscape\":true,\"scale\":0.9}}");
                w.finish();
            }
            try (JazminReader r = JazminReader.open(file, s.read())) {
                assertThat(r.files()).extracting(EmbeddedFile::path, EmbeddedFile::size).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a/pattern.bin", 600_000L),
                        org.assertj.core.groups.Tuple.tuple("b/same.bin", 600_000L),
                        org.assertj.core.groups.Tuple.tuple("logo.svg", (long) other.length),
                        org.assertj.core.groups.Tuple.tuple("empty.txt", 0L));
                assertThat(r.files().get(1).groups()).containsExactly("g");
                assertThat(r.files().get(2).groups()).containsExactly("*");
                assertArrayEquals(PATTERN, r.readFile("a/pattern.bin"), s.name());
                try (InputStream in = r.openFile("b/same.bin")) {
                    assertArrayEquals(PATTERN, in.readAllBytes(), s.name());
                }
                assertArrayEquals(other, r.readFile("logo.svg"));
                assertArrayEquals(new byte[0], r.readFile("empty.txt"));
                assertThat(r.packageJson()).hasValueSatisfying(p -> assertThat(p).contains("\"scale\":0.9"));
                FileActions actions = r.fileActions("empty.txt");
                assertFalse(actions.print());
                assertThat(actions.pdf()).isTrue();
                assertThat(actions.pdfSettingsJson()).contains("\"format\":\"A5\"");
                assertEquals(FileActions.ALL, r.fileActions("logo.svg"));
                assertEquals(r.encrypted(), !s.name().equals("plain"));
            }
            List<Content> contents = directory(file, s.read()).contents();
            assertThat(contents).as("identical bytes stored once").hasSize(3);
            assertThat(contents.get(0).blocks()).hasSize(3);
            assertThat(contents.get(0).blockSize()).isEqualTo(256 * 1024);
        }
    }

    /** A stream's bytes are only known once read: a duplicate's blocks are written, then cut off again. */
    @Test
    void aDuplicateFromAStreamLeavesNoDeadBytes() throws Exception {
        Path once = dir.resolve("once.jzm");
        Path twice = dir.resolve("twice.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(KEY).withNow(java.time.Instant.EPOCH);
        writeWith(once, options, w -> w.addFile("a.bin", new ByteArrayInputStream(PATTERN), "x/y", List.of()));
        writeWith(twice, options, w -> {
            w.addFile("a.bin", new ByteArrayInputStream(PATTERN), "x/y", List.of());
            w.addFile("b.bin", new ByteArrayInputStream(PATTERN), "x/y", List.of());
            w.writeValues(2L);
        });
        assertThat(Files.size(twice) - Files.size(once)).as("one more directory entry and a row, no blocks")
                .isLessThan(300);
        try (JazminReader r = JazminReader.open(twice, ReadOptions.defaults().withKey(KEY))) {
            assertArrayEquals(PATTERN, r.readFile("b.bin"));
            assertEquals(2, r.table().rows().count());
        }
    }

    @Test
    void packageActionsAndPageSettingsAreCheckedNamingTheField() {
        record Bad(String packageJson, String field) {
        }
        List<Bad> packages = List.of(
                new Bad("{\"entry\":\"a.txt\",\"allowEval\":true}", "package.allowEval"),
                new Bad("{\"title\":3}", "package.title"),
                new Bad("{\"allowWasm\":\"yes\"}", "package.allowWasm"),
                new Bad("{\"allowedOrigins\":[\"http://x.example\"]}", "package.allowedOrigins"),
                new Bad("{\"allowedOrigins\":[\"https://x.example/path\"]}", "package.allowedOrigins"),
                new Bad("{\"pdf\":{\"scale\":3}}", "package.pdf.scale"),
                new Bad("{\"pdf\":{\"format\":\"A7\"}}", "package.pdf.format"),
                new Bad("{\"pdf\":{\"margin\":{\"top\":\"12pt\"}}}", "package.pdf.margin.top"),
                new Bad("{\"pdf\":{\"margin\":{\"middle\":0}}}", "package.pdf.margin.middle"),
                new Bad("{\"pdf\":{\"landscape\":1}}", "package.pdf.landscape"),
                new Bad("{\"pdf\":{\"headerTemplate\":\"x\"}}", "package.pdf.headerTemplate"),
                new Bad("{\"edit\":{\"key\":[\"id\"]}}", "package.edit"),
                new Bad("{\"edit\":{\"columns\":[\"name\"]}}", "package.edit.key"),
                new Bad("[1]", "package"),
                new Bad("{", "package"));
        for (Bad bad : packages) {
            try (JazminWriter w = JazminWriter.create(dir.resolve("p.jzm"), COLUMNS, WriteOptions.defaults())) {
                assertThatThrownBy(() -> w.setPackage(bad.packageJson())).as(bad.packageJson())
                        .isInstanceOf(JazminValidationException.class).hasMessageContaining(bad.field());
            }
        }
        List<Bad> actions = List.of(
                new Bad("{\"print\":\"no\"}", "print"),
                new Bad("{\"share\":true}", "share"),
                new Bad("{\"pdf\":{\"scale\":0.05}}", "pdf.scale"),
                new Bad("{\"pdf\":\"A4\"}", "pdf"));
        for (Bad bad : actions) {
            try (JazminWriter w = JazminWriter.create(dir.resolve("p.jzm"), COLUMNS, WriteOptions.defaults())) {
                assertThatThrownBy(() -> w.addFile(FileInput.of("a.txt", new byte[1], "text/plain")
                        .withActions(bad.packageJson()))).as(bad.packageJson())
                        .isInstanceOf(JazminValidationException.class).hasMessageContaining("'a.txt'")
                        .hasMessageContaining(bad.field());
            }
        }
        assertThat(dir.resolve("p.jzm")).doesNotExist();
    }

    /** {@code package.edit} names existing columns (spec §1.22), checked when the writer finishes. */
    @Test
    void editSettingsAreCheckedAgainstTheColumnsWhenTheWriterFinishes() throws Exception {
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("name", ColumnType.STRING),
                Column.of("score", ColumnType.FLOAT), Column.required("code", ColumnType.STRING));
        Map<String, String> bad = Map.of(
                "{\"edit\":{\"key\":[\"nope\"],\"columns\":[\"name\"]}}", "package.edit.key: the table has no column 'nope'",
                "{\"edit\":{\"key\":[\"score\"],\"delete\":true}}", "package.edit.key: column 'score' is float",
                "{\"edit\":{\"key\":[\"id\"],\"columns\":[\"gone\"]}}", "package.edit.columns",
                "{\"edit\":{\"table\":\"other\",\"key\":[\"id\"],\"delete\":true}}", "package.edit.table 'other'",
                "{\"edit\":{\"key\":[\"id\"],\"columns\":[\"name\"],\"add\":true}}", "package.edit.add: column 'code'");
        Path file = dir.resolve("edit.jzm");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            JazminWriter w = JazminWriter.create(file, columns, WriteOptions.defaults());
            w.setPackage(e.getKey());
            assertThatThrownBy(w::finish).as(e.getKey()).isInstanceOf(JazminValidationException.class)
                    .hasMessageContaining(e.getValue());
            assertThat(file).doesNotExist();
        }
        String good = "{\"edit\":{\"key\":[\"id\"],\"columns\":[\"name\",\"code\"],\"add\":true}}";
        try (JazminWriter w = JazminWriter.create(file, columns, WriteOptions.defaults())) {
            w.setPackage(good);
            w.finish();
        }
        try (JazminReader r = JazminReader.open(file)) {
            assertThat(r.packageJson()).hasValue(good);
        }
    }

    @Test
    void invalidPathsAndTypesAreRefusedAndTheWriterStaysUsable() throws Exception {
        Path file = dir.resolve("w.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults())) {
            for (String path : List.of("../x", "/abs", "a//b", "a/./b", "a\\b", "", "x".repeat(1025))) {
                assertThatThrownBy(() -> w.addFile(path, new byte[1], "text/plain", List.of()))
                        .isInstanceOf(JazminValidationException.class).hasMessageContaining("not valid");
            }
            w.addFile("ok.txt", new byte[]{1}, "text/plain", List.of());
            assertThatThrownBy(() -> w.addFile("ok.txt", new byte[]{2}, "text/plain", List.of()))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("twice");
            assertThatThrownBy(() -> w.addFile("t.txt", new byte[]{2}, " ", List.of()))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("media type");
            assertThatThrownBy(() -> w.addFile("g.txt", new byte[]{2}, "text/plain", List.of("a", "a")))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("group");
            w.writeValues(1L);
            w.finish();
        }
        try (JazminReader r = JazminReader.open(file)) {
            assertThat(r.files()).extracting(EmbeddedFile::path).containsExactly("ok.txt");
        }
    }

    @Test
    void aPackageEntryThatIsNotStoredFailsTheFinishAndLeavesTheTargetAsItWas() throws Exception {
        Path file = dir.resolve("t.jzm");
        writeWith(file, WriteOptions.defaults(), w -> {
        });
        byte[] before = Files.readAllBytes(file);
        JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults());
        w.writeValues(5L);
        w.addFile("a.txt", new byte[]{1}, "text/plain", List.of());
        w.setPackage("{\"entry\":\"index.html\"}");
        assertThatThrownBy(w::finish).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("package.entry").hasMessageContaining("index.html");
        assertArrayEquals(before, Files.readAllBytes(file));
        assertNoLeftovers();
    }

    @Test
    void anUnreadableContentAbortsTheWriterAndLeavesNothingBehind() throws Exception {
        Path file = dir.resolve("t.jzm");
        writeWith(file, WriteOptions.defaults(), w -> {
        });
        byte[] before = Files.readAllBytes(file);
        InputStream failing = new InputStream() {
            private int left = 300_000;

            @Override
            public int read() throws java.io.IOException {
                // At every call once past the end: InputStream.read(byte[]) swallows a failure after the first byte.
                if (left-- <= 0) {
                    throw new java.io.IOException("disk gone");
                }
                return 7;
            }
        };
        JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults());
        assertThatThrownBy(() -> w.addFile("x.bin", failing, "x/y", List.of())).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("x.bin").hasMessageContaining("disk gone");
        assertThatThrownBy(() -> w.addFile("y.bin", dir.resolve("missing.bin"), "x/y", List.of()))
                .isInstanceOf(IllegalStateException.class);
        assertArrayEquals(before, Files.readAllBytes(file));
        assertNoLeftovers();
        // The lock was released: another writer can start at once.
        writeWith(file, WriteOptions.defaults(), x -> x.addFile("y.bin", new byte[0], "x/y", List.of()));
    }

    private void assertNoLeftovers() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".lock"));
        }
    }

    interface WriterBody {
        void accept(JazminWriter w) throws Exception;
    }

    private static void writeWith(Path file, WriteOptions options, WriterBody body) throws Exception {
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            w.writeValues(1L);
            body.accept(w);
            w.finish();
        }
    }

    /** The directory of {@code file}'s current version: its files, and the contents they point to, each once. */
    static EmbeddedDirectory directory(Path file, ReadOptions options) {
        return EngineFiles.opened(file, options, opened -> {
            var files = io.jazmin.internal.reader.EmbeddedFiles.of(opened);
            return new EmbeddedDirectory(files.files(), EngineFiles.contents(files), files.shapesJson());
        });
    }
}
