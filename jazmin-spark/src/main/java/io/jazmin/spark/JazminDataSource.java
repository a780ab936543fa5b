package io.jazmin.spark;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Spark data source {@code jazmin}. Reads: {@code spark.read().format("jazmin").option("table", "t")
 * .load("dir/")}; the schema comes from the first file (sorted by path) unless the reader passes
 * one with {@code .schema(...)}, for example to read a decimal column as {@code decimal(18,2)}.
 * Writes: {@code df.write().format("jazmin").mode("overwrite").save("dir/")}, one
 * {@code part-<p>-<uuid>.jzm} per partition, in every save mode (see {@link JazminSparkTable} on why
 * saves come in through {@link CreatableRelationProvider}). See {@link JazminOptions} for the options.
 */
public final class JazminDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
    @Override
    public String shortName() {
        return "jazmin";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return JazminSparkTable.inferSchema(withoutCatalogProperties(options.asCaseSensitiveMap()));
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return JazminSparkTable.open(schema, withoutCatalogProperties(properties));
    }

    /** The properties a catalog adds to a table's (owner, provider, location, ...), which are no read option. */
    private static final Set<String> CATALOG_PROPERTIES = Set.of(TableCatalog.PROP_LOCATION, TableCatalog.PROP_IS_MANAGED_LOCATION,
            TableCatalog.PROP_EXTERNAL, TableCatalog.PROP_TABLE_TYPE, TableCatalog.PROP_COMMENT, TableCatalog.PROP_COLLATION,
            TableCatalog.PROP_PROVIDER, TableCatalog.PROP_OWNER);

    /** A catalog table's properties as options: its location as the path when no path is given. */
    private static Map<String, String> withoutCatalogProperties(Map<String, String> properties) {
        Map<String, String> options = new HashMap<>();
        properties.forEach((k, v) -> {
            if (!CATALOG_PROPERTIES.contains(k.toLowerCase(Locale.ROOT))) {
                options.put(k, v);
            }
        });
        String location = properties.get(TableCatalog.PROP_LOCATION);
        if (location != null && options.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("path") || k.equalsIgnoreCase("paths"))) {
            options.put("path", location);
        }
        return options;
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }

    @Override
    public BaseRelation createRelation(SQLContext sqlContext, SaveMode mode, scala.collection.immutable.Map<String, String> parameters,
                                       Dataset<Row> data) {
        JazminSaveJob.run(mode, CollectionConverters.asJava(parameters), data);
        StructType schema = data.schema();
        return new BaseRelation() {
            @Override
            public SQLContext sqlContext() {
                return sqlContext;
            }

            @Override
            public StructType schema() {
                return schema;
            }
        };
    }
}
