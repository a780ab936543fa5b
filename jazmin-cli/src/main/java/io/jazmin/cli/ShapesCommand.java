package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.export.SavedShape;
import io.jazmin.files.FileChanges;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code jazmin shapes list|save|remove FILE}: the export shapes saved in a .jzm file (spec §1.23),
 * which {@code export --saved NAME} and {@code query --shape NAME} run.
 */
@Command(name = "shapes",
        description = "List, save and remove the export shapes saved in a .jzm file (run them with export --saved "
                + "NAME or query --shape NAME).",
        subcommands = {ShapesCommand.ListShapes.class, ShapesCommand.SaveShape.class, ShapesCommand.RemoveShapes.class})
final class ShapesCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw Usage.error(spec, "missing subcommand (" + CommandHelp.commandList(spec) + ")");
    }

    /** {@code shapes list FILE}: one JSON object per saved shape. */
    @Command(name = "list", description = "Print the shapes saved in a .jzm file as JSON Lines: "
            + "{\"name\",\"description\",\"default\",\"table\",\"groups\",\"shape\"}; with an access key, "
            + "those of the file groups it sees.")
    static final class ListShapes extends FileCommand {
        @Override
        void run(JazminReader reader) {
            for (SavedShape s : reader.shapes()) {
                ObjectNode node = ChangeCommand.JSON.createObjectNode();
                node.put("name", s.name());
                node.put("description", s.description());
                node.put("default", s.isDefault());
                node.put("table", s.table());
                s.groups().forEach(node.putArray("groups")::add);
                node.set("shape", s.shape().tree());
                out().println(ChangeCommand.JSON.writeValueAsString(node));
            }
        }
    }

    /** {@code shapes save FILE --name N --shape S.json}: saves (or replaces) a shape, by an append. */
    @Command(name = "save", description = {
        "Save an export shape in a .jzm file under a name, by an append (a shape of that name is replaced). The "
                + "shape is checked against its table first; one that does not fit exits with 2 and leaves the file "
                + "unchanged.",
        "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\",\"saved\",\"replaced\"} as JSON."})
    static final class SaveShape extends ChangeCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME",
                description = "the shape's name (1-200 characters)")
        private String name;

        @Option(names = "--shape", required = true, paramLabel = "S.json",
                description = "the export shape, a JSON template")
        private Path shapeFile;

        @Option(names = "--table", paramLabel = "T", description = "the table it reads (default: the first)")
        private String table;

        @Option(names = "--description", paramLabel = "TEXT", description = "what it exports")
        private String description;

        @Option(names = "--default", description = "make it the default shape (of its groups)")
        private boolean isDefault;

        @Option(names = "--group", paramLabel = "G", description = "a file group it is saved for (repeatable; "
                + "default *: everyone)")
        private List<String> groups = List.of("*");

        @Override
        public Integer call() {
            WriteOptions options = writeOptions(); // an access key is refused before the shape is read
            boolean replaced;
            SavedShape saved;
            try (JazminReader reader = open()) {
                ShapeLoader.Loaded shape = ShapeLoader.file(spec, reader, shapeFile, table, "--shape");
                replaced = reader.shapes().stream().anyMatch(s -> s.name().equals(name));
                saved = new SavedShape(name, description, isDefault, table, groups, shape.shape());
            }
            ObjectNode node = result(JazminFile.changeFiles(file, FileChanges.savingShapes(saved), options));
            node.put("saved", name);
            node.put("replaced", replaced);
            return print(node);
        }
    }

    /** {@code shapes remove FILE NAME...}: drops saved shapes, by an append. */
    @Command(name = "remove", description = {
        "Remove saved export shapes from a .jzm file, by an append. A name the file does not hold exits with 2 and "
                + "leaves the file unchanged.",
        "Prints {\"appendCount\",\"rowsAppended\",\"rowsDeleted\",\"rowCount\",\"removed\"} as JSON."})
    static final class RemoveShapes extends ChangeCommand {
        @Parameters(index = "1..*", arity = "1..*", paramLabel = "NAME", description = "the shapes to remove")
        private List<String> names;

        @Override
        public Integer call() {
            WriteOptions options = writeOptions();
            try (JazminReader reader = open()) {
                List<String> known = reader.shapes().stream().map(SavedShape::name).toList();
                for (String n : names) {
                    if (!known.contains(n)) {
                        throw Usage.error(spec, "no shape named '" + n + "' is saved in the file (saved: " + known + ")");
                    }
                }
            }
            ObjectNode node = result(JazminFile.changeFiles(file,
                    FileChanges.removingShapes(names.toArray(String[]::new)), options));
            names.forEach(node.putArray("removed")::add);
            return print(node);
        }
    }
}
