package io.jazmin.export;

import tools.jackson.databind.JsonNode;
import io.jazmin.schema.Column;

/**
 * Where an export shape's output goes, as a stream of events: the JSON writer
 * ({@link JsonShapeOutput}), or any other format (XML) that implements it. Events come in document
 * order; {@link #member} precedes each member's value, {@link #startList} opens a list whose items
 * follow (each a value or an object).
 */
public interface ShapeOutput {
    /** Opens an object (the root, a member's value or a list item). */
    void startObject();

    /** Closes the object opened last. */
    void endObject();

    /** The name of the next member of the open object. */
    void member(String name);

    /**
     * Opens a list.
     *
     * @param itemName the shape's {@code $xmlItem} for each item ({@code item} by default)
     */
    void startList(String itemName);

    /** Closes the list opened last. */
    void endList();

    /**
     * A value of {@code column}'s type, or {@code null}: a column's value as rows return it
     * (datetime as {@link java.time.Instant}), or an aggregate (int sums and counts as {@link Long},
     * or {@link java.math.BigInteger} beyond 64 bits; decimal sums as {@link java.math.BigDecimal}).
     */
    void value(Column column, Object value);

    /** A literal of the shape ({@code $value}, a number, boolean or null) or a metadata member ({@code $meta}). */
    void literal(JsonNode value);

    /** The output is complete: flushes (and closes what the output itself opened). */
    void finish();
}
