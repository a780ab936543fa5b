package io.jazmin.mapping.annotation;

import io.jazmin.schema.IndexKind;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Asks for indexes on the member's column (spec §1.16). */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminIndex {
    /** The index kinds to build; a sorted index by default. */
    IndexKind[] value() default IndexKind.SORTED;
}
