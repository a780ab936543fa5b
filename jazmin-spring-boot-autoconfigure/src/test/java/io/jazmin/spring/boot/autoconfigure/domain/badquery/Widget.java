package io.jazmin.spring.boot.autoconfigure.domain.badquery;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminFile;

/** Bound to the file {@code items}. */
@JazminFile("items")
public record Widget(@JazminId long id, String label) {
}
