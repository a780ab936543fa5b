package io.jazmin.spring.boot.test.autoconfigure;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/** Gives a {@link DataJazminTest} with {@code temporaryFiles} its {@link TemporaryJazminFiles}. */
class TemporaryJazminFilesContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
                                                     List<ContextConfigurationAttributes> configAttributes) {
        DataJazminTest test = TestContextAnnotationUtils.findMergedAnnotation(testClass, DataJazminTest.class);
        return test != null && test.temporaryFiles() ? new TemporaryJazminFiles() : null;
    }
}
