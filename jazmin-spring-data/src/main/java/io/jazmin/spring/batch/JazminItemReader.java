package io.jazmin.spring.batch;

import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.util.Iterator;
import java.util.Objects;
import java.util.stream.Stream;
import org.springframework.batch.infrastructure.item.support.AbstractItemCountingItemStreamItemReader;

/**
 * Reads the entities of one type from their JAZMIN file, one at a time, for a Spring Batch step:
 * the rows matching a filter, in file order or a given sort, streamed through
 * {@link JazminOperations#stream(JazminQuery, Class)} so a large file is never loaded whole.
 *
 * <p>Restartable: the number of entities read is kept in the step's {@code ExecutionContext} (under
 * {@code <name>.read.count}), and a restarted step asks the engine to skip that many rows of the same
 * query, without turning them into entities. The restart therefore reads the same rows only if the
 * file was not changed in between and the order is total: with a sort, the reader adds the id column
 * as the last key when the entity has one. Not thread-safe, like Spring Batch's other streaming
 * readers; wrap it in a {@code SynchronizedItemStreamReader} for a multi-threaded step.
 *
 * <p>Build one with {@link JazminItemReaderBuilder}.
 *
 * @param <T> the entity type
 */
public class JazminItemReader<T> extends AbstractItemCountingItemStreamItemReader<T> {
    private final JazminOperations operations;
    private final Class<T> entityType;
    private final JazminQuery query;
    private long skipped;
    private Stream<T> stream;
    private Iterator<T> entities;

    /**
     * @param operations the template over the configured files
     * @param entityType the entity type, which names its file
     * @param query      the rows to read and their order; its offset and limit apply before restarts
     */
    public JazminItemReader(JazminOperations operations, Class<T> entityType, JazminQuery query) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.entityType = Objects.requireNonNull(entityType, "entityType");
        this.query = Objects.requireNonNull(query, "query");
    }

    @Override
    protected void doOpen() {
        skipped = 0;
    }

    /** Restarts skip rows in the engine instead of reading and dropping entities one by one. */
    @Override
    protected void jumpToItem(int itemIndex) {
        skipped = itemIndex;
    }

    @Override
    protected T doRead() {
        if (entities == null) {
            stream = operations.stream(remainingRows(), entityType);
            entities = stream.iterator();
        }
        return entities.hasNext() ? entities.next() : null;
    }

    private JazminQuery remainingRows() {
        JazminQuery rest = query.withOffset(query.offset() + skipped);
        return query.limit() < 0 ? rest : rest.withLimit(Math.max(0, query.limit() - skipped));
    }

    @Override
    protected void doClose() {
        if (stream != null) {
            stream.close();
        }
        stream = null;
        entities = null;
    }
}
