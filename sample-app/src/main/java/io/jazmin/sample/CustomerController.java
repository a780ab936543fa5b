package io.jazmin.sample;

import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** Customer lookups over HTTP. */
@RestController
@RequestMapping("/customers")
class CustomerController {
    private final CustomerRepository customers;
    private final int maxPageSize;

    CustomerController(CustomerRepository customers,
                       @Value("${spring.data.web.pageable.max-page-size:2000}") int maxPageSize) {
        this.customers = customers;
        this.maxPageSize = maxPageSize;
    }

    /** A page of results as plain JSON (Spring Data's {@code Page} is not a stable JSON shape). */
    record PageView<T>(List<T> content, int page, int size, long totalElements, int totalPages) {
        static <T> PageView<T> of(Page<T> page) {
            return new PageView<>(page.getContent(), page.getNumber(), page.getSize(), page.getTotalElements(),
                    page.getTotalPages());
        }
    }

    @GetMapping("/{id}")
    ResponseEntity<Customer> byId(@PathVariable long id) {
        return ResponseEntity.of(customers.findById(id));
    }

    /**
     * {@code ?country=NA&minAge=30&maxAge=40&page=0&size=20&sort=balance,desc}; a negative page, a
     * size outside 1 to {@code spring.data.web.pageable.max-page-size} or an unknown sort property
     * is a 400.
     */
    @GetMapping
    PageView<Customer> search(@RequestParam String country, @RequestParam(defaultValue = "0") int minAge,
                              @RequestParam(defaultValue = "200") int maxAge, @RequestParam(defaultValue = "0") int page,
                              @RequestParam(defaultValue = "20") int size, @RequestParam(defaultValue = "id") String sort) {
        if (page < 0) {
            throw badRequest("page must be 0 or more, got " + page);
        }
        if (size < 1 || size > maxPageSize) {
            throw badRequest("size must be 1-" + maxPageSize + ", got " + size);
        }
        return PageView.of(customers.findByCountryAndAgeBetween(country, minAge, maxAge,
                PageRequest.of(page, size, sortOf(sort))));
    }

    /** At most 100 customers whose name contains {@code name} (case-sensitive). */
    @GetMapping("/name-contains")
    List<Customer> nameContains(@RequestParam String name) {
        return customers.findTop100ByNameContaining(name);
    }

    @GetMapping("/count")
    Map<String, Long> count(@RequestParam(required = false) String country) {
        return Map.of("count", country == null ? customers.count() : customers.countByCountry(country));
    }

    /**
     * Customers per country as JSON, from the repository's export shape, streamed to the client as
     * the engine produces it (never held whole).
     */
    @GetMapping("/by-country")
    ResponseEntity<StreamingResponseBody> byCountry() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(customers::byCountry);
    }

    /** {@code age} or {@code balance,desc}. */
    private static Sort sortOf(String text) {
        String[] parts = text.split(",");
        if (parts.length == 0 || parts.length > 2 || parts[0].isBlank()) {
            throw badRequest("sort must be 'property' or 'property,asc|desc', got '" + text + "'");
        }
        Sort.Direction direction = parts.length > 1
                ? Sort.Direction.fromOptionalString(parts[1]).orElseThrow(() ->
                        badRequest("sort direction must be asc or desc, got '" + parts[1] + "'"))
                : Sort.Direction.ASC;
        return Sort.by(direction, parts[0]);
    }

    private static ResponseStatusException badRequest(String message) {
        return new ResponseStatusException(HttpStatus.BAD_REQUEST, message);
    }
}
