package io.jazmin.sample;

import io.jazmin.schema.IndexKind;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIndex;
import io.jazmin.spring.data.core.mapping.JazminStore;
import java.time.Instant;

/** A customer row of the benchmark table (id sorted index, name trigram index, country sorted index). */
@JazminStore("customers")
public record Customer(@JazminId long id, @JazminIndex(IndexKind.TRIGRAM) String name, String email,
                       @JazminIndex String country, int age, double balance, Instant joined, boolean active) {
}
