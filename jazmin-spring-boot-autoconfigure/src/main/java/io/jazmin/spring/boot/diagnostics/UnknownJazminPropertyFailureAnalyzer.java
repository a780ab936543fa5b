package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.boot.autoconfigure.UnknownJazminPropertyException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports a mistyped {@code jazmin.*} property with the nearest valid name. */
public class UnknownJazminPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnknownJazminPropertyException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnknownJazminPropertyException cause) {
        return new FailureAnalysis("The property " + cause.getName() + " (set in " + cause.getOrigin()
                + ") is not a JAZMIN setting.",
                "Did you mean " + cause.getSuggestion() + "? Rename the property, or remove it.", cause);
    }
}
