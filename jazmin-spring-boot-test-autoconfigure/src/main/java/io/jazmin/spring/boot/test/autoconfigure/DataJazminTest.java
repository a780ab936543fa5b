package io.jazmin.spring.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;
import org.springframework.transaction.annotation.Transactional;

/**
 * A test of JAZMIN repositories, as {@code @DataJdbcTest} is of JDBC ones: the application context
 * holds only the JAZMIN auto-configuration ({@code JazminFiles}, {@code JazminTemplate}, the
 * transaction manager) and the repositories of the application's packages; other components and
 * auto-configurations are left out. Every file configured under {@code jazmin.files} is moved to a
 * new temporary folder (created empty, {@code create-if-missing} on, password files at the lowest
 * PBKDF2 iteration count), removed when the context closes; {@link #temporaryFiles()} {@code = false}
 * keeps the configured paths. Each test runs in a transaction rolled back at its end, so tests
 * see each other's rows only when they commit ({@code @Commit}).
 *
 * <pre>{@code
 * @DataJazminTest
 * class CustomerRepositoryTests {
 *     @Autowired CustomerRepository customers;
 *
 *     @Test
 *     void findsByCountry() {
 *         customers.save(new Customer(1, "Ann", "NA", 30));
 *         assertThat(customers.findByCountry("NA")).hasSize(1);
 *     }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(DataJazminTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(DataJazminTypeExcludeFilter.class)
@Transactional
@AutoConfigureDataJazmin
@ImportAutoConfiguration
public @interface DataJazminTest {

    /** Properties ({@code key=value}) added to the environment before the test starts. */
    String[] properties() default {};

    /**
     * Whether the configured files are replaced by empty ones in a temporary folder (default), or
     * used at their configured paths.
     */
    boolean temporaryFiles() default true;

    /** Components of the application's packages to add to the context (the slice includes none by default). */
    Filter[] includeFilters() default {};

    /** Components to leave out even though a filter includes them. */
    Filter[] excludeFilters() default {};

    /** Auto-configurations to leave out. */
    @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
    Class<?>[] excludeAutoConfiguration() default {};
}
