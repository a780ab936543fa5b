package io.jazmin.spring.data.freshness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two applications over one file, in two JVMs, each with its own template and repository: each
 * sees the other's writes on its next read, their writes serialise through the file's writer lock,
 * and nothing either stored is lost.
 */
class TwoApplicationsTests {
    @TempDir
    Path dir;

    @Test
    void eachApplicationSeesTheOthersWritesAndNothingIsLost() throws Exception {
        Path file = dir.resolve("books.jzm");
        try (BookStore here = new BookStore(file)) {
            Books books = here.books();
            books.save(new Book(1, "t1", "seed"));
            try (SecondApplication there = SecondApplication.start(file)) {
                assertThat(there.ask("find 1")).isEqualTo("t1");
                for (long id = 2; id <= 9; id++) {
                    if (id % 2 == 0) {
                        here.saveRetrying(new Book(id, "t" + id, "turns"));
                        assertThat(there.ask("find " + id)).as("the second JVM reads book %d", id).isEqualTo("t" + id);
                        assertThat(there.ask("count")).isEqualTo(Long.toString(id));
                    } else {
                        assertThat(there.ask("save " + id + " t" + id + " turns")).isEqualTo("ok");
                        assertThat(books.findById(id)).as("this JVM reads book %d", id).isPresent();
                        assertThat(books.count()).isEqualTo(id);
                    }
                }
                assertThat(there.ask("genre turns")).isEqualTo("2,3,4,5,6,7,8,9");

                // Both save at once, one entity per save: every save waits for or retries the lock.
                CompletableFuture<Void> mine = CompletableFuture.runAsync(() -> LongStream.rangeClosed(100, 114)
                        .forEach(id -> here.saveRetrying(new Book(id, "t" + id, "here"))));
                assertThat(there.ask("saveRange 200 214 there")).isEqualTo("ok");
                mine.join();

                List<Long> expected = LongStream.concat(LongStream.concat(LongStream.rangeClosed(1, 9),
                        LongStream.rangeClosed(100, 114)), LongStream.rangeClosed(200, 214)).boxed().toList();
                assertThat(books.findAll()).extracting(Book::id).containsExactlyInAnyOrderElementsOf(expected);
                assertThat(there.ask("ids")).isEqualTo(expected.stream().map(String::valueOf)
                        .collect(Collectors.joining(",")));
                assertThat(books.findByGenre("there")).hasSize(15);
            }
        }
    }
}
