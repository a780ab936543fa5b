package io.jazmin.spark;

import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/** Rows of Spark and of jazmin-core in one comparable form, and the scan node of a plan. */
final class SparkRows {
    private SparkRows() {
    }

    static List<Object> ofSpark(List<Row> rows) {
        return rows.stream().map(SparkRows::normalize).toList();
    }

    static List<Object> ofCore(java.util.stream.Stream<io.jazmin.data.Row> rows) {
        return rows.map(r -> {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                out.add(normalize(r.get(i)));
            }
            return (Object) out;
        }).toList();
    }

    /** Normalized rows sorted by their first cell, a long id (tasks return files in split order). */
    static List<Object> byId(List<Object> rows) {
        List<Object> sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.comparingLong(r -> (Long) ((List<?>) r).get(0)));
        return sorted;
    }

    /** byte[] as hex, decimals as their text, json as text, rows, maps and sequences as lists. */
    static Object normalize(Object v) {
        if (v instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof JsonText j) {
            return j.text();
        }
        if (v instanceof Row r) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                out.add(normalize(r.get(i)));
            }
            return out;
        }
        if (v instanceof scala.collection.Seq<?> s) {
            return normalize(CollectionConverters.asJava(s));
        }
        if (v instanceof List<?> l) {
            return l.stream().map(SparkRows::normalize).toList();
        }
        if (v instanceof Map<?, ?> m) {
            return m.values().stream().map(SparkRows::normalize).toList();
        }
        return v;
    }

    /** The (only) V2 scan of an executed plan. */
    static BatchScanExec scan(SparkPlan plan) {
        if (plan instanceof BatchScanExec b) {
            return b;
        }
        for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
            BatchScanExec found = scan(child);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    static long metric(SparkPlan plan, String name) {
        return scan(plan).metrics().apply(name).value();
    }
}
