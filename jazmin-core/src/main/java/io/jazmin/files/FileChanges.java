package io.jazmin.files;

import java.util.List;

/**
 * Changes to the embedded files and {@code package} of an existing file (spec §1.23), made by an
 * append or a full update: files to add (a file at a path already stored replaces it), paths to
 * remove, and a new {@code package}. Removing a path the file does not store is refused.
 *
 * @param add         files to store
 * @param remove      paths to drop
 * @param packageJson the new {@code package} JSON object text, {@code ""} to drop it, or
 *                    {@code null} to keep the current one
 */
public record FileChanges(List<FileInput> add, List<String> remove, String packageJson) {
    public FileChanges {
        add = add == null ? List.of() : List.copyOf(add);
        remove = remove == null ? List.of() : List.copyOf(remove);
    }

    /** No change. */
    public static FileChanges none() {
        return new FileChanges(List.of(), List.of(), null);
    }

    /** Adds (or replaces) {@code files}. */
    public static FileChanges adding(FileInput... files) {
        return new FileChanges(List.of(files), List.of(), null);
    }

    /** Removes {@code paths}. */
    public static FileChanges removing(String... paths) {
        return new FileChanges(List.of(), List.of(paths), null);
    }

    /** The same changes, also setting the {@code package} ({@code ""} drops it). */
    public FileChanges withPackage(String json) {
        return new FileChanges(add, remove, json);
    }

    /** Whether nothing changes. */
    public boolean isEmpty() {
        return add.isEmpty() && remove.isEmpty() && packageJson == null;
    }
}
