package io.jazmin.internal.json;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import tools.jackson.core.StreamReadFeature;
import java.io.StringWriter;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/** Checks and handles JSON texts stored in {@code json} columns. */
public final class JsonTexts {
    /** Refuses repeated member names, for JSON texts the library reads itself (metadata, attributes). */
    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    /**
     * The texts {@link #requireObjectFromFile} found valid, by content: every append checks each
     * column's attributes again (the same texts, from the header this process's last append left),
     * and parsing them was a few percent of a one-row append. Whether a text is valid depends on
     * its content alone, so an entry is never stale; keys are held weakly, so a text stays here
     * no longer than the header (or column) holding it.
     */
    private static final Map<String, Boolean> VALID_OBJECTS = Collections.synchronizedMap(new WeakHashMap<>());

    private JsonTexts() {
    }

    /**
     * Throws {@link JazminValidationException} unless {@code text} is exactly one JSON value and
     * not the literal {@code null}.
     */
    public static void requireValidNonNull(String text) {
        try (JsonParser p = JsonIo.parser(text)) {
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

    /**
     * The same JSON value without insignificant whitespace. Number texts are kept exactly as
     * written (no rounding through {@code double}).
     *
     * @throws JazminValidationException when {@code text} is not exactly one JSON value
     */
    public static String compact(String text) {
        try (JsonParser p = JsonIo.parser(text)) {
            if (p.nextToken() == null) {
                throw new JazminValidationException("empty JSON text");
            }
            String result = copyCurrent(p);
            if (p.nextToken() != null) {
                throw new JazminValidationException("more than one JSON value in one text");
            }
            return result;
        } catch (JacksonException e) {
            throw new JazminValidationException("invalid JSON text: " + e.getOriginalMessage());
        }
    }

    /**
     * The compact text of the value at the parser's current token (with all its children); the
     * parser is left on the value's last token.
     */
    public static String copyCurrent(JsonParser p) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonIo.generator(out)) {
            g.copyCurrentStructureExact(p);
        }
        return out.toString();
    }

    /**
     * Checks a JSON text the reader itself consumes (metadata, column attributes): empty or one JSON
     * object, with no member name repeated inside any object (spec §1.1).
     *
     * @param what names the text in the error, e.g. {@code "metadata"}
     */
    public static void requireObjectFromFile(String text, String what) {
        if (text.isEmpty() || VALID_OBJECTS.containsKey(text)) {
            return;
        }
        try (JsonParser p = STRICT.createParser(ObjectReadContext.empty(), text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new JazminFormatException(what + " is not a JSON object");
            }
            p.skipChildren();
            if (p.nextToken() != null) {
                throw new JazminFormatException(what + " has text after its JSON object");
            }
        } catch (JacksonException e) {
            throw new JazminFormatException(what + " is not valid JSON: " + e.getOriginalMessage());
        }
        VALID_OBJECTS.put(text, Boolean.TRUE);
    }

    /**
     * {@code base} with the top-level members of {@code changes} put in (added or replaced), both
     * JSON object texts; an empty {@code changes} leaves {@code base} as it is.
     */
    public static String mergeObjects(String base, String changes) {
        if (changes.isEmpty()) {
            return base;
        }
        requireObjectFromFile(changes, "metadata changes");
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode merged = base.isEmpty()
                ? mapper.createObjectNode()
                : (ObjectNode) mapper.readTree(base);
        merged.setAll((ObjectNode) mapper.readTree(changes));
        return mapper.writeValueAsString(merged);
    }
}
