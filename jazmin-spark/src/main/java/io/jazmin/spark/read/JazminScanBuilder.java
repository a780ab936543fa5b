package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.ListedFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Collects what Spark pushes: the columns read, the predicates (those on partition columns alone
 * drop the files of the folders they rule out, {@link PartitionPruner}, and are left to Spark only
 * when the pruner could not decide them for some file; the others are translated into one JAZMIN
 * filter, which also drops the files whose folder-summary entries rule it out, {@link SummarySkipping};
 * those the filter answers {@link PredicateTranslator#exact exactly} are dropped from Spark's
 * post-scan filter, the others are handed back, so the filter only prunes for them, as Parquet
 * does), a limit and counts. Spark pushes a limit or an aggregate only when no post-scan filter is
 * left, and this builder takes only counts without grouping ({@code COUNT(*)}, {@code COUNT(col)} of
 * a top-level column), answered per input partition by {@code JazminTable.count}.
 */
public final class JazminScanBuilder implements ScanBuilder, SupportsPushDownV2Filters,
        SupportsPushDownRequiredColumns, SupportsPushDownLimit, SupportsPushDownAggregates {
    private List<ListedFile> files;
    private final Map<String, FileStatus> summaries;
    private int skippedBySummary;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final Map<String, Column> columns;
    private final PredicateTranslator translator;
    private StructType schema;
    private Predicate[] pushed = new Predicate[0];
    private boolean allExact = true;
    private Filter filter;
    private int limit = -1;
    private PushedCounts counts;

    /**
     * @param files     the files to read, sorted
     * @param summaries the folder summaries the listing saw ({@link io.jazmin.spark.fs.Listing#summaries()})
     * @param schema    the table's Spark schema
     * @param columns the first file's top-level columns by name, for translating predicates
     * @param layout  the first file's columns and the partition columns
     */
    public JazminScanBuilder(List<ListedFile> files, Map<String, FileStatus> summaries, StructType schema,
                             Map<String, Column> columns, ScanLayout layout, JazminOptions options) {
        this.files = files;
        this.summaries = summaries;
        this.layout = layout;
        this.schema = schema;
        this.options = options;
        this.columns = columns;
        this.translator = new PredicateTranslator(columns);
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        List<Predicate> kept = new ArrayList<>();
        List<Predicate> postScan = new ArrayList<>();
        List<Filter> parts = new ArrayList<>();
        Set<String> partitionKeys = layout.partitionKeys();
        for (Predicate p : predicates) {
            if (PartitionPruner.onlyOn(p, partitionKeys)) {
                kept.add(p);
                if (!prune(p)) {
                    postScan.add(p);
                }
                continue;
            }
            Filter f = translator.translate(p);
            if (f != null) {
                kept.add(p);
                parts.add(f);
            }
            if (f == null || !translator.exact(p)) {
                postScan.add(p);
            }
        }
        pushed = kept.toArray(new Predicate[0]);
        allExact = postScan.isEmpty();
        filter = parts.isEmpty() ? null : parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
        SummarySkipping.Result bySummary = SummarySkipping.apply(files, summaries, filter, HadoopConf.session());
        files = bySummary.kept();
        skippedBySummary = bySummary.skipped();
        return postScan.toArray(new Predicate[0]);
    }

    /**
     * Drops the files whose partition values rule {@code p} out.
     *
     * @return whether {@code p} was decided for every file, so that Spark need not check it again
     */
    private boolean prune(Predicate p) {
        List<ListedFile> kept = new ArrayList<>();
        boolean decided = true;
        for (ListedFile f : files) {
            PartitionPruner.Answer a = PartitionPruner.answer(p, partitionValues(f));
            decided &= a != PartitionPruner.Answer.UNKNOWN;
            if (a != PartitionPruner.Answer.FALSE && a != PartitionPruner.Answer.NULL) {
                kept.add(f);
            }
        }
        files = kept;
        return decided;
    }

    /** A file's partition values as Spark values, by column name. */
    private Map<String, Object> partitionValues(ListedFile f) {
        Map<String, Object> values = new HashMap<>();
        StructField[] fields = layout.partitionColumns().fields();
        for (int i = 0; i < fields.length; i++) {
            values.put(fields[i].name(), PartitionColumns.value(fields[i].name(), f.partitionValues().get(i), fields[i].dataType()));
        }
        return values;
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

    /** Complete (no final sum by Spark) only when the scan is one input partition, which gives one row. */
    @Override
    public boolean supportCompletePushDown(Aggregation aggregation) {
        return counts(aggregation) != null && JazminScan.plan(files).length == 1;
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        counts = counts(aggregation);
        return counts != null;
    }

    /**
     * The counts {@code aggregation} asks for, or {@code null} when it groups, holds anything but
     * non-distinct counts of top-level columns, or some predicate is checked by Spark after the scan
     * (the counts would then include rows Spark drops).
     */
    private PushedCounts counts(Aggregation aggregation) {
        if (!allExact || aggregation.groupByExpressions().length > 0) {
            return null;
        }
        List<String> filters = new ArrayList<>();
        for (AggregateFunc f : aggregation.aggregateExpressions()) {
            if (f instanceof CountStar) {
                filters.add(filter == null ? null : filter.toJson());
            } else if (f instanceof Count c && !c.isDistinct() && c.column() instanceof NamedReference ref
                    && ref.fieldNames().length == 1 && columns.containsKey(ref.fieldNames()[0])) {
                Filter notNull = Filter.isNotNull(ref.fieldNames()[0]);
                filters.add((filter == null ? notNull : filter.and(notNull)).toJson());
            } else {
                return null;
            }
        }
        return new PushedCounts(Arrays.toString(aggregation.aggregateExpressions()), filters);
    }

    @Override
    public Scan build() {
        StructType read = schema;
        if (counts != null) {
            read = new StructType();
            for (int i = 0; i < counts.filters().size(); i++) {
                read = read.add("count_" + i, DataTypes.LongType, false);
            }
        }
        return new JazminScan(files, skippedBySummary, read, layout, options, filter == null ? null : filter.toJson(), limit, counts);
    }
}
