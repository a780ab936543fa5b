package io.jazmin.spring.boot.autoconfigure.domain.shared.visible;

import io.jazmin.schema.JsonText;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.time.Instant;

/** A row of the js-access interop case as its access keys without group {@code pii} see it. */
@JazminStore("people")
public record Person(@JazminId Long id, String name, String country, Double score, Instant joined, Boolean active,
                     JsonText extra) {
}
