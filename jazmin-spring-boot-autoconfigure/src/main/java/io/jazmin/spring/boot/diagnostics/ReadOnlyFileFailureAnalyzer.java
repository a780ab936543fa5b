package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.data.core.ReadOnlyFileException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a file configured by URL ({@code jazmin.files.<name>.url}, read-only) that the configuration
 * also says is to be written (created when missing, compacted after writes): the start fails before
 * anything is sent. Names the properties and the URL without its user info or query.
 */
public class ReadOnlyFileFailureAnalyzer extends AbstractFailureAnalyzer<ReadOnlyFileException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ReadOnlyFileException cause) {
        String property = "jazmin.files." + cause.getFileName();
        String asked = switch (cause.getWrite()) {
            case ReadOnlyFileException.CREATE_IF_MISSING -> property + ".create-if-missing";
            case ReadOnlyFileException.COMPACTION_THRESHOLD -> property + ".compaction.deleted-ratio, " + property
                    + ".compaction.appends or " + property + ".compaction.dead-bytes-*";
            default -> "a write of the file";
        };
        return new FailureAnalysis("The JAZMIN file '" + cause.getFileName() + "' is read from " + cause.getLocation()
                + " (" + property + ".url), which is read-only, but " + asked + " asks to write it.",
                "Remove " + asked + ", or configure " + property + ".path instead of " + property
                        + ".url if the application is to write a local file.", cause);
    }
}
