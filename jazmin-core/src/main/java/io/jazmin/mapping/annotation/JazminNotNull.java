package io.jazmin.mapping.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes the member's column {@code required}: writing a null is refused, and so is reading one.
 * Annotations with the simple names {@code NonNull}, {@code NotNull} and {@code Nonnull} (JSpecify,
 * Jakarta Validation, JSR 305, Lombok…) have the same effect.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.TYPE_USE})
public @interface JazminNotNull {
}
