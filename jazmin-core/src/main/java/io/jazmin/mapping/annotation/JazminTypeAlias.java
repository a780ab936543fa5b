package io.jazmin.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stable name a record, POJO or enum is recorded under in files, instead of its simple class
 * name: in the {@code javaType} attribute of columns holding it and as the {@code "@type"}
 * discriminator of a permitted subtype of a sealed type. Renaming or moving the class keeps existing
 * files readable as long as the alias stays.
 *
 * <pre>{@code @JazminTypeAlias("address") record Address(String city, String zip) {}}</pre>
 *
 * <p>The name is only ever compared with what a file records, never used to find or load a class.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface JazminTypeAlias {
    /** The name; not empty. */
    String value();
}
