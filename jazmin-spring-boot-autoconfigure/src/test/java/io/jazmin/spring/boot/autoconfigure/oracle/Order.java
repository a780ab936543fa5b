package io.jazmin.spring.boot.autoconfigure.oracle;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An order with every kind of member the object mapping knows, stored in the key file {@code orders}. */
@JazminStore("orders")
public record Order(@JazminId long id, String customer, Status status, BigDecimal total, Instant placed,
                    boolean paid, Integer priority, Optional<String> note, List<String> tags, Set<String> labels,
                    Map<String, Integer> quantities, Address shipTo) {

    /** Where an order goes; stored as one JSON cell. */
    public record Address(String city, String zip) {
    }

    /** Stored by name, so sorts and comparisons follow the names. */
    public enum Status { NEW, PAID, SHIPPED, CANCELLED }

    /** The note's text, or {@code null}: the cell the engine compares. */
    String noteOrNull() {
        return note.orElse(null);
    }
}
