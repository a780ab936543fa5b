package io.jazmin.spring.boot.autoconfigure.domain.good;

import io.jazmin.mapping.annotation.JazminId;

/** Bound to the file {@code items} by convention. */
public record Item(@JazminId long id, String label) {
}
