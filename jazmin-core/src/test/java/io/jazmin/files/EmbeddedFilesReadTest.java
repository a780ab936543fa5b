package io.jazmin.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.testing.EngineFiles;
import io.jazmin.error.EmbeddedFileDamagedException;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.testing.CatalogPatch;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.FileSections;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded files of the reference library's js-files-key fixture (spec §1.23) are listed and
 * read with the bytes the reference fixture helpers stored: whole, by range and as a stream, each
 * check failing on a damaged block or a wrong digest.
 */
class EmbeddedFilesReadTest {
    private static final ConformanceCase CASE = ConformanceCase.named("js-files-key");
    private static final ConformanceCase.View VIEW = CASE.views().get(0);

    @TempDir
    Path dir;

    /** The contents the reference fixture helpers give: a 600,000-byte pattern ((i*31+7) & 255), two texts, an empty file. */
    static Map<String, byte[]> referenceContents() {
        byte[] pattern = new byte[600_000];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) ((i * 31 + 7) & 255);
        }
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("index.html", "<h1>JAZMIN interop</h1>".getBytes(StandardCharsets.UTF_8));
        m.put("docs/za.bin", pattern);
        m.put("docs/shared.bin", pattern);
        m.put("img/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".getBytes(StandardCharsets.UTF_8));
        m.put("empty.txt", new byte[0]);
        return m;
    }

    @Test
    void listsEveryFileWithItsTypeGroupsSizeAndDigest() {
        try (JazminReader reader = JazminReader.open(CASE.dataFile(), VIEW.readOptions())) {
            Map<String, byte[]> expected = referenceContents();
            assertThat(reader.files()).extracting(EmbeddedFile::path)
                    .containsExactlyInAnyOrderElementsOf(expected.keySet());
            for (EmbeddedFile f : reader.files()) {
                assertEquals(expected.get(f.path()).length, f.size(), f.path());
                assertEquals(sha256(expected.get(f.path())), f.sha256(), f.path());
            }
            assertThat(byPath(reader, "docs/za.bin").groups()).containsExactly("ZA");
            assertThat(byPath(reader, "docs/shared.bin").groups()).containsExactly("BW", "NA");
            assertThat(byPath(reader, "img/logo.svg").groups()).containsExactly("template");
            assertThat(byPath(reader, "index.html").type()).isEqualTo("text/html");
            assertThat(reader.packageJson()).hasValueSatisfying(p -> assertThat(p)
                    .contains("\"entry\":\"index.html\"").contains("\"title\":\"Interop\""));
            assertEquals(FileActions.ALL, reader.fileActions("index.html"), "no actions: everything allowed");
        }
    }

    @Test
    void readsEveryFileWholeAsAStreamAndByRanges() throws Exception {
        try (JazminReader reader = JazminReader.open(CASE.dataFile(), VIEW.readOptions())) {
            for (Map.Entry<String, byte[]> e : referenceContents().entrySet()) {
                byte[] want = e.getValue();
                assertArrayEquals(want, reader.readFile(e.getKey()), e.getKey());
                try (InputStream in = reader.openFile(e.getKey())) {
                    assertArrayEquals(want, readInSmallPieces(in), e.getKey() + " as a stream");
                }
                assertArrayEquals(want, reader.readFileRange(e.getKey(), 0, want.length), e.getKey() + " whole range");
            }
            byte[] pattern = referenceContents().get("docs/za.bin");
            int block = 256 * 1024;
            long[][] ranges = {{0, 1}, {block - 3, block + 5}, {block, 2L * block}, {10, 599_999},
                    {2L * block + 1, 600_000}, {300, 300}};
            for (long[] r : ranges) {
                assertArrayEquals(Arrays.copyOfRange(pattern, (int) r[0], (int) r[1]),
                        reader.readFileRange("docs/za.bin", r[0], r[1]), r[0] + "-" + r[1]);
            }
            assertArrayEquals("JAZMIN".getBytes(StandardCharsets.UTF_8), reader.readFileRange("index.html", 4, 10));
        }
    }

    @Test
    void badRangesAndMissingPathsAreValidationErrorsNamingThem() {
        try (JazminReader reader = JazminReader.open(CASE.dataFile(), VIEW.readOptions())) {
            assertThatThrownBy(() -> reader.readFileRange("index.html", 0, 24))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("index.html")
                    .hasMessageContaining("23 bytes");
            assertThatThrownBy(() -> reader.readFileRange("index.html", 5, 4))
                    .isInstanceOf(JazminValidationException.class);
            assertThatThrownBy(() -> reader.readFileRange("index.html", -1, 4))
                    .isInstanceOf(JazminValidationException.class);
            assertThatThrownBy(() -> reader.openFile("nope.txt")).isInstanceOf(JazminValidationException.class)
                    .hasMessageContaining("nope.txt");
            assertThatThrownBy(() -> reader.readFileRange("nope.txt", 0, 0))
                    .isInstanceOf(JazminValidationException.class);
            assertThatThrownBy(() -> reader.fileActions("nope.txt")).isInstanceOf(JazminValidationException.class);
        }
    }

    /** A directory whose digest does not match the stored bytes: whole reads and streams tell, ranges cannot. */
    @Test
    void aWrongDigestIsATypedErrorForWholeReadsAndStreamsButNotForRanges() throws Exception {
        byte[] hello = "hello, world".getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("plain.jzm");
        try (var w = io.jazmin.JazminWriter.create(file, List.of(io.jazmin.schema.Column.required("id",
                io.jazmin.schema.ColumnType.INT)), io.jazmin.options.WriteOptions.defaults())) {
            w.writeValues(1L);
            w.addFile("a.txt", hello, "text/plain", List.of("*"));
            w.finish();
        }
        byte[] bytes = Files.readAllBytes(file);
        FileSections sections = FileSections.of(bytes);
        Header h = sections.header();
        FileDirectory d = h.files().directories().get(0);
        EmbeddedDirectory dirOld = EmbeddedDirectory.decode(sections.read("files/dir", d.section()), "files/dir");
        Content c = dirOld.contents().get(0);
        Content wrong = new Content(c.id(), c.size(), sha256("other".getBytes(StandardCharsets.UTF_8)),
                c.blockSize(), c.key(), c.blocks());
        CatalogPatch patch = CatalogPatch.of(bytes);
        SectionRef ref = patch.add("files/dir", new EmbeddedDirectory(dirOld.files(), List.of(wrong), null).encode());
        Files.write(file, patch.finish(new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(),
                h.appendCount(), h.metadata(), h.tables(), h.keyring(), new FilesInfo(List.of(new FileDirectory("*",
                ref)), h.files().nextContent(), h.files().packageJson(), 0), h.access(), h.deltas())));

        try (JazminReader reader = JazminReader.open(file)) {
            assertThatThrownBy(() -> reader.readFile("a.txt")).isInstanceOfSatisfying(
                    EmbeddedFileDamagedException.class, e -> assertEquals("a.txt", e.path()));
            try (InputStream in = reader.openFile("a.txt")) {
                assertThatThrownBy(in::readAllBytes).isInstanceOf(EmbeddedFileDamagedException.class)
                        .hasMessageContaining("a.txt");
            }
            assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), reader.readFileRange("a.txt", 0, 5));
        }
    }

    @Test
    void aDamagedEncryptedBlockFailsRangeReadsAndStreamsNamingTheBlock() throws Exception {
        Path file = dir.resolve("files.jzm");
        Files.copy(CASE.dataFile(), file);
        Content pattern = EngineFiles.content(file, VIEW.readOptions(), "docs/za.bin");
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) pattern.blocks().get(1).offset() + 40] ^= 1;
        Files.write(file, bytes);
        String block = "file/" + pattern.id() + "/1";
        try (JazminReader reader = JazminReader.open(file, VIEW.readOptions())) {
            assertArrayEquals(Arrays.copyOfRange(referenceContents().get("docs/za.bin"), 0, 1000),
                    reader.readFileRange("docs/za.bin", 0, 1000), "block 0 is intact");
            assertThatThrownBy(() -> reader.readFileRange("docs/za.bin", 300_000, 300_001))
                    .isInstanceOf(io.jazmin.error.JazminException.class).hasMessageContaining(block);
            try (InputStream in = reader.openFile("docs/za.bin")) {
                assertThatThrownBy(in::readAllBytes).isInstanceOf(io.jazmin.error.JazminException.class)
                        .hasMessageContaining(block);
            }
        }
    }

    private static EmbeddedFile byPath(JazminReader reader, String path) {
        return reader.files().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow();
    }

    private static byte[] readInSmallPieces(InputStream in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[7_777];
        for (int n; (n = in.read(buf, 0, buf.length)) >= 0; ) {
            out.write(buf, 0, n);
        }
        assertEquals(-1, in.read(), "stays at the end");
        return out.toByteArray();
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(EmbeddedFiles.sha256().digest(bytes));
    }
}
