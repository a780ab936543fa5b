package io.jazmin.spring.boot.autoconfigure.domain.shared.visible;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;

/** People of a shared file, as its key sees them. */
public interface PersonRepository extends JazminRepository<Person, Long> {
    List<Person> findByCountry(String country);
}
