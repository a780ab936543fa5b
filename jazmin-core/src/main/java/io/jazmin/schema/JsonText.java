package io.jazmin.schema;

import java.util.Objects;

/**
 * The value of a {@code json} column: one JSON text (never the literal {@code null}, which is a
 * null cell). Construct through {@link #of(String)}, which checks the text is valid JSON.
 */
public final class JsonText {
    static {
        // The engine wraps the texts of a column it has checked together (see JsonTexts.wrapAllValid).
        io.jazmin.internal.json.JsonTexts.registerWrapping(JsonText.class, JsonText::new);
    }

    private final String text;

    private JsonText(String text) {
        this.text = text;
    }

    /**
     * Wraps a JSON text after checking it is exactly one valid JSON value other than {@code null}.
     *
     * @throws JazminValidationException when the text is not valid JSON or is the literal null
     */
    public static JsonText of(String text) {
        Objects.requireNonNull(text, "text");
        io.jazmin.internal.json.JsonTexts.requireValidNonNull(text);
        return new JsonText(text);
    }

    /** The JSON text as written. */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonText other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
