package io.jazmin.sample;

import io.jazmin.spring.data.core.JazminOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * On first start fills the (just created, empty) customers file with the benchmark rows, then
 * times a few lookups so the log shows what the file answers and how fast.
 */
@Component
class CustomerSeeder implements ApplicationRunner {
    private static final Logger log = LoggerFactory.getLogger(CustomerSeeder.class);

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
        long n = customers.count();
        long id = (long) Math.floor(n * 0.73);
        time("find by id " + id, () -> customers.findById(id).map(Customer::name).orElse("none"));
        time("count country NA and age > 80", () -> customers.countByCountryAndAgeGreaterThan("NA", 80));
        time("count name contains Ndlovu", () -> customers.countByNameContaining("Ndlovu"));
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
