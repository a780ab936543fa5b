package io.jazmin.spark;

import io.jazmin.error.UnsupportedFeatureException;
import java.util.Arrays;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.connector.catalog.Table;
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
 * saves come in through {@link CreatableRelationProvider}). Tables of the session catalog
 * ({@code CREATE TABLE … USING jazmin}, {@code saveAsTable}) take {@code INSERT INTO},
 * {@code INSERT OVERWRITE} and the DSv2 writes. See {@link JazminOptions} for the options.
 */
public final class JazminDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
    @Override
    public String shortName() {
        return "jazmin";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return JazminSparkTable.inferSchema(CatalogProperties.options(options.asCaseSensitiveMap()));
    }

    /**
     * The table of a read or save, or of a table of the session catalog (see {@link JazminSparkTable}
     * on what each supports).
     *
     * @throws UnsupportedFeatureException for a catalog table partitioned by columns: a Spark write
     *                                     makes one file per task, with no {@code key=value} folders
     */
    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        if (!CatalogProperties.fromCatalog(properties)) {
            return JazminSparkTable.open(schema, properties);
        }
        if (partitioning.length > 0) {
            throw new UnsupportedFeatureException("spark-partitioned-table", "a jazmin table partitioned by "
                    + Arrays.toString(partitioning) + ": writes make no key=value folders; create the table without "
                    + "PARTITIONED BY / partitionBy (a LOCATION holding key=value folders is read with their columns)");
        }
        return JazminSparkTable.catalogTable(schema, CatalogProperties.options(properties));
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
