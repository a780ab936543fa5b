package io.jazmin.mapping.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the order rows are written in (spec §1.15). On the type, {@link #value()} lists the
 * column names; on members, {@link #order()} gives each annotated member's place in the list.
 *
 * <pre>{@code
 * @JazminSortedBy({"country", "id"}) record Customer(long id, String country) {}
 * record Event(@JazminSortedBy(order = 0) Instant at, @JazminSortedBy(order = 1) long seq) {}
 * }</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminSortedBy {
    /** On a type: the sort columns in order. Unused on members. */
    String[] value() default {};

    /** On a member: its position among the sort columns (lower first). Unused on types. */
    int order() default 0;
}
