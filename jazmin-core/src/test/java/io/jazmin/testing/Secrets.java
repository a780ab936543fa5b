package io.jazmin.testing;

import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import tools.jackson.databind.JsonNode;

/** The shared test secrets of {@code conformance/source/keys.json}. */
public final class Secrets {
    private Secrets() {
    }

    /** {@code conformance/source/keys.json}: key, password, kdfIterations, access keys by holder. */
    public static JsonNode keysJson() {
        try {
            return CanonicalJson.parse(Files.readString(
                    SharedFiles.root().resolve("conformance").resolve("source").resolve("keys.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
