package io.jazmin.spring.boot.autoconfigure.domain.bad;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;

@JazminStore("items")
public record Gadget(@JazminId long id, String label) {
}
