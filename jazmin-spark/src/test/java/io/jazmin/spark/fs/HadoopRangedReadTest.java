package io.jazmin.spark.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.ChunkSummary;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.spark.fs.RecordingSource.Read;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.FlushPointFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a query reads of a plain file with column flush points through Hadoop's file system
 * ({@link HadoopSource}, positioned reads, here on the local file system read as a remote one
 * is), counted read by read: a two-column filter reads one range per chunk (its two streams; no
 * request for the part's envelope) and far fewer bytes than the chunk parts hold, a lookup reads
 * nothing of any chunk but its own, and a query of the last column (whose raw length only the
 * envelope gives) still reads it and answers as a whole read does. Byte and read counts are
 * deterministic: they depend only on the file written.
 */
class HadoopRangedReadTest {
    private static final int ROWS = 40_000;
    private static final int CHUNK_ROWS = 5_000;
    private static final Filter TWO_COLUMNS = Filter.eq("country", "DE").and(Filter.gt("age", 60L));
    @TempDir
    static Path dir;
    static Path file;
    static List<ChunkSummary> chunks;

    @BeforeAll
    static void write() throws IOException {
        byte[] bytes = FlushPointFiles.file(FlushPointFiles.rows(ROWS), WriteOptions.defaults().withChunkRows(CHUNK_ROWS)
                .withNow(Instant.parse("2026-01-02T03:04:05Z")).withColumnFlushPoints(true));
        file = Files.write(dir.resolve("customers.jzm"), bytes);
        try (JazminReader r = JazminReader.open(file)) {
            chunks = r.table().chunks();
        }
    }

    private static RecordingSource open() throws IOException {
        FileSystem local = FileSystem.getLocal(new Configuration()).getRaw();
        return new RecordingSource(HadoopSource.open(local, new org.apache.hadoop.fs.Path(file.toUri())));
    }

    /** The chunk whose part holds {@code read}, or {@code null} when it lies outside every part. */
    private static ChunkSummary chunkOf(Read read) {
        for (ChunkSummary c : chunks) {
            if (read.position() >= c.firstPartOffset() && read.end() <= c.firstPartOffset() + c.storedBytes()) {
                return c;
            }
        }
        return null;
    }

    private static boolean overlapsAPart(Read read) {
        return chunks.stream().anyMatch(c -> read.position() < c.firstPartOffset() + c.storedBytes()
                && read.end() > c.firstPartOffset());
    }

    /**
     * An open reads the preamble and the file's last bytes (1/128 of it, at least 1 KiB), which hold the
     * trailer, header, chunk directory and statistics: the table's chunks then cost no read (before, an
     * open made four reads: preamble, trailer, header, directory and statistics).
     */
    @Test
    void anOpenReadsThePreambleAndTheCatalogTailOnly() throws IOException {
        RecordingSource source = open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            assertThat(reader.table().chunks()).hasSize(ROWS / CHUNK_ROWS);
            assertThat(reader.table().explain(TWO_COLUMNS).chunks()).isEqualTo(ROWS / CHUNK_ROWS);
            List<Read> reads = source.since(0);
            assertThat(reads).hasSize(2).contains(new Read(0, 64, false));
            long tail = Math.max(1024, source.size() / 128);
            assertThat(reads).contains(new Read(source.size() - tail, (int) tail, true));
        }
    }

    /** Where the bytes the open read at the end of the file start (the open's read that ends at the file's end). */
    private static long tailStart(RecordingSource source) {
        return source.since(0).stream().filter(r -> r.end() == source.size()).mapToLong(Read::position).min().orElseThrow();
    }

    @Test
    void twoColumnFilterReadsOneRangePerChunkAndFarFewerBytesThanTheParts() throws IOException {
        long expected;
        try (JazminReader whole = JazminReader.open(file)) {
            expected = whole.table().count(TWO_COLUMNS);
        }
        RecordingSource source = open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            assertThat(source.prefersRanges()).isTrue();
            int before = source.count();
            assertThat(reader.table().count(TWO_COLUMNS)).isEqualTo(expected);
            List<Read> reads = source.since(before);
            List<Read> partReads = reads.stream().filter(Read::once).toList();
            long partBytes = chunks.stream().mapToLong(ChunkSummary::storedBytes).sum();

            assertThat(chunks).hasSize(ROWS / CHUNK_ROWS);
            // One read per chunk (country and age are adjacent streams), each inside its chunk's part.
            assertThat(partReads).hasSize(chunks.size());
            assertThat(partReads).allSatisfy(r -> assertThat(chunkOf(r)).isNotNull());
            assertThat(partReads.stream().map(HadoopRangedReadTest::chunkOf).distinct()).hasSize(chunks.size());
            // Two of eight columns: every byte the count read, well under a third of the parts'.
            assertThat(RecordingSource.bytes(reads)).isLessThan(partBytes / 3);
            assertThat(reads.stream().filter(r -> !r.once()).noneMatch(HadoopRangedReadTest::overlapsAPart))
                    .as("catalog reads reach no chunk part").isTrue();
        }
    }

    @Test
    void lookupReadsOnlyTheChunkHoldingTheRow() throws IOException {
        Filter lookup = Filter.eq("id", 23_456L);
        Row want;
        try (JazminReader whole = JazminReader.open(file)) {
            want = whole.table().find(lookup).findFirst().orElseThrow();
        }
        ChunkSummary holding = chunks.stream().filter(c -> c.rowStart() <= 23_456 && 23_456 < c.rowStart() + c.rowCount())
                .findFirst().orElseThrow();
        RecordingSource source = open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            int before = source.count();
            List<Row> found = reader.table().find(lookup).toList();
            List<Read> reads = source.since(before);

            assertThat(found).hasSize(1);
            assertThat(CanonicalJson.rowText(found.get(0))).isEqualTo(CanonicalJson.rowText(want));
            // Every column of the row, envelope included, in one read of its chunk's part; nothing of another part.
            List<Read> partReads = reads.stream().filter(HadoopRangedReadTest::overlapsAPart).toList();
            assertThat(partReads).hasSize(1);
            assertThat(chunkOf(partReads.get(0))).isEqualTo(holding);
            assertThat(RecordingSource.bytes(partReads)).isLessThanOrEqualTo(holding.storedBytes());
        }
    }

    @Test
    void aLookupAfterACountReadsTheStreamsItLacksInOneRead() throws IOException {
        Filter lookup = Filter.eq("id", 23_456L);
        RecordingSource source = open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            reader.table().count(TWO_COLUMNS); // the reader keeps each part with those two streams
            int before = source.count();
            assertThat(reader.table().find(lookup).toList()).hasSize(1);
            // The six other streams and the envelope, close together: one read, not one per stream.
            assertThat(source.since(before).stream().filter(HadoopRangedReadTest::overlapsAPart).toList()).hasSize(1);
        }
    }

    @Test
    void theLastColumnAloneReadsTheEnvelopeToo() throws IOException {
        Filter active = Filter.eq("active", true);
        Filter balance = Filter.gt("balance", 5_000.0);
        long activeRows;
        long balanceRows;
        try (JazminReader whole = JazminReader.open(file)) {
            activeRows = whole.table().count(active);
            balanceRows = whole.table().count(balance);
        }
        RecordingSource source = open();
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            int before = source.count();
            assertThat(reader.table().count(active)).isEqualTo(activeRows);
            // Per chunk the last stream and, far before it, the envelope giving its raw length: two reads;
            // only the last stream of a part ending in the file's last bytes, which the open read, costs none.
            List<Read> reads = source.since(before).stream().filter(Read::once).toList();
            long tailStart = tailStart(source);
            for (ChunkSummary c : chunks) {
                List<Read> inPart = reads.stream().filter(r -> c.equals(chunkOf(r))).toList();
                assertThat(inPart).as("chunk " + c.ordinal()).contains(new Read(c.firstPartOffset(), 16, true));
                if (c.firstPartOffset() + c.storedBytes() <= tailStart) {
                    assertThat(inPart).as("chunk " + c.ordinal()).hasSize(2);
                } else {
                    assertThat(inPart).as("chunk " + c.ordinal() + ", reaching into the tail").hasSizeBetween(1, 2);
                }
            }
            assertThat(reads.size()).isBetween(2 * chunks.size() - 1, 2 * chunks.size())
                    .isEqualTo(reads.stream().filter(r -> chunkOf(r) != null).count());
            before = source.count();
            assertThat(reader.table().count(balance)).isEqualTo(balanceRows);
            // The envelopes are kept: one read per chunk, the balance stream (none where the tail holds it).
            List<Read> balanceReads = source.since(before).stream().filter(Read::once).toList();
            for (ChunkSummary c : chunks) {
                if (c.firstPartOffset() + c.storedBytes() <= tailStart) {
                    assertThat(balanceReads.stream().filter(r -> c.equals(chunkOf(r))).count()).as("chunk " + c.ordinal())
                            .isEqualTo(1);
                }
            }
            assertThat(balanceReads.size()).isBetween(chunks.size() - 1, chunks.size());
        }
    }
}
