package io.jazmin.spring.boot.autoconfigure.oracle;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.time.Instant;

/** A client with scalar members only, stored in the password file {@code clients} (sorted by id). */
@JazminStore("clients")
public record Client(@JazminId long id, String name, String email, String country, int age, double score,
                     boolean vip, Instant joined) {
}
