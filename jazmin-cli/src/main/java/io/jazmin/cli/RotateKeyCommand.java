package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin rotate-key FILE}: re-encrypts a key or password file under a new key or password. */
@Command(name = "rotate-key", mixinStandardHelpOptions = true,
        description = {
            "Re-encrypt a key or password .jzm file under a new key or password without decoding its rows: "
                    + "every section is sealed again with a fresh file id, salts and nonces, and the old secret "
                    + "opens nothing in the new file. Rows, deleted rows, indexes, embedded files and metadata are "
                    + "kept. The current secret comes from --key-file, --key-env or --password-env, the new one "
                    + "from --new-key-file, --new-key-env or --new-password-env. The new file replaces the old "
                    + "atomically.",
            "Prints {\"fileId\",\"rowCount\"} of the new version as JSON."})
final class RotateKeyCommand extends ChangeCommand {
    @Mixin
    NewSecretOptions next;

    @Override
    public Integer call() {
        WriteOptions nextOptions = next.writeOptions();
        JazminFile.rotateKey(file, secrets.readOptions(file), nextOptions);
        ReadOptions reopen = nextOptions.key() != null ? ReadOptions.defaults().withKey(nextOptions.key())
                : ReadOptions.defaults().withPassword(nextOptions.password());
        ObjectNode node = JSON.createObjectNode();
        try (JazminReader reader = JazminReader.open(file, reopen)) {
            node.put("fileId", reader.fileId());
            node.put("rowCount", reader.tables().stream().mapToLong(JazminTable::rowCount).sum());
        }
        return print(node);
    }
}
