package io.jazmin.spring.batch;

import io.jazmin.spring.data.core.JazminOperations;
import org.springframework.util.Assert;

/**
 * Builds a {@link JazminItemWriter}, in the style of Spring Batch's writer builders.
 *
 * <pre>{@code
 * JazminItemWriter<Customer> writer = new JazminItemWriterBuilder<Customer>()
 *         .operations(template)
 *         .build();
 * }</pre>
 *
 * @param <T> the entity type
 */
public class JazminItemWriterBuilder<T> {
    private JazminOperations operations;
    private boolean insert;

    /** The template over the configured files (required). */
    public JazminItemWriterBuilder<T> operations(JazminOperations operations) {
        this.operations = operations;
        return this;
    }

    /**
     * Inserts chunks (appends them, refusing ids already stored) instead of saving them by id; the
     * only mode for entities without an id.
     */
    public JazminItemWriterBuilder<T> insert() {
        this.insert = true;
        return this;
    }

    /**
     * The writer.
     *
     * @throws IllegalArgumentException when the operations are missing
     */
    public JazminItemWriter<T> build() {
        Assert.notNull(operations, "operations is required");
        return new JazminItemWriter<>(operations, insert);
    }
}
