package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.boot.autoconfigure.ConflictingJazminPropertiesException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports two {@code jazmin.files.<name>.*} properties that cannot go together, naming both and neither value. */
public class ConflictingJazminPropertiesFailureAnalyzer
        extends AbstractFailureAnalyzer<ConflictingJazminPropertiesException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ConflictingJazminPropertiesException cause) {
        return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
    }
}
