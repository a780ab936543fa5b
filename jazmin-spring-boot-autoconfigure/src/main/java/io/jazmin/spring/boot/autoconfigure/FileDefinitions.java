package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.schema.IndexKind;
import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.CompactionPolicy;
import io.jazmin.spring.data.core.JazminFileDefinition;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;

/** Turns {@link JazminProperties} into the file definitions of the spring-data module. */
final class FileDefinitions {
    private FileDefinitions() {
    }

    static List<JazminFileDefinition> of(JazminProperties properties) {
        return properties.getFiles().entrySet().stream().map(e -> of(e.getKey(), e.getValue(), properties)).toList();
    }

    /** The definitions, their chunk work on {@code executor} ({@code null}: the engine's shared worker threads). */
    static List<JazminFileDefinition> of(JazminProperties properties, Executor executor) {
        return of(properties).stream().map(d -> d.withExecutor(executor)).toList();
    }

    private static JazminFileDefinition of(String name, JazminProperties.File file, JazminProperties properties) {
        SecretProperties.check(name, file);
        Map<String, Set<IndexKind>> indexes = new LinkedHashMap<>();
        file.getIndexes().forEach((column, kinds) -> indexes.put(column, new LinkedHashSet<>(kinds)));
        return location(name, file)
                .withKey(key(file))
                .withPassword(blankToNull(file.getPassword()))
                .withAccessKey(blankToNull(file.getAccessKey()))
                .withUnlockToken(blankToNull(file.getUnlockToken()))
                .withPriority(file.getPriority() != null ? file.getPriority() : properties.getPriority())
                .withCreateIfMissing(file.isCreateIfMissing())
                .withCodec(file.getCodec())
                .withIndexes(indexes)
                .withSortedBy(file.getSortedBy())
                .withCompaction(compaction(name, file.getCompaction()))
                .withKdfIterations(kdfIterations(name, file.getKdfIterations()));
    }

    /** The definition of the file at {@code path}, or read from {@code url}: one of them, checked before the rest. */
    private static JazminFileDefinition location(String name, JazminProperties.File file) {
        String prefix = "jazmin.files." + name + ".";
        if (file.getPath() != null && file.getUrl() != null) {
            throw new ConflictingJazminPropertiesException(prefix + "path", prefix + "url", "The properties " + prefix
                    + "path and " + prefix + "url are both set, but JAZMIN file '" + name + "' is in one place.",
                    "Remove one of " + prefix + "path and " + prefix + "url: path for a local file the application "
                            + "reads and writes, url for a published http(s) file it only reads.");
        }
        if (file.getUrl() == null) {
            if (file.getPath() == null) {
                throw new IllegalStateException(prefix + "path (or " + prefix + "url) is not set");
            }
            return JazminFileDefinition.of(name, file.getPath());
        }
        try {
            return JazminFileDefinition.ofUrl(name, file.getUrl());
        } catch (IllegalArgumentException e) {
            // The message names the URL without its user info or query; the property leads it.
            throw new IllegalStateException(prefix + "url: " + e.getMessage());
        }
    }

    /**
     * The key text: {@code key}, or {@code owner-key} for a shared file (the same secret, named for
     * what it is); {@link SecretProperties} has refused both.
     */
    private static String key(JazminProperties.File file) {
        String key = blankToNull(file.getKey());
        return key != null ? key : blankToNull(file.getOwnerKey());
    }

    private static int kdfIterations(String name, int iterations) {
        if (iterations < WriteOptions.MIN_KDF_ITERATIONS || iterations > WriteOptions.MAX_KDF_ITERATIONS) {
            // The definition refuses it too; this names the property.
            throw new IllegalStateException("jazmin.files." + name + ".kdf-iterations must be "
                    + WriteOptions.MIN_KDF_ITERATIONS + "-" + WriteOptions.MAX_KDF_ITERATIONS + ", got " + iterations);
        }
        return iterations;
    }

    private static CompactionPolicy compaction(String name, JazminProperties.Compaction compaction) {
        try {
            if (!compaction.isEnabled()) {
                return CompactionPolicy.NONE;
            }
            return new CompactionPolicy(compaction.getDeletedRatio(), compaction.getAppends(),
                    compaction.getDeadBytesRatio(), compaction.getDeadBytesMinimum().toBytes());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("jazmin.files." + name + ": " + e.getMessage(), e);
        }
    }

    /** An empty placeholder ({@code ${KEY:}}) means no secret. */
    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
