package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A copy of the {@code shared-access} case's reference file and the access key of its holder Bob
 * in a key file, for tests that a write command refuses an access key.
 *
 * @param file the copy
 * @param bob  Bob's key file
 */
record SharedAccessCopy(Path file, Path bob) {
    static final String BOB = "jza1-pfEmZMV0F0sWwcMCzDwW8U_w9rCKQHgGj8-jQBZp_6Y6Pw5M2nI8SPksU6Q";

    /** Copies the file and writes the key file into {@code dir}. */
    static SharedAccessCopy in(Path dir) throws IOException {
        Path file = Files.copy(SharedFiles.conformanceCase("shared-access").resolve("data.jzm"), dir.resolve("shared.jzm"));
        return new SharedAccessCopy(file, Files.writeString(dir.resolve("bob.txt"), BOB));
    }
}
