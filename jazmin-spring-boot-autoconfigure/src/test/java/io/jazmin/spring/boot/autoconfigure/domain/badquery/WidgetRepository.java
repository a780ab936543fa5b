package io.jazmin.spring.boot.autoconfigure.domain.badquery;

import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.Query;
import java.util.List;

/** The filter names a column {@link Widget} does not have: creating this repository must fail. */
public interface WidgetRepository extends JazminRepository<Widget, Long> {
    @Query("{\"colour\": ?0}")
    List<Widget> byColour(String colour);
}
