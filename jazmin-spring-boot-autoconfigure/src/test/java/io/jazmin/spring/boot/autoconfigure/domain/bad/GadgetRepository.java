package io.jazmin.spring.boot.autoconfigure.domain.bad;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;

/** EndingWith has no engine operator: creating this repository must fail. */
public interface GadgetRepository extends JazminRepository<Gadget, Long> {
    List<Gadget> findByLabelEndingWith(String suffix);
}
