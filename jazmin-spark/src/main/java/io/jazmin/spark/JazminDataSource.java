package io.jazmin.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code jazmin}: {@code spark.read().format("jazmin").option("table", "t")
 * .load("dir/")}. The schema comes from the first file (sorted by path) unless the reader passes
 * one with {@code .schema(...)}, for example to read a decimal column as {@code decimal(18,2)}.
 * See {@link JazminOptions} for the options.
 */
public final class JazminDataSource implements TableProvider, DataSourceRegister {
    @Override
    public String shortName() {
        return "jazmin";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return JazminSparkTable.open(null, options.asCaseSensitiveMap()).schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return JazminSparkTable.open(schema, properties);
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }
}
