package io.jazmin.starter.web;

import io.jazmin.mapping.annotation.JazminId;

/** A book of {@link BookShop}; bound to the file {@code books} by convention. */
public record Book(@JazminId long id, String title, String genre) {
}
