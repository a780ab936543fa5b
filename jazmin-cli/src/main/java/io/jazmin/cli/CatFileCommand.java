package io.jazmin.cli;

import io.jazmin.error.JazminIoException;
import io.jazmin.JazminReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code jazmin cat-file FILE PATH}: writes an embedded file's bytes. */
@Command(name = "cat-file", mixinStandardHelpOptions = true,
        description = {"Write the bytes of an embedded file to standard output (or --output), streamed block by "
                + "block; the whole file is checked against its SHA-256 (a mismatch exits with 3). "
                + "--range START-END writes bytes START (inclusive) to END (exclusive) only."})
final class CatFileCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the .jzm file")
    private Path file;

    @Parameters(index = "1", paramLabel = "PATH", description = "the embedded file's path")
    private String path;

    @Option(names = {"-o", "--output"}, paramLabel = "LOCALFILE", description = "write to LOCALFILE instead")
    private Path output;

    @Option(names = "--range", paramLabel = "START-END", description = "only bytes START to END (exclusive)")
    private String range;

    @Mixin
    private FileOptions secrets;

    @Override
    public Integer call() throws IOException {
        long[] bounds = range == null ? null : bounds();
        if (output != null && OutputPath.sameFile(file, output)) {
            throw Usage.error(spec, "--output '" + output + "' is FILE '" + file + "' itself: the embedded file's bytes "
                    + "would replace it; name another file");
        }
        try (JazminReader reader = JazminReader.open(file, secrets.readOptions(file))) {
            if (bounds != null) {
                byte[] bytes = reader.readFileRange(path, bounds[0], bounds[1]);
                write(out -> out.write(bytes));
            } else {
                try (InputStream in = reader.openFile(path)) {
                    write(in::transferTo);
                }
            }
        }
        return ExitCodes.OK;
    }

    private long[] bounds() {
        int dash = range.indexOf('-');
        try {
            if (dash > 0) {
                return new long[]{Long.parseLong(range.substring(0, dash)), Long.parseLong(range.substring(dash + 1))};
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw Usage.error(spec, "--range must be START-END (byte offsets, END exclusive), got '" + range + "'");
    }

    private interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Into the output file (written whole or not at all is not promised: it is the caller's file), or stdout. */
    private void write(Body body) throws IOException {
        if (output == null) {
            body.writeTo(System.out);
            System.out.flush();
            return;
        }
        try (OutputStream out = Files.newOutputStream(output)) {
            body.writeTo(out);
        } catch (IOException e) {
            throw new JazminIoException("cannot write", output, e);
        }
    }
}
