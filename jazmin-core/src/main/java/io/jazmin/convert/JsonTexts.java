package io.jazmin.convert;

import io.jazmin.JazminValidationException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** Checks and handles JSON texts stored in {@code json} columns. */
public final class JsonTexts {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonTexts() {
    }

    /**
     * Throws {@link JazminValidationException} unless {@code text} is exactly one JSON value and
     * not the literal {@code null}.
     */
    public static void requireValidNonNull(String text) {
        try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JazminValidationException("empty JSON text");
            }
            if (first == JsonToken.VALUE_NULL) {
                throw new JazminValidationException("the JSON literal null is a null cell, not a json value");
            }
            p.skipChildren();
            if (p.nextToken() != null) {
                throw new JazminValidationException("more than one JSON value in a json cell");
            }
        } catch (JacksonException e) {
            throw new JazminValidationException("invalid JSON text: " + e.getOriginalMessage());
        }
    }
}
