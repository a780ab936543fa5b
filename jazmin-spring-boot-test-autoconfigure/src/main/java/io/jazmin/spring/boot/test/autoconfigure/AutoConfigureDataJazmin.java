package io.jazmin.spring.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports the JAZMIN auto-configurations (files, template, transaction manager, repositories) into
 * a test; the list is {@code META-INF/spring/io.jazmin.spring.boot.test.autoconfigure.AutoConfigureDataJazmin.imports}.
 * {@link DataJazminTest} uses it; add it to another slice to get JAZMIN repositories there.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureDataJazmin {
}
