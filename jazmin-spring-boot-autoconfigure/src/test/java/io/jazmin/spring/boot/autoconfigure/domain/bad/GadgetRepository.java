package io.jazmin.spring.boot.autoconfigure.domain.bad;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;

/** Regex has no engine operator: creating this repository must fail. */
public interface GadgetRepository extends JazminRepository<Gadget, Long> {
    List<Gadget> findByLabelRegex(String pattern);
}
