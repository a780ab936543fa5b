package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.spark.JazminOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Collects what Spark pushes: the columns read, the predicates (translated into one JAZMIN filter
 * that only prunes: every predicate is also handed back as a post-scan filter, as Parquet does) and
 * a limit (Spark pushes one only when no post-scan filter is left).
 */
public final class JazminScanBuilder implements ScanBuilder, SupportsPushDownV2Filters,
        SupportsPushDownRequiredColumns, SupportsPushDownLimit {
    private final List<Path> files;
    private final JazminOptions options;
    private final PredicateTranslator translator;
    private StructType schema;
    private Predicate[] pushed = new Predicate[0];
    private Filter filter;
    private int limit = -1;

    /**
     * @param files   the files to read, sorted
     * @param schema  the table's Spark schema
     * @param columns the first file's top-level columns by name, for translating predicates
     */
    public JazminScanBuilder(List<Path> files, StructType schema, Map<String, Column> columns, JazminOptions options) {
        this.files = files;
        this.schema = schema;
        this.options = options;
        this.translator = new PredicateTranslator(columns);
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        List<Predicate> kept = new ArrayList<>();
        List<Filter> parts = new ArrayList<>();
        for (Predicate p : predicates) {
            Filter f = translator.translate(p);
            if (f != null) {
                kept.add(p);
                parts.add(f);
            }
        }
        pushed = kept.toArray(new Predicate[0]);
        filter = parts.isEmpty() ? null : parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
        return predicates;
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        schema = requiredSchema;
    }

    @Override
    public boolean pushLimit(int rows) {
        limit = rows;
        return true;
    }

    /** Each task stops after the limit, and Spark applies the global one. */
    @Override
    public boolean isPartiallyPushed() {
        return true;
    }

    @Override
    public Scan build() {
        return new JazminScan(files, schema, options, filter == null ? null : filter.toJson(), limit);
    }
}
