package io.jazmin.spring.boot.autoconfigure.domain.shared.hidden;

import io.jazmin.schema.JsonText;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.math.BigDecimal;
import java.time.Instant;

/** A whole row of the js-access interop case, as its owner sees it: balance and blob included. */
@JazminStore("people")
public record PersonWithBalance(@JazminId Long id, String name, String country, Double score, BigDecimal balance,
                                Instant joined, Boolean active, byte[] blob, JsonText extra) {
}
