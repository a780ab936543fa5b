package io.jazmin.sample;

import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.spring.data.core.JazminOperations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * On first start fills the (just created, empty) customers file with the benchmark rows and stores
 * the sample's about pages in it (embedded files), then
 * times a few lookups so the log shows what the file answers and how fast.
 */
@Component
class CustomerSeeder implements ApplicationRunner {
    private static final Logger log = LoggerFactory.getLogger(CustomerSeeder.class);

    private static final String FILE = "customers";
    private static final String ABOUT = "about/";

    private final CustomerRepository customers;
    private final JazminOperations jazmin;
    private final long count;

    CustomerSeeder(CustomerRepository customers, JazminOperations jazmin,
                   @Value("${sample.customers.count:200000}") long count) {
        this.customers = customers;
        this.jazmin = jazmin;
        this.count = count;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (customers.count() == 0) {
            long start = System.nanoTime();
            jazmin.insert(CustomerGenerator.customers(count).toList());
            log.info("Wrote {} customers in {} ms", count, millis(start));
        }
        addAboutPages();
        long n = customers.count();
        long id = (long) Math.floor(n * 0.73);
        time("find by id " + id, () -> customers.findById(id).map(Customer::name).orElse("none"));
        time("count country NA and age > 80", () -> customers.countByCountryAndAgeGreaterThan("NA", 80));
        time("count name contains Ndlovu", () -> customers.countByNameContaining("Ndlovu"));
    }

    /** Stores the sample's about pages in the customers file once (served at /jazmin/files/customers/about/). */
    private void addAboutPages() {
        if (jazmin.file(FILE, ABOUT + "index.html").isPresent()) {
            return;
        }
        jazmin.changeFiles(FILE, FileChanges.adding(page("index.html", "text/html"), page("style.css", "text/css"))
                .withPackage("{\"entry\": \"" + ABOUT + "index.html\", \"title\": \"Customers\"}"));
        log.info("Stored the about pages in the {} file", FILE);
    }

    private static FileInput page(String name, String type) {
        try (InputStream in = new ClassPathResource(ABOUT + name).getInputStream()) {
            return FileInput.of(ABOUT + name, in.readAllBytes(), type);
        } catch (IOException e) {
            throw new UncheckedIOException("the sample's page " + ABOUT + name + " is missing", e);
        }
    }

    private static void time(String what, java.util.function.Supplier<Object> lookup) {
        long start = System.nanoTime();
        Object answer = lookup.get();
        log.info("{}: {} ({} ms)", what, answer, millis(start));
    }

    private static String millis(long start) {
        return String.format("%.1f", (System.nanoTime() - start) / 1e6);
    }
}
