package io.jazmin.mapping.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Asks for indexes on the member's column (spec §1.16). */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminIndex {
    /** The index kinds to build; a sorted index by default. */
    Kind[] value() default Kind.SORTED;

    /** Index kinds of JAZMIN 1.0. */
    enum Kind {
        /** Equality and range lookups (ordered column types). */
        SORTED,
        /** {@code contains}/{@code icontains} on string columns. */
        TRIGRAM;

        /** The kind's name in schemas ({@code "sorted"}, {@code "trigram"}). */
        public String kindName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
