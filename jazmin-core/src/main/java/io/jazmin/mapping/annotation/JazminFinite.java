package io.jazmin.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code REJECT} policy of typed-values.md §3.5 for one floating-point member ({@code double},
 * {@code float}, their boxes, {@code OptionalDouble} or an {@code Optional} of them): NaN and
 * ±Infinity are refused when writing, and when reading a file that holds them, with a
 * {@code NOT_FINITE} {@link io.jazmin.mapping.MappingException}. Without it the policy is
 * {@code ALLOW}: the IEEE value is stored as it is. −0.0 is finite and keeps its sign either way.
 *
 * <pre>{@code record Reading(String sensor, @JazminFinite double celsius) {}}</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminFinite {
}
