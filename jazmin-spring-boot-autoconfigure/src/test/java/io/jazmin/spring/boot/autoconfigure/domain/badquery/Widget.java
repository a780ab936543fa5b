package io.jazmin.spring.boot.autoconfigure.domain.badquery;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;

/** Bound to the file {@code items}. */
@JazminStore("items")
public record Widget(@JazminId long id, String label) {
}
