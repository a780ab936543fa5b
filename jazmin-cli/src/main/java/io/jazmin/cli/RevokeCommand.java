package io.jazmin.cli;

import io.jazmin.JazminFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin revoke FILE}: the owner revokes access keys' grants. */
@Command(name = "revoke", mixinStandardHelpOptions = true,
        description = "Revoke the grants of the access keys with the given ids from the shared .jzm file: the "
                + "owner key comes from --key-file or --key-env. The file is rewritten with fresh secrets, so a "
                + "revoked key opens nothing of the new version (copies of older versions stay readable to it).")
final class RevokeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the shared .jzm file")
    Path file;

    @Mixin
    FileOptions secrets;

    @Option(names = "--key-id", paramLabel = "ID", required = true,
            description = "the access key's id (16 hex digits); repeat for several")
    List<String> keyIds;

    @Override
    public Integer call() {
        JazminFile.revokeAccess(file, OwnerKey.of(spec, secrets), keyIds.toArray(String[]::new));
        spec.commandLine().getOut().println("revoked " + String.join(", ", keyIds));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
