package io.jazmin.spring.data.core.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds an entity type to a configured file by the file's name. Without it the name is the simple
 * class name lower-cased plus {@code "s"} ({@code Customer} → {@code customers}).
 *
 * <pre>{@code @JazminStore("customers") record Customer(@JazminId long id, String name) {}}</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface JazminStore {
    /** The name of the configured file ({@code jazmin.files.<name>} in Spring Boot). */
    String value();
}
