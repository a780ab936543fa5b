package io.jazmin.files;

import io.jazmin.export.SavedShape;
import java.util.List;

/**
 * Changes to the embedded files, {@code package} and saved export shapes of an existing file (spec
 * §1.23), made by an append or a full update: files to add (a file at a path already stored
 * replaces it), paths to remove, a new {@code package}, shapes to save (a shape of a name already
 * saved replaces it) and names of shapes to drop. Removing a path or shape the file does not store
 * is refused.
 *
 * @param add          files to store
 * @param remove       paths to drop
 * @param packageJson  the new {@code package} JSON object text, {@code ""} to drop it, or
 *                     {@code null} to keep the current one
 * @param addShapes    shapes to save (checked against the tables' columns)
 * @param removeShapes names of saved shapes to drop
 */
public record FileChanges(List<FileInput> add, List<String> remove, String packageJson, List<SavedShape> addShapes,
                          List<String> removeShapes) {
    public FileChanges {
        add = add == null ? List.of() : List.copyOf(add);
        remove = remove == null ? List.of() : List.copyOf(remove);
        addShapes = addShapes == null ? List.of() : List.copyOf(addShapes);
        removeShapes = removeShapes == null ? List.of() : List.copyOf(removeShapes);
    }

    /** Changes of files and {@code package} only. */
    public FileChanges(List<FileInput> add, List<String> remove, String packageJson) {
        this(add, remove, packageJson, List.of(), List.of());
    }

    /** No change. */
    public static FileChanges none() {
        return new FileChanges(List.of(), List.of(), null);
    }

    /** Saves (or replaces) {@code shapes}. */
    public static FileChanges savingShapes(SavedShape... shapes) {
        return new FileChanges(List.of(), List.of(), null, List.of(shapes), List.of());
    }

    /** Drops the saved shapes named {@code names}. */
    public static FileChanges removingShapes(String... names) {
        return new FileChanges(List.of(), List.of(), null, List.of(), List.of(names));
    }

    /** The same changes, also saving {@code shapes} and dropping the shapes named {@code names}. */
    public FileChanges withShapes(List<SavedShape> shapes, List<String> names) {
        return new FileChanges(add, remove, packageJson, shapes, names);
    }

    /** Whether the saved shapes change. */
    public boolean changesShapes() {
        return !addShapes.isEmpty() || !removeShapes.isEmpty();
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
        return new FileChanges(add, remove, json, addShapes, removeShapes);
    }

    /** Whether nothing changes. */
    public boolean isEmpty() {
        return add.isEmpty() && remove.isEmpty() && packageJson == null && !changesShapes();
    }
}
