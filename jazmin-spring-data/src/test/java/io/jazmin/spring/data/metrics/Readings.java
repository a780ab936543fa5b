package io.jazmin.spring.data.metrics;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;

/** A repository of {@link Reading}s with one derived query. */
public interface Readings extends JazminRepository<Reading, Long> {
    List<Reading> findBySensor(String sensor);
}
