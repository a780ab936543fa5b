package io.jazmin.benchmarks;

import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import io.jazmin.data.Row;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The Java side of {@code js-compare.sh} (issue 17): the operations of {@code js-compare/compare.mjs}
 * through our public API, on the same prepared data folder, printing the same TSV
 * ({@code op<TAB>best ms<TAB>runs}). Each operation is run once untimed and its answer checked against
 * the generator ({@code expected.json}), then timed {@code RUNS} times; each read opens the file itself.
 *
 * <pre>{@code
 * java -cp benchmarks.jar io.jazmin.benchmarks.JsComparison prepare DATA_DIR      key file (if missing), expected.json
 * java -cp benchmarks.jar io.jazmin.benchmarks.JsComparison write-keyed DATA_DIR  read-key.jzm written by us
 * java -cp benchmarks.jar io.jazmin.benchmarks.JsComparison run DATA_DIR [RUNS]   one round of TSV
 * java -cp benchmarks.jar io.jazmin.benchmarks.JsComparison report DATA_DIR ROUNDS the Markdown table
 * }</pre>
 */
public final class JsComparison {
    static final String ROWS_FILE = "customers.jsonl";
    static final String KEY_FILE = "customers.key";
    static final String EXPECTED_FILE = "expected.json";
    static final String PLAIN_FILE = "read-plain.jzm";
    static final String KEYED_FILE = "read-key.jzm";

    /** One timed operation: {@code before} runs untimed (e.g. removing the previous output). */
    record Operation(String name, Runnable before, Supplier<Object> run, Consumer<Object> check) {
    }

    /** One run of an operation. */
    private record Timing(double ms, Object result) {
    }

    /** The generator's answers, as {@code prepare} writes them for both sides. */
    record Expected(long rows, long findId, String findName, String findEmail, long filterCount, long containsCount) {
    }

    private JsComparison() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: JsComparison prepare|write-keyed|run|report DATA_DIR [RUNS|ROUNDS]");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "prepare" -> prepare(dir);
            case "write-keyed" -> JazminOps.write(dir.resolve(KEYED_FILE), loadRows(dir.resolve(ROWS_FILE)),
                    CustomersData.threeIndexes().withKey(readKey(dir)));
            case "run" -> run(dir, args.length > 2 ? Integer.parseInt(args[2]) : 7);
            case "report" -> System.out.print(JsComparisonReport.fromFolder(dir.resolve("rounds"),
                    args.length > 2 ? Integer.parseInt(args[2]) : 3).markdown());
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    /** Writes a fresh key file (owner-only) unless there is one, and the generator's answers for the rows. */
    static void prepare(Path dir) throws IOException {
        Path keyFile = dir.resolve(KEY_FILE);
        if (!Files.exists(keyFile)) {
            Files.createFile(keyFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(keyFile, JazminKey.generate().text());
        }
        int n = loadRows(dir.resolve(ROWS_FILE)).length;
        long id = CustomersData.findId(n);
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("rows", n);
        expected.put("findId", id);
        expected.put("findName", CustomersData.name(id));
        expected.put("findEmail", CustomersData.email(id));
        expected.put("filterCount", CustomersData.filterCount(n));
        expected.put("containsCount", CustomersData.containsCount(n));
        Files.writeString(dir.resolve(EXPECTED_FILE), JacksonOps.MAPPER.writeValueAsString(expected));
    }

    static void run(Path dir, int runs) throws IOException {
        Expected expected = readExpected(dir);
        Object[][] rows = loadRows(dir.resolve(ROWS_FILE));
        JazminKey key = readKey(dir);
        ReadOptions keyed = ReadOptions.defaults().withKey(key);
        List<Operation> operations = new ArrayList<>();
        operations.add(write(dir, "writeNoIndexes", rows, CustomersData.noIndexes(), ReadOptions.defaults(), expected));
        operations.add(write(dir, "write3Indexes", rows, CustomersData.threeIndexes(), ReadOptions.defaults(), expected));
        operations.add(write(dir, "write3IndexesKey", rows, CustomersData.threeIndexes().withKey(key), keyed, expected));
        operations.addAll(reads("", dir.resolve(PLAIN_FILE), ReadOptions.defaults(), expected));
        // The same reads with our process-wide chunk cache off: each open decodes what it uses afresh, as
        // the reference's does (its comparison rows, JsComparisonReport.OPERATIONS).
        operations.addAll(reads("NoCache", dir.resolve(PLAIN_FILE), ReadOptions.defaults().withSharedCache(false),
                expected));
        operations.addAll(reads("Key", dir.resolve(KEYED_FILE), keyed, expected));

        System.out.println("# side\tjava\tJAZMIN for Java\tjava " + System.getProperty("java.version"));
        for (Operation op : operations) {
            op.check().accept(timed(op).result()); // also the warm-up, as on the JS side
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < runs; i++) {
                best = Math.min(best, timed(op).ms());
            }
            System.out.printf(Locale.ROOT, "%s\t%.3f\t%d%n", op.name(), best, runs);
        }
    }

    private static Timing timed(Operation op) {
        op.before().run();
        System.gc();
        long start = System.nanoTime();
        Object result = op.run().get();
        return new Timing((System.nanoTime() - start) / 1e6, result);
    }

    private static Operation write(Path dir, String name, Object[][] rows, WriteOptions options, ReadOptions read,
                                   Expected expected) {
        Path file = dir.resolve("out-java-" + name + ".jzm");
        return new Operation(name, () -> CustomersFiles.delete(file), () -> JazminOps.write(file, rows, options),
                written -> same(name + ": values read back", JazminOps.readAllRows(file, read), cells(expected)));
    }

    private static List<Operation> reads(String suffix, Path file, ReadOptions options, Expected expected) {
        Runnable nothing = () -> { };
        return List.of(
                new Operation("readAll" + suffix, nothing, () -> JazminOps.readAllRows(file, options),
                        n -> same("readAll" + suffix + ": values", n, cells(expected))),
                new Operation("findById" + suffix, nothing, () -> JazminOps.findByIdRow(file, expected.findId(), options),
                        found -> {
                            if (!(found instanceof Row row)) {
                                throw new IllegalStateException("findById" + suffix + ": no row with id "
                                        + expected.findId());
                            }
                            same("findById" + suffix + ": id", row.get("id"), expected.findId());
                            same("findById" + suffix + ": name", row.get("name"), expected.findName());
                            same("findById" + suffix + ": email", row.get("email"), expected.findEmail());
                        }),
                new Operation("filterCount" + suffix, nothing, () -> JazminOps.filterCount(file, options),
                        n -> same("filterCount" + suffix, n, expected.filterCount())),
                new Operation("containsCount" + suffix, nothing, () -> JazminOps.containsCount(file, options),
                        n -> same("containsCount" + suffix, n, expected.containsCount())));
    }

    /** Every cell of the customers table holds a value, so reading all of them back counts rows × columns. */
    private static long cells(Expected expected) {
        return expected.rows() * CustomersData.COLUMNS.size();
    }

    private static void same(String what, Object actual, Object wanted) {
        if (!Objects.equals(actual, wanted)) {
            throw new IllegalStateException(what + ": got " + actual + ", expected " + wanted);
        }
    }

    /**
     * The case's canonical rows in column order, as {@link io.jazmin.JazminWriter#writeValues} takes them,
     * each checked against the generator so both sides are known to write the published table.
     */
    static Object[][] loadRows(Path jsonl) throws IOException {
        List<Column> columns = CustomersData.COLUMNS;
        List<Object[]> out = new ArrayList<>();
        try (RowSource source = RowSources.open(jsonl, RowFormat.JSON_LINES, columns)) {
            while (source.hasNext()) {
                Map<String, Object> row = source.next();
                Object[] values = new Object[columns.size()];
                for (int c = 0; c < values.length; c++) {
                    values[c] = row.get(columns.get(c).name());
                }
                if (!Arrays.equals(values, CustomersData.values(out.size()))) {
                    throw new IllegalStateException(jsonl + ": row " + out.size() + " is not the generator's: "
                            + Arrays.toString(values));
                }
                out.add(values);
            }
        }
        return out.toArray(new Object[0][]);
    }

    static JazminKey readKey(Path dir) throws IOException {
        return JazminKey.parse(Files.readString(dir.resolve(KEY_FILE)).trim());
    }

    static Expected readExpected(Path dir) throws IOException {
        JsonNode e = JacksonOps.MAPPER.readTree(Files.readString(dir.resolve(EXPECTED_FILE)));
        return new Expected(e.get("rows").asLong(), e.get("findId").asLong(), e.get("findName").asString(),
                e.get("findEmail").asString(), e.get("filterCount").asLong(), e.get("containsCount").asLong());
    }
}
