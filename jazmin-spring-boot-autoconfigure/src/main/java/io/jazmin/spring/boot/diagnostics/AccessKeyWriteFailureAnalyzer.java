package io.jazmin.spring.boot.diagnostics;

import io.jazmin.spring.data.core.AccessKeyWriteException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a file configured with an access key that the configuration also says is to be written
 * (created when missing, compacted after writes): an access key only reads its grant, so the start
 * fails before anything is written. Names the properties, never the key.
 */
public class AccessKeyWriteFailureAnalyzer extends AbstractFailureAnalyzer<AccessKeyWriteException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, AccessKeyWriteException cause) {
        String property = "jazmin.files." + cause.getFileName();
        String asked = switch (cause.getWrite()) {
            case CREATE_IF_MISSING -> property + ".create-if-missing";
            case COMPACTION_THRESHOLD -> property + ".compaction.deleted-ratio, " + property + ".compaction.appends or "
                    + property + ".compaction.dead-bytes-*";
            case CHANGE, COMPACTION -> "a write of the file";
        };
        return new FailureAnalysis("The JAZMIN file '" + cause.getFileName() + "' is opened with an access key ("
                + property + ".access-key), which may only read the rows and columns its grant opens, but " + asked
                + " asks to write it. Only the owner key changes a shared file.",
                "Remove " + asked + ", or give the application the owner key (" + property + ".owner-key) instead "
                        + "of the access key if it is to write the file. A holder sends its changes to the owner as "
                        + "change files (io.jazmin.ChangeFiles.writeChanges).", cause);
    }
}
