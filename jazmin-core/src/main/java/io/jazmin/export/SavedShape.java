package io.jazmin.export;

import java.util.List;
import java.util.Objects;

/**
 * An export shape saved in a file (spec §1.23, {@code shapes} of the embedded-file directory),
 * offered by name.
 *
 * @param name        unique within the file (1 to 200 characters)
 * @param description what it exports, or empty
 * @param isDefault   whether it is the default shape (of its groups)
 * @param table       the table it reads, or {@code null} for the file's first table
 * @param groups      the file groups it is saved for ({@code *}: everyone; empty when the directory
 *                    leaves them out, and read as {@code *} by writers)
 * @param shape       the template
 */
public record SavedShape(String name, String description, boolean isDefault, String table, List<String> groups,
                         ExportShape shape) {
    public SavedShape {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shape, "shape");
        description = description == null ? "" : description;
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** A shape saved for everyone ({@code *}) under {@code name}, on the first table, not the default. */
    public static SavedShape of(String name, ExportShape shape) {
        return new SavedShape(name, "", false, null, List.of("*"), shape);
    }
}
