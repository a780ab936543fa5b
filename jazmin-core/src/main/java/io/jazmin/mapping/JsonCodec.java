package io.jazmin.mapping;

import io.jazmin.schema.JsonText;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Parses and writes the JSON texts of json cells as Jackson trees, with the depth and length
 * limits of the mapping applied by the parser itself. Only the tree model is used: no data
 * binding, so no class is ever chosen by JSON content.
 */
final class JsonCodec {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** For the library's own small texts (column attributes), outside the cell limits. */
    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    private final JsonMapper mapper;

    JsonCodec(MappingOptions options) {
        // Maps stored as [{key, value}] pairs nest two JSON levels per mapped level.
        StreamReadConstraints limits = StreamReadConstraints.builder()
                .maxNestingDepth(options.maxDepth() * 2 + 1)
                .maxStringLength(options.maxTextLength())
                .maxDocumentLength(options.maxTextLength())
                .build();
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(limits)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        this.mapper = JsonMapper.builder(factory).build();
    }

    /** The tree of a json cell's text. */
    JsonNode parse(JsonText text, MappingContext ctx) {
        ctx.checkText(text.text().length(), "json text");
        try {
            return mapper.readTree(text.text());
        } catch (StreamConstraintsException e) {
            boolean depth = e.getOriginalMessage().contains("depth");
            throw ctx.fail(depth ? MappingException.Reason.DEPTH_LIMIT : MappingException.Reason.SIZE_LIMIT,
                    "json text over the limits: " + e.getOriginalMessage());
        } catch (JacksonException e) {
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "invalid json text: " + e.getOriginalMessage());
        }
    }

    /** A json cell holding {@code tree}. */
    JsonText write(JsonNode tree, MappingContext ctx) {
        String text = mapper.writeValueAsString(tree);
        ctx.checkText(text.length(), "json text");
        return JsonText.of(text);
    }

    /** Parses a JSON text read from a file's column attributes (schema time, no row). */
    static JsonNode parseAttributes(String text) {
        return PLAIN.readTree(text);
    }

    /** Writes a tree built by the library (column attributes). */
    static String text(JsonNode tree) {
        return PLAIN.writeValueAsString(tree);
    }
}
