package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.schema.Column;
import io.jazmin.testing.ConformanceCase;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Every view of every interop case written by the reference library, read through Spark with the
 * view's key, password or access key and table: the columns are those of the view's expected rows
 * (hidden columns absent), the row count is the reference reader's, and the rows are those core's
 * reader gives. {@link #readEveryView} reads them from other file systems too.
 */
class ConformanceReadTest {
    @Test
    void everyViewOfEveryCaseReadsAsItsExpectedRows() throws IOException {
        readEveryView(SharedSpark.get(), c -> c.dataFile().toString());
    }

    /**
     * Reads every view of every case from where {@code location} puts the case's data file (a local
     * path, or a copy on HDFS or S3) and checks its columns and rows.
     */
    static void readEveryView(SparkSession spark, Function<ConformanceCase, String> location) throws IOException {
        List<String> checked = new ArrayList<>();
        for (ConformanceCase c : ConformanceCase.all()) {
            String file = location.apply(c);
            for (ConformanceCase.View view : c.views()) {
                Expected expected = expected(view);
                Dataset<Row> df = reader(spark, view).load(file);
                assertThat(df.schema().fieldNames()).as(view + " columns").containsExactlyElementsOf(expected.columns());
                List<Object> rows = SparkRows.ofSpark(df.collectAsList());
                assertThat(rows).as(view + " row count").hasSize((int) expected.rows());
                assertThat(rows).as(view + " rows").isEqualTo(core(view));
                checked.add(view.toString());
            }
        }
        assertThat(checked).as("views read").hasSizeGreaterThanOrEqualTo(25)
                .contains("js-access/bob", "js-access/erin", "shared-access/sally", "js-password/password", "js-tables/plain.countries");
    }

    /** The view's options as Spark options. */
    private static DataFrameReader reader(SparkSession spark, ConformanceCase.View view) {
        DataFrameReader r = spark.read().format("jazmin");
        Map<String, String> optionOf = Map.of("keyText", "secretKey", "accessKeyText", "accessKey", "password", "password");
        String kind = view.secretKind();
        if (kind != null) {
            r = r.option(optionOf.get(kind), view.spec().get(kind).asString());
        }
        return view.table() == null ? r : r.option("table", view.table());
    }

    /** The view's rows as core reads them. */
    private static List<Object> core(ConformanceCase.View view) {
        try (JazminReader r = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
            JazminTable t = view.table() == null ? r.table() : r.table(view.table());
            return SparkRows.ofCore(t.rows());
        }
    }

    /** The column names of the view's first expected row (core's when it has none) and the reference row count. */
    private static Expected expected(ConformanceCase.View view) throws IOException {
        List<String> columns = null;
        try (BufferedReader in = ConformanceCase.openText(view.expectedFile())) {
            String line = in.readLine();
            if (line != null && !line.isBlank()) {
                columns = new ArrayList<>();
                new ObjectMapper().readTree(line).fieldNames().forEachRemaining(columns::add);
            }
        }
        long rows = view.reference().get("rowCount").asLong();
        if (columns == null) {
            try (JazminReader r = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
                columns = (view.table() == null ? r.table() : r.table(view.table())).columns().stream().map(Column::name).toList();
            }
        }
        return new Expected(columns, rows);
    }

    private record Expected(List<String> columns, long rows) {
    }
}
