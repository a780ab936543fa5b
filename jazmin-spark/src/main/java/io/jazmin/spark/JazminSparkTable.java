package io.jazmin.spark;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.spark.fs.FileLister;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.fs.ListedFile;
import io.jazmin.spark.fs.Listing;
import io.jazmin.spark.read.JazminScanBuilder;
import io.jazmin.spark.read.PartitionColumns;
import io.jazmin.spark.read.ScanLayout;
import io.jazmin.spark.types.SchemaMapper;
import io.jazmin.spark.write.JazminWriteBuilder;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files of one read or write as a Spark table. Reads list the files and read the first one's
 * columns when the scan is built (for translating predicates); writes go into the one folder given.
 *
 * <p>The table declares {@code BATCH_READ} only: with {@code BATCH_WRITE}, Spark 4 refuses
 * {@code save()} in modes {@code errorIfExists} (the default) and {@code ignore} for a path-based
 * source. {@code save()} therefore reaches {@link JazminDataSource} as a V1 save with its mode,
 * which runs this table's write ({@link #newWriteBuilder}) itself.
 */
public final class JazminSparkTable implements SupportsRead, SupportsWrite {
    private final JazminOptions options;
    private final StructType schema;

    private JazminSparkTable(JazminOptions options, StructType schema) {
        this.options = options;
        this.schema = schema;
    }

    /**
     * The schema of a read: the columns of the first file (sorted by path) the key sees, then the
     * columns of the partition folders ({@link PartitionColumns}).
     *
     * @throws JazminValidationException when a partition folder's key is also a column of the files
     */
    static StructType inferSchema(Map<String, String> properties) {
        JazminOptions options = JazminOptions.parse(properties);
        Listing listing = list(options);
        StructType schema = SchemaMapper.toStruct(List.copyOf(firstColumns(listing.files(), options).values()));
        for (StructField p : PartitionColumns.infer(listing).fields()) {
            if (List.of(schema.fieldNames()).stream().anyMatch(n -> n.toLowerCase(Locale.ROOT).equals(p.name().toLowerCase(Locale.ROOT)))) {
                throw new JazminValidationException("partition folders " + p.name() + "=… name a column the files hold too ("
                        + HadoopSource.nameOf(listing.files().get(0).path()) + ")");
            }
            schema = schema.add(p);
        }
        return schema;
    }

    /** The table of a read or write with a known schema; nothing is opened yet. */
    static JazminSparkTable open(StructType schema, Map<String, String> properties) {
        return new JazminSparkTable(JazminOptions.parse(properties), schema);
    }

    /** The files of a read, listed through the Hadoop file system of each path. */
    private static Listing list(JazminOptions options) {
        return FileLister.list(options.paths(), options.pathGlobFilter(), options.recursiveFileLookup(), HadoopConf.session());
    }

    private static Map<String, Column> firstColumns(List<ListedFile> files, JazminOptions options) {
        Map<String, Column> columns = new LinkedHashMap<>();
        try (JazminReader reader = HadoopFiles.open(files.get(0).path(), HadoopConf.session(), options.readOptions()).reader()) {
            JazminTable table = options.table() == null ? reader.table() : reader.table(options.table());
            table.columns().forEach(c -> columns.put(c.name(), c));
        }
        return columns;
    }

    /** The folder a write goes into: the one path given (a Hadoop path). */
    static String outputFolder(JazminOptions options) {
        if (options.paths().size() != 1) {
            throw new JazminValidationException("a write takes one folder, got " + options.paths().size() + " paths");
        }
        return options.paths().get(0);
    }

    @Override
    public String name() {
        return "jazmin " + options.paths() + (options.table() == null ? "" : " table " + options.table());
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        Listing listing = list(options);
        Map<String, Column> columns = firstColumns(listing.files(), options);
        // The table's schema decides the partition columns' types (a user schema may name them).
        StructType inferred = PartitionColumns.infer(listing);
        StructType partitions = new StructType();
        for (StructField p : inferred.fields()) {
            scala.Option<Object> at = schema.getFieldIndex(p.name());
            partitions = partitions.add(at.isDefined() ? schema.fields()[(Integer) at.get()] : p);
        }
        ScanLayout layout = new ScanLayout(HadoopSource.nameOf(listing.files().get(0).path()),
                SchemaMapper.toStruct(List.copyOf(columns.values())), partitions);
        return new JazminScanBuilder(listing.files(), schema, columns, layout, options);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new JazminWriteBuilder(outputFolder(options), info.queryId(), info.schema(), options);
    }
}
