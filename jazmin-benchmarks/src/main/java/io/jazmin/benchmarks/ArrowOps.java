package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow IPC baseline (arrow-vector, the file format, uncompressed): record batches of
 * {@link #BATCH_ROWS} rows, {@code joined} a UTC millisecond timestamp. Each read opens the file (a
 * cold open) and works on the loaded vectors as an Arrow user would: the lookup scans the id vector
 * and materialises one row, the filter and the sum read only their columns; read all builds every
 * record. Needs {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (Arrow's memory module).
 */
public final class ArrowOps {
    /** Rows per record batch. */
    static final int BATCH_ROWS = 65_536;

    private static final Schema SCHEMA = new Schema(List.of(
            Field.notNullable("id", new ArrowType.Int(64, true)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE),
            Field.nullable("email", ArrowType.Utf8.INSTANCE),
            Field.nullable("country", ArrowType.Utf8.INSTANCE),
            Field.nullable("age", new ArrowType.Int(32, true)),
            Field.nullable("balance", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("joined", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
            Field.nullable("active", ArrowType.Bool.INSTANCE)));

    /** One allocator for the process, as an application keeps one; every read frees what it took. */
    private static final BufferAllocator ALLOCATOR = new RootAllocator();
    private static final byte[] FILTER_COUNTRY = CustomersData.FILTER_COUNTRY.getBytes(StandardCharsets.UTF_8);

    private ArrowOps() {
    }

    public static long write(Path file, List<Customer> rows) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, ALLOCATOR);
             FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                     StandardOpenOption.WRITE);
             ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
            Columns v = new Columns(root);
            w.start();
            for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
                int n = Math.min(BATCH_ROWS, rows.size() - from);
                root.allocateNew();
                for (int j = 0; j < n; j++) {
                    Customer c = rows.get(from + j);
                    v.id.setSafe(j, c.id());
                    v.name.setSafe(j, c.name().getBytes(StandardCharsets.UTF_8));
                    v.email.setSafe(j, c.email().getBytes(StandardCharsets.UTF_8));
                    v.country.setSafe(j, c.country().getBytes(StandardCharsets.UTF_8));
                    v.age.setSafe(j, c.age());
                    v.balance.setSafe(j, c.balance());
                    v.joined.setSafe(j, c.joined().toEpochMilli());
                    v.active.setSafe(j, c.active() ? 1 : 0);
                }
                root.setRowCount(n);
                w.writeBatch();
            }
            w.end();
            return rows.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The typed vectors of a root with {@link #SCHEMA}. */
    private static final class Columns {
        final BigIntVector id;
        final VarCharVector name;
        final VarCharVector email;
        final VarCharVector country;
        final IntVector age;
        final Float8Vector balance;
        final TimeStampMilliTZVector joined;
        final BitVector active;

        Columns(VectorSchemaRoot root) {
            id = (BigIntVector) root.getVector(0);
            name = (VarCharVector) root.getVector(1);
            email = (VarCharVector) root.getVector(2);
            country = (VarCharVector) root.getVector(3);
            age = (IntVector) root.getVector(4);
            balance = (Float8Vector) root.getVector(5);
            joined = (TimeStampMilliTZVector) root.getVector(6);
            active = (BitVector) root.getVector(7);
        }

        Customer customer(int j) {
            return new Customer(id.get(j), text(name, j), text(email, j), text(country, j), age.get(j),
                    balance.get(j), Instant.ofEpochMilli(joined.get(j)), active.get(j) != 0);
        }

        private static String text(VarCharVector v, int j) {
            return new String(v.get(j), StandardCharsets.UTF_8);
        }
    }

    /** Opens the file and hands each loaded batch (row count, vectors) to {@code sink} until it returns false. */
    private static void batches(Path file, Predicate<Columns> sink) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
             ArrowFileReader r = new ArrowFileReader(ch, ALLOCATOR)) {
            Columns v = new Columns(r.getVectorSchemaRoot());
            while (r.loadNextBatch()) {
                if (!sink.test(v)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every row as a record, for {@link StreamedCustomers}. */
    static void stream(Path file, Predicate<Customer> sink) {
        batches(file, v -> {
            for (int j = 0, n = v.id.getValueCount(); j < n; j++) {
                if (!sink.test(v.customer(j))) {
                    return false;
                }
            }
            return true;
        });
    }

    /** Scans the id vector; only the found row is materialised. */
    public static Customer findById(Path file, long id) {
        Customer[] found = new Customer[1];
        batches(file, v -> {
            for (int j = 0, n = v.id.getValueCount(); j < n; j++) {
                if (v.id.get(j) == id) {
                    found[0] = v.customer(j);
                    return false;
                }
            }
            return true;
        });
        return found[0];
    }

    /** Reads age, then country's bytes only where age matches. */
    public static long filterCount(Path file) {
        long[] count = new long[1];
        batches(file, v -> {
            for (int j = 0, n = v.age.getValueCount(); j < n; j++) {
                if (!v.age.isNull(j) && v.age.get(j) > CustomersData.FILTER_AGE_GT && !v.country.isNull(j)
                        && Arrays.equals(v.country.get(j), FILTER_COUNTRY)) {
                    count[0]++;
                }
            }
            return true;
        });
        return count[0];
    }

    public static long containsCount(Path file) {
        long[] count = new long[1];
        batches(file, v -> {
            for (int j = 0, n = v.name.getValueCount(); j < n; j++) {
                if (!v.name.isNull(j) && CustomersData.matchesContains(Columns.text(v.name, j))) {
                    count[0]++;
                }
            }
            return true;
        });
        return count[0];
    }

    public static long readAllRecords(Path file) {
        return StreamedCustomers.readAll(ArrowOps::stream, file);
    }

    public static double sumBalance(Path file) {
        double[] sum = new double[1];
        batches(file, v -> {
            for (int j = 0, n = v.balance.getValueCount(); j < n; j++) {
                if (!v.balance.isNull(j)) {
                    sum[0] += v.balance.get(j);
                }
            }
            return true;
        });
        return sum[0];
    }
}
