package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin rotate-owner-key FILE}: moves a shared file to a new owner key, with new access keys. */
@Command(name = "rotate-owner-key", mixinStandardHelpOptions = true,
        description = {
            "Move a shared .jzm file to a new owner key: the current owner key comes from --key-file or "
                    + "--key-env, the new one (jazmin keygen) from --new-key-file or --new-key-env. The file is "
                    + "rewritten with fresh secrets and signed by the new owner; every grant not yet expired gets a "
                    + "new access key keeping its rows, column groups, label, expiry and mode (online grants need "
                    + "new unlock tokens). Afterwards the old owner key and the old access keys open nothing of it.",
            "Prints {\"fileId\",\"accessKeys\":[{\"previousKeyId\",\"keyId\",\"label\",\"mode\",\"expires\","
                    + "\"key\"}]} as JSON: \"key\" is the new access key text (jza1-...), a secret to hand to "
                    + "the holder of the previous key only."})
final class RotateOwnerKeyCommand extends ChangeCommand {
    @Mixin
    NewSecretOptions next;

    @Override
    public Integer call() {
        JazminKey owner = OwnerKey.of(spec, secrets);
        JazminKey newOwner = next.writeOptions().key();
        if (newOwner == null) {
            throw Usage.error(spec, "give the new owner key (jzk1-...) with --new-key-file or --new-key-env");
        }
        List<JazminFile.RotatedAccessKey> keys = JazminFile.rotateOwnerKey(file, owner, newOwner);
        ObjectNode node = JSON.createObjectNode();
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withKey(newOwner))) {
            node.put("fileId", reader.fileId());
        }
        ArrayNode list = node.putArray("accessKeys");
        for (JazminFile.RotatedAccessKey k : keys) {
            ObjectNode entry = list.addObject();
            entry.put("previousKeyId", k.previousKeyId());
            entry.put("keyId", k.key().keyId());
            entry.put("label", k.label());
            entry.put("mode", k.mode().text());
            entry.put("expires", k.expires() == null ? null : k.expires().toString());
            entry.put("key", k.key().text());
        }
        return print(node);
    }
}
