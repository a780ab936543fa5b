package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.files.FileChanges;
import io.jazmin.testing.WritePathFiles;
import io.jazmin.testing.WritePathFiles.Kind;
import io.jazmin.testing.WritePathFiles.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command never writes a new file over the file it reads: {@code convert F F} (however F is
 * spelt, or linked), {@code write-changes F --out F} and {@code cat-file F P -o F} exit 2 naming
 * the file, and the file stays byte-identical. (Every kind of file: {@link CliWritePathMatrixTest}.)
 */
class ConvertOntoInputTest {

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
        Path file = WritePathFiles.build(Kind.TWO_TABLES, tmp).path();
        byte[] before = Files.readAllBytes(file);
        Path link = Files.createSymbolicLink(tmp.resolve("link.jzm"), file);
        Path hard = Files.createLink(tmp.resolve("hard.jzm"), file);
        Files.createDirectory(tmp.resolve("sub"));
        String name = file.getFileName().toString();
        for (Path out : List.of(file, tmp.resolve(".").resolve(name), tmp.resolve("sub").resolve("..").resolve(name),
                link, hard)) {
            CliRun run = CliRun.of("convert", file.toString(), out.toString(), "--table", WritePathFiles.OTHER_TABLE);
            assertRefusedUnchanged(run, file, before);
            assertThat(run.err()).contains("is the input file '" + file + "'").contains("jazmin compact " + file)
                    .contains("other tables");
        }
        // The other way round too: the link read, the file written.
        assertRefusedUnchanged(CliRun.of("convert", link.toString(), file.toString()), file, before);
        // Another file is still written, and holds the table asked for.
        Path orders = tmp.resolve("orders.jzm");
        CliRun other = CliRun.of("convert", file.toString(), orders.toString(), "--table", WritePathFiles.OTHER_TABLE);
        assertThat(other.code()).as(other.err()).isZero();
        assertThat(CliRun.of("count", orders.toString()).out().strip()).isEqualTo("25");
    }

    @Test
    void textOntoItselfIsRefusedToo(@TempDir Path tmp) throws Exception {
        Path csv = Files.writeString(tmp.resolve("rows.csv"), "id,name\n1,Ann\n");
        byte[] before = Files.readAllBytes(csv);
        CliRun run = CliRun.of("convert", csv.toString(), tmp.resolve(".").resolve("rows.csv").toString());
        assertRefusedUnchanged(run, csv, before);
        assertThat(run.err()).contains("name another output file");
    }

    /** A key file with embedded files whose package allows changes: each command would have replaced it. */
    @Test
    void convertWriteChangesAndCatFileDoNotWriteOverAnEncryptedFileWithFiles(@TempDir Path tmp) throws Exception {
        Sample sample = WritePathFiles.build(Kind.EMBEDDED, tmp);
        JazminFile.changeFiles(sample.path(), FileChanges.none().withPackage("{\"entry\":\"index.html\","
                + "\"edit\":{\"key\":[\"id\"],\"columns\":[\"name\"],\"delete\":true}}"), sample.writeOptions());
        Path file = sample.path();
        String keyFile = Files.writeString(tmp.resolve("key.txt"), sample.key()).toString();
        byte[] before = Files.readAllBytes(file);

        CliRun convert = CliRun.of("convert", file.toString(), file.toString(), "--key-file", keyFile,
                "--sorted-by", "id");
        assertRefusedUnchanged(convert, file, before);
        assertThat(convert.err()).contains("embedded files").doesNotContain(sample.key());

        Path changes = Files.writeString(tmp.resolve("c.jsonl"), "{\"op\":\"delete\",\"key\":{\"id\":1}}\n");
        CliRun write = CliRun.of("write-changes", file.toString(), "--changes", changes.toString(),
                "--out", tmp.resolve(".").resolve(file.getFileName()).toString(), "--key-file", keyFile);
        assertRefusedUnchanged(write, file, before);
        assertThat(write.err()).contains("itself");

        CliRun cat = CliRun.of("cat-file", file.toString(), "index.html", "-o", file.toString(), "--key-file", keyFile);
        assertRefusedUnchanged(cat, file, before);
        assertThat(cat.err()).contains("itself");
    }
}
