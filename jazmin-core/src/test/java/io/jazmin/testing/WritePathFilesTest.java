package io.jazmin.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileChanges;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.schema.Column;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The write-path fixture builds what it promises, and its fingerprint sees what a change loses. */
class WritePathFilesTest {
    /** The entity the fixture's first table fits. */
    record Customer(long id, String name, String country, int age) {
    }

    @TempDir
    Path dir;

    @Test
    void theCustomersTableIsWhatARecordEntityMapsTo() {
        JazminMapper<Customer> mapper = JazminMapper.forType(Customer.class);
        assertThat(mapper.schema().columns()).extracting(Column::name, Column::type, Column::nullable)
                .isEqualTo(WritePathFiles.CUSTOMER_COLUMNS.stream()
                        .map(c -> org.assertj.core.groups.Tuple.tuple(c.name(), c.type(), c.nullable())).toList());
        Sample sample = WritePathFiles.build(Kind.KEY, dir);
        try (JazminReader reader = JazminReader.open(sample.path(), sample.readOptions())) {
            assertThat(mapper.table(reader).stream().toList()).hasSize(WritePathFiles.ROWS)
                    .contains(new Customer(7, "Customer 7", "JP", 27));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyKindHoldsTheCustomersAndWhatItsKindPromises(Kind kind) {
        Sample sample = WritePathFiles.build(kind, dir);
        FileFingerprint print = sample.fingerprint();

        assertThat(print.tables().keySet().iterator().next()).isEqualTo(WritePathFiles.TABLE);
        assertThat(print.rows(WritePathFiles.TABLE)).hasSize(WritePathFiles.ROWS)
                .contains(WritePathFiles.customer(1), WritePathFiles.customer(WritePathFiles.ROWS));
        assertThat(print.encryption()).isEqualTo(switch (kind) {
            case PLAIN, TWO_TABLES, DIFFERENT_LAYOUT -> "plain";
            case KEY, EMBEDDED -> "key";
            case PASSWORD -> "password";
            case SHARED_OWNER, SHARED_HOLDER -> "shared";
        });
        FileFingerprint.TableState customers = print.tables().get(WritePathFiles.TABLE);
        if (kind == Kind.DIFFERENT_LAYOUT) {
            assertThat(customers.sortedBy()).isEqualTo(WritePathFiles.DIFFERENT_FILE_SORTED_BY)
                    .isNotEqualTo(sample.configuredSortedBy());
            assertThat(customers.indexes()).containsExactly("name:trigram");
            assertThat(print.files()).extracting(EmbeddedFile::path).containsExactly("notes.txt");
            assertThat(print.shapes()).hasSize(1);
            assertThat(print.metadata()).contains("different layout");
        } else {
            assertThat(customers.sortedBy()).isEmpty();
            assertThat(customers.indexes()).containsExactly("id:sorted");
        }
        assertThat(print.tables().keySet()).hasSize(kind == Kind.TWO_TABLES ? 2 : 1);
        if (kind == Kind.TWO_TABLES) {
            assertThat(print.rows(WritePathFiles.OTHER_TABLE)).hasSize(25);
        }
        if (kind == Kind.EMBEDDED) {
            assertThat(print.files()).extracting(EmbeddedFile::path)
                    .containsExactly("data/large.bin", "docs/readme.txt", "index.html");
            assertThat(print.files().get(0).sha256())
                    .isEqualTo(FileFingerprint.sha256(WritePathFiles.largeEmbeddedBytes()));
            assertThat(print.shapes()).hasSize(2);
            assertThat(print.packageJson()).contains("\"entry\":\"index.html\"");
            assertThat(print.metadata()).contains("\"version\":3");
        }
        if (kind.shared()) {
            assertThat(print.grants()).extracting(JazminFile.GrantInfo::label).containsExactly("granted", "narrow");
            assertThat(print.partitions()).containsExactlyInAnyOrderElementsOf(WritePathFiles.COUNTRIES);
            assertThat(customers.partitionBy()).isEqualTo("country");
            assertThat(customers.columnGroups()).containsEntry(WritePathFiles.PERSONAL_GROUP, List.of("age"));
            assertThat(print.files()).extracting(EmbeddedFile::path).containsExactly("index.html");
            assertThat(print.shapes()).hasSize(1);
            assertThat(print.packageJson()).isNotNull();
        }
    }

    @Test
    void theHolderSeesItsGrantOnly() {
        Sample sample = WritePathFiles.build(Kind.SHARED_HOLDER, dir);
        try (JazminReader reader = JazminReader.open(sample.path(), sample.readOptions())) {
            assertThat(reader.ownerKey()).isFalse();
            List<Map<String, Object>> rows = reader.table().rows().map(Row::toMap).toList();
            assertThat(rows).isNotEmpty().allMatch(r -> r.get("country").equals("NL"));
            assertThat(rows).first().isEqualTo(WritePathFiles.customer(4));
        }
    }

    /**
     * Compaction of every kind of file a writer may change keeps everything (every table's rows, indexes,
     * metadata, embedded files, shapes, encryption, grants): the files' 16-row chunks are carried as their
     * encoded parts where they are intact and full, the rest re-encoded (a shared file is rewritten row by row).
     */
    @ParameterizedTest
    @EnumSource(value = Kind.class, names = "SHARED_HOLDER", mode = EnumSource.Mode.EXCLUDE)
    void compactionOfEveryKindKeepsEveryTableAndEverythingElse(Kind kind) {
        Sample sample = WritePathFiles.build(kind, dir);
        FileFingerprint before = sample.fingerprint();

        // The files' chunk size, so their full chunks are ones a compaction carries.
        JazminFile.compact(sample.path(), sample.ownerWriteOptions().withChunkRows(16));
        FileFingerprint compacted = sample.fingerprint();
        assertThat(before.differencesOutside(compacted, WritePathFiles.TABLE, false)).isEmpty();
        assertThat(compacted.rows(WritePathFiles.TABLE)).isEqualTo(before.rows(WritePathFiles.TABLE));
        if (kind == Kind.TWO_TABLES) {
            assertThat(compacted.rows(WritePathFiles.OTHER_TABLE)).isNotEmpty()
                    .isEqualTo(before.rows(WritePathFiles.OTHER_TABLE));
        }
    }

    @Test
    void compactionKeepsEverythingButTheFingerprintSeesALostFileAndNewBytes() {
        Sample sample = WritePathFiles.build(Kind.EMBEDDED, dir);
        FileFingerprint before = sample.fingerprint();

        JazminFile.compact(sample.path(), sample.writeOptions());
        FileFingerprint compacted = sample.fingerprint();
        assertThat(before.differencesOutside(compacted, WritePathFiles.TABLE, false)).isEmpty();
        assertThat(compacted.rows(WritePathFiles.TABLE)).isEqualTo(before.rows(WritePathFiles.TABLE));
        assertThat(compacted.byteIdentical(before)).isFalse();

        JazminFile.changeFiles(sample.path(), FileChanges.removing("docs/readme.txt"), sample.writeOptions());
        assertThat(before.differencesOutside(sample.fingerprint(), WritePathFiles.TABLE, false))
                .singleElement().asString().startsWith("embedded files:");
    }

    @Test
    void aFileNeedingAnUnknownWriterFeatureReadsAsBeforeAndRefusesChanges() throws Exception {
        Sample sample = WritePathFiles.build(Kind.TWO_TABLES, dir);
        FileFingerprint before = sample.fingerprint();
        WritePathFiles.requiringWriterFeature(sample, "future-thing");
        byte[] bytes = java.nio.file.Files.readAllBytes(sample.path());
        assertThat(before.differencesOutside(sample.fingerprint(), "", false)).isEmpty();
        assertThat(sample.fingerprint().rows(WritePathFiles.TABLE)).isEqualTo(before.rows(WritePathFiles.TABLE));
        assertThatThrownBy(() -> JazminFile.delete(sample.path(), Filter.eq("id", 1L), sample.writeOptions()))
                .isInstanceOfSatisfying(UnsupportedFeatureException.class,
                        e -> assertThat(e.feature()).isEqualTo("future-thing"));
        assertThat(java.nio.file.Files.readAllBytes(sample.path())).isEqualTo(bytes);
    }

    @Test
    void aCopyIsByteIdenticalAndOpensWithTheSameSecrets() {
        Sample sample = WritePathFiles.build(Kind.PASSWORD, dir);
        Sample copy = WritePathFiles.copy(sample, "copy.jzm");
        assertThat(copy.fingerprint().byteIdentical(sample.fingerprint())).isTrue();
        assertThat(copy.toString()).doesNotContain(sample.password());
    }
}
