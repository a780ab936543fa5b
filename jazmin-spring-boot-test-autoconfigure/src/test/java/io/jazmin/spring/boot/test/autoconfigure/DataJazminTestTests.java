package io.jazmin.spring.boot.test.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.spring.data.core.JazminFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.test.context.transaction.AfterTransaction;
import org.springframework.test.context.transaction.TestTransaction;

/** The slice: only JAZMIN beans, the configured file moved to a temporary folder, each test rolled back. */
@DataJazminTest
class DataJazminTestTests {
    @Autowired
    ApplicationContext context;

    @Autowired
    BookRepository books;

    @Autowired
    JazminFiles files;

    @Test
    void holdsTheRepositoriesButNotTheApplicationsComponents() {
        assertThat(context.getBeanNamesForType(BookRepository.class)).hasSize(1);
        assertThat(context.getBeanNamesForType(NotInSlice.class)).isEmpty();
    }

    @Test
    void movesTheConfiguredFileToATemporaryFolder() {
        Path path = files.get("books").path();
        assertThat(path.getFileName()).hasToString("books.jzm");
        assertThat(path.getParent().getFileName().toString()).startsWith("jazmin-test-");
        assertThat(path).exists();
        assertThat(Path.of("data/never-written-books.jzm")).doesNotExist();
        assertThat(context.getEnvironment().getProperty("jazmin.files.books.kdf-iterations")).isEqualTo("1000");
    }

    @Test
    void runsRepositoryQueriesInTheTestsTransaction() {
        assertThat(TestTransaction.isActive()).isTrue();
        books.saveAll(List.of(new Book(1, "Emma", "Austen", 1815), new Book(2, "Persuasion", "Austen", 1817),
                new Book(3, "Beloved", "Morrison", 1987)));
        assertThat(books.findByAuthorOrderByYear("Austen")).extracting(Book::id).containsExactly(1L, 2L);
        assertThat(books.publishedBefore(1816)).extracting(Book::id).containsExactly(1L);
        assertThat(books.countClassics()).isEqualTo(2);
        assertThat(books.findAll(Example.of(new Book(0, null, "Morrison", null),
                ExampleMatcher.matching().withIgnorePaths("id"))))
                .extracting(Book::title).containsExactly("Beloved");
    }

    @Test
    void anotherTestStartsFromTheEmptyFile() {
        books.save(new Book(9, "Ulysses", "Joyce", 1922));
        assertThat(books.count()).isEqualTo(1);
    }

    @AfterTransaction
    void rolledBack() throws Exception {
        assertThat(books.count()).isZero();
        assertThat(Files.size(files.get("books").path())).isPositive();
    }
}
