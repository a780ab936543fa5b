package io.jazmin.endtoend.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.CountingExecutor;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts and sums over enough chunks (40 of 1,000 rows) that helper threads claim some of them: whatever
 * the parallelism (the caller alone, the shared workers, a given executor), the answers are exactly the
 * sequential ones, with deleted rows, index candidates, chunks that statistics prove all-matching or skip,
 * in two tables.
 */
class ParallelAggregateTest {
    private static final int ROWS = 40_000;
    private static final int CHUNK_ROWS = 1_000;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.required("name", ColumnType.STRING), Column.required("country", ColumnType.STRING),
            Column.required("age", ColumnType.INT), Column.of("balance", ColumnType.FLOAT));
    private static final String[] COUNTRIES = {"BW", "NA", "ZA", "LS"};
    private static final String[] NAMES = {"Smith", "Dube", "Ndlovu", "Mokoena", "Botha"};

    @TempDir
    Path dir;

    /** One customer as written (ids ascending, so statistics prove ranges of them). */
    private record Customer(long id, String name, String country, long age, Double balance) {
    }

    private static List<Customer> customers(long seed) {
        Random random = new Random(seed);
        List<Customer> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            String name = "Ann " + NAMES[random.nextInt(NAMES.length)] + (random.nextInt(40) == 0 ? "Ndlovu" : "");
            // A rare country spread over every chunk: the sorted index lists its rows as candidates.
            String country = i % 997 == 5 ? "XX" : COUNTRIES[random.nextInt(COUNTRIES.length)];
            Double balance = switch (random.nextInt(5)) {
                case 0 -> null;
                case 1 -> random.nextDouble() * 1e6 - 5e5; // raw binary64: a sum of doubles would round
                default -> Math.round(random.nextGaussian() * 1e7) / 100.0;
            };
            out.add(new Customer(i, name, country, 18 + random.nextInt(70), balance));
        }
        return out;
    }

    private Path write(List<Customer> first, List<Customer> second) {
        Path file = dir.resolve("customers.jzm");
        WriteOptions options = WriteOptions.defaults().withChunkRows(CHUNK_ROWS).withIndex("name", IndexKind.TRIGRAM)
                .withIndex("country", IndexKind.SORTED);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            first.forEach(c -> w.writeValues(c.id(), c.name(), c.country(), c.age(), c.balance()));
            w.startTable("second", COLUMNS, options);
            second.forEach(c -> w.writeValues(c.id(), c.name(), c.country(), c.age(), c.balance()));
            w.finish();
        }
        return file;
    }

    /** The filters asked, each with what it keeps of a customer. */
    private record Question(String what, Filter filter, Predicate<Customer> keeps) {
    }

    private static final List<Question> QUESTIONS = List.of(
            new Question("all", null, c -> true),
            new Question("contains (trigram candidates)", Filter.contains("name", "Ndlovu"),
                    c -> c.name().contains("Ndlovu")),
            new Question("filter", Filter.eq("country", "NA").and(Filter.gt("age", 80)),
                    c -> c.country().equals("NA") && c.age() > 80),
            new Question("rare key (sorted index candidates)", Filter.eq("country", "XX"),
                    c -> c.country().equals("XX")),
            new Question("id range (statistics prove or skip whole chunks)", Filter.gte("id", 20_500),
                    c -> c.id() >= 20_500),
            new Question("age range", Filter.gte("age", 18), c -> c.age() >= 18));

    private static long count(List<Customer> rows, Question q) {
        return rows.stream().filter(q.keeps()).count();
    }

    /** The exact sum of the balances of the rows kept, rounded once. */
    private static double sum(List<Customer> rows, Question q) {
        BigDecimal exact = BigDecimal.ZERO;
        for (Customer c : rows) {
            if (c.balance() != null && q.keeps().test(c)) {
                exact = exact.add(new BigDecimal(c.balance()));
            }
        }
        return exact.doubleValue();
    }

    private static ReadOptions reading(Parallelism p) {
        return ReadOptions.defaults().withSharedCache(false).withPriority(p.priority())
                .withMaxDegreeOfParallelism(p.maxDegree()).withExecutor(p.executor());
    }

    @Test
    void countsAndSumsEqualTheSequentialAnswersWhateverTheParallelism() {
        List<Customer> first = customers(33);
        List<Customer> second = customers(34);
        Path file = write(first, second);
        // Deleted rows in many chunks of both tables, some in chunks that statistics prove all-matching.
        List<Long> deleted = new ArrayList<>();
        for (long id = 3; id < ROWS; id += 211) {
            deleted.add(id);
        }
        JazminFile.delete(file, Filter.in("id", deleted), WriteOptions.defaults());
        JazminFile.delete(file, "second", Filter.gte("id", 39_000), WriteOptions.defaults());
        Set<Long> gone = Set.copyOf(deleted);
        List<Customer> firstLeft = first.stream().filter(c -> !gone.contains(c.id())).toList();
        List<Customer> secondLeft = second.stream().filter(c -> c.id() < 39_000).toList();

        long[][] counts = new long[2][QUESTIONS.size()];
        double[][] sums = new double[2][QUESTIONS.size()];
        for (int k = 0; k < QUESTIONS.size(); k++) {
            counts[0][k] = count(firstLeft, QUESTIONS.get(k));
            counts[1][k] = count(secondLeft, QUESTIONS.get(k));
            sums[0][k] = sum(firstLeft, QUESTIONS.get(k));
            sums[1][k] = sum(secondLeft, QUESTIONS.get(k));
        }
        CountingExecutor executor = new CountingExecutor(3);
        try {
            List<Parallelism> ways = new ArrayList<>(ParallelReadWriteTest.WAYS);
            ways.add(Parallelism.defaults().withMaxDegree(3).withExecutor(executor));
            for (Parallelism p : ways) {
                try (JazminReader reader = JazminReader.open(file, reading(p))) {
                    for (int k = 0; k < QUESTIONS.size(); k++) {
                        Question q = QUESTIONS.get(k);
                        String as = p + ", " + q.what();
                        JazminTable table = reader.table();
                        assertEquals(counts[0][k], table.count(q.filter()), as + ": count");
                        assertEquals(sums[0][k], table.sum("balance", q.filter()), as + ": sum");
                        JazminTable other = reader.table("second");
                        assertEquals(counts[1][k], other.count(q.filter()), as + ": count of the second");
                        assertEquals(sums[1][k], other.sum("balance", q.filter()), as + ": sum of the second");
                    }
                }
            }
            // The given executor ran helpers for the scans (40 chunks of 1,000 values and more each).
            assertThat(executor.takeCount()).isPositive();
            try (JazminReader reader = JazminReader.open(file,
                    reading(Parallelism.defaults().withMaxDegree(3).withExecutor(executor)))) {
                Question q = QUESTIONS.get(2);
                long inTwoChunks = firstLeft.stream().filter(c -> c.id() < 2 * CHUNK_ROWS).filter(q.keeps()).count();
                assertEquals(inTwoChunks, reader.table().count(q.filter(), Set.of(0, 1)));
            }
            assertEquals(0, executor.takeCount(), "2 chunks of 1,000 rows: too little work to wake a helper");
            try (JazminReader reader = JazminReader.open(file,
                    reading(Parallelism.defaults().withMaxDegree(1).withExecutor(executor)))) {
                assertEquals(count(firstLeft, QUESTIONS.get(1)), reader.table().count(QUESTIONS.get(1).filter()));
            }
            assertEquals(0, executor.takeCount(), "one thread: the caller alone");
        } finally {
            executor.close();
        }
    }
}
