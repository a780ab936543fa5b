package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The text formats rows can be read from and written to, recognized by file extension. */
public enum RowFormat {
    /** One JSON array of row objects ({@code .json}). */
    JSON(List.of("json")),
    /** One row object per line ({@code .jsonl}, {@code .ndjson}). */
    JSON_LINES(List.of("jsonl", "ndjson")),
    /** RFC 4180 comma-separated values with a header row ({@code .csv}). */
    CSV(List.of("csv")),
    /** The XML rows shape {@code <jazmin><row><name>Ann</name>…</row>…</jazmin>} ({@code .xml}). */
    XML(List.of("xml"));

    private final List<String> extensions;

    RowFormat(List<String> extensions) {
        this.extensions = extensions;
    }

    /** The format of a file name by its extension, or {@code null} when it is none of these. */
    public static RowFormat forFileOrNull(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        for (RowFormat f : values()) {
            if (f.extensions.contains(extension)) {
                return f;
            }
        }
        return null;
    }

    /**
     * The format of a file name by its extension.
     *
     * @throws JazminValidationException when the extension is not one of json, jsonl, ndjson, csv, xml
     */
    public static RowFormat forFile(Path file) {
        RowFormat f = forFileOrNull(file);
        if (f == null) {
            throw new JazminValidationException("cannot tell the format of '" + file.getFileName()
                    + "' (expected .json, .jsonl, .ndjson, .csv or .xml)");
        }
        return f;
    }
}
