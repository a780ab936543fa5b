package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.spring.boot.test.autoconfigure.DataJazminTest;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/** The sample's repository in the JAZMIN slice: an empty temporary file, no seeder, no web layer. */
@DataJazminTest
class CustomerRepositoryTests {
    @Autowired
    CustomerRepository customers;

    @Autowired
    ApplicationContext context;

    @Test
    void startsEmptyWithoutTheSeederOrTheWebLayer() {
        assertThat(customers.count()).isZero();
        assertThat(context.getBeanNamesForType(CustomerSeeder.class)).isEmpty();
        assertThat(context.getBeanNamesForType(CustomerController.class)).isEmpty();
    }

    @Test
    void derivedQueriesMatchTheGeneratedCustomers() {
        List<Customer> all = CustomerGenerator.customers(500).toList();
        customers.saveAll(all);
        Page<Customer> page = customers.findByCountryAndAgeBetween("NA", 30, 40,
                PageRequest.of(0, 10, Sort.by("id")));
        List<Customer> expected = all.stream().filter(c -> c.country().equals("NA") && c.age() >= 30 && c.age() <= 40)
                .sorted(Comparator.comparingLong(Customer::id)).toList();
        assertThat(page.getTotalElements()).isEqualTo(expected.size());
        assertThat(page.getContent()).isEqualTo(expected.subList(0, Math.min(10, expected.size())));
        assertThat(customers.countByCountry("NA")).isEqualTo(all.stream().filter(c -> c.country().equals("NA"))
                .count());
    }
}
