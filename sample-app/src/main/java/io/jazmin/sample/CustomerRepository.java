package io.jazmin.sample;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/** Customer queries; each is one engine filter. */
public interface CustomerRepository extends JazminRepository<Customer, Long> {

    Page<Customer> findByCountryAndAgeBetween(String country, int minAge, int maxAge, Pageable pageable);

    List<Customer> findTop100ByNameContaining(String text);

    long countByCountry(String country);

    long countByCountryAndAgeGreaterThan(String country, int age);

    long countByNameContaining(String text);
}
