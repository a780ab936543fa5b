package io.jazmin.spring.data.repository.config;

import io.jazmin.spring.data.repository.support.JazminRepositoryFactoryBean;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;

/**
 * Creates JAZMIN repository beans for the interfaces in the given packages (by default the package
 * of the annotated class). In Spring Boot, declaring it turns off the automatic scan.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(JazminRepositoriesRegistrar.class)
public @interface EnableJazminRepositories {

    /** Alias for {@link #basePackages()}. */
    String[] value() default {};

    /** Packages to scan for repository interfaces. */
    String[] basePackages() default {};

    /** Classes whose packages are scanned (a type-safe {@link #basePackages()}). */
    Class<?>[] basePackageClasses() default {};

    /** Which interfaces to include, beyond those in the packages. */
    Filter[] includeFilters() default {};

    /** Which interfaces to leave out. */
    Filter[] excludeFilters() default {};

    /** Postfix of custom implementation classes. */
    String repositoryImplementationPostfix() default "Impl";

    /**
     * Where named queries (JSON filters keyed {@code Entity.method}) are; by default
     * {@code classpath*:META-INF/jazmin-named-queries.properties}.
     */
    String namedQueriesLocation() default "";

    /** How queries are found: {@code @Query}, then a named query, then derived from the method name. */
    Key queryLookupStrategy() default Key.CREATE_IF_NOT_FOUND;

    /** The factory bean creating each repository. */
    Class<?> repositoryFactoryBeanClass() default JazminRepositoryFactoryBean.class;

    /** The base class of repository implementations. */
    Class<?> repositoryBaseClass() default org.springframework.data.repository.config.DefaultRepositoryBaseClass.class;

    /** Whether nested repository interfaces are found too. */
    boolean considerNestedRepositories() default false;

    /** When repositories are created. */
    BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;

    /** The bean name of the {@link io.jazmin.spring.data.core.JazminOperations} repositories use. */
    String jazminTemplateRef() default "jazminTemplate";
}
