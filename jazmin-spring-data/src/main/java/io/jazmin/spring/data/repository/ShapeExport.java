package io.jazmin.spring.data.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a repository method return the JSON output of an export shape (spec §2.6) over the rows of
 * the entity's file, instead of running a query:
 *
 * <pre>{@code
 * @ShapeExport("{\"countries\": {\"$rows\": {\"country\": \"country\", \"customers\": {\"$count\": true}},"
 *         + " \"$groupBy\": \"country\", \"$sort\": [\"country\"]}}")
 * String countries();                       // the whole output as text (UTF-8)
 *
 * @ShapeExport(saved = "by-country")        // a shape saved in the file, by name
 * void byCountry(OutputStream out);         // streamed into out (left open)
 * }</pre>
 *
 * A method returns {@code String} or {@code byte[]} (the output held in memory), or is {@code void}
 * with one {@link java.io.OutputStream} parameter that receives the output as it is produced (from
 * a controller: {@code return out -> customers.byCountry(out);} as a {@code StreamingResponseBody}).
 * The shape's JSON is parsed, and the method's signature checked, when the repository is created;
 * the shape is checked against the file's columns before any row is read.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Documented
public @interface ShapeExport {

    /** The export shape as JSON; empty when {@link #saved()} names a saved shape. */
    String value() default "";

    /** The name of a shape saved in the file; empty when {@link #value()} gives the shape. */
    String saved() default "";
}
