package io.jazmin.spring.boot.test.autoconfigure;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminFile;

/** A book of the password file {@code books}. */
@JazminFile("books")
public record Book(@JazminId long id, String title, String author, Integer year) {
}
