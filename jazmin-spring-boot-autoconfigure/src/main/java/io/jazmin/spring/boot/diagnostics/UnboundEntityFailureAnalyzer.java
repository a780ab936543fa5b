package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.data.core.UnboundEntityException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Reports an entity whose file is not configured. */
public class UnboundEntityFailureAnalyzer extends AbstractFailureAnalyzer<UnboundEntityException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnboundEntityException cause) {
        String file = cause.getFileName();
        return new FailureAnalysis("The entity " + cause.getEntityType().getName() + " is stored in the JAZMIN file '"
                + file + "' (" + (cause.isFileNamed() ? "named by @JazminStore" : "named by convention")
                + "), but no such file is configured. Configured files: " + cause.getConfigured() + ".",
                "Configure the file with jazmin.files." + file + ".path (and jazmin.files." + file
                        + ".create-if-missing=true to create it), or bind the entity to a configured file with "
                        + "@JazminStore(\"<name>\").", cause);
    }
}
