package io.jazmin.mapping.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names and describes the column of a record component or POJO field.
 *
 * <pre>{@code record Customer(@JazminColumn(name = "e_mail", description = "Contact address") String email) {}}</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminColumn {
    /** The column name; empty means the member's name. */
    String name() default "";

    /** The column description stored in the file; empty for none. */
    String description() default "";
}
