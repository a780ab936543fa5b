package io.jazmin.spring.data.repository.query;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.time.LocalDate;

/** A test entity with a renamed column, to check property → column translation. */
@JazminStore("people")
record Person(@JazminId long id, String name, @JazminColumn(name = "nation") String country, int age,
              LocalDate born, boolean active, Level level) {

    enum Level { LOW, HIGH }
}
