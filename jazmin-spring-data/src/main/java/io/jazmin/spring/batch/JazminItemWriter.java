package io.jazmin.spring.batch;

import io.jazmin.spring.data.core.JazminOperations;
import java.util.Objects;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;

/**
 * Writes each chunk of a Spring Batch step into the entities' JAZMIN file as one durable change:
 * the whole chunk is in the file when {@link #write} returns, or none of it is.
 *
 * <p>By default a chunk is {@linkplain JazminOperations#save(java.util.Collection) saved}: entities
 * replace the stored ones with their ids, so a chunk written again after a crash (between the
 * file's commit and the job repository's) is stored once. {@linkplain JazminItemWriterBuilder#insert()
 * Insert mode} appends instead and refuses a chunk whose ids are already stored with a
 * {@link org.springframework.dao.DuplicateKeyException}; it is the only mode for entities without an
 * id, and then a chunk replayed after such a crash is stored twice.
 *
 * <p>When the step's transaction manager is the {@code JazminTransactionManager}, the chunk is
 * written when the step's transaction commits, as every template write in a transaction is.
 *
 * <p>Build one with {@link JazminItemWriterBuilder}.
 *
 * @param <T> the entity type
 */
public class JazminItemWriter<T> implements ItemWriter<T> {
    private final JazminOperations operations;
    private final boolean insert;

    /**
     * @param operations the template over the configured files
     * @param insert     whether chunks are inserted (appended, refusing stored ids) rather than saved
     */
    public JazminItemWriter(JazminOperations operations, boolean insert) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.insert = insert;
    }

    @Override
    public void write(Chunk<? extends T> chunk) {
        if (chunk.isEmpty()) {
            return;
        }
        if (insert) {
            operations.insert(chunk.getItems());
        } else {
            operations.save(chunk.getItems());
        }
    }
}
