package io.jazmin.benchmarks;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.AccessState;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Shared (access-controlled) files, open included in every call:
 * <ul>
 * <li>{@code holderReadsOnePartition}: an access key granted partition {@code NA} of the 200,000
 * customers partitioned by country opens the file and reads its rows (only that partition's
 * directories and chunks are read);</li>
 * <li>{@code ownerFindsById}: the owner opens a 250,000-row file of {@code partitions} partitions and
 * finds one id through the sorted index, with the chunk map (only the partition holding the hit is
 * read) or without it ({@code AccessSettings.withChunkMap(false)}: every partition's directory is read).</li>
 * </ul>
 * Rows are written grouped by partition, as a regrouped (compacted) shared file holds them: a shared
 * file cuts a chunk at every partition change. Every answer is checked once before timing.
 *
 * <pre>{@code java -jar jazmin-benchmarks/target/benchmarks.jar SharedFileBenchmark}</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx2g"})
public class SharedFileBenchmark {
    static final String GRANTED_COUNTRY = "NA";

    /** The customers file partitioned by country, and an access key granted one country. */
    @State(Scope.Benchmark)
    public static class HolderFile {
        Path dir;
        Path file;
        AccessKeyText holder;
        long expectedRows;
        long expectedIdSum;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            int rows = CustomersData.DEFAULT_ROWS;
            dir = Files.createTempDirectory("jazmin-bench-shared");
            file = dir.resolve("customers-shared.jzm");
            JazminKey owner = JazminKey.generate();
            holder = AccessKeyText.generate(owner);
            AccessSettings settings = AccessSettings.defaults().withPartitionBy("country")
                    .withGrant(AccessGrant.of(holder).withRows(List.of(GRANTED_COUNTRY)).withColumns(List.of("*")));
            try (JazminWriter w = JazminWriter.create(file, CustomersData.COLUMNS,
                    CustomersData.noIndexes().withKey(owner).withAccess(settings))) {
                for (String country : CustomersData.COUNTRIES) {
                    for (long i = 0; i < rows; i++) {
                        if (CustomersData.country(i).equals(country)) {
                            w.writeValues(CustomersData.values(i));
                        }
                    }
                }
                w.finish();
            }
            for (long i = 0; i < rows; i++) {
                if (CustomersData.country(i).equals(GRANTED_COUNTRY)) {
                    expectedRows++;
                    expectedIdSum += i;
                }
            }
            long[] got = read(this);
            if (got[0] != expectedRows || got[1] != expectedIdSum) {
                throw new IllegalStateException("holder read " + got[0] + " rows (id sum " + got[1] + "), expected "
                        + expectedRows + " (" + expectedIdSum + ")");
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            deleteTree(dir);
        }
    }

    /** A 250,000-row file of {@code partitions} partitions, with or without the owner's chunk map. */
    @State(Scope.Benchmark)
    public static class OwnerFile {
        static final int ROWS = 250_000;

        @Param({"100", "1000"})
        public int partitions;

        @Param({"true", "false"})
        public boolean chunkMap;

        Path dir;
        Path file;
        JazminKey owner;
        long id;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            dir = Files.createTempDirectory("jazmin-bench-shared");
            file = dir.resolve("owner-" + partitions + "-" + chunkMap + ".jzm");
            owner = JazminKey.generate();
            AccessSettings settings = AccessSettings.defaults().withPartitionBy("part").withChunkMap(chunkMap)
                    .withGrant(AccessGrant.of(AccessKeyText.generate(owner)).withRows(List.of(part(0, partitions)))
                            .withColumns(List.of("*")));
            WriteOptions options = CustomersData.noIndexes().withKey(owner).withAccess(settings)
                    .withIndex("id", IndexKind.SORTED);
            try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
                for (long i = 0; i < ROWS; i++) {
                    w.writeValues(i, part(i, partitions), CustomersData.name(i), CustomersData.balance(i));
                }
                w.finish();
            }
            id = CustomersData.findId(ROWS);
            Map<String, Object> found = find(this);
            if (!found.get("part").equals(part(id, partitions)) || !found.get("name").equals(CustomersData.name(id))
                    || (double) found.get("balance") != CustomersData.balance(id)) {
                throw new IllegalStateException("owner found " + found + " for id " + id);
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            deleteTree(dir);
        }
    }

    static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("part", ColumnType.STRING), Column.of("name", ColumnType.STRING),
            Column.of("balance", ColumnType.FLOAT));

    /** Partition of row {@code i}: rows in id order fill the partitions one after the other. */
    static String part(long i, int partitions) {
        return "p" + (i * partitions / OwnerFile.ROWS);
    }

    @Benchmark
    public long[] holderReadsOnePartition(HolderFile f) {
        return read(f);
    }

    @Benchmark
    public Map<String, Object> ownerFindsById(OwnerFile f) {
        return find(f);
    }

    /** Rows the holder reads and the sum of their ids. */
    static long[] read(HolderFile f) {
        try (JazminReader r = JazminReader.open(f.file, ReadOptions.defaults().withAccessKey(f.holder)
                .withAccessState(AccessState.disabled()))) {
            long n = 0;
            long ids = 0;
            Iterator<Row> it = r.table().rows().iterator();
            while (it.hasNext()) {
                Row row = it.next();
                n++;
                ids += (long) row.get("id");
            }
            return new long[] {n, ids};
        }
    }

    /** The owner's row of id {@code f.id}. */
    static Map<String, Object> find(OwnerFile f) {
        try (JazminReader r = JazminReader.open(f.file, ReadOptions.defaults().withKey(f.owner))) {
            return r.table().find(Filter.eq("id", f.id)).findFirst().map(Row::toMap)
                    .orElseThrow(() -> new IllegalStateException("id " + f.id + " not found"));
        }
    }

    static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
