package io.jazmin.sample;

import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.ShapeExport;
import java.io.OutputStream;
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

    /** Customers per country (count, youngest and oldest age) as JSON, streamed into {@code out}. */
    @ShapeExport("""
            {"countries": {"$rows": {"country": "country", "customers": {"$count": true},
                                     "youngest": {"$min": "age"}, "oldest": {"$max": "age"}},
                           "$groupBy": "country", "$sort": ["country"]}}
            """)
    void byCountry(OutputStream out);
}
