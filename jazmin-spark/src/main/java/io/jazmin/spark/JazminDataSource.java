package io.jazmin.spark;

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
 * saves come in through {@link CreatableRelationProvider}). See {@link JazminOptions} for the options.
 */
public final class JazminDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
    @Override
    public String shortName() {
        return "jazmin";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return JazminSparkTable.inferSchema(options.asCaseSensitiveMap());
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return JazminSparkTable.open(schema, properties);
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
