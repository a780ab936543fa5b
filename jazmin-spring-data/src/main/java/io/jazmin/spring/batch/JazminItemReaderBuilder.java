package io.jazmin.spring.batch;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.query.JazminQuery;
import org.springframework.data.domain.Sort;
import org.springframework.util.Assert;
import org.springframework.util.StringUtils;

/**
 * Builds a {@link JazminItemReader}, in the style of Spring Batch's reader builders.
 *
 * <pre>{@code
 * JazminItemReader<Customer> reader = new JazminItemReaderBuilder<Customer>()
 *         .name("customers")
 *         .operations(template)
 *         .targetType(Customer.class)
 *         .filter(Filter.eq("country", "NA"))
 *         .sort(Sort.by("age"))
 *         .build();
 * }</pre>
 *
 * @param <T> the entity type
 */
public class JazminItemReaderBuilder<T> {
    private JazminOperations operations;
    private Class<? extends T> targetType;
    private Filter filter;
    private Sort sort = Sort.unsorted();
    private String name;
    private boolean saveState = true;
    private int maxItemCount = Integer.MAX_VALUE;
    private int currentItemCount;

    /** The template over the configured files (required). */
    public JazminItemReaderBuilder<T> operations(JazminOperations operations) {
        this.operations = operations;
        return this;
    }

    /** The entity type to read, which names its file (required). */
    public JazminItemReaderBuilder<T> targetType(Class<? extends T> targetType) {
        this.targetType = targetType;
        return this;
    }

    /** The rows to read; every row when not set. */
    public JazminItemReaderBuilder<T> filter(Filter filter) {
        this.filter = filter;
        return this;
    }

    /** The order, by column names; file order when not set. */
    public JazminItemReaderBuilder<T> sort(Sort sort) {
        this.sort = sort == null ? Sort.unsorted() : sort;
        return this;
    }

    /** The prefix of the reader's keys in the {@code ExecutionContext} (required while state is saved). */
    public JazminItemReaderBuilder<T> name(String name) {
        this.name = name;
        return this;
    }

    /** Whether the position is kept in the {@code ExecutionContext} for restarts (default {@code true}). */
    public JazminItemReaderBuilder<T> saveState(boolean saveState) {
        this.saveState = saveState;
        return this;
    }

    /** The most entities to read (default: all). */
    public JazminItemReaderBuilder<T> maxItemCount(int maxItemCount) {
        this.maxItemCount = maxItemCount;
        return this;
    }

    /** How many entities count as already read when the step starts (default 0). */
    public JazminItemReaderBuilder<T> currentItemCount(int currentItemCount) {
        this.currentItemCount = currentItemCount;
        return this;
    }

    /**
     * The reader. A sort gets the entity's id column as its last key when it lacks it, so that a
     * restart skips exactly the rows read before.
     *
     * @throws IllegalArgumentException when a required setting is missing
     */
    @SuppressWarnings("unchecked")
    public JazminItemReader<T> build() {
        Assert.notNull(operations, "operations is required");
        Assert.notNull(targetType, "targetType is required");
        if (saveState) {
            Assert.state(StringUtils.hasText(name), "a name is required when saveState is true");
        }
        JazminQuery query = JazminQuery.where(filter).withSort(totalOrder());
        JazminItemReader<T> reader = new JazminItemReader<>(operations, (Class<T>) targetType, query);
        if (name != null) {
            reader.setName(name);
        }
        reader.setSaveState(saveState);
        reader.setMaxItemCount(maxItemCount);
        reader.setCurrentItemCount(currentItemCount);
        return reader;
    }

    private Sort totalOrder() {
        if (sort.isUnsorted()) {
            return sort;
        }
        String idColumn = operations.getMappingContext().getRequiredPersistentEntity(targetType).getIdColumn();
        return idColumn == null || sort.getOrderFor(idColumn) != null ? sort : sort.and(Sort.by(idColumn));
    }
}
