package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.FlushPointFiles;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bytes the writer produces, pinned: for representative writes (every column type with nulls, each
 * compression setting (Deflate's default, levels 0, 1 and 9, Brotli, none), column flush points on, off
 * and chosen, incompressible values, several chunks, sorted and trigram indexes with and without compact
 * pages, a sort order, two tables with an embedded file, an append),
 * the SHA-256 of the file equals the value the writer of commit {@code 79fcb72} gave. A change meant
 * to make the writer faster or its code clearer must leave every one unchanged (issue 33: "same bytes
 * written"); a change of the format that alters them on purpose updates them and says why.
 *
 * <p>Changed on purpose since: a writer choice, issue 33 (branch {@code wt-stored}): with the default
 * Deflate setting and column flush points, a column stream of 4 KiB or more whose compression saves
 * less than a fifth of its raw bytes is stored (Deflate stored blocks, zlib level 0), so that reads take
 * it without inflating ({@code FlushedDeflate.MIN_SAVING}, {@code MIN_STORED_LENGTH}): the customers'
 * balances, a weak stream of the every-type table's 600-row chunks, the random blobs. The cases with
 * an explicit level, Brotli, none, no points or 40-row chunks kept their hashes.
 *
 * <p>Value points (issue 33, lookup speed): every write whose Deflate parts have column flush points and a
 * stream of at least 8 KiB raw changed, as those streams now get a full flush every 512 non-null values and
 * the chunk directory lists them (field 18); their raw payloads are the same. Writes without flush points
 * (NEVER, Brotli, none, level 9 without points) and those whose streams are all shorter (40-row chunks)
 * give the bytes they gave before.
 *
 * <p>Level 1 on close streams (issue 33, write CPU, branch {@code wt-write}): with the default Deflate setting
 * and column flush points, a stream that is not stored gets zlib level 1 where that makes it at most 1/128 of
 * its raw bytes longer than the other settings' choice ({@code FlushedDeflate.FAST_SLACK}): the every-type
 * writes with points, the 40-row chunks with points always, the random bytes, the append and the two
 * tables changed; raw payloads are the same. Explicit levels, Brotli, none, no points and the customers
 * cases (no stream there within the slack) kept their hashes.
 *
 * <p>Plain files only: an encrypted file's salt and nonces are random, and the writer has no seam to
 * fix them. A plain file's only random bytes, its file id (preamble bytes 8..24), are zeroed before
 * hashing; the creation time is fixed with {@link WriteOptions#withNow}.
 */
class WrittenBytesTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    /** Preamble bytes 8..24: the file id, random in every full write (plain files hold it there only). */
    private static final int FILE_ID = 8;
    private static final int FILE_ID_END = 24;

    private static final Column ITEM = Column.of("item", ColumnType.INT);
    private static final List<Column> EVERY_TYPE = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("flag", ColumnType.BOOL),
            Column.of("n", ColumnType.INT),
            Column.of("cents", ColumnType.FLOAT), // scaled
            Column.of("raw", ColumnType.FLOAT), // not scalable
            Column.of("amount", ColumnType.DECIMAL),
            Column.of("code", ColumnType.STRING), // few values: a dictionary
            Column.of("text", ColumnType.STRING), // all different: plain
            Column.of("at", ColumnType.DATETIME), // ascending: deltas
            Column.of("blob", ColumnType.BINARY),
            Column.of("doc", ColumnType.JSON),
            new Column("tags", ColumnType.LIST, true, "", "", ITEM, List.of()),
            new Column("place", ColumnType.OBJECT, true, "", "", null,
                    List.of(Column.of("city", ColumnType.STRING), Column.of("zip", ColumnType.INT))));
    /** The benchmark's customer columns. */
    private static final List<Column> CUSTOMERS = FlushPointFiles.COLUMNS;
    private static final WriteOptions EVERY_TYPE_OPTIONS = WriteOptions.defaults().withNow(NOW).withChunkRows(600);
    private static final WriteOptions CUSTOMER_OPTIONS = WriteOptions.defaults().withNow(NOW).withChunkRows(5_000);
    private static final WriteOptions THREE_INDEXES = CUSTOMER_OPTIONS.withIndex("id", IndexKind.SORTED)
            .withIndex("name", IndexKind.TRIGRAM).withIndex("country", IndexKind.SORTED);

    /**
     * One write each, with the SHA-256 the writer of {@code 79fcb72} gave (this test run on that commit's
     * code). Column flush points {@code AUTO} keep the points for 600-row chunks and refuse them for 40-row ones.
     */
    enum Case {
        EVERY_TYPE_DEFAULT(d -> everyType(d, EVERY_TYPE_OPTIONS),
                "5c9a2134f5cde1815cbaf43e06b55911b9f2759c592a7ea18be6953a70d47e42"),
        EVERY_TYPE_FLUSH_POINTS_ALWAYS(d -> everyType(d, EVERY_TYPE_OPTIONS.withColumnFlushPoints(ColumnFlushPoints.ALWAYS)),
                "5c9a2134f5cde1815cbaf43e06b55911b9f2759c592a7ea18be6953a70d47e42"),
        EVERY_TYPE_FLUSH_POINTS_NEVER(d -> everyType(d, EVERY_TYPE_OPTIONS.withColumnFlushPoints(ColumnFlushPoints.NEVER)),
                "7f52ca33065419e1b49977587c69bb398b0a86a5162b5f324ed71da4aaa044ae"),
        EVERY_TYPE_DEFLATE_LEVEL_1(d -> everyType(d, EVERY_TYPE_OPTIONS.withLevel(1)),
                "9e090dde7c46f8e8ae3d006e16d4c996ac5c11acfa811f53ad821d77c6b07a4a"),
        EVERY_TYPE_DEFLATE_LEVEL_9_NO_POINTS(d -> everyType(d, EVERY_TYPE_OPTIONS.withLevel(9)
                .withColumnFlushPoints(ColumnFlushPoints.NEVER)),
                "2c5a599a14751bfb28d55ade28071d5a729599115bc786b7ecda9958eacc025c"),
        EVERY_TYPE_BROTLI(d -> everyType(d, EVERY_TYPE_OPTIONS.withCodec(Codec.BROTLI)),
                "56beff03d1e57ee2727a6704caa47b0afd8b85c03ad43deabc9fac1b8133b44f"),
        EVERY_TYPE_BROTLI_QUALITY_2(d -> everyType(d, EVERY_TYPE_OPTIONS.withCodec(Codec.BROTLI).withLevel(2)),
                "1f70c7c73c963657ed5400e33dc6e771aa0d81002a572ee32e5b944469f37dd0"),
        EVERY_TYPE_UNCOMPRESSED(d -> everyType(d, EVERY_TYPE_OPTIONS.withCodec(Codec.NONE)),
                "391c855cd86f537e560dc4dbf1a609b65efe264757b4fdc48a6c74ea0662f8ff"),
        EVERY_TYPE_DEFLATE_LEVEL_0(d -> everyType(d, EVERY_TYPE_OPTIONS.withLevel(0)),
                "d0b34d209a8499d8d1577b711601d11f8b38723957ffcb498441104943277480"),
        EVERY_TYPE_SMALL_CHUNKS(d -> everyType(d, EVERY_TYPE_OPTIONS.withChunkRows(40)),
                "f1a52a16d8aa6e2713aabd7938d6d0d555154730c70ded2faf150fb52061debf"),
        EVERY_TYPE_SMALL_CHUNKS_FLUSH_POINTS_ALWAYS(d -> everyType(d, EVERY_TYPE_OPTIONS.withChunkRows(40)
                .withColumnFlushPoints(ColumnFlushPoints.ALWAYS)),
                "4a0e5ced7c0df3d56edf2e46ef3c0ef8f4d3e020fb14cd0f3f237f93e16e518f"),
        RANDOM_BYTES_FLUSH_POINTS_ALWAYS(d -> randomBytes(d, WriteOptions.defaults().withNow(NOW).withChunkRows(700)
                .withColumnFlushPoints(ColumnFlushPoints.ALWAYS)),
                "4d3e45b77718fb765ee5d332e46d7d04f32fe5595f166a2aff6ab3537aa41f56"),
        RANDOM_BYTES_LEVEL_0_FLUSH_POINTS_ALWAYS(d -> randomBytes(d, WriteOptions.defaults().withNow(NOW)
                .withChunkRows(700).withLevel(0).withColumnFlushPoints(ColumnFlushPoints.ALWAYS)),
                "f1398e32d00b4eb402d2b6866a2401ec2cd7ef9d51e173ef9389d5f0de6c3ff4"),
        CUSTOMERS_NO_INDEX(d -> customers(d, CUSTOMER_OPTIONS),
                "18f8ca853676fdbf11b09eab5df0b0fe1fc39ac86a3111f03f65a1c2f0f11fcd"),
        CUSTOMERS_THREE_INDEXES(d -> customers(d, THREE_INDEXES),
                "b1e798daea44573f940c19875263916064d47b160e840b3f1c6aa222ddc3c10b"),
        CUSTOMERS_COMPACT_INDEXES(d -> customers(d, THREE_INDEXES.withIndex("email", IndexKind.SORTED)
                .withCompactIndexes(true)),
                "2ee264469a7370f7fc734eba1723dea7b949238930202f63536d04b4f7683db0"),
        CUSTOMERS_SORTED_BY_COUNTRY(d -> customers(d, CUSTOMER_OPTIONS.withSortedBy(List.of("country", "id"))
                .withIndex("age", IndexKind.SORTED)),
                "a11021b0d3b78e47cbc068a864c36edd3e0dda1964632c882e1d72f3c13033e8"),
        CUSTOMERS_APPENDED(WrittenBytesTest::appended,
                "e91c416a7b6c41873186c7d7f6ca70c5dcf10092f21429208878affd121cdc20"),
        TWO_TABLES_AND_A_FILE(WrittenBytesTest::twoTablesAndAFile,
                "1eee2045b445849822bc4837a1186cf80215b438767c5e9ffc28c014fc5b341c");

        private final Function<Path, Path> write;
        private final String sha256;

        Case(Function<Path, Path> write, String sha256) {
            this.write = write;
            this.sha256 = sha256;
        }
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Case.class)
    void theWriterGivesTheBytesItGaveBefore(Case c) throws IOException {
        byte[] file = Files.readAllBytes(c.write.apply(dir));
        Arrays.fill(file, FILE_ID, FILE_ID_END, (byte) 0);
        assertThat(sha256(file)).as("%s: SHA-256 of %d bytes", c, file.length).isEqualTo(c.sha256);
    }

    private static Path everyType(Path dir, WriteOptions options) {
        return write(dir.resolve("every-type.jzm"), EVERY_TYPE, everyTypeRows(), options);
    }

    /**
     * 2,000 rows of 300 random bytes and a short text: Deflate data longer than half the raw bytes, so the
     * writer's output buffers grow while compressing (at level 0 the stored blocks follow their sizes).
     */
    private static Path randomBytes(Path dir, WriteOptions options) {
        Random random = new Random(333);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            byte[] blob = new byte[300];
            random.nextBytes(blob);
            rows.add(Arrays.asList((long) i, blob, "r" + random.nextInt(5)));
        }
        return write(dir.resolve("random.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.of("blob", ColumnType.BINARY), Column.of("tag", ColumnType.STRING)), rows, options);
    }

    private static Path customers(Path dir, WriteOptions options) {
        List<List<Object>> rows = customerRows(0, 20_000);
        if (!options.sortedBy().isEmpty()) { // by country, then id
            rows.sort(java.util.Comparator.comparing((List<Object> r) -> (String) r.get(3))
                    .thenComparing(r -> (Long) r.get(0)));
        }
        return write(dir.resolve("customers.jzm"), CUSTOMERS, rows, options);
    }

    /** The customers with three indexes, then 700 more appended (a second directory and index segment). */
    private static Path appended(Path dir) {
        Path path = write(dir.resolve("appended.jzm"), CUSTOMERS, customerRows(0, 3_000), THREE_INDEXES);
        List<Map<String, ?>> more = new ArrayList<>();
        for (List<Object> row : customerRows(3_000, 700)) {
            Map<String, Object> byName = new LinkedHashMap<>();
            for (int i = 0; i < CUSTOMERS.size(); i++) {
                byName.put(CUSTOMERS.get(i).name(), row.get(i));
            }
            more.add(byName);
        }
        Iterator<Map<String, ?>> rows = more.iterator();
        JazminFile.append(path, rows, THREE_INDEXES);
        return path;
    }

    /** Two tables, the second with its own options, an embedded file between their rows, and metadata. */
    private static Path twoTablesAndAFile(Path dir) {
        Path path = dir.resolve("two.jzm");
        byte[] content = new byte[70_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 31 + i / 97);
        }
        WriteOptions options = CUSTOMER_OPTIONS.withMetadata("{\"title\":\"pinned\",\"version\":2}");
        try (JazminWriter w = JazminWriter.create(path, CUSTOMERS, options)) {
            List<List<Object>> rows = customerRows(0, 2_000);
            for (int r = 0; r < rows.size(); r++) {
                if (r == 1_500) {
                    w.addFile("data/mid.bin", content, "application/octet-stream", List.of("*"));
                }
                w.writeValues(rows.get(r).toArray());
            }
            w.startTable("things", EVERY_TYPE, EVERY_TYPE_OPTIONS.withIndex("code", IndexKind.SORTED)
                    .withIndex("text", IndexKind.TRIGRAM));
            for (List<Object> row : everyTypeRows().subList(0, 1_000)) {
                w.writeValues(row.toArray());
            }
            w.finish();
        }
        return path;
    }

    private static Path write(Path path, List<Column> columns, List<List<Object>> rows, WriteOptions options) {
        try (JazminWriter w = JazminWriter.create(path, columns, options)) {
            for (List<Object> row : rows) {
                w.writeValues(row.toArray());
            }
            w.finish();
        }
        return path;
    }

    /** 3,000 rows of every type, with nulls, NaN, −0, non-BMP text, repeats and ties. */
    private static List<List<Object>> everyTypeRows() {
        Random random = new Random(33);
        String[] codes = {"alpha", "béta", "gamma", "δέλτα", "\uD83D\uDE00 smile"};
        BigDecimal[] decimals = {new BigDecimal("1.50"), new BigDecimal("-20"), new BigDecimal("0.001"),
            new BigDecimal("123456789012345678901234567890.5")};
        double[] odd = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.MIN_VALUE, 1e300};
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            List<Object> row = new ArrayList<>();
            row.add((long) i);
            row.add(i % 6 == 4 ? null : random.nextBoolean());
            row.add(i % 5 == 1 ? null : (long) random.nextInt(2_000_000) - 1_000_000);
            row.add(i % 13 == 0 ? null : random.nextInt(10_000_000) / 100.0);
            row.add(i % 10 == 0 ? null : i % 17 == 3 ? odd[i % odd.length] : random.nextDouble());
            row.add(i % 4 == 2 ? null : decimals[random.nextInt(decimals.length)]);
            row.add(i % 7 == 3 ? null : codes[random.nextInt(codes.length)]);
            row.add(i % 11 == 5 ? null : "text " + Integer.toString(random.nextInt(1 << 24), 36)
                    + (i % 3 == 0 ? " ünï \uD834\uDD1E" : ""));
            row.add(i % 9 == 8 ? null : Instant.ofEpochMilli(1_600_000_000_000L + i * 61_000L + random.nextInt(1000)));
            byte[] blob = new byte[random.nextInt(12)];
            random.nextBytes(blob);
            row.add(i % 8 == 7 ? null : blob);
            row.add(i % 12 == 1 ? null : JsonText.of("{\"k\":" + random.nextInt(50) + ",\"s\":\"v" + i % 9 + "\"}"));
            row.add(i % 14 == 2 ? null : i % 5 == 0 ? List.of()
                    : Arrays.asList((long) random.nextInt(100), i % 3 == 0 ? null : (long) i));
            Map<String, Object> place = new LinkedHashMap<>();
            place.put("city", i % 6 == 0 ? null : codes[i % codes.length] + " city");
            place.put("zip", (long) random.nextInt(9999));
            row.add(i % 15 == 4 ? null : place);
            rows.add(row);
        }
        return rows;
    }

    /** Customers as the benchmark makes them (names from two short lists, e-mails, eight countries). */
    private static List<List<Object>> customerRows(int from, int count) {
        String[] first = {"Ann", "Bob", "Thabo", "Lerato", "Pieter", "Aisha", "Sipho", "Maria"};
        String[] last = {"Smith", "Johnson", "Ndlovu", "Botha", "Naidoo", "Mokoena", "van Wyk", "Dlamini"};
        String[] countries = {"ZA", "NA", "BW", "ZW", "MZ", "LS", "SZ", "ZM"};
        Random random = new Random(35 + from);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            String name = first[random.nextInt(first.length)] + " " + last[random.nextInt(last.length)];
            rows.add(Arrays.asList((long) i, name,
                    name.toLowerCase(java.util.Locale.ROOT).replace(' ', '.') + i + "@example.com",
                    countries[random.nextInt(countries.length)],
                    i % 50 == 7 ? null : (long) (18 + random.nextInt(70)),
                    i % 40 == 3 ? null : random.nextInt(100_000_000) / 100.0,
                    Instant.ofEpochMilli(1_420_070_400_000L + random.nextInt(3_000) * 86_400_000L),
                    i % 30 == 11 ? null : random.nextBoolean()));
        }
        return rows;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
