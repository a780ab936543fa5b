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
import java.lang.invoke.MethodHandles;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Function;

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

    /**
     * How the engine wraps texts it has checked as the API's json value ({@code io.jazmin.schema.JsonText},
     * which lies above this layer, hence the generic type): that class hands its constructor over here
     * from its initializer, as {@code io.jazmin.data.Row} hands over its maker
     * ({@code internal.column.RowFactory}), so a column's texts checked at once by
     * {@link #wrapAllValid} are not checked again one by one. Set once; guarded by the class.
     */
    private static Function<String, ?> wrapping;
    private static Class<?> wrappedType;

    private JsonTexts() {
    }

    /** Called once, by the json value class's initializer: {@code wrap} makes one of a checked text. */
    public static synchronized <T> void registerWrapping(Class<T> type, Function<String, T> wrap) {
        if (wrappedType != null) {
            throw new IllegalStateException(wrappedType.getName() + " registered its wrapping already");
        }
        wrappedType = type;
        wrapping = wrap;
    }

    /**
     * Checks every text among {@code values[from..to)} ({@code String}s; {@code null}s are skipped)
     * as {@link #requireValidNonNull} does and replaces each by a {@code type} (the json value class)
     * wrapping it. The texts of a column's chunk are checked by one parser reading them one after
     * another, each followed by a line feed: creating a parser costs more than reading a short text,
     * and a compaction reads every json cell of the file. Each text must hold exactly one value: the
     * first token of each value starts inside its own text and so does its last (no token spans a
     * line feed: it ends numbers and literals, and strings may not hold it unescaped), and no token
     * starts between a value's end and the next text. When anything is not so, or the parser fails,
     * the texts are checked one by one, so the failure of the first invalid text is thrown as
     * {@link #requireValidNonNull} throws it.
     *
     * @throws JazminValidationException as {@link #requireValidNonNull} does for the first invalid text
     */
    public static <T> void wrapAllValid(Class<T> type, Object[] values, int from, int to) {
        if (!allValid(values, from, to)) {
            for (int i = from; i < to; i++) {
                if (values[i] != null) {
                    requireValidNonNull((String) values[i]);
                }
            }
        }
        Function<String, ?> wrap = wrapping(type);
        for (int i = from; i < to; i++) {
            if (values[i] != null) {
                values[i] = wrap.apply((String) values[i]);
            }
        }
    }

    private static synchronized Function<String, ?> registered(Class<?> type) {
        if (wrappedType != type) {
            throw new IllegalStateException(type.getName() + " registered no wrapping of json texts");
        }
        return wrapping;
    }

    private static Function<String, ?> wrapping(Class<?> type) {
        try {
            MethodHandles.lookup().ensureInitialized(type); // its initializer registers the wrapping
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + " is not accessible to the engine", e);
        }
        return registered(type);
    }

    /** Whether one parser over the texts, each followed by a line feed, reads one value per text (see {@link #wrapAllValid}). */
    private static boolean allValid(Object[] values, int from, int to) {
        int count = 0;
        int length = 0;
        for (int i = from; i < to; i++) {
            if (values[i] != null) {
                count++;
                length += ((String) values[i]).length() + 1;
                if (length < 0) {
                    return false; // over 2 GiB of chars together: one by one
                }
            }
        }
        if (count == 0) {
            return true;
        }
        StringBuilder joined = new StringBuilder(length);
        long[] ends = new long[count]; // where each text's line feed is
        int n = 0;
        for (int i = from; i < to; i++) {
            if (values[i] != null) {
                joined.append((String) values[i]).append('\n');
                ends[n++] = joined.length() - 1;
            }
        }
        try (JsonParser p = JsonIo.parser(joined.toString())) {
            long previousEnd = -1;
            for (int text = 0; text < count; text++) {
                JsonToken first = p.nextToken();
                if (first == null || first == JsonToken.VALUE_NULL) {
                    return false;
                }
                long start = p.currentTokenLocation().getCharOffset();
                if (start <= previousEnd || start >= ends[text]) {
                    return false; // a second value in the text before, or none in this one
                }
                p.skipChildren();
                if (p.currentTokenLocation().getCharOffset() >= ends[text]) {
                    return false;
                }
                previousEnd = ends[text];
            }
            return p.nextToken() == null;
        } catch (JacksonException e) {
            return false;
        }
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
