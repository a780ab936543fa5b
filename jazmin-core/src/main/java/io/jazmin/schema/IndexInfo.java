package io.jazmin.schema;

/**
 * An index stored in a file.
 *
 * @param column  the indexed column
 * @param kind    {@code sorted} or {@code trigram}
 * @param segment 0 for the index written with the file, s for the rows of append s
 */
public record IndexInfo(String column, String kind, int segment) {
}
