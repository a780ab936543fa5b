package io.jazmin.spring.data.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares the filter of a repository method in the JSON filter language of JAZMIN
 * ({@link io.jazmin.data.Filter#parse}), with {@code ?0} (the method's first argument) or {@code :name}
 * (an argument named by {@code @Param} or compiled with {@code -parameters}) where a value goes:
 *
 * <pre>{@code
 * @Query("{\"country\": ?0, \"age\": {\"gte\": :min}}")
 * Page<Customer> adultsIn(String country, @Param("min") int min, Pageable page);
 *
 * @Query(value = "{\"id\": {\"in\": ?0}}", delete = true)
 * long removeAll(Collection<Long> ids);
 * }</pre>
 *
 * Names in the filter are columns or entity properties (translated to their columns); both are
 * checked when the repository is created. A placeholder after {@code "in":} takes a collection or
 * array. Arguments are converted as in derived queries; a {@code null} argument of {@code eq}/{@code ne}
 * means is-null/is-not-null. {@code Sort}, {@code Pageable}, {@code Limit} and {@code ScrollPosition}
 * arguments, projections and return types work as for derived queries.
 * <p>
 * Without {@link #value()}, the filter is the named query {@code Entity.method} from
 * {@code META-INF/jazmin-named-queries.properties}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Documented
public @interface Query {

    /** The JSON filter with placeholders; empty: the method's named query. */
    String value() default "";

    /** Returns the number of matching rows ({@code long}) instead of the rows. */
    boolean count() default false;

    /** Returns whether any row matches ({@code boolean}). */
    boolean exists() default false;

    /** Deletes the matching rows; returns their number, or the deleted entities for a collection return type. */
    boolean delete() default false;
}
