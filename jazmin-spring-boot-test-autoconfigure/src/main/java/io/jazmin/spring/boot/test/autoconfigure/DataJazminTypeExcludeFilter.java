package io.jazmin.spring.boot.test.autoconfigure;

import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/** Leaves the application's components out of a {@link DataJazminTest} unless its filters include them. */
final class DataJazminTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<DataJazminTest> {

    DataJazminTypeExcludeFilter(Class<?> testClass) {
        super(testClass);
    }
}
