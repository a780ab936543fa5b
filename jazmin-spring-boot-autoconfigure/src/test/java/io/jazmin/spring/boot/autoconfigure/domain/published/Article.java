package io.jazmin.spring.boot.autoconfigure.domain.published;

import io.jazmin.mapping.annotation.JazminId;

/** Bound to the file {@code articles} by convention: a file published on a web server. */
public record Article(@JazminId long id, String title) {
}
