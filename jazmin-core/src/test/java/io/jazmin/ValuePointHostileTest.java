package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.Written;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Value points are read from the file, covered by nothing but the chunk directory's CRC-32: crafted
 * ones (offsets off by a byte, a wrong running value or value index, out of order, too many, on a
 * stream that cannot have them, inside a stream's head) make a lookup fail with a
 * {@link JazminFormatException} naming the chunk part and column, and never give a row other than
 * the one a whole read gives; scans, which never use them, read the file as before.
 */
class ValuePointHostileTest {
    private static final byte[] FILE = Written.file(ValuePointLookupTest.COLUMNS, ValuePointLookupTest.DATA,
            ValuePointLookupTest.POINTS);
    private static final ChunkDirectory DIR = FileSections.of(FILE).firstDirectory(0);
    private static final int COLUMNS = ValuePointLookupTest.COLUMNS.size();
    private static final List<List<Object>> ALL = ValuePointLookupTest.allRows(FILE, ValuePointLookupTest.NO_CACHE);
    private static final int N = 1;
    private static final int T = 2;
    private static final int TEXT = 5;
    private static final int CODE = 6;
    private static final int FLAG = 10;

    @Test
    void aRawOffsetOffByOne() {
        assertLookupsRefused(changed(TEXT, p -> new ValuePoints.StreamPoints(p.stream(), p.values(),
                plus(p.raw(), 1, 1), p.stored(), p.running())), "column 'text'");
    }

    @Test
    void aStoredOffsetOffByOne() {
        assertLookupsRefused(changed(N, p -> new ValuePoints.StreamPoints(p.stream(), p.values(), p.raw(),
                plus(p.stored(), 1, 1), p.running())), "column 'n'");
    }

    @Test
    void aWrongValueIndex() {
        assertLookupsRefused(changed(TEXT, p -> new ValuePoints.StreamPoints(p.stream(), plus(p.values(), 1, 1),
                p.raw(), p.stored(), p.running())), "column 'text'");
    }

    @Test
    void aWrongRunningValueBeforeAnotherPoint() {
        assertLookupsRefused(changed(T, p -> {
            long[] running = p.running().clone();
            running[1] += 1_000;
            return new ValuePoints.StreamPoints(p.stream(), p.values(), p.raw(), p.stored(), running);
        }), "column 't'");
    }

    @Test
    void noRunningValuesForADeltaStream() {
        assertLookupsRefused(changed(T, p -> new ValuePoints.StreamPoints(p.stream(), p.values(), p.raw(), p.stored(),
                null)), "give no running values");
    }

    @Test
    void valueIndexesOutOfOrder() {
        assertLookupsRefused(changed(TEXT, p -> {
            int[] values = p.values().clone();
            values[1] = values[0] - 1;
            return new ValuePoints.StreamPoints(p.stream(), values, p.raw(), p.stored(), p.running());
        }), "does not ascend");
    }

    @Test
    void aPointInsideADictionarysEntries() {
        assertLookupsRefused(changed(CODE, p -> new ValuePoints.StreamPoints(p.stream(), p.values(),
                plus(p.raw(), 0, DIR.streamOffsets().toArray()[CODE] + 3 - p.raw()[0]), p.stored(), p.running())),
                "column 'code'");
    }

    @Test
    void aPointPastTheStreamsEnd() {
        int end = DIR.streamOffsets().toArray()[TEXT + 1];
        assertLookupsRefused(changed(TEXT, p -> {
            int[] raw = p.raw().clone();
            raw[raw.length - 1] = end + 5;
            return new ValuePoints.StreamPoints(p.stream(), p.values(), raw, p.stored(), p.running());
        }), "column 'text'");
    }

    @Test
    void moreValueIndexesThanTheStreamHas() {
        assertLookupsRefused(changed(N, p -> {
            int[] values = p.values().clone();
            values[values.length - 1] = 1_000_000;
            return new ValuePoints.StreamPoints(p.stream(), values, p.raw(), p.stored(), p.running());
        }), "column 'n'");
    }

    @Test
    void tooManyPointsForTheEntry() {
        ByteWriter entry = new ByteWriter().varint(TEXT).varint(0).varint(1_000).varint(512).varint(10).varint(10);
        assertLookupsRefused(withFirstEntry(entry.toByteArray()), "count 1000 exceeds");
    }

    @Test
    void aStreamBeyondThePart() {
        ByteWriter entry = new ByteWriter().varint(COLUMNS).varint(0).varint(1).varint(512).varint(10).varint(10);
        assertLookupsRefused(withFirstEntry(entry.toByteArray()), "beyond the part's");
    }

    @Test
    void unknownFlags() {
        ByteWriter entry = new ByteWriter().varint(TEXT).varint(6).varint(1).varint(512).varint(10).varint(10);
        assertLookupsRefused(withFirstEntry(entry.toByteArray()), "unknown flags");
    }

    @Test
    void pointsOnABoolBitmap() {
        List<ValuePoints.StreamPoints> streams = new ArrayList<>(firstPart());
        streams.add(new ValuePoints.StreamPoints(FLAG, new int[] {512}, new int[] {DIR.streamOffsets().toArray()[FLAG] + 200},
                new int[] {DIR.streamStoredOffsets().toArray()[FLAG] + 20}, null));
        assertLookupsRefused(withFirstEntry(ValuePoints.encodePart(streams, flushRaw(), flushStored())),
                "has value points");
    }

    /** Every 25th row of the first chunk looked up: each is the row a whole read gives or refused; some are refused. */
    private static void assertLookupsRefused(byte[] file, String message) {
        int refused = 0;
        for (int id = 0; id < ValuePointLookupTest.CHUNK_ROWS; id += 25) {
            try (JazminReader reader = JazminReader.open(file, ValuePointLookupTest.NO_CACHE);
                 Stream<Row> rows = reader.table().find(Filter.eq("id", (long) id))) {
                assertThat(rows.map(ValuePointLookupTest::values).toList()).as("row %d", id)
                        .containsExactly(ALL.get(id));
            } catch (JazminFormatException e) {
                assertThat(e.getMessage()).contains(message).contains("0/chunk/0/");
                refused++;
            }
        }
        assertThat(refused).as("lookups refused").isPositive();
        assertThat(ValuePointLookupTest.allRows(file, ValuePointLookupTest.NO_CACHE)).as("a scan").isEqualTo(ALL);
    }

    private static int[] plus(int[] values, int index, int by) {
        int[] out = values.clone();
        out[index] += by;
        return out;
    }

    /** The file with the first part's points of stream {@code k} changed. */
    private static byte[] changed(int k, UnaryOperator<ValuePoints.StreamPoints> change) {
        List<ValuePoints.StreamPoints> streams = new ArrayList<>();
        for (ValuePoints.StreamPoints s : firstPart()) {
            streams.add(s.stream() == k ? change.apply(s) : s);
        }
        assertThat(streams).anyMatch(s -> s.stream() == k);
        return withFirstEntry(ValuePoints.encodePart(streams, flushRaw(), flushStored()));
    }

    private static List<ValuePoints.StreamPoints> firstPart() {
        ValuePoints points = ValuePoints.part(DIR.valuePoints(), 0, FlushPoints.of(DIR.streamOffsets().toArray(),
                DIR.streamStoredOffsets().toArray(), 0, COLUMNS));
        List<ValuePoints.StreamPoints> out = new ArrayList<>();
        for (int k = 0; k < COLUMNS; k++) {
            int n = points.count(k);
            if (n == 0) {
                continue;
            }
            int[] values = new int[n];
            int[] raw = new int[n];
            int[] stored = new int[n];
            long[] running = points.hasRunning(k) ? new long[n] : null;
            for (int i = 0; i < n; i++) {
                values[i] = points.value(k, i);
                raw[i] = points.raw(k, i);
                stored[i] = points.stored(k, i);
                if (running != null) {
                    running[i] = points.running(k, i);
                }
            }
            out.add(new ValuePoints.StreamPoints(k, values, raw, stored, running));
        }
        return out;
    }

    private static int[] flushRaw() {
        return java.util.Arrays.copyOf(DIR.streamOffsets().toArray(), COLUMNS);
    }

    private static int[] flushStored() {
        return java.util.Arrays.copyOf(DIR.streamStoredOffsets().toArray(), COLUMNS);
    }

    /** The file with the first part's value points entry replaced by {@code entry} (the others kept). */
    private static byte[] withFirstEntry(byte[] entry) {
        io.jazmin.internal.wire.ByteReader in = DIR.valuePoints().reader();
        List<byte[]> entries = new ArrayList<>();
        while (in.hasRemaining()) {
            entries.add(in.bytes(in.length()));
        }
        entries.set(0, entry);
        ChunkDirectory d = DIR;
        return FlushPointFiles.withDirectory(FILE, new ChunkDirectory(d.ordinals(), d.rowStarts(), d.rowCounts(),
                d.partOffsets(), d.partLengths(), d.partDigests(), d.statistics(), d.streamOffsets().toArray(),
                d.streamStoredOffsets().toArray(), ValuePoints.join(entries)));
    }
}
