package io.jazmin.export;

import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import io.jazmin.error.ShapeException;

/**
 * An export shape (spec §2.6): a JSON template turning a table's rows into nested JSON. Parsing
 * checks only that it is a JSON object; the template is checked against a table's columns when it
 * is exported or described ({@link JazminReader#export}, {@link JazminReader#shapeSchema}).
 *
 * <pre>{@code
 * ExportShape shape = ExportShape.parse("""
 *     {"countries": {"$rows": {"country": "country", "n": {"$count": true}},
 *                    "$groupBy": "country", "$sort": ["country"]}}""");
 * reader.export(shape, System.out);
 * }</pre>
 */
public final class ExportShape {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private final JsonNode tree;

    private ExportShape(JsonNode tree) {
        this.tree = tree;
    }

    /**
     * The shape in {@code json}.
     *
     * @throws ShapeException when the text is not one JSON object
     */
    public static ExportShape parse(String json) {
        Objects.requireNonNull(json, "json");
        JsonNode tree;
        try {
            tree = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new ShapeException("", "not valid JSON: " + e.getOriginalMessage());
        }
        return of(tree);
    }

    /**
     * The shape given as a parsed JSON tree (as found in a file's saved shapes).
     *
     * @throws ShapeException when {@code tree} is not a JSON object
     */
    public static ExportShape of(JsonNode tree) {
        if (tree == null || !tree.isObject()) {
            throw new ShapeException("", "must be an object");
        }
        return new ExportShape(tree.deepCopy());
    }

    /** The template as a JSON tree (a copy: the shape stays unchanged). */
    public JsonNode tree() {
        return tree.deepCopy();
    }

    /** The template as compact JSON text. */
    public String json() {
        return JSON.writeValueAsString(tree);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExportShape other && other.tree.equals(tree);
    }

    @Override
    public int hashCode() {
        return tree.hashCode();
    }

    @Override
    public String toString() {
        return "ExportShape" + json();
    }
}
