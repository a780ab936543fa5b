package io.jazmin.roundtrip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.schema.JsonText;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.testing.FileSections;
import io.jazmin.internal.wire.SectionEnvelope;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proves the writer's contract: bad rows are refused with the row number and column name, a
 * failed or aborted write leaves no file (and no temporary file) behind and never touches an
 * existing target, and a tiny file's chunk part is byte for byte the spec's Appendix A example.
 */
class WriterBehaviourTest {
    private static final List<Column> ID_NAME = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));

    @TempDir
    Path dir;

    /**
     * A chunk also ends once its rows reach {@code chunkBytes} as the reference writer counts them:
     * 5 per int, text length + 1 per string, nothing for a null. Rows of 5 + 10 bytes against a limit
     * of 100 cut chunks of 7 rows; rows whose name is null count 5 bytes.
     */
    @Test
    void chunksEndAtTheirRawByteLimit() throws IOException {
        Path target = dir.resolve("bytes.jzm");
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults().withChunkBytes(100))) {
            for (long i = 0; i < 20; i++) {
                w.writeValues(i, "name-" + (1000 + i));
            }
            for (long i = 20; i < 40; i++) {
                w.writeValues(i, null);
            }
            w.finish();
        }
        ChunkDirectory dir = FileSections.of(target).firstDirectory(0);
        // 7, 7, then 6 named rows + 2 null ones (90 + 10 bytes), then 18 null rows: 5 × 18 = 90.
        assertArrayEquals(new int[] {7, 7, 8, 18}, dir.rowCounts());
    }

    /** A write that fails mid-way and is then closed leaves the folder empty: no target, no temp file. */
    @Test
    void failedWriteLeavesNothingBehind() throws IOException {
        Path target = dir.resolve("new.jzm");
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults().withChunkRows(1))) {
            w.writeValues(1L, "Ann");
            w.writeValues(2L, "Bob");
            assertThrows(InvalidRowException.class, () -> w.writeValues("three", "Cid"));
        }
        assertThat(listing()).isEmpty();
    }

    /** A failed write to an existing file leaves that file's bytes unchanged and no temp file. */
    @Test
    void failedWriteDoesNotTouchTheExistingTarget() throws IOException {
        Path target = existingFile();
        byte[] before = Files.readAllBytes(target);
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults().withChunkRows(1))) {
            w.writeValues(7L, "Zed");
            assertThrows(InvalidRowException.class, () -> w.writeValues(null, "no id"));
        }
        assertArrayEquals(before, Files.readAllBytes(target));
        assertThat(listing()).containsExactly("old.jzm");
    }

    /** abort() after good rows keeps the old file intact and removes the temp file. */
    @Test
    void abortKeepsTheOldFile() throws IOException {
        Path target = existingFile();
        byte[] before = Files.readAllBytes(target);
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults())) {
            w.writeValues(9L, "Nine");
            w.abort();
        }
        assertArrayEquals(before, Files.readAllBytes(target));
        assertThat(listing()).containsExactly("old.jzm");
        try (JazminReader r = JazminReader.open(target)) {
            assertEquals(2, r.table().rowCount());
        }
    }

    /**
     * The temporary file is owner-only while written; the file put in place is rw-r--r-- when new,
     * and keeps the permissions of the file it replaces.
     */
    @Test
    void writtenFileTakesTheUsualOrTheReplacedFilesPermissions() throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path target = dir.resolve("fresh.jzm");
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults())) {
            w.writeValues(1L, "Ann");
            assertThat(listing()).filteredOn(name -> name.endsWith(".jzm.tmp")).singleElement().satisfies(temp ->
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(temp))))
                            .isEqualTo("rw-------"));
            w.finish();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r--r--");

        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults())) {
            w.writeValues(2L, "Bob");
            w.finish();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-rw----");
        assertThat(listing()).containsExactly("fresh.jzm");
    }

    /** An unknown column name is refused naming the row number and the column. */
    @Test
    void unknownColumnIsRefused() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", 3L);
        row.put("nickname", "Cy");
        assertRefusedAfterTwoRows(ID_NAME, w -> w.writeRow(row), "nickname");
    }

    /** A null (or an absent value) in a required column is refused naming the row and column. */
    @Test
    void nullInRequiredColumnIsRefused() {
        assertRefusedAfterTwoRows(ID_NAME, w -> w.writeValues(null, "Cy"), "id");
        assertRefusedAfterTwoRows(ID_NAME, w -> w.writeRow(Map.of("name", "Cy")), "id");
    }

    /** A Java value of the wrong type for the column is refused naming the row and column. */
    @ParameterizedTest(name = "{0} column refuses {1}")
    @MethodSource("wrongValues")
    void wrongJavaTypeIsRefused(ColumnType type, Object wrong) {
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("v", type));
        assertRefusedAfterTwoRows(columns, w -> w.writeValues(3L, wrong), "v", goodValue(type));
    }

    static Stream<Arguments> wrongValues() {
        return Stream.of(
                Arguments.of(ColumnType.BOOL, "true"),
                Arguments.of(ColumnType.INT, "42"),
                Arguments.of(ColumnType.INT, 4.0),
                Arguments.of(ColumnType.FLOAT, "1.5"),
                Arguments.of(ColumnType.FLOAT, new BigDecimal("1.5")),
                Arguments.of(ColumnType.DECIMAL, 1.5),
                Arguments.of(ColumnType.STRING, 42L),
                Arguments.of(ColumnType.DATETIME, 1_700_000_000_000L),
                Arguments.of(ColumnType.DATETIME, "2024-01-01T00:00:00Z"),
                Arguments.of(ColumnType.BINARY, "AAEC"),
                Arguments.of(ColumnType.JSON, "{\"a\":1}"));
    }

    private static Object goodValue(ColumnType type) {
        return switch (type) {
            case BOOL -> true;
            case INT -> 1L;
            case FLOAT -> 1.5;
            case DECIMAL -> new BigDecimal("1.50");
            case STRING -> "s";
            case DATETIME -> Instant.ofEpochMilli(0);
            case BINARY -> new byte[] {1};
            case JSON -> JsonText.of("[1]");
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    /**
     * Spec Appendix A: rows {id:1,name:"Ann"}, {id:2,name:null} with codec none give one chunk part
     * (found through the chunk directory; it follows the 64-byte preamble) whose payload is exactly
     * {@code 03 00 02 04 06 10 02 03 41 6E 6E}, stored uncompressed with a correct envelope.
     */
    @Test
    void appendixAChunkPartBytes() throws IOException {
        Path target = dir.resolve("appendix-a.jzm");
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults().withCodec(Codec.NONE))) {
            w.writeRow(Map.of("id", 1L, "name", "Ann"));
            Map<String, Object> second = new LinkedHashMap<>();
            second.put("id", 2L);
            second.put("name", null);
            w.writeRow(second);
            w.finish();
        }
        byte[] file = Files.readAllBytes(target);
        byte[] expected = HexFormat.ofDelimiter(" ").parseHex("03 00 02 04 06 10 02 03 41 6E 6E");

        ChunkDirectory directory = FileSections.of(file).firstDirectory(0);
        assertArrayEquals(new long[] {64}, directory.partOffsets(), "the only part follows the preamble");
        assertArrayEquals(new long[] {SectionEnvelope.SIZE + expected.length}, directory.partLengths());
        assertArrayEquals(new int[] {2}, directory.rowCounts());

        SectionEnvelope envelope = SectionEnvelope.decode(file, 64);
        assertEquals(0, envelope.codec(), "codec none");
        assertEquals(0, envelope.flags());
        assertEquals(expected.length, envelope.rawLength());
        assertEquals(expected.length, envelope.payloadLength());
        assertEquals(0, file[66] | file[67], "reserved envelope bytes");
        byte[] payload = Arrays.copyOfRange(file, 64 + SectionEnvelope.SIZE, 64 + SectionEnvelope.SIZE + expected.length);
        assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(payload), "chunk part payload");
        CRC32 crc = new CRC32();
        crc.update(payload);
        assertEquals(crc.getValue(), envelope.crc32(), "envelope CRC-32");
    }

    // ---- helpers ----

    /** Writes two good rows, then asserts {@code bad} is refused as row 2 naming {@code column}. */
    private void assertRefusedAfterTwoRows(List<Column> columns, Consumer<JazminWriter> bad, String column) {
        assertRefusedAfterTwoRows(columns, bad, column, "x");
    }

    private void assertRefusedAfterTwoRows(List<Column> columns, Consumer<JazminWriter> bad, String column,
                                           Object secondValue) {
        Path target = dir.resolve("refused.jzm");
        try (JazminWriter w = JazminWriter.create(target, columns, WriteOptions.defaults())) {
            w.writeValues(1L, secondValue);
            w.writeValues(2L, null);
            InvalidRowException e = assertThrows(InvalidRowException.class, () -> bad.accept(w));
            assertEquals(2, e.row(), e.getMessage());
            assertEquals(column, e.column(), e.getMessage());
            assertThat(e.getMessage()).contains("row 2").contains("'" + column + "'");
        }
        assertThat(target).doesNotExist();
    }

    /** A valid two-row file named old.jzm. */
    private Path existingFile() {
        Path target = dir.resolve("old.jzm");
        try (JazminWriter w = JazminWriter.create(target, ID_NAME, WriteOptions.defaults())) {
            w.writeValues(1L, "Ann");
            w.writeValues(2L, "Bob");
            w.finish();
        }
        return target;
    }

    /** The folder's files but the lock guard every writer of a folder leaves (WriterLock). */
    private List<String> listing() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.equals(".jazmin-lock-guard")).sorted()
                    .toList();
        }
    }
}
