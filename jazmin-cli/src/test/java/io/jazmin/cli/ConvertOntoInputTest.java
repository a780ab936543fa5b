package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminWriter;
import io.jazmin.files.FileInput;
import io.jazmin.key.JazminKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command never writes a new file over the file it reads: {@code convert F F} (however F is
 * spelt, or linked), {@code write-changes F --out F} and {@code cat-file F P -o F} exit 2 naming
 * the file, and the file stays byte-identical.
 */
class ConvertOntoInputTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));

    /** Two tables and metadata, plain. */
    private static Path twoTables(Path dir) {
        Path file = dir.resolve("two.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS,
                WriteOptions.defaults().withTableName("people").withMetadata("{\"title\":\"two\"}"))) {
            w.writeValues(1L, "Ann");
            w.writeValues(2L, "Ben");
            w.startTable("pets", List.of(Column.of("pet", ColumnType.STRING)), WriteOptions.defaults());
            w.writeValues("cat");
            w.finish();
        }
        return file;
    }

    /** A key file with an embedded file and a package allowing changes (deletes by id). */
    private static Path keyFileWithFiles(Path dir, JazminKey key) {
        Path file = dir.resolve("keyed.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withKey(key))) {
            w.addFile(FileInput.of("index.html", "<p>hi</p>".getBytes(StandardCharsets.UTF_8), "text/html"));
            w.setPackage("{\"entry\":\"index.html\",\"title\":\"Report\",\"edit\":{\"key\":[\"id\"],"
                    + "\"columns\":[\"name\"],\"delete\":true}}");
            w.writeValues(1L, "Ann");
            w.finish();
        }
        return file;
    }

    private static void assertRefusedUnchanged(CliRun run, Path file, byte[] before) throws Exception {
        assertUsageError(run);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        try (var siblings = Files.list(file.getParent())) {
            assertThat(siblings.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".lock"));
        }
    }

    @Test
    void convertOntoItsInputIsRefusedHoweverThePathIsSpelt(@TempDir Path tmp) throws Exception {
        Path file = twoTables(tmp);
        byte[] before = Files.readAllBytes(file);
        Path link = Files.createSymbolicLink(tmp.resolve("link.jzm"), file);
        Path hard = Files.createLink(tmp.resolve("hard.jzm"), file);
        List<String> outs = new ArrayList<>(List.of(file.toString(), tmp.resolve(".").resolve("two.jzm").toString(),
                tmp.resolve("sub").resolve("..").resolve("two.jzm").toString(), link.toString(), hard.toString()));
        Files.createDirectory(tmp.resolve("sub"));
        for (String out : outs) {
            CliRun run = CliRun.of("convert", file.toString(), out, "--table", "pets");
            assertRefusedUnchanged(run, file, before);
            assertThat(run.err()).contains("is the input file '" + file + "'").contains("jazmin compact " + file)
                    .contains("other tables");
        }
        // The other way round too: the link read, the file written.
        assertRefusedUnchanged(CliRun.of("convert", link.toString(), file.toString()), file, before);
        // Another file is still written, and holds the table asked for.
        CliRun other = CliRun.of("convert", file.toString(), tmp.resolve("pets.jzm").toString(), "--table", "pets");
        assertThat(other.code()).as(other.err()).isZero();
        assertThat(CliRun.of("count", tmp.resolve("pets.jzm").toString()).out().strip()).isEqualTo("1");
    }

    @Test
    void convertOntoAnEncryptedInputWithFilesIsRefusedBeforeTheKeyIsUsed(@TempDir Path tmp) throws Exception {
        JazminKey key = JazminKey.generate();
        Path keyText = Files.writeString(tmp.resolve("key.txt"), key.text());
        Path file = keyFileWithFiles(tmp, key);
        byte[] before = Files.readAllBytes(file);
        CliRun run = CliRun.of("convert", file.toString(), file.toString(), "--key-file", keyText.toString(),
                "--sorted-by", "id");
        assertRefusedUnchanged(run, file, before);
        assertThat(run.err()).contains("embedded files").doesNotContain(key.text());
    }

    @Test
    void textOntoItselfIsRefusedToo(@TempDir Path tmp) throws Exception {
        Path csv = Files.writeString(tmp.resolve("rows.csv"), "id,name\n1,Ann\n");
        byte[] before = Files.readAllBytes(csv);
        CliRun run = CliRun.of("convert", csv.toString(), tmp.resolve(".").resolve("rows.csv").toString());
        assertRefusedUnchanged(run, csv, before);
        assertThat(run.err()).contains("name another output file");
    }

    @Test
    void writeChangesAndCatFileDoNotWriteOverTheirFile(@TempDir Path tmp) throws Exception {
        JazminKey key = JazminKey.generate();
        Path keyText = Files.writeString(tmp.resolve("key.txt"), key.text());
        Path file = keyFileWithFiles(tmp, key);
        byte[] before = Files.readAllBytes(file);
        Path changes = Files.writeString(tmp.resolve("c.jsonl"), "{\"op\":\"delete\",\"key\":{\"id\":1}}\n");
        CliRun write = CliRun.of("write-changes", file.toString(), "--changes", changes.toString(),
                "--out", tmp.resolve(".").resolve("keyed.jzm").toString(), "--key-file", keyText.toString());
        assertRefusedUnchanged(write, file, before);
        assertThat(write.err()).contains("itself");
        CliRun cat = CliRun.of("cat-file", file.toString(), "index.html", "-o", file.toString(),
                "--key-file", keyText.toString());
        assertRefusedUnchanged(cat, file, before);
        assertThat(cat.err()).contains("itself");
    }
}
