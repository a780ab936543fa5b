package io.jazmin.benchmarks;

import io.jazmin.options.ReadOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * Repeats one JAZMIN operation on the customers table for a while, for a profiler (JFR) to sample:
 * {@code java -XX:StartFlightRecording=duration=30s,filename=/tmp/x.jfr -cp benchmarks.jar
 * io.jazmin.benchmarks.ProfileLoop readAll|readAllRows|write|write3Indexes|writeRecords|findById|findByIdNoCache|filterCount|containsCount,
 * the shared cache off: filterCountNoCache|containsCountNoCache|sumBalanceNoCache|sumBalanceArraysNoCache|readAllNoCache
 * (and the key file's readAllKey|findByIdKey|filterCountKey|containsCountKey) SECONDS}.
 * profile.sh runs it and aggregates the top frames.
 */
public final class ProfileLoop {
    private ProfileLoop() {
    }

    public static void main(String[] args) {
        String op = args.length > 0 ? args[0] : "readAll";
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 30;
        CustomersFiles f = CustomersFiles.ensure(CustomersData.DEFAULT_ROWS);
        Object[][] rows = op.startsWith("write") ? CustomersData.valueRows(f.rows) : null;
        List<CustomersData.Customer> customers = op.equals("writeRecords") ? CustomersData.customers(f.rows) : null;
        Path jzm = f.jzm3Indexes;
        long id = CustomersData.findId(f.rows);
        ReadOptions keyed = ReadOptions.defaults().withKey(f.key());
        ReadOptions noCache = ReadOptions.defaults().withSharedCache(false);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long n = 0;
        long sink = 0;
        while (System.nanoTime() < end) {
            sink += switch (op) {
                case "readAll" -> JazminOps.readAllRecords(jzm);
                case "readAllRows" -> JazminOps.readAllRows(jzm);
                case "write" -> JazminOps.write(f.scratch("profile.jzm"), rows, CustomersData.noIndexes());
                case "write3Indexes" -> JazminOps.write(f.scratch("profile.jzm"), rows, CustomersData.threeIndexes());
                case "writeRecords" -> JazminOps.writeRecords(f.scratch("profile.jzm"), customers, CustomersData.noIndexes());
                case "findById" -> JazminOps.findById(jzm, id).id();
                case "findByIdNoCache" -> JazminOps.findById(jzm, id, noCache).id();
                case "filterCount" -> JazminOps.filterCount(jzm);
                case "filterCountNoCache" -> JazminOps.filterCount(jzm, noCache);
                case "containsCount" -> JazminOps.containsCount(jzm);
                case "containsCountNoCache" -> JazminOps.containsCount(jzm, noCache);
                case "sumBalanceNoCache" -> (long) JazminOps.sumBalance(jzm, noCache);
                case "sumBalanceArraysNoCache" -> (long) JazminOps.sumBalanceArrays(jzm, noCache);
                case "readAllNoCache" -> JazminOps.readAllRecords(jzm, noCache);
                case "readAllKey" -> JazminOps.readAllRecords(f.jzm3IndexesKey, keyed);
                case "findByIdKey" -> JazminOps.findById(f.jzm3IndexesKey, id, keyed).id();
                case "filterCountKey" -> JazminOps.filterCount(f.jzm3IndexesKey, keyed);
                case "containsCountKey" -> JazminOps.containsCount(f.jzm3IndexesKey, keyed);
                default -> throw new IllegalArgumentException(op);
            };
            n++;
        }
        System.out.printf("%s: %d operations in %d s (%.1f ms each) [%d]%n", op, n, seconds, seconds * 1000.0 / n, sink);
    }
}
