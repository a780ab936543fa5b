package io.jazmin.spring.data.repository.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Turns on auditing of JAZMIN entities, as {@code @EnableJdbcAuditing} and
 * {@code @EnableMongoAuditing} do: {@code @CreatedDate} and {@code @CreatedBy} are filled when an
 * entity is first saved, {@code @LastModifiedDate} and {@code @LastModifiedBy} on every save,
 * the users from an {@link org.springframework.data.domain.AuditorAware} bean. An entity counts as
 * new when its {@code @Version} is null (or 0 for a primitive) or, without a version, its id is null.
 * Dates are taken to the millisecond, as JAZMIN stores them. Needs the mapping context bean named
 * {@code jazminMappingContext} (the Boot starter defines it).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(JazminAuditingRegistrar.class)
public @interface EnableJazminAuditing {

    /** The name of the {@link org.springframework.data.domain.AuditorAware} bean; empty: the only one, if any. */
    String auditorAwareRef() default "";

    /** Whether a new entity's last-modified date and user are set too (default true). */
    boolean setDates() default true;

    /** Whether creation also counts as modification (default true). */
    boolean modifyOnCreate() default true;

    /** The name of the {@link org.springframework.data.auditing.DateTimeProvider} bean; empty: the current time. */
    String dateTimeProviderRef() default "";
}
