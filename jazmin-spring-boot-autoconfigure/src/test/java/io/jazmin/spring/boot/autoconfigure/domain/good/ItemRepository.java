package io.jazmin.spring.boot.autoconfigure.domain.good;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;

public interface ItemRepository extends JazminRepository<Item, Long> {
    List<Item> findByLabelStartingWith(String prefix);
}
