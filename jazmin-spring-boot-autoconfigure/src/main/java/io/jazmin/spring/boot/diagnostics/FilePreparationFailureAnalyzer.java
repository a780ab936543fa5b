package io.jazmin.spring.boot.diagnostics;

import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.spring.data.core.FilePreparationException;
import java.nio.file.Path;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a configured file a repository could not prepare: missing without create-if-missing, a
 * missing or wrong key or password (naming the property, never the secret), or a writer lock held
 * by another process (naming the lock file).
 */
public class FilePreparationFailureAnalyzer extends AbstractFailureAnalyzer<FilePreparationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, FilePreparationException cause) {
        String property = "jazmin.files." + cause.getFileName();
        String file = "The JAZMIN file '" + cause.getFileName() + "' (" + cause.getLocation() + ")";
        if (cause.isMissing()) {
            return new FailureAnalysis(file + " does not exist, and " + property + ".create-if-missing is not set.",
                    "Create the file, correct " + property + ".path, or set " + property
                            + ".create-if-missing=true to have it created empty.", cause);
        }
        JazminKeyException key = findCause(cause, JazminKeyException.class);
        if (key != null) {
            String secret = cause.getSecret() != null ? property + "." + cause.getSecret()
                    : property + ".key or " + property + ".password";
            return new FailureAnalysis(file + " cannot be opened with the configured secret ("
                    + (cause.getSecret() != null ? secret : "none is configured") + "): " + key.getMessage() + ".",
                    "Set " + secret + " to the file's " + (cause.getSecret() != null ? cause.getSecret()
                            : "key or password") + ", through a placeholder rather than the secret itself.", cause);
        }
        FileLockedException locked = findCause(cause, FileLockedException.class);
        if (locked != null) {
            Path lock = cause.getPath().toAbsolutePath().resolveSibling(cause.getPath().getFileName() + ".lock");
            return new FailureAnalysis(file + " cannot be written: another process holds its lock file " + lock + " ("
                    + locked.getMessage() + ").",
                    "Stop the other process writing the file. A lock left by a killed writer of this library on "
                            + "this host is taken over without help; if the lock file records no holder (another "
                            + "library's) or one on another host, and no writer is running, delete " + lock + ".",
                    cause);
        }
        return new FailureAnalysis(file + " cannot be prepared: " + cause.getMostSpecificCause().getMessage(),
                "Check that " + property + (cause.getPath() != null ? ".path" : ".url")
                        + " names a JAZMIN file that fits the entity stored in it.", cause);
    }
}
