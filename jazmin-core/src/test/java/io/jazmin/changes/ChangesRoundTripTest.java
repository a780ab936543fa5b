package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminException;
import io.jazmin.JazminFile;
import io.jazmin.JazminFile.ChangeResult;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.wire.Preamble;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Appends, deletes, upserts and compaction (spec §1.17, §1.24, §1.25) checked against a model of
 * the rows: every value, queries through the index segments against brute force, deleted rows
 * never seen, and compaction keeping everything but dead bytes and deleted rows.
 */
class ChangesRoundTripTest {
    private static final String METADATA = "{\"app\":\"changes\",\"n\":1}";

    @TempDir
    Path dir;

    /** A way of writing and opening the file. */
    record Variant(String name, WriteOptions write, ReadOptions read) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> variants() {
        JazminKey key = JazminKey.generate();
        WriteOptions base = WriteOptions.defaults().withChunkRows(64).withMetadata(METADATA);
        return Stream.of(
                new Variant("plain deflate", base, ReadOptions.defaults()),
                new Variant("brotli", base.withCodec(Codec.BROTLI), ReadOptions.defaults()),
                new Variant("no compression", base.withCodec(Codec.NONE), ReadOptions.defaults()),
                new Variant("key-encrypted", base.withKey(key), ReadOptions.defaults().withKey(key)),
                new Variant("password", base.withPassword("s3cret pass").withKdfIterations(1_000),
                        ReadOptions.defaults().withPassword("s3cret pass")))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void appendDeleteUpsertCompact(Variant v) throws IOException {
        Path file = dir.resolve("data.jzm");
        WriteOptions options = Rows.indexed(v.write());
        Rows.write(file, options, 0, 300);
        List<Map<String, Object>> model = new ArrayList<>();
        LongStream.range(0, 300).forEach(i -> model.add(Rows.row(i)));
        List<IndexInfo> indexesBefore;
        try (JazminReader reader = JazminReader.open(file, v.read())) {
            indexesBefore = reader.table().indexes();
            assertFalse(reader.appended());
        }

        ChangeResult appended = JazminFile.append(file, Rows.range(300, 400), v.write());
        assertEquals(new ChangeResult(1, 100, 0, 400, false, appended.bytes()), appended);
        LongStream.range(300, 400).forEach(i -> model.add(Rows.row(i)));
        check(file, v, model, 1);

        Filter doomed = Filter.in("id", 5L, 10L, 15L, 305L, 399L).or(Filter.startsWith("name", "Person 33"));
        ChangeResult deleted = JazminFile.delete(file, doomed, v.write());
        Predicate<Map<String, Object>> doomedRow = r -> Set.of(5L, 10L, 15L, 305L, 399L).contains(r.get("id"))
                || ((String) r.get("name")).startsWith("Person 33");
        long doomedCount = model.stream().filter(doomedRow).count();
        model.removeIf(doomedRow);
        assertEquals(new ChangeResult(2, 0, doomedCount, model.size(), false, deleted.bytes()), deleted);
        check(file, v, model, 2);

        // 7 exists, 10 was deleted, 1000 is new: replaced and new rows go to the end.
        List<Map<String, Object>> upserts = List.of(Rows.row(7, 1), Rows.row(10, 1), Rows.row(1000, 1));
        ChangeResult upserted = JazminFile.upsert(file, "", List.of("id"), upserts, v.write());
        model.removeIf(r -> r.get("id").equals(7L));
        model.addAll(upserts);
        assertEquals(new ChangeResult(3, 3, 1, model.size(), false, upserted.bytes()), upserted);
        check(file, v, model, 3);
        try (JazminReader reader = JazminReader.open(file, v.read())) {
            JazminTable t = reader.table();
            assertTrue(t.get(5).isEmpty(), "deleted row 5");
            assertTrue(t.get(7).isEmpty(), "replaced row 7");
            assertEquals(Rows.row(7, 1), Rows.values(t.get(400).orElseThrow()));
            assertEquals(Rows.row(1000, 1), Rows.values(t.get(402).orElseThrow()));
            assertEquals(Rows.row(8), Rows.values(t.get(8).orElseThrow()));
            assertTrue(t.get(403).isEmpty());
            assertEquals(400 + 3, t.writtenRowCount());
            assertEquals(doomedCount + 1, t.deletedRowCount());
            assertTrue(reader.appended());
            assertEquals(METADATA, reader.metadata());
        }
        assertThat(JazminFile.storage(file, v.read()).deletedRows()).isEqualTo(doomedCount + 1);

        JazminFile.compact(file, v.write());
        try (JazminReader reader = JazminReader.open(file, v.read())) {
            assertEquals(0, reader.appendCount());
            assertFalse(reader.appended());
            assertEquals(0, reader.table().deletedRowCount());
            assertEquals(model.size(), reader.table().writtenRowCount());
            assertEquals(indexesBefore, reader.table().indexes());
            assertEquals(METADATA, reader.metadata());
            assertEquals(v.read().hasSecret(), reader.encrypted());
        }
        check(file, v, model, 0);
        assertEquals(0, JazminFile.storage(file, v.read()).deadBytes());

        // And the compacted file takes appends again.
        JazminFile.append(file, Rows.range(2000, 2010), v.write());
        LongStream.range(2000, 2010).forEach(i -> model.add(Rows.row(i)));
        check(file, v, model, 1);
    }

    /** Rows, counts and queries of the file equal the model; index plans are used for appended rows. */
    private static void check(Path file, Variant v, List<Map<String, Object>> model, int appendCount) {
        try (JazminReader reader = JazminReader.open(file, v.read())) {
            assertEquals(appendCount, reader.appendCount());
            assertFalse(reader.recovered());
            JazminTable table = reader.table();
            Rows.assertTable(table, model);
            assertQueriesMatch(table, model);
        }
    }

    /** find, count and columnArrays (through index segments where they apply) equal brute force. */
    static void assertQueriesMatch(JazminTable table, List<Map<String, Object>> model) {
        Map<Filter, Predicate<Map<String, Object>>> cases = new LinkedHashMap<>();
        cases.put(Filter.eq("country", "NA"), r -> "NA".equals(r.get("country")));
        cases.put(Filter.in("id", 3L, 7L, 10L, 350L, 1000L, 2005L), r -> Set.of(3L, 7L, 10L, 350L, 1000L, 2005L)
                .contains(r.get("id")));
        cases.put(Filter.gt("id", 380L), r -> (Long) r.get("id") > 380);
        cases.put(Filter.lte("id", 20L), r -> (Long) r.get("id") <= 20);
        cases.put(Filter.eq("id", 350L), r -> r.get("id").equals(350L));
        cases.put(Filter.contains("name", "son 39"), r -> ((String) r.get("name")).contains("son 39"));
        cases.put(Filter.contains("name", " v1"), r -> ((String) r.get("name")).contains(" v1"));
        cases.put(Filter.startsWith("name", "Person 1"), r -> ((String) r.get("name")).startsWith("Person 1"));
        cases.put(Filter.isNull("note"), r -> r.get("note") == null);
        cases.put(Filter.eq("country", "ZA").and(Filter.gte("id", 200L)),
                r -> "ZA".equals(r.get("country")) && (Long) r.get("id") >= 200);
        cases.put(Filter.gt("score", 150.0), r -> (Double) r.get("score") > 150.0);
        for (Map.Entry<Filter, Predicate<Map<String, Object>>> c : cases.entrySet()) {
            List<Object> want = model.stream().filter(c.getValue()).map(r -> r.get("id")).toList();
            List<Object> got = table.find(c.getKey()).map(r -> r.get("id")).toList();
            assertEquals(want, got, "find " + c.getKey());
            assertEquals(want.size(), table.count(c.getKey()), "count " + c.getKey());
            ColumnArrays arrays = table.columnArrays(c.getKey(), RowQuery.all().withSelect(List.of("id")));
            long[] ids = arrays.longs("id");
            assertArrayEquals(want.stream().mapToLong(o -> (Long) o).toArray(), ids, "columnArrays " + c.getKey());
        }
        // The newest row (an appended one where there are appends) is found through the id index.
        Object last = model.get(model.size() - 1).get("id");
        assertEquals("index", table.explain(Filter.eq("id", last)).strategy(), "explain id = " + last);
        assertEquals("index", table.explain(Filter.eq("country", "LS")).strategy(), "explain country");
        assertEquals(model.size(), table.count(null));
        assertEquals(model.size(), table.columnArrays(null, RowQuery.all().withSelect(List.of("name"))).rowCount());
    }

    /** Appended rows must sort at/after the last row; a refused append leaves every byte as it was. */
    @Test
    void sortedTableRefusesOutOfOrderRowsAndStaysUnchanged() throws IOException {
        Path file = dir.resolve("sorted.jzm");
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(10)).withSortedBy(List.of("id"));
        Rows.write(file, options, 0, 100);
        byte[] before = Files.readAllBytes(file);
        // 50 good rows (5 chunks written to the file) before the bad one.
        List<Map<String, Object>> rows = new ArrayList<>();
        LongStream.range(100, 150).forEach(i -> rows.add(Rows.row(i)));
        rows.add(Rows.row(90));
        InvalidRowException e = assertThrows(InvalidRowException.class,
                () -> JazminFile.append(file, rows.iterator(), WriteOptions.defaults()));
        assertThat(e.getMessage()).contains("id");
        assertArrayEquals(before, Files.readAllBytes(file), "the refused append left the file unchanged");
        assertFalse(Files.exists(dir.resolve("sorted.jzm.lock")));
        assertThrows(InvalidRowException.class, () -> JazminFile.append(file, Rows.range(98, 99),
                WriteOptions.defaults()));
        assertArrayEquals(before, Files.readAllBytes(file));

        // Equal to the last row is allowed (non-decreasing), and after it.
        List<Map<String, Object>> ok = new ArrayList<>(List.of(Rows.row(99, 2)));
        LongStream.range(100, 120).forEach(i -> ok.add(Rows.row(i)));
        JazminFile.append(file, ok.iterator(), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(List.of("id"), reader.table().sortedBy());
            assertEquals(121, reader.table().rowCount());
            assertEquals(List.of(99L, 99L), reader.table().find(Filter.eq("id", 99L)).map(r -> r.get("id")).toList());
        }
        // Deleted rows still hold their place in the order.
        JazminFile.delete(file, Filter.gte("id", 110L), WriteOptions.defaults());
        assertThrows(InvalidRowException.class, () -> JazminFile.append(file, Rows.range(105, 106),
                WriteOptions.defaults()));
        JazminFile.compact(file, WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(List.of("id"), reader.table().sortedBy());
            assertEquals(111, reader.table().rowCount());
        }
    }

    /** Appends and deletes change only the table named; the others keep their rows. */
    @Test
    void multiTableFileChangesOneTable() throws IOException {
        Path file = dir.resolve("tables.jzm");
        List<Column> stockColumns = List.of(Column.required("sku", ColumnType.STRING),
                Column.of("qty", ColumnType.INT));
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(16)).withTableName("people");
        try (JazminWriter w = JazminWriter.create(file, Rows.COLUMNS, options)) {
            w.writeRows(Rows.range(0, 40));
            w.startTable("stock", stockColumns, WriteOptions.defaults().withChunkRows(16)
                    .withIndex("qty", IndexKind.SORTED));
            for (int i = 0; i < 30; i++) {
                w.writeRow(stock(i));
            }
            w.finish();
        }
        List<Map<String, Object>> people = new ArrayList<>();
        LongStream.range(0, 40).forEach(i -> people.add(Rows.row(i)));
        List<Map<String, Object>> stock = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            stock.add(stock(i));
        }

        ChangeResult r = JazminFile.append(file, "stock", stock.subList(30, 50).iterator(), WriteOptions.defaults());
        assertEquals(new ChangeResult(1, 20, 0, 50, false, r.bytes()), r);
        JazminFile.delete(file, "stock", Filter.lt("qty", 5L), WriteOptions.defaults());
        stock.removeIf(m -> (Long) m.get("qty") < 5);
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(List.of("people", "stock"), reader.tableNames());
            Rows.assertTable(reader.table("people"), people);
            assertQueriesMatch(reader.table("people"), people);
            Rows.assertTable(reader.table("stock"), stock);
            JazminTable t = reader.table("stock");
            assertEquals(stock.stream().filter(m -> (Long) m.get("qty") >= 40).count(), t.count(Filter.gte("qty", 40L)));
            assertEquals("index", t.explain(Filter.eq("qty", 45L)).strategy());
            assertEquals(List.of("stock-45"), t.find(Filter.eq("qty", 45L)).map(x -> x.get("sku")).toList());
        }
        // The first table by name, then by default.
        JazminFile.append(file, "people", Rows.range(40, 45), WriteOptions.defaults());
        JazminFile.append(file, Rows.range(45, 50), WriteOptions.defaults());
        LongStream.range(40, 50).forEach(i -> people.add(Rows.row(i)));
        assertThrows(JazminValidationException.class,
                () -> JazminFile.append(file, "nope", Rows.range(0, 1), WriteOptions.defaults()));
        JazminFile.compact(file, WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(0, reader.appendCount());
            Rows.assertTable(reader.table("people"), people);
            Rows.assertTable(reader.table("stock"), stock);
            assertEquals(List.of(new IndexInfo("qty", "sorted", 0)), reader.table("stock").indexes());
        }
    }

    private static Map<String, Object> stock(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sku", "stock-" + i);
        m.put("qty", (long) i);
        return m;
    }

    /** Rows of an upsert must carry every key column; keys must be given. */
    @Test
    void upsertChecksItsKeys() throws IOException {
        Path file = dir.resolve("keys.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 10);
        byte[] before = Files.readAllBytes(file);
        Map<String, Object> noId = new LinkedHashMap<>(Rows.row(3));
        noId.remove("id");
        assertThrows(JazminValidationException.class,
                () -> JazminFile.upsert(file, null, List.of("id"), List.of(noId), WriteOptions.defaults()));
        assertThrows(JazminValidationException.class,
                () -> JazminFile.upsert(file, null, List.of(), List.of(Rows.row(3)), WriteOptions.defaults()));
        // A bad row is refused whole: nothing is deleted either.
        Map<String, Object> bad = new LinkedHashMap<>(Rows.row(4));
        bad.put("score", "not a number");
        assertThrows(InvalidRowException.class, () -> JazminFile.upsert(file, null, List.of("id"),
                List.of(Rows.row(3, 1), bad), WriteOptions.defaults()));
        assertArrayEquals(before, Files.readAllBytes(file));
        // Two key columns.
        JazminFile.upsert(file, null, List.of("id", "country"), List.of(Rows.row(3, 1)), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(10, reader.table().rowCount());
            assertEquals(List.of("Person 3 v1"), reader.table().find(Filter.eq("id", 3L)).map(r -> r.get("name"))
                    .toList());
        }
    }

    /** Compaction keeps the file's POSIX permissions. */
    @Test
    void compactKeepsPermissions() throws IOException {
        Path file = dir.resolve("perm.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 20);
        JazminFile.delete(file, Filter.lt("id", 5L), WriteOptions.defaults());
        Set<PosixFilePermission> perms = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(file, perms);
        JazminFile.compact(file, WriteOptions.defaults());
        assertEquals(perms, Files.getPosixFilePermissions(file));
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(15, reader.table().rowCount());
            assertEquals(0, reader.table().deletedRowCount());
            assertEquals(5L, reader.table().rows().findFirst().map(x -> x.get("id")).orElseThrow());
        }
    }

    /** A held lock file makes a second writer fail clearly, and touches nothing. */
    @Test
    void heldLockRefusesSecondWriter() throws IOException {
        Path file = dir.resolve("locked.jzm");
        Rows.write(file, WriteOptions.defaults(), 0, 20);
        byte[] before = Files.readAllBytes(file);
        Path lock = dir.resolve("locked.jzm.lock");
        Files.createFile(lock);
        List<Runnable> writers = List.of(
                () -> JazminFile.append(file, Rows.range(20, 30), WriteOptions.defaults()),
                () -> JazminFile.delete(file, Filter.eq("id", 1L), WriteOptions.defaults()),
                () -> JazminFile.upsert(file, null, List.of("id"), List.of(Rows.row(1, 1)), WriteOptions.defaults()),
                () -> JazminFile.compact(file, WriteOptions.defaults()));
        for (Runnable w : writers) {
            JazminException e = assertThrows(JazminException.class, w::run);
            assertThat(e.getMessage()).contains("locked.jzm.lock").contains("another writer");
            assertTrue(Files.exists(lock), "the other writer's lock stays");
        }
        assertArrayEquals(before, Files.readAllBytes(file));
        // Readers are never blocked.
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(20, reader.table().rowCount());
        }
        Files.delete(lock);
        JazminFile.append(file, Rows.range(20, 30), WriteOptions.defaults());
        assertFalse(Files.exists(lock));
    }

    /** An append with nothing to do (no rows, nothing matched) still makes a valid version. */
    @Test
    void emptyChanges() throws IOException {
        Path file = dir.resolve("empty.jzm");
        Rows.write(file, Rows.indexed(WriteOptions.defaults()), 0, 10);
        ChangeResult none = JazminFile.append(file, List.<Map<String, Object>>of().iterator(), WriteOptions.defaults());
        assertEquals(10, none.rowCount());
        ChangeResult noMatch = JazminFile.delete(file, Filter.eq("id", 99L), WriteOptions.defaults());
        assertEquals(0, noMatch.rowsDeleted());
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(10, Rows.assertPrefix(reader.table()));
        }
        // An empty table takes its first rows by append.
        Path empty = dir.resolve("none.jzm");
        Rows.write(empty, Rows.indexed(WriteOptions.defaults()), 0, 0);
        JazminFile.append(empty, Rows.range(0, 5), WriteOptions.defaults());
        JazminFile.append(empty, Rows.range(5, 9), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(empty)) {
            assertEquals(9, Rows.assertPrefix(reader.table()));
            assertEquals(1, reader.table().count(Filter.eq("id", 6L)));
            assertEquals(2, reader.table().count(Filter.eq("country", "BW")));
        }
    }

    /** APPENDED is set by the first append and stays until compaction; only the flag bytes of old data change. */
    @Test
    void appendNeverRewritesExistingBytes() throws IOException {
        Path file = dir.resolve("bytes.jzm");
        Rows.write(file, Rows.indexed(WriteOptions.defaults()), 0, 30);
        byte[] before = Files.readAllBytes(file);
        JazminFile.append(file, Rows.range(30, 40), WriteOptions.defaults());
        JazminFile.delete(file, Filter.eq("id", 3L), WriteOptions.defaults());
        byte[] after = Files.readAllBytes(file);
        assertEquals(before[Preamble.FLAGS_OFFSET] | Preamble.APPENDED, after[Preamble.FLAGS_OFFSET]);
        for (int i = 0; i < before.length; i++) {
            if (i != Preamble.FLAGS_OFFSET) {
                assertEquals(before[i], after[i], "byte " + i);
            }
        }
        JazminFile.compact(file, WriteOptions.defaults());
        byte[] compacted = Files.readAllBytes(file);
        assertEquals(0, compacted[Preamble.FLAGS_OFFSET] & Preamble.APPENDED);
        Iterator<Row> rows;
        try (JazminReader reader = JazminReader.open(file)) {
            rows = reader.table().rows().iterator();
            assertEquals(0L, rows.next().get("id"));
            assertEquals(39, reader.table().rowCount());
        }
    }
}
