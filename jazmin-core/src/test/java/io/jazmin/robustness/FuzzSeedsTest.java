package io.jazmin.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The seed corpus of {@link JazminReaderFuzzTest} is worth fuzzing from: every seed opens with the
 * secret the harness gives it and reads rows, and together they cover each codec, each kind of
 * secret, and appended files (a stale or broken seed would only ever reach the first checks).
 */
class FuzzSeedsTest {
    @Test
    void everySeedOpensWithTheHarnessOptionsAndReadsRows() throws IOException, URISyntaxException {
        Path dir = Path.of(getClass().getResource("JazminReaderFuzzTestInputs/readerFailsOnlyTyped").toURI());
        List<Path> seeds;
        try (Stream<Path> files = Files.list(dir)) {
            seeds = files.filter(f -> f.getFileName().toString().matches("(seed|conformance)-.*")).sorted().toList();
        }
        assertThat(seeds).extracting(f -> f.getFileName().toString()).contains(
                "seed-none-plain", "seed-deflate-key", "seed-brotli-password", "seed-brotli-key-appended",
                "conformance-js-password", "conformance-encrypted-key");
        boolean appended = false;
        boolean password = false;
        for (Path seed : seeds) {
            FuzzInput input = FuzzInput.decode(Files.readAllBytes(seed));
            try (JazminReader reader = JazminReader.open(input.file(), JazminReaderFuzzTest.options(input))) {
                assertThat(reader.table().rows().count()).as(seed.getFileName().toString()).isPositive();
                appended |= reader.appended();
                password |= reader.passwordProtected();
            }
        }
        assertThat(appended).as("some seed is appended").isTrue();
        assertThat(password).as("some seed is password-protected").isTrue();
    }
}
