package io.jazmin.changes;

import io.jazmin.JazminFile;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;

/**
 * Child process of {@link CrashRecoveryTest}: appends batches of {@link Rows#row} to a file until it
 * is killed. Arguments: the file, the rows it holds now, the batch size. Warms up on a scratch file
 * beside it first (so kills land in real appends, not in class loading), prints {@code ready},
 * then {@code committed <n>} after each append.
 */
public final class AppendLoop {
    private AppendLoop() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        long n = Long.parseLong(args[1]);
        int batch = Integer.parseInt(args[2]);
        WriteOptions options = WriteOptions.defaults().withChunkRows(Math.max(1, batch / 3));
        Path scratch = file.resolveSibling(file.getFileName() + ".warmup");
        Rows.write(scratch, Rows.indexed(options), 0, batch);
        JazminFile.append(scratch, Rows.range(batch, 2L * batch), options);
        System.out.println("ready");
        System.out.flush();
        while (true) {
            JazminFile.append(file, Rows.range(n, n + batch), options);
            n += batch;
            System.out.println("committed " + n);
            System.out.flush();
        }
    }
}
