package io.jazmin.starter.web;

import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.domain.Pageable;
import org.springframework.data.web.PagedModel;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** An application of the starter and Spring MVC alone: books in the file {@code books}, paged over HTTP. */
@SpringBootApplication
public class BookShop {

    /** Takes Spring Data's {@link Pageable} as Spring Data web support resolves it. */
    @RestController
    static class BookController {
        private final Books books;

        BookController(Books books) {
            this.books = books;
        }

        @GetMapping("/books")
        PagedModel<Book> byGenre(@RequestParam String genre, Pageable page) {
            return new PagedModel<>(books.findByGenre(genre, page));
        }

        @GetMapping("/books/titled")
        List<Book> titled(@RequestParam String pattern) {
            return books.findByTitleLike(pattern);
        }
    }
}
