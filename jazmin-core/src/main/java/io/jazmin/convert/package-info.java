/**
 * Conversion between rows and text: JSON, JSON Lines, CSV and XML row sources and sinks, schema inference and
 * schema files, the canonical interop form of values, and strict input checks that name the row, column and byte.
 *
 * <h2>XML rows</h2>
 * XML rows have the shape of the JavaScript reference library:
 * <pre>{@code
 * <?xml version="1.0" encoding="UTF-8"?>
 * <jazmin>
 *   <row><id>1</id><name>Ann</name><field name="unit price">9.50</field></row>
 * </jazmin>
 * }</pre>
 * One element per row inside the root, one element per non-null value inside the row, named after its column; a
 * column whose name is not a plain ASCII XML name ({@code [A-Za-z_][A-Za-z0-9_.-]*}, not starting with
 * {@code xml}) is a {@code <field name="…">} element. A value is the same text as its CSV cell: canonical numbers,
 * {@code true}/{@code false}, ISO-8601 date-times, base64 binary, JSON text for json, list and object columns.
 * A null value is left out; an empty element is the empty value of a string or binary column and null in the
 * others. Reading accepts any root and row element names, skips comments and processing instructions, ignores
 * attributes other than a {@code field}'s {@code name}, and refuses a DOCTYPE (no DTDs, no entities), elements
 * inside a value and text outside the values, as {@link io.jazmin.convert.XmlSyntaxException}s naming line and
 * column. Without a schema, the columns are inferred in a first pass as for CSV, in order of first appearance.
 * Reading and writing use the JDK's StAX and stream: memory does not grow with the file.
 *
 * <h2>Bounded input</h2>
 * Text input is read within {@link io.jazmin.convert.TextLimits} (one value, one row, the values nested in a row,
 * fields and columns, JSON nesting, gzip expansion); past one, reading stops with an
 * {@link io.jazmin.error.InputLimitException} naming where, the bound and how to raise it.
 */
package io.jazmin.convert;
