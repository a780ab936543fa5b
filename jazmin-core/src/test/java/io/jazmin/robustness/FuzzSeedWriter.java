package io.jazmin.robustness;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the seed corpus of {@link JazminReaderFuzzTest}: small files of our writer for every
 * codec and kind of secret, with a sorted and a trigram index, some appended to and deleted from,
 * plus copies of small conformance files, each behind a control prefix ({@link FuzzInput}).
 * Run once when the format or the harness changes, from the repository root:
 * <pre>
 * mvn -o -q -pl jazmin-core test-compile
 * java -cp jazmin-core/target/test-classes:jazmin-core/target/classes:$(cat cp.txt) \
 *     io.jazmin.robustness.FuzzSeedWriter \
 *     jazmin-core/src/test/resources/io/jazmin/robustness/JazminReaderFuzzTestInputs/readerFailsOnlyTyped
 * </pre>
 * ({@code cp.txt} from {@code mvn -o -q -pl jazmin-core dependency:build-classpath -Dmdep.outputFile=../cp.txt}).
 */
final class FuzzSeedWriter {
    /** Small conformance files (at most ~22 KB) covering tables, nested columns, appends and each secret. */
    private static final List<String> CONFORMANCE = List.of("mixed-types", "nested-columns", "tables-link",
            "appended-insert", "codec-brotli", "codec-deflate-default", "encrypted-key", "js-password");
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("score", ColumnType.FLOAT),
            Column.of("joined", ColumnType.DATETIME), Column.of("active", ColumnType.BOOL));

    private FuzzSeedWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("jazmin-seeds");
        int n = 0;
        for (Codec codec : Codec.values()) {
            for (String secret : List.of("plain", "key", "password")) {
                WriteOptions options = options(codec, secret);
                Path file = work.resolve(codec.codecName() + "-" + secret + ".jzm");
                write(file, options);
                save(out, "seed-" + codec.codecName() + "-" + secret, n++, Files.readAllBytes(file));
                if (!secret.equals("password")) {
                    JazminFile.append(file, rows(30, 6).iterator(), options);
                    JazminFile.delete(file, Filter.eq("id", 3L), options);
                    save(out, "seed-" + codec.codecName() + "-" + secret + "-appended", n++, Files.readAllBytes(file));
                }
            }
        }
        // Uncompressed and plain, so that mutations reach the decoders of every section kind.
        Path sorted = work.resolve("sorted.jzm");
        write(sorted, options(Codec.NONE, "plain").withChunkRows(4).withSortedBy(List.of("id")));
        save(out, "seed-none-plain-sorted", n++, Files.readAllBytes(sorted));
        for (String name : CONFORMANCE) {
            save(out, "conformance-" + name, n++, Files.readAllBytes(SharedFiles.conformanceCase(name).resolve("data.jzm")));
        }
    }

    private static WriteOptions options(Codec codec, String secret) {
        WriteOptions options = WriteOptions.defaults().withCodec(codec).withChunkRows(8)
                .withIndex("id", IndexKind.SORTED).withIndex("name", IndexKind.TRIGRAM);
        return switch (secret) {
            case "key" -> options.withKey(JazminReaderFuzzTest.KEY);
            case "password" -> options.withPassword(JazminReaderFuzzTest.PASSWORD)
                    .withKdfIterations(io.jazmin.internal.keys.PasswordKdf.MIN_ITERATIONS);
            default -> options;
        };
    }

    private static void write(Path file, WriteOptions options) {
        try (JazminWriter writer = JazminWriter.create(file, COLUMNS, options)) {
            for (Map<String, Object> row : rows(0, 30)) {
                writer.writeValues(row.values().toArray());
            }
            writer.finish();
        }
    }

    /** Rows {@code from..from+count-1}: repeated names (so the codecs compress), some nulls. */
    private static List<Map<String, Object>> rows(int from, int count) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", (long) i);
            row.put("name", i % 7 == 6 ? null : "name-" + (i % 4) + "-é");
            row.put("score", i % 5 == 4 ? null : i * 1.5);
            row.put("joined", Instant.ofEpochMilli(1_700_000_000_000L + i * 86_400_000L));
            row.put("active", i % 3 == 0);
            rows.add(row);
        }
        return rows;
    }

    /** Writes {@code file} behind a control prefix that differs from seed to seed. */
    private static void save(Path out, String name, int n, byte[] file) throws IOException {
        int options = 0x4 | (n % 2 == 0 ? 0x8 : 0);
        Files.write(out.resolve(name), FuzzInput.encode(options, n * 37, n, n * 11 & 0x7F, file));
    }
}
