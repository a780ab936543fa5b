package io.jazmin.spring.boot.test.autoconfigure;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminStore;

/** A book of the password file {@code books}. */
@JazminStore("books")
public record Book(@JazminId long id, String title, String author, Integer year) {
}
