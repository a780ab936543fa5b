package io.jazmin.files;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import io.jazmin.error.JazminIoException;

/**
 * An embedded file to store (spec §1.23): its path inside the JAZMIN file, media type, file groups,
 * optional viewer {@code actions}, and where its bytes come from (an array, a local file or a
 * stream). The bytes are read once, block by block, when the file is stored; a stream is read to
 * its end but not closed.
 *
 * <pre>{@code FileInput.of("index.html", html, "text/html").withActions("{\"print\":false}")}</pre>
 */
public final class FileInput {
    /** The group every reader sees. */
    public static final String ALL = "*";

    private final String path;
    private final String type;
    private final List<String> groups;
    private final String actionsJson;
    private final byte[] bytes;
    private final Path file;
    private final InputStream stream;

    private FileInput(String path, String type, List<String> groups, String actionsJson, byte[] bytes, Path file,
                      InputStream stream) {
        this.path = Objects.requireNonNull(path, "path");
        this.type = Objects.requireNonNull(type, "type");
        this.groups = groups == null || groups.isEmpty() ? List.of(ALL) : List.copyOf(groups);
        this.actionsJson = actionsJson;
        this.bytes = bytes;
        this.file = file;
        this.stream = stream;
    }

    /** An embedded file holding {@code bytes} (not copied: do not change them until it is stored), seen by everyone. */
    public static FileInput of(String path, byte[] bytes, String type) {
        return of(path, bytes, type, List.of(ALL));
    }

    /** An embedded file holding {@code bytes}, seen by {@code groups} ({@code *}: everyone). */
    public static FileInput of(String path, byte[] bytes, String type, List<String> groups) {
        return new FileInput(path, type, groups, null, Objects.requireNonNull(bytes, "bytes"), null, null);
    }

    /** An embedded file holding the bytes of local file {@code file}. */
    public static FileInput of(String path, Path file, String type, List<String> groups) {
        return new FileInput(path, type, groups, null, null, Objects.requireNonNull(file, "file"), null);
    }

    /** An embedded file holding what {@code stream} gives until its end (read once, not closed). */
    public static FileInput of(String path, InputStream stream, String type, List<String> groups) {
        return new FileInput(path, type, groups, null, null, null, Objects.requireNonNull(stream, "stream"));
    }

    /**
     * The same file with viewer {@code actions} (a JSON object of {@code open}, {@code save},
     * {@code print}, {@code image} booleans and {@code pdf}, a boolean or page settings), checked
     * when the file is stored; {@code null} for none (everything allowed).
     */
    public FileInput withActions(String actions) {
        return new FileInput(path, type, groups, actions, bytes, file, stream);
    }

    public String path() {
        return path;
    }

    public String type() {
        return type;
    }

    public List<String> groups() {
        return groups;
    }

    /** The {@code actions} JSON object text, or {@code null}. */
    public String actionsJson() {
        return actionsJson;
    }

    /**
     * Opens the bytes to store; close what it returns (for a stream given to {@link
     * #of(String, InputStream, String, List)} that leaves the stream open: its owner closes it).
     *
     * @throws JazminIoException when the local file cannot be opened
     */
    public InputStream openContent() {
        if (bytes != null) {
            return new ByteArrayInputStream(bytes);
        }
        if (file != null) {
            try {
                return Files.newInputStream(file);
            } catch (IOException e) {
                throw new JazminIoException("cannot open embedded file content", file, e);
            }
        }
        return new FilterInputStream(stream) {
            @Override
            public void close() {
                // The caller who gave the stream closes it.
            }
        };
    }

    /** Names the source of the bytes in errors. */
    public String source() {
        return file != null ? file.toString() : bytes != null ? "bytes" : "a stream";
    }

    @Override
    public String toString() {
        return "FileInput[path=" + path + ", type=" + type + ", groups=" + groups + ", from " + source() + "]";
    }
}
