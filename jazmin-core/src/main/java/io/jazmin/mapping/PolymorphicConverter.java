package io.jazmin.mapping;

import java.lang.reflect.Type;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A sealed or registered polymorphic type as a JSON object with a {@code "@type"} discriminator.
 * Discriminators map to classes known in advance (permitted subclasses or registry entries); an
 * unknown discriminator is refused, never resolved as a class name.
 */
final class PolymorphicConverter extends JsonStoredConverter {
    static final String DISCRIMINATOR = "@type";

    private final Map<String, ObjectConverter> byName;
    private final Map<String, ObjectConverter> readable;
    private final Map<Class<?>, String> names;

    /**
     * @param byName   the subtypes by the discriminator they are written with
     * @param readable the subtypes by every discriminator accepted on read ({@code byName}'s and older ones)
     * @param names    the discriminator each subtype is written with
     */
    PolymorphicConverter(Type declared, Map<String, ObjectConverter> byName, Map<String, ObjectConverter> readable,
                         Map<Class<?>, String> names) {
        super(declared);
        this.byName = Map.copyOf(byName);
        this.readable = Map.copyOf(readable);
        this.names = Map.copyOf(names);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        String name = names.get(value.getClass());
        if (name == null) {
            throw ctx.fail(MappingException.Reason.UNKNOWN_SUBTYPE, value.getClass().getName()
                    + " is neither a permitted nor a registered subtype of " + javaType());
        }
        ObjectNode out = JsonCodec.NODES.objectNode();
        out.put(DISCRIMINATOR, name);
        out.setAll((ObjectNode) byName.get(name).toJson(value, ctx));
        return out;
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        if (!node.isObject()) {
            throw mismatch("object", node, ctx);
        }
        JsonNode name = node.get(DISCRIMINATOR);
        ObjectConverter sub = name == null || !name.isString() ? null : readable.get(name.stringValue());
        if (sub == null) {
            throw ctx.fail(MappingException.Reason.UNKNOWN_SUBTYPE, "discriminator " + name + " names no subtype of "
                    + javaType() + " " + byName.keySet());
        }
        return sub.fromJson(node, ctx, DISCRIMINATOR);
    }
}
