package io.jazmin.spring.data.freshness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * Every repository read sees every commit made before it started, whoever made it: another writer's
 * append, delete and full rewrite, in this JVM ({@code JazminFile}, {@code JazminWriter}) or in a
 * second JVM, is seen by the next {@code findById}, {@code count}, derived query and page, although
 * the repository's file keeps idle readers of the version before.
 */
class OtherWritersTests {
    @TempDir
    Path dir;

    Path file;
    BookStore store;
    Books books;

    @BeforeEach
    void storeThreeBooksAndWarmThePool() {
        file = dir.resolve("books.jzm");
        store = new BookStore(file);
        books = store.books();
        books.saveAll(List.of(new Book(1, "Solaris", "sf"), new Book(2, "Ubik", "sf"), new Book(3, "Rebecca", "crime")));
        // Each read leaves its reader idle for the next one: the pool now holds readers of this version.
        assertThat(books.findById(1L)).isPresent();
        assertThat(books.count()).isEqualTo(3);
        assertThat(books.findByGenre("sf")).hasSize(2);
        assertThat(books.findPageByGenre("sf", PageRequest.of(0, 1)).getTotalElements()).isEqualTo(2);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @ParameterizedTest
    @EnumSource(OtherWriter.class)
    void anAppendIsSeenByTheNextRead(OtherWriter writer) throws Exception {
        writer.append(file, new Book(4, "Dune", "sf"));

        assertThat(books.findById(4L)).contains(new Book(4, "Dune", "sf"));
        assertThat(books.count()).isEqualTo(4);
        assertThat(books.findByGenre("sf")).extracting(Book::id).containsExactlyInAnyOrder(1L, 2L, 4L);
        Page<Book> page = books.findPageByGenre("sf", PageRequest.of(0, 2, Sort.by("id")));
        assertThat(page.getTotalElements()).isEqualTo(3);
        assertThat(page.getContent()).extracting(Book::id).containsExactly(1L, 2L);
    }

    @ParameterizedTest
    @EnumSource(OtherWriter.class)
    void aDeleteIsSeenByTheNextRead(OtherWriter writer) throws Exception {
        writer.delete(file, 1);

        assertThat(books.findById(1L)).isEmpty();
        assertThat(books.count()).isEqualTo(2);
        assertThat(books.findByGenre("sf")).extracting(Book::id).containsExactly(2L);
        assertThat(books.findPageByGenre("sf", PageRequest.of(0, 2)).getTotalElements()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(OtherWriter.class)
    void aFullRewriteIsSeenByTheNextRead(OtherWriter writer) throws Exception {
        writer.rewrite(file, List.of(new Book(10, "Kindred", "sf"), new Book(11, "Gaudy", "crime")));

        assertThat(books.findById(1L)).isEmpty();
        assertThat(books.findById(10L)).contains(new Book(10, "Kindred", "sf"));
        assertThat(books.count()).isEqualTo(2);
        assertThat(books.findByGenre("sf")).extracting(Book::id).containsExactly(10L);
        Page<Book> page = books.findPageByGenre("crime", PageRequest.of(0, 5));
        assertThat(page.getTotalElements()).isEqualTo(1);
        assertThat(page.getContent()).extracting(Book::title).containsExactly("Gaudy");
    }

    @ParameterizedTest
    @EnumSource(OtherWriter.class)
    void aSaveAfterAnotherWritersAppendKeepsItsRows(OtherWriter writer) throws Exception {
        writer.append(file, new Book(4, "Dune", "sf"));
        books.save(new Book(5, "Emma", "classic"));

        assertThat(books.findAll()).extracting(Book::id).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L);
    }
}
