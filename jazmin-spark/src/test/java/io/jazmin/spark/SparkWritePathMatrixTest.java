package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.FileFingerprint;
import io.jazmin.testing.WritePathFiles;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark writer's part of the write-path matrix (issue 30): {@code df.write().format("jazmin")}
 * in modes append and overwrite into a folder holding each kind of file {@link WritePathFiles}
 * builds, with that kind's own secret, and across kinds of protection. A write either keeps every
 * file it does not replace byte-identical and writes parts protected as the folder's files are, or
 * is refused before any task runs with a typed exception, the folder's files byte-identical and
 * nothing left behind. Never a file less encrypted, less shared or holding less than the one it
 * replaces.
 */
class SparkWritePathMatrixTest {
    private static final StructType SCHEMA = StructType.fromDDL(
            "id BIGINT NOT NULL, name STRING, country STRING, age BIGINT NOT NULL");
    private static final List<Long> NEW_IDS = List.of(101L, 102L, 103L);

    @TempDir
    static Path root;
    static Dataset<Row> customers;

    enum Mode {
        APPEND, OVERWRITE
    }

    @BeforeAll
    static void setUp() {
        List<Row> rows = new ArrayList<>();
        for (long id : NEW_IDS) {
            Map<String, Object> c = WritePathFiles.customer(id);
            rows.add(RowFactory.create(c.get("id"), c.get("name"), c.get("country"), c.get("age")));
        }
        customers = SharedSpark.get().createDataFrame(rows, SCHEMA).coalesce(1);
    }

    @TestFactory
    Stream<DynamicTest> appendAndOverwriteIntoAFolderOfEachKind() {
        return Stream.of(Mode.values()).flatMap(mode -> Stream.of(Kind.values())
                .map(kind -> DynamicTest.dynamicTest(mode + " into " + kind, () -> cell(mode, kind))));
    }

    /** A folder holding one file of {@code kind}, written into with that kind's own secret. */
    private static void cell(Mode mode, Kind kind) throws IOException {
        Sample sample = sampleIn(mode + "-" + kind, kind);
        Path folder = sample.path().getParent();
        FileFingerprint before = sample.fingerprint();
        Map<String, String> secret = secretOf(sample);
        // What a Spark part cannot hold: an overwrite replacing a file that holds it would lose it.
        boolean holdsMore = before.tables().size() > 1 || !before.files().isEmpty() || before.packageJson() != null
                || !before.shapes().isEmpty() || !before.metadata().equals("{}");
        if (kind == Kind.TWO_TABLES || kind == Kind.EMBEDDED) {
            assertThat(holdsMore).as("the fixture's " + kind + " holds more than rows").isTrue();
        }
        Class<? extends Exception> refusal = switch (kind) {
            case SHARED_HOLDER -> JazminValidationException.class;   // an access key only reads
            case SHARED_OWNER -> UnsupportedFeatureException.class;  // Spark writes no shared files
            case PLAIN, KEY, PASSWORD, TWO_TABLES, EMBEDDED, DIFFERENT_LAYOUT ->
                    mode == Mode.OVERWRITE && holdsMore ? UnsupportedFeatureException.class : null;
        };
        if (refusal != null) {
            assertRefused(() -> write(mode, secret, folder), refusal, sample, before);
            return;
        }
        write(mode, secret, folder);
        List<Path> parts = partsBeside(sample.path());
        assertThat(parts).isNotEmpty();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Path part : parts) {
            FileFingerprint written = FileFingerprint.of(part, sample.readOptions(), null);
            assertThat(written.encryption()).as("a new part is protected as the folder's file was")
                    .isEqualTo(before.encryption());
            rows.addAll(written.rows(WritePathFiles.TABLE));
        }
        assertThat(rows).containsExactlyInAnyOrderElementsOf(newCustomers());
        if (mode == Mode.APPEND) {
            assertThat(sample.fingerprint().byteIdentical(before)).as("the folder's file is kept").isTrue();
        } else {
            // An overwrite replaces the folder's rows: the old file, holding nothing else, is gone.
            assertThat(sample.path()).doesNotExist();
        }
        assertThat(names(folder)).noneMatch(n -> n.startsWith("_temporary"));
    }

    @Test
    void aWriteLessEncryptedOrEncryptedOtherwiseThanTheFolderIsRefused() throws IOException {
        Sample key = sampleIn("cross-key", Kind.KEY);
        Path keyed = key.path().getParent();
        FileFingerprint keyBefore = key.fingerprint();
        String otherKey = JazminKey.generate().text();
        for (Mode mode : Mode.values()) {
            assertRefused(() -> write(mode, Map.of(), keyed), JazminKeyException.class, key, keyBefore);
            assertRefused(() -> write(mode, Map.of("secretKey", otherKey), keyed), JazminKeyException.class, key,
                    keyBefore);
            assertRefused(() -> write(mode, Map.of("password", "not the key"), keyed), JazminKeyException.class, key,
                    keyBefore);
        }
        Sample pw = sampleIn("cross-password", Kind.PASSWORD);
        Path password = pw.path().getParent();
        FileFingerprint pwBefore = pw.fingerprint();
        assertRefused(() -> write(Mode.OVERWRITE, Map.of("secretKey", otherKey), password), JazminKeyException.class,
                pw, pwBefore);
        assertRefused(() -> write(Mode.APPEND, Map.of(), password), JazminKeyException.class, pw, pwBefore);
    }

    @Test
    void anEncryptedAppendIntoPlainFilesIsRefusedAndAnEncryptedOverwriteOfThemIsNot() throws IOException {
        Sample sample = sampleIn("cross-plain", Kind.PLAIN);
        Path plain = sample.path().getParent();
        FileFingerprint before = sample.fingerprint();
        JazminKey key = JazminKey.generate();
        assertRefused(() -> write(Mode.APPEND, Map.of("secretKey", key.text()), plain), JazminKeyException.class,
                sample, before);
        write(Mode.OVERWRITE, Map.of("secretKey", key.text()), plain);
        List<Path> parts = partsBeside(sample.path());
        assertThat(sample.path()).doesNotExist();
        assertThat(parts).allSatisfy(p -> assertThat(FileFingerprint.of(p, ReadOptions.defaults().withKey(key), null)
                .encryption()).isEqualTo("key"));
    }

    @Test
    void anOverwriteOfAFileNeedingAnUnknownWriterFeatureIsRefused() throws IOException {
        Sample sample = WritePathFiles.requiringWriterFeature(sampleIn("writer-feature", Kind.PLAIN), "future-thing");
        FileFingerprint before = sample.fingerprint();
        assertRefused(() -> write(Mode.OVERWRITE, Map.of(), sample.path().getParent()), UnsupportedFeatureException.class,
                sample, before);
    }

    @Test
    void aJzmFileIsNeverTheTargetOfASave() throws IOException {
        Sample sample = sampleIn("file-target", Kind.EMBEDDED);
        FileFingerprint before = sample.fingerprint();
        for (Mode mode : Mode.values()) {
            assertRefused(() -> write(mode, secretOf(sample), sample.path()), JazminValidationException.class, sample,
                    before);
        }
    }

    /** A file of {@code kind} alone in a new folder of {@code root}. */
    private static Sample sampleIn(String folder, Kind kind) throws IOException {
        return WritePathFiles.build(kind, Files.createDirectories(root.resolve(folder)));
    }

    private interface Write {
        void run() throws Exception;
    }

    /** Refused with {@code type} before any task ran: the file byte-identical, nothing new beside it. */
    private static void assertRefused(Write write, Class<? extends Exception> type, Sample sample, FileFingerprint before)
            throws IOException {
        List<String> namesBefore = names(sample.path().getParent());
        assertThatThrownBy(write::run).isInstanceOf(type);
        assertThat(sample.fingerprint().byteIdentical(before)).as("file byte-identical").isTrue();
        assertThat(names(sample.path().getParent())).isEqualTo(namesBefore);
    }

    private static void write(Mode mode, Map<String, String> options, Path target) {
        DataFrameWriter<Row> writer = customers.write().format("jazmin")
                .mode(mode == Mode.APPEND ? "append" : "overwrite").option("table", WritePathFiles.TABLE);
        options.forEach(writer::option);
        writer.save(target.toString());
    }

    /** The Spark options of the kind's own secret: its key, password, owner key or access key. */
    private static Map<String, String> secretOf(Sample sample) {
        if (sample.key() != null) {
            return Map.of("secretKey", sample.key());
        }
        if (sample.password() != null) {
            return Map.of("password", sample.password());
        }
        return sample.accessKey() != null ? Map.of("accessKey", sample.accessKey()) : Map.of();
    }

    private static List<Path> partsBeside(Path file) throws IOException {
        try (Stream<Path> s = Files.list(file.getParent())) {
            return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Map<String, Object>> newCustomers() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (long id : NEW_IDS) {
            rows.add(new LinkedHashMap<>(WritePathFiles.customer(id)));
        }
        return rows;
    }
}
