package io.jazmin.spark;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.schema.Column;
import io.jazmin.spark.read.JazminScanBuilder;
import io.jazmin.spark.types.SchemaMapper;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files of one read as a Spark table: their list, the first file's columns (for the schema
 * and for translating predicates) and the Spark schema. Batch reads only, for now.
 */
public final class JazminSparkTable implements SupportsRead {
    private final JazminOptions options;
    private final List<Path> files;
    private final Map<String, Column> columns;
    private final StructType schema;

    private JazminSparkTable(JazminOptions options, List<Path> files, Map<String, Column> columns, StructType schema) {
        this.options = options;
        this.files = files;
        this.columns = columns;
        this.schema = schema;
    }

    /**
     * Lists the files and reads the first one's header.
     *
     * @param schema a user's schema, or {@code null} for the first file's
     */
    static JazminSparkTable open(StructType schema, Map<String, String> properties) {
        JazminOptions options = JazminOptions.parse(properties);
        List<Path> files = FileLister.list(options);
        Map<String, Column> columns = new LinkedHashMap<>();
        try (JazminReader reader = JazminReader.open(files.get(0), options.readOptions())) {
            JazminTable table = options.table() == null ? reader.table() : reader.table(options.table());
            table.columns().forEach(c -> columns.put(c.name(), c));
        }
        StructType sparkSchema = schema != null ? schema : SchemaMapper.toStruct(List.copyOf(columns.values()));
        return new JazminSparkTable(options, files, columns, sparkSchema);
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
        return new JazminScanBuilder(files, schema, columns, options);
    }
}
