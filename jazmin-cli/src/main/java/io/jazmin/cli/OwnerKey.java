package io.jazmin.cli;

import io.jazmin.key.JazminKey;
import picocli.CommandLine.Model.CommandSpec;

/** The owner key a command that changes or lists a shared file's grants needs. */
final class OwnerKey {
    private OwnerKey() {
    }

    /** The owner key of {@code secrets}, or a usage error when none (or an access key) was given. */
    static JazminKey of(CommandSpec spec, FileOptions secrets) {
        JazminKey owner = secrets.readOptions(null).key();
        if (owner == null) {
            throw Usage.error(spec, "give the file's owner key (jzk1-...) with --key-file or --key-env");
        }
        return owner;
    }
}
