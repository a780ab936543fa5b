package io.jazmin.testing;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import io.jazmin.key.JazminKey;

/** Small test files written by our writer, and their rows as canonical JSON lines. */
public final class SmallFiles {
    public static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("amount", ColumnType.DECIMAL),
            Column.of("at", ColumnType.DATETIME));
    public static final String PASSWORD = "correct horse battery staple";

    private SmallFiles() {
    }

    /** {@code n} rows of mixed values, some null. */
    public static List<List<Object>> rows(int n) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>();
            row.add((long) i * 7919 - 50_000);
            row.add(i % 5 == 0 ? null : "name-" + i);
            row.add(new BigDecimal(i + ".25"));
            row.add(i % 3 == 0 ? null : Instant.ofEpochMilli(1_500_000_000_000L + i * 3_600_000L));
            rows.add(row);
        }
        return rows;
    }

    /** A file of {@code rows(n)} in chunks of 8 rows, with the given secret options. */
    public static byte[] write(int n, WriteOptions secret) {
        return Written.file(COLUMNS, rows(n), secret.withChunkRows(8));
    }

    public static byte[] withKey(JazminKey key, int n) {
        return write(n, WriteOptions.defaults().withKey(key));
    }

    public static byte[] withPassword(int n) {
        return write(n, WriteOptions.defaults().withPassword(PASSWORD).withKdfIterations(1_000));
    }

    /** Every row of the file's first table as canonical JSON lines. */
    public static List<String> read(byte[] file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.table().rows().map(CanonicalJson::rowText).toList();
        }
    }

    /** The rows of a plain file with the same content, as canonical JSON lines. */
    public static List<String> expected(int n) {
        return read(write(n, WriteOptions.defaults().withCodec(Codec.NONE)), ReadOptions.defaults());
    }
}
