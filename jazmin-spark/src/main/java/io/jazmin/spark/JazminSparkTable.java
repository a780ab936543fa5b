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
import java.util.HashMap;
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
 * <p>A table of a path ({@code load}/{@code save}) declares {@code BATCH_READ} only: with
 * {@code BATCH_WRITE}, Spark 4 refuses {@code save()} in modes {@code errorIfExists} (the default)
 * and {@code ignore} for a path-based source. {@code save()} therefore reaches
 * {@link JazminDataSource} as a V1 save with its mode, which runs this table's write
 * ({@link #newWriteBuilder}) itself.
 *
 * <p>A table of the session catalog (its folder is the table's location) also declares
 * {@code BATCH_WRITE} and {@code TRUNCATE}: Spark then runs {@code INSERT INTO}, {@code INSERT
 * OVERWRITE}, {@code saveAsTable} and {@code insertInto} as DSv2 writes through the same write
 * (the catalog, not the folder, decides what the save modes do). Options given to one query
 * ({@code spark.read().option(…).table(t)}, {@code df.write().option(…).saveAsTable(t)}) go over the
 * table's {@code OPTIONS}. A catalog table whose folder holds no file yet reads as empty.
 */
public final class JazminSparkTable implements SupportsRead, SupportsWrite {
    /** The options, or {@code null} for a catalog table being created, which has no folder yet. */
    private final JazminOptions options;
    private final Map<String, String> optionMap;
    private final StructType schema;
    private final boolean catalog;

    private JazminSparkTable(Map<String, String> optionMap, StructType schema, boolean catalog) {
        this.options = catalog && !hasPath(optionMap) ? null : JazminOptions.parse(optionMap);
        if (options == null) {
            // Checked now all the same, so that a bad option fails CREATE TABLE.
            Map<String, String> checked = new HashMap<>(optionMap);
            checked.put("path", "(none yet)");
            JazminOptions.parse(checked);
        }
        this.optionMap = catalog ? new HashMap<>(optionMap) : Map.of();
        this.schema = schema;
        this.catalog = catalog;
    }

    private static boolean hasPath(Map<String, String> options) {
        return options.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("path") || k.equalsIgnoreCase("paths"));
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
        return new JazminSparkTable(properties, schema, false);
    }

    /**
     * A table of the session catalog, with the options of its {@code OPTIONS} and its location as the
     * path ({@link CatalogProperties#options}); nothing is opened yet.
     *
     * @throws io.jazmin.error.UnsupportedFeatureException for a column type JAZMIN has no column for
     *                                                     (date, timestamp_ntz, …): the table could not be written
     */
    static JazminSparkTable catalogTable(StructType schema, Map<String, String> options) {
        SchemaMapper.toColumns(schema);
        return new JazminSparkTable(options, schema, true);
    }

    /** The options of one query on this table: a catalog table's with the query's over them. */
    private JazminOptions optionsWith(Map<String, String> query) {
        if (options == null) {
            throw new JazminValidationException("this jazmin catalog table has no location yet");
        }
        return catalog && !query.isEmpty() ? JazminOptions.parse(CatalogProperties.withQueryOptions(optionMap, query)) : options;
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
        return options == null ? "jazmin (no location yet)"
                : "jazmin " + options.paths() + (options.table() == null ? "" : " table " + options.table());
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return catalog ? EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE)
                : EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        JazminOptions read = optionsWith(scanOptions.asCaseSensitiveMap());
        if (catalog && EmptyCatalogScan.holdsNoFile(read)) {
            return new EmptyCatalogScan(schema);
        }
        Listing listing = list(read);
        Map<String, Column> columns = firstColumns(listing.files(), read);
        // The table's schema decides the partition columns' types (a user schema may name them).
        StructType inferred = PartitionColumns.infer(listing);
        StructType partitions = new StructType();
        for (StructField p : inferred.fields()) {
            scala.Option<Object> at = schema.getFieldIndex(p.name());
            partitions = partitions.add(at.isDefined() ? schema.fields()[(Integer) at.get()] : p);
        }
        ScanLayout layout = new ScanLayout(HadoopSource.nameOf(listing.files().get(0).path()),
                SchemaMapper.toStruct(List.copyOf(columns.values())), partitions);
        return new JazminScanBuilder(listing.files(), listing.summaries(), schema, columns, layout, read);
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        JazminOptions write = optionsWith(info.options().asCaseSensitiveMap());
        StructType rows = catalog ? withTableNullability(info.schema()) : info.schema();
        return new JazminWriteBuilder(outputFolder(write), info.queryId(), rows, write);
    }

    /**
     * The schema of rows written into a catalog table, with the table's columns nullable where the
     * table's are: every file of the table then has the same columns, whatever one insert held
     * (a file of required columns after one of nullable columns would fail reads).
     */
    private StructType withTableNullability(StructType written) {
        StructField[] fields = written.fields().clone();
        for (int i = 0; i < fields.length; i++) {
            scala.Option<Object> at = schema.getFieldIndex(fields[i].name());
            if (at.isDefined() && schema.fields()[(Integer) at.get()].nullable()) {
                fields[i] = new StructField(fields[i].name(), fields[i].dataType(), true, fields[i].metadata());
            }
        }
        return new StructType(fields);
    }
}
