package io.jazmin.spring.boot.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field of {@link JazminProperties} that holds a secret (a key, password, access key,
 * unlock token). The one list of secret-bearing properties: {@link JazminProperties#secretNames()}
 * reads it, actuator's {@code /env} and {@code /configprops} mask these properties even with
 * {@code show-values: always}, and {@code toString} never shows them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface JazminSecret {
}
