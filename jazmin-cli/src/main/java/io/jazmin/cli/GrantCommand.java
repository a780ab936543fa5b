package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin grant FILE}: the owner grants an access key some partitions and column groups. */
@Command(name = "grant", mixinStandardHelpOptions = true,
        description = {
            "Grant the access key read from --access-key-file (jza1-..., issued with jazmin keygen --access) "
                    + "access to the shared .jzm file, or replace the key's grant: the owner key comes from "
                    + "--key-file, --key-env or JAZMIN_KEY. The file is rewritten with fresh secrets; everything else is kept.",
            "Without --rows the key gets every partition, without --columns every column group; given, each is a "
                    + "comma-separated list of names, where '*' names the partition '*' of tables without a "
                    + "partition column, or the default column group '*' only.",
            "A grant that has already expired (--expires in the past) is refused with exit code 2 and the file left "
                    + "unchanged: the file would leave it out."})
final class GrantCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the shared .jzm file")
    Path file;

    @Mixin
    FileOptions secrets;

    @Option(names = "--access-key-file", paramLabel = "K", required = true,
            description = "read the access key text (jza1-...) from K")
    Path accessKeyFile;

    @Option(names = "--rows", paramLabel = "NAMES", split = ",", description = "the partitions granted")
    List<String> rows;

    @Option(names = "--columns", paramLabel = "GROUPS", split = ",", description = "the column groups granted")
    List<String> columns;

    @Option(names = "--files", paramLabel = "GROUPS", split = ",", description = "embedded-file groups granted "
            + "by name ('*': every group); the key always sees group '*' and the groups named like its partitions")
    List<String> files = List.of();

    @Option(names = "--label", paramLabel = "TEXT", description = "a label for the owner's records")
    String label;

    @Option(names = "--expires", paramLabel = "WHEN",
            description = "the grant expires at WHEN (ISO-8601 time or epoch milliseconds)")
    String expires;

    @Option(names = "--expires-in", paramLabel = "DURATION", description = "the grant expires DURATION after "
            + "the rewrite (90s, 15m, 12h, 30d, 2w, 1y or milliseconds)")
    String expiresIn;

    @Option(names = "--online", description = "an online grant: opening also needs the key service's unlock token")
    boolean online;

    @Override
    public Integer call() {
        JazminKey owner = OwnerKey.of(spec, secrets);
        AccessKeyText key = AccessKeyText.parse(Usage.readText(spec, accessKeyFile));
        if (expires != null && expiresIn != null) {
            throw Usage.error(spec, "give --expires or --expires-in, not both");
        }
        AccessGrant grant = AccessGrant.of(key).withRows(rows).withColumns(columns)
                .withFiles(files.equals(List.of("*")) ? null : files).withLabel(label)
                .withMode(online ? AccessGrant.Mode.ONLINE : AccessGrant.Mode.OFFLINE);
        if (expires != null) {
            grant = grant.withExpires(instant(expires));
        }
        if (expiresIn != null) {
            grant = grant.withExpiresIn(expiresIn);
        }
        // The core leaves a grant expired by the time of the rewrite out of the file (spec §1.20):
        // refuse one already expired instead of rewriting the file and saying "granted".
        Instant expiresAt = grant.expiresAt(Instant.now());
        if (expiresAt != null && !expiresAt.isAfter(Instant.now())) {
            throw Usage.error(spec, "the grant of " + key.keyId() + " expired at " + expiresAt + ", which has passed: "
                    + "an expired grant is left out of the file, so nothing would be granted; the file is unchanged");
        }
        JazminFile.grantAccess(file, owner, grant);
        boolean written = JazminFile.listGrants(file, owner).stream().anyMatch(g -> g.keyId().equals(key.keyId()));
        if (!written) {
            throw Usage.error(spec, "not granted " + key.keyId() + ": the grant expired before the file was rewritten "
                    + "and was left out of it (everything else the file holds is kept)");
        }
        spec.commandLine().getOut().println("granted " + key.keyId());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private Instant instant(String text) {
        try {
            return text.chars().allMatch(Character::isDigit) ? Instant.ofEpochMilli(Long.parseLong(text))
                    : Instant.parse(text);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw Usage.error(spec, "--expires '" + text + "' is not an ISO-8601 time or epoch milliseconds");
        }
    }
}
