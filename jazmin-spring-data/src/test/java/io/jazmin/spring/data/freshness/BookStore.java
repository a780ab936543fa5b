package io.jazmin.spring.data.freshness;

import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.springframework.dao.PessimisticLockingFailureException;

/** One "application" over a books file: its own files, template and repository, as a context would hold them. */
public final class BookStore implements AutoCloseable {
    private final JazminFiles files;
    private final JazminTemplate template;
    private final Books books;

    public BookStore(Path file) {
        files = new JazminFiles(List.of(JazminFileDefinition.of("books", file).withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        books = new JazminRepositoryFactory(template).getRepository(Books.class);
    }

    public Books books() {
        return books;
    }

    public JazminTemplate template() {
        return template;
    }

    /**
     * Saves {@code book}, trying again while another process holds the file's writer lock (as an
     * application would, with a retry on Spring's {@link PessimisticLockingFailureException}).
     */
    public void saveRetrying(Book book) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                books.save(book);
                return;
            } catch (PessimisticLockingFailureException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1 + ThreadLocalRandom.current().nextInt(5)));
            }
        }
    }

    @Override
    public void close() {
        files.destroy();
    }
}
