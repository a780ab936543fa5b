package io.jazmin.endtoend.sharedfiles;

import io.jazmin.testing.EngineFiles;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.export.ExportShape;
import io.jazmin.export.SavedShape;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.AccessState;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shared file with embedded files in four file groups and saved shapes, for the tests of
 * embedded files in shared files: {@code readme.txt} (group {@code *}), {@code north/report.txt}
 * (group {@code north}, a partition), {@code west/notes.txt} (group {@code west}, a partition not
 * present yet) and {@code board/plan.txt} (group {@code board}, granted by name); shape {@code ids}
 * for everyone, shape {@code emails} (column group {@code pii}) for {@code board}.
 */
final class SharedFilesFixture {
    static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("region", ColumnType.STRING), Column.of("email", ColumnType.STRING));
    static final JazminKey OWNER = JazminKey.generate();
    /** Rows of partition north, default column group only. */
    static final AccessKeyText NORTH = AccessKeyText.generate(OWNER);
    /** Every row and column, no file group by name. */
    static final AccessKeyText ALL = AccessKeyText.generate(OWNER);
    /** Rows of south, every column, and file group board. */
    static final AccessKeyText BOARD = AccessKeyText.generate(OWNER);
    static final Map<String, byte[]> CONTENTS = new LinkedHashMap<>();
    static final String PACKAGE = "{\"entry\":\"readme.txt\",\"title\":\"Shared\"}";

    static {
        CONTENTS.put("readme.txt", text("for everyone"));
        CONTENTS.put("north/report.txt", text("north only"));
        CONTENTS.put("west/notes.txt", text("west, once it has rows"));
        // Bigger than a block, so a content has several digests.
        CONTENTS.put("board/plan.txt", text("board ".repeat(50_000)));
    }

    private SharedFilesFixture() {
    }

    static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static AccessSettings settings(AccessGrant... extra) {
        AccessSettings settings = AccessSettings.defaults().withPartitionBy("region")
                .withColumnGroup("pii", List.of("email"))
                .withGrant(AccessGrant.of(NORTH).withRows(List.of("north")).withColumns(List.of("*")))
                .withGrant(AccessGrant.of(ALL))
                .withGrant(AccessGrant.of(BOARD).withRows(List.of("south")).withFiles(List.of("board")));
        for (AccessGrant g : extra) {
            settings = settings.withGrant(g);
        }
        return settings;
    }

    static WriteOptions owner() {
        return WriteOptions.defaults().withKey(OWNER).withChunkRows(10);
    }

    static ReadOptions as(AccessKeyText key) {
        return ReadOptions.defaults().withAccessKey(key).withAccessState(AccessState.disabled());
    }

    static SavedShape shape(String name, String json, List<String> groups) {
        return new SavedShape(name, "", false, null, groups, ExportShape.parse(json));
    }

    /** The fixture file with its usual settings, written as {@code shared.jzm} in {@code dir}. */
    static Path writtenIn(Path dir) {
        Path file = dir.resolve("shared.jzm");
        write(file, settings());
        return file;
    }

    /** Writes the fixture file at {@code file} with {@code settings}. */
    static void write(Path file, AccessSettings settings) {
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, owner().withAccess(settings))) {
            for (int i = 0; i < 40; i++) {
                w.writeValues((long) i, i % 2 == 0 ? "north" : "south", "user" + i + "@example.com");
            }
            CONTENTS.forEach((path, bytes) -> w.addFile(path, bytes, "text/plain",
                    List.of(path.contains("/") ? path.substring(0, path.indexOf('/')) : "*")));
            w.setPackage(PACKAGE);
            w.saveShape(shape("ids", "{\"ids\":{\"$rows\":{\"id\":\"id\"}}}", List.of("*")));
            w.saveShape(shape("emails", "{\"emails\":{\"$rows\":{\"e\":\"email\"}}}", List.of("board")));
            w.finish();
        }
    }

    /** What {@code options} sees of the embedded files: paths and groups, bytes, package and shapes. */
    record Seen(List<EmbeddedFile> files, Map<String, String> bytes, String packageJson, String shapesJson,
                List<String> shapeNames) {
    }

    static Seen seen(Path file, ReadOptions options) {
        Map<String, String> bytes = new LinkedHashMap<>();
        try (JazminReader r = JazminReader.open(file, options)) {
            r.files().forEach(f -> bytes.put(f.path(), new String(r.readFile(f.path()), StandardCharsets.UTF_8)));
            EmbeddedFiles engine = EngineFiles.opened(file, options, EmbeddedFiles::of);
            return new Seen(r.files(), bytes, engine.packageJson(), engine.shapesJson(),
                    r.shapes().stream().map(SavedShape::name).toList());
        }
    }
}
