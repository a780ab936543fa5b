package io.jazmin.endtoend.sharedfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.testing.SharedFileSlots;
import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.JazminFile;
import io.jazmin.key.UnlockToken;
import io.jazmin.error.JazminUnlockRequiredException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.OwnerCatalog;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.wire.Trailer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;

/**
 * Shared files our writer makes (spec §1.19–1.20, §4): each key reads exactly its grant and
 * nothing else, "*" and ["*"] keep the reference's meanings, grants of another owner's keys and
 * bad settings are refused before anything is written, expired grants are left out, online grants
 * are sealed for an unlock token, a flipped byte anywhere in the file is detected, and no secret
 * shows in a message or {@code toString}.
 */
class SharedFileWriteTest {
    private static final Instant NOW = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING),
            Column.of("score", ColumnType.INT));
    private static final List<String> REGIONS = List.of("north", "south", "east");
    private static JazminKey owner;
    private static AccessKeyText north;
    private static AccessKeyText all;
    private static AccessKeyText unlisted;
    private static byte[] file;

    @BeforeAll
    static void writeFile(@TempDir Path dir) throws Exception {
        owner = JazminKey.generate();
        north = AccessKeyText.generate(owner);
        all = AccessKeyText.generate(owner);
        unlisted = AccessKeyText.generate(owner);
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(north).withRows(List.of("north")).withColumns(List.of("*")).withLabel("N"))
                .withGrant(AccessGrant.of(all).withExpiresIn("30d"));
        file = Files.readAllBytes(write(dir.resolve("f.jzm"), access, 300));
    }

    /** {@code rows} rows, regions in turn in runs of 25, the last ten without a region. */
    private static Path write(Path path, AccessSettings access, int rows) {
        WriteOptions options = WriteOptions.defaults().withKey(owner).withAccess(access).withNow(NOW)
                .withChunkRows(16).withIndex("id", io.jazmin.schema.IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(path, COLUMNS, options)) {
            for (int i = 0; i < rows; i++) {
                w.writeValues((long) i, i >= rows - 10 ? null : REGIONS.get(i / 25 % 3), "user" + i + "@example.com",
                        (long) (i * 7 % 100));
            }
            w.finish();
        }
        return path;
    }

    private static JazminReader open(byte[] bytes, AccessKeyText key) {
        return JazminReader.open(bytes, ReadOptions.defaults().withAccessKey(key));
    }

    // ---- least privilege -----------------------------------------------------------------------

    @Test
    void eachKeyReadsExactlyItsGrant() {
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(owner))) {
            assertEquals(300, r.table().rows().count());
            assertEquals(List.of("north", "south", "east", ""), r.visiblePartitions());
            assertEquals(List.of("id", "region", "email", "score"), names(r));
            assertEquals(1, r.table().find(Filter.parse("{\"id\": {\"eq\": 42}}")).count(), "the owner's index");
        }
        try (JazminReader r = open(file, north)) {
            List<Row> rows = r.table().rows().toList();
            assertEquals(100, rows.size(), "rows 0-24, 75-99, 150-174, 225-249");
            assertThat(rows).allSatisfy(row -> assertEquals("north", row.get("region")));
            assertEquals(List.of("id", "region", "score"), names(r), "['*'] is the default group only");
            assertEquals(200, r.hiddenRowCount());
            assertTrue(r.table().indexes().isEmpty(), "only the owner uses indexes");
            JazminValidationException e = assertThrows(JazminValidationException.class,
                    () -> r.table().count(Filter.parse("{\"email\": {\"eq\": \"x\"}}")));
            assertThat(e.getMessage()).contains("email");
        }
        try (JazminReader r = open(file, all)) {
            assertEquals(300, r.table().rows().count(), "rows '*': every partition, the null one too");
            assertEquals(List.of("id", "region", "email", "score"), names(r), "columns '*': every group");
            assertEquals(NOW.plusSeconds(30 * 86_400), r.accessExpires());
        }
        JazminKeyException e = assertThrows(JazminKeyException.class, () -> open(file, unlisted));
        assertThat(e.getMessage()).contains("has not been granted");
    }

    private static List<String> names(JazminReader r) {
        return r.table().columns().stream().map(Column::name).toList();
    }

    @Test
    void allRowsAndTheListStarMeanWhatTheReferenceSays(@TempDir Path dir) throws Exception {
        // A table without a partition column has the one partition '*': rows ['*'] names it.
        AccessSettings noPartitions = AccessSettings.defaults().withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(north).withRows(List.of("*")).withColumns(List.of("pii")))
                .withGrant(AccessGrant.of(all).withRows(List.of("north")));
        byte[] bytes = Files.readAllBytes(write(dir.resolve("one.jzm"), noPartitions, 40));
        try (JazminReader r = open(bytes, north)) {
            assertEquals(40, r.table().rows().count());
            assertEquals(List.of("email"), names(r), "a grant of group 'pii' only sees its columns");
        }
        try (JazminReader r = open(bytes, all)) {
            assertEquals(0, r.table().rows().count(), "no partition 'north' in a table without partitions");
            assertEquals(40, r.hiddenRowCount());
        }
    }

    /**
     * More than 64 partitions go to a partition table, many grants to several key-slot pages; an
     * int partition column names partitions by their decimal digits.
     */
    @Test
    void manyPartitionsAndKeysSpreadOverAPartitionTableAndSlotPages(@TempDir Path dir) throws Exception {
        List<AccessKeyText> keys = new ArrayList<>();
        List<AccessGrant> grants = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            AccessKeyText k = AccessKeyText.generate(owner);
            keys.add(k);
            grants.add(AccessGrant.of(k).withRows(List.of(Integer.toString(i))));
        }
        AccessSettings access = AccessSettings.defaults().withPartitionBy("score").withGrants(grants);
        byte[] bytes = Files.readAllBytes(write(dir.resolve("many.jzm"), access, 700));
        Trailer trailer = Trailer.decodeIfValid(bytes, bytes.length - Trailer.SIZE, bytes.length - Trailer.SIZE);
        long pages = new ByteReader(SharedFileSlots.payload(bytes, trailer.keyslotsOffset(), trailer.keyslotsLength())).u32();
        assertThat(pages).as("key-slot pages").isGreaterThan(1);
        SectionRef table = ownerRead(bytes, (r, h) -> h.tables().get(0).partitionTable());
        assertThat(table).as("partition table").isNotNull();
        try (JazminReader r = JazminReader.open(bytes, ReadOptions.defaults().withKey(owner))) {
            assertEquals(700, r.table().rows().count());
            assertEquals(100, r.visiblePartitions().size());
        }
        for (int i : new int[] {0, 33, 69}) {
            try (JazminReader r = open(bytes, keys.get(i))) {
                List<Row> rows = r.table().rows().toList();
                assertEquals(7, rows.size(), "score " + i + " is in 7 of 700 rows");
                assertThat(rows).allSatisfy(row -> assertEquals((long) i, row.get("score")));
            }
        }
    }

    /** Partition names are shared by all tables of a file; a table may be empty. */
    @Test
    void aGrantCoversItsPartitionsInEveryTable(@TempDir Path dir) throws Exception {
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withGrant(AccessGrant.of(north).withRows(List.of("north")));
        Path path = dir.resolve("tables.jzm");
        WriteOptions options = WriteOptions.defaults().withKey(owner).withAccess(access).withTableName("a");
        try (JazminWriter w = JazminWriter.create(path, COLUMNS, options)) {
            w.writeValues(1L, "north", "a@x", 1L);
            w.writeValues(2L, "south", "b@x", 2L);
            w.startTable("empty", COLUMNS, options);
            w.startTable("b", COLUMNS, options);
            w.writeValues(3L, "south", "c@x", 3L);
            w.writeValues(4L, "north", "d@x", 4L);
            w.writeValues(5L, "north", "e@x", 5L);
            w.finish();
        }
        byte[] bytes = Files.readAllBytes(path);
        try (JazminReader r = open(bytes, north)) {
            assertEquals(List.of(1L), ids(r, "a"));
            assertEquals(List.of(), ids(r, "empty"));
            assertEquals(List.of(4L, 5L), ids(r, "b"));
        }
        try (JazminReader r = JazminReader.open(bytes, ReadOptions.defaults().withKey(owner))) {
            assertEquals(List.of(3L, 4L, 5L), ids(r, "b"));
            assertEquals(List.of("north", "south"), r.visiblePartitions());
        }
    }

    private static List<Long> ids(JazminReader r, String table) {
        return r.table(table).rows().map(row -> (Long) row.get("id")).toList();
    }

    /** Every full write gets a new file id, salt and per-version secrets (spec §1.19), so old slots open nothing. */
    @Test
    void everyWriteHasFreshSecrets(@TempDir Path dir) throws Exception {
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withGrant(AccessGrant.of(north).withRows(List.of("north")));
        byte[] again = Files.readAllBytes(write(dir.resolve("again.jzm"), access, 300));
        Preamble first = Preamble.decode(java.util.Arrays.copyOf(file, Preamble.SIZE));
        Preamble second = Preamble.decode(java.util.Arrays.copyOf(again, Preamble.SIZE));
        assertThat(second.fileId()).isNotEqualTo(first.fileId());
        assertThat(second.salt()).isNotEqualTo(first.salt());
        AccessBundle a = SharedFileSlots.bundle(file, AccessCredential.ofAccessKey(north));
        AccessBundle b = SharedFileSlots.bundle(again, AccessCredential.ofAccessKey(north));
        assertThat(b.header()).isNotEqualTo(a.header());
        assertThat(b.partitions().keySet()).doesNotContainAnyElementsOf(a.partitions().keySet());
        assertThat(List.copyOf(b.partitionNames().values())).isEqualTo(List.copyOf(a.partitionNames().values()));
        AccessBundle ownerA = SharedFileSlots.bundle(file, AccessCredential.ofOwner(owner));
        AccessBundle ownerB = SharedFileSlots.bundle(again, AccessCredential.ofOwner(owner));
        assertThat(ownerB.ownerSecret()).isNotEqualTo(ownerA.ownerSecret());
    }

    // ---- refused before anything is written ----------------------------------------------------

    @Test
    void aGrantOfAnotherOwnersKeyIsRefused(@TempDir Path dir) {
        AccessKeyText foreign = AccessKeyText.generate(JazminKey.generate());
        Path path = dir.resolve("x.jzm");
        AccessSettings access = AccessSettings.defaults().withGrant(AccessGrant.of(foreign));
        JazminKeyException e = assertThrows(JazminKeyException.class, () -> write(path, access, 10));
        assertThat(e.getMessage()).contains(foreign.keyId()).contains("issued by another owner");
        assertNoSecrets(e, foreign.text(), owner.text());
        assertThat(path).doesNotExist();
        assertThat(dir.toFile().list()).as("nothing but the folder's lock guard").containsExactly(".jazmin-lock-guard");
    }

    @Test
    void badSettingsAreRefusedNamingWhatIsWrong(@TempDir Path dir) throws Exception {
        Map<String, AccessSettings> cases = new LinkedHashMap<>();
        cases.put("unknown column 'nope'", AccessSettings.defaults().withColumnGroup("g", List.of("nope")));
        cases.put("must stay in the default group", AccessSettings.defaults().withPartitionBy("region")
                .withColumnGroup("g", List.of("region")));
        cases.put("in two column groups", AccessSettings.defaults().withColumnGroup("a", List.of("email"))
                .withColumnGroup("b", List.of("email")));
        cases.put("is not a column", AccessSettings.defaults().withPartitionBy("nope"));
        cases.put("unknown column group 'secret'", AccessSettings.defaults()
                .withGrant(AccessGrant.of(north).withColumns(List.of("secret"))));
        cases.put("granted twice", AccessSettings.defaults().withGrant(AccessGrant.of(north))
                .withGrant(AccessGrant.of(north)));
        cases.put("must be 1-64 of", AccessSettings.defaults().withColumnGroup("bad/name", List.of("email")));
        for (Map.Entry<String, AccessSettings> c : cases.entrySet()) {
            JazminValidationException e = assertThrows(JazminValidationException.class,
                    () -> write(dir.resolve("x.jzm"), c.getValue(), 5), c.getKey());
            assertThat(e.getMessage()).contains(c.getKey());
            assertNoSecrets(e, north.text(), owner.text());
        }
        assertThrows(JazminValidationException.class, () -> WriteOptions.defaults()
                .withAccess(AccessSettings.defaults()), "a shared file needs the owner key");
        Path plain = dir.resolve("plain.jzm");
        JazminWriter.write(plain, COLUMNS, WriteOptions.defaults().withKey(owner), List.of(Map.of("id", 1L)).iterator());
        JazminValidationException append = assertThrows(JazminValidationException.class, () -> io.jazmin.JazminFile
                .append(plain, List.of(Map.of("id", 2L)).iterator(), WriteOptions.defaults().withKey(owner)
                        .withAccess(AccessSettings.defaults())));
        assertThat(append.getMessage()).contains("not to an append");
        Files.delete(plain);
        assertThat(dir.toFile().list()).as("nothing but the folder's lock guard").containsExactly(".jazmin-lock-guard");
    }

    // ---- time-limited and online grants --------------------------------------------------------

    @Test
    void anExpiredGrantIsLeftOutAndAnOnlineOneOpensWithTheOwnersToken(@TempDir Path dir) throws Exception {
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withGrant(AccessGrant.of(north).withExpires(NOW.minusSeconds(1)))
                .withGrant(AccessGrant.of(all).withMode(AccessGrant.Mode.ONLINE));
        Path file = write(dir.resolve("t.jzm"), access, 20);
        byte[] bytes = Files.readAllBytes(file);
        JazminKeyException expired = assertThrows(JazminKeyException.class, () -> open(bytes, north));
        assertThat(expired.getMessage()).contains("has not been granted");
        JazminUnlockRequiredException online = assertThrows(JazminUnlockRequiredException.class,
                () -> open(bytes, all));
        assertThat(online.keyId()).isEqualTo(all.keyId());
        UnlockToken token = JazminFile.issueUnlockToken(file, owner, all);
        try (JazminReader reader = JazminReader.open(bytes,
                ReadOptions.defaults().withAccessKey(all).withUnlockToken(token))) {
            assertThat(reader.table().rowCount()).isEqualTo(20);
        }
        String directory = ownerDirectory(bytes);
        assertThat(directory).contains("\"mode\":\"online\"").contains("\"share\":").doesNotContain(north.text());
    }

    // ---- integrity -----------------------------------------------------------------------------

    /**
     * A byte flipped in any section (its CRC made right, so that only the digests, tags and
     * signature can catch it), or in the preamble's file id or salt, makes the owner's read of
     * everything fail with a JAZMIN error; a holder, who never reads sections outside its grant,
     * fails or gets exactly the answer of the intact file, never a different one.
     */
    @Test
    void aFlippedByteAnywhereIsDetected() {
        List<long[]> sections = sections(file);
        List<Long> positions = new ArrayList<>(List.of(8L, 20L, 30L, 55L));
        for (int i = 0; i < sections.size(); i++) {
            // In turn the envelope (bound by the AAD), the middle and the last byte (the tag) of each section.
            long[] s = sections.get(i);
            positions.add(i % 3 == 0 ? s[0] + 2 : i % 3 == 1 ? s[0] + 16 + (s[1] - 16) / 2 : s[0] + s[1] - 1);
        }
        Object northAnswer = readAs(file, north);
        Object allAnswer = readAs(file, all);
        for (long at : positions) {
            byte[] bad = flipped(file, at, sections);
            assertThrows(JazminException.class, () -> readAsOwner(bad), () -> "byte " + at + " flipped, in section at "
                    + sections.stream().filter(x -> x[0] <= at && at < x[0] + x[1]).findFirst().map(x -> x[0] + "+"
                    + x[1] + " of " + sections.stream().map(y -> y[0] + "").toList()).orElse("none"));
            for (Map.Entry<AccessKeyText, Object> holder : Map.of(north, northAnswer, all, allAnswer).entrySet()) {
                try {
                    assertEquals(holder.getValue(), readAs(bad, holder.getKey()), "byte " + at + " flipped");
                } catch (JazminException expected) {
                    // detected
                }
            }
        }
    }

    private static Object readAsOwner(byte[] bytes) {
        try (JazminReader r = JazminReader.open(bytes, ReadOptions.defaults().withKey(owner))) {
            long n = r.table().rows().count() + r.visiblePartitions().size();
            n += r.table().find(Filter.parse("{\"id\": {\"in\": [1, 200]}}")).count();
            n += r.table().count(Filter.parse("{\"score\": {\"gt\": 50}, \"email\": {\"startsWith\": \"user1\"}}"));
            return n + chunkMapRows(bytes);
        }
    }

    /** The rows the chunk map lists, read through the owner catalog (the reader does not use the map yet). */
    private static long chunkMapRows(byte[] bytes) {
        return ownerRead(bytes, (r, header) -> {
            OwnerCatalog catalog = OwnerCatalog.decode(r.read("owner/catalog", header.access().ownerCatalog()));
            ChunkMap map = ChunkMap.decode(r.read("0/chunkmap", catalog.tables().get(0).chunkMap()));
            return java.util.Arrays.stream(map.rowCounts()).sum();
        });
    }

    private static Object readAs(byte[] bytes, AccessKeyText key) {
        try (JazminReader r = open(bytes, key)) {
            return r.table().count(Filter.parse("{\"score\": {\"gt\": 50}}")) + " " + r.table().rows().toList();
        }
    }

    /** [offset, length] of every section between the preamble and the trailer. */
    private static List<long[]> sections(byte[] bytes) {
        List<long[]> out = new ArrayList<>();
        long at = Preamble.SIZE;
        while (at < bytes.length - Trailer.SIZE) {
            long stored = new ByteReader(bytes, (int) at + 8, 4).u32();
            out.add(new long[] {at, 16 + stored});
            at += 16 + stored;
        }
        return out;
    }

    /** A copy with byte {@code at} flipped; in a section's payload, its CRC is made right again. */
    private static byte[] flipped(byte[] bytes, long at, List<long[]> sections) {
        byte[] copy = bytes.clone();
        copy[(int) at] ^= 0x10;
        for (long[] s : sections) {
            if (at >= s[0] + 16 && at < s[0] + s[1]) {
                CRC32 crc = new CRC32();
                crc.update(copy, (int) s[0] + 16, (int) s[1] - 16);
                byte[] value = new ByteWriter(4).u32(crc.getValue()).toByteArray();
                System.arraycopy(value, 0, copy, (int) s[0] + 12, 4);
            }
        }
        return copy;
    }

    // ---- secrets -------------------------------------------------------------------------------

    @Test
    void secretsNeverShowInToString() {
        AccessSettings access = AccessSettings.defaults().withPartitionBy("region")
                .withGrant(AccessGrant.of(north).withRows(List.of("north")).withLabel("N"));
        WriteOptions options = WriteOptions.defaults().withKey(owner).withAccess(access);
        for (String shown : List.of(access.toString(), access.grants().get(0).toString(), options.toString())) {
            assertThat(shown).contains(north.keyId()).doesNotContain(north.text()).doesNotContain(owner.text())
                    .doesNotContain(north.text().substring(5, 30)).doesNotContain(owner.text().substring(5, 30));
        }
    }

    private static void assertNoSecrets(JazminException e, String... secrets) {
        for (String s : secrets) {
            assertThat(e.getMessage()).doesNotContain(s).doesNotContain(s.substring(5, 30));
        }
    }

    // ---- helpers -------------------------------------------------------------------------------

    private static String ownerDirectory(byte[] bytes) {
        return ownerRead(bytes, (r, header) -> new String(r.read("owner", header.access().ownerDirectory()),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /** {@code read} applied to the owner's view of the sections and header of {@code bytes}. */
    private static <T> T ownerRead(byte[] bytes, java.util.function.BiFunction<SectionReader, Header, T> read) {
        Preamble preamble = Preamble.decode(java.util.Arrays.copyOf(bytes, Preamble.SIZE));
        Trailer trailer = Trailer.decodeIfValid(bytes, bytes.length - Trailer.SIZE, bytes.length - Trailer.SIZE);
        try (SectionCipher cipher = SectionCipher.forAccess(preamble.fileId(), preamble.salt(),
                SharedFileSlots.bundle(bytes, AccessCredential.ofOwner(owner)), "test")) {
            SectionReader r = new SectionReader(ByteSource.of(bytes), bytes.length - Trailer.SIZE, cipher,
                    io.jazmin.options.ReadLimits.defaults());
            Header header = Header.decode(r.open("header", trailer.headerOffset(),
                    r.readWhole("header", trailer.headerOffset(), trailer.headerLength())));
            return read.apply(r, header);
        }
    }
}
