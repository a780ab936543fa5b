package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.key.JazminKey;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin unlock-token FILE}: the owner's key service side of online grants. */
@Command(name = "unlock-token", mixinStandardHelpOptions = true,
        description = {
            "Print the unlock token (jzu1-...) an access key with an online grant of the shared .jzm file needs "
                    + "to open it, as the owner's key service hands it out; the owner key comes from --key-file "
                    + "or --key-env. With --list, print one JSON object per online grant: "
                    + "{\"keyId\",\"label\",\"expires\",\"token\"}.",
            "Tokens are secrets: keep them out of logs."})
final class UnlockTokenCommand implements Callable<Integer> {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the shared .jzm file")
    Path file;

    @Mixin
    FileOptions secrets;

    @Option(names = "--key-id", paramLabel = "ID", description = "the access key's id (16 hex digits)")
    String keyId;

    @Option(names = "--list", description = "list every online grant with its token")
    boolean list;

    @Override
    public Integer call() {
        JazminKey owner = OwnerKey.of(spec, secrets);
        if (list == (keyId != null)) {
            throw new ParameterException(spec.commandLine(), "give --key-id ID or --list");
        }
        if (keyId != null) {
            spec.commandLine().getOut().println(JazminFile.issueUnlockToken(file, owner, keyId).text());
        } else {
            for (JazminFile.UnlockTokenGrant g : JazminFile.listUnlockTokens(file, owner)) {
                ObjectNode node = JSON.createObjectNode();
                node.put("keyId", g.keyId());
                node.put("label", g.label());
                node.put("expires", g.expires() == null ? null : g.expires().toString());
                node.put("token", g.token().text());
                spec.commandLine().getOut().println(JSON.writeValueAsString(node));
            }
        }
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
