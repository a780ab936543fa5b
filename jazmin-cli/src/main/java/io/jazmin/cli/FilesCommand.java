package io.jazmin.cli;

import io.jazmin.files.EmbeddedFile;
import io.jazmin.JazminReader;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@code jazmin files FILE}: lists the embedded files. */
@Command(name = "files", mixinStandardHelpOptions = true,
        description = {"List the files embedded in a .jzm file, one JSON object per line: "
                + "{\"path\",\"type\",\"groups\",\"size\",\"sha256\"}; then, when the file has one, "
                + "{\"package\": {...}}."})
final class FilesCommand extends FileCommand {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    void run(JazminReader reader) {
        PrintWriter out = out();
        for (EmbeddedFile f : reader.files()) {
            ObjectNode node = JSON.createObjectNode();
            node.put("path", f.path()).put("type", f.type());
            f.groups().forEach(node.putArray("groups")::add);
            node.put("size", f.size()).put("sha256", f.sha256());
            out.println(JSON.writeValueAsString(node));
        }
        reader.packageJson().ifPresent(p -> {
            ObjectNode node = JSON.createObjectNode();
            node.set("package", JSON.readTree(p));
            out.println(JSON.writeValueAsString(node));
        });
    }
}
