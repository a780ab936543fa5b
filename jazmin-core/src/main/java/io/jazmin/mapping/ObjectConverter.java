package io.jazmin.mapping;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A nested record or POJO as a JSON object of its mapped members. Writing detects cycles (an object
 * that contains itself) and reads refuse unknown properties in strict mode. Member converters are
 * set after construction so that recursive types ({@code Node} with {@code List<Node>}) resolve.
 */
final class ObjectConverter extends JsonStoredConverter {
    private final ClassModel model;
    private final Set<String> names = new HashSet<>();
    private ValueConverter[] members;

    ObjectConverter(ClassModel model) {
        super(model.type());
        this.model = model;
        model.properties().forEach(p -> names.add(p.name()));
    }

    /** Sets the member converters, in property order (once, while the factory resolves types). */
    void init(List<ValueConverter> converters) {
        members = converters.toArray(ValueConverter[]::new);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        ctx.enter(value);
        ObjectNode out = JsonCodec.NODES.objectNode();
        List<Property> properties = model.properties();
        for (int i = 0; i < members.length; i++) {
            Property p = properties.get(i);
            ctx.push("." + p.name());
            Object v = p.get(value);
            if (p.required() && members[i].isNull(v)) {
                throw ctx.fail(MappingException.Reason.NULL_VALUE, "null in non-null member " + p.member());
            }
            out.set(p.name(), element(members[i], v, ctx));
            ctx.pop();
        }
        ctx.exit(value);
        return out;
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return fromJson(node, ctx, null);
    }

    /** Reads the object; {@code allowed} is one more property name to accept (a discriminator), or null. */
    Object fromJson(JsonNode node, MappingContext ctx, String allowed) {
        if (!node.isObject()) {
            throw mismatch("object", node, ctx);
        }
        ctx.enter(null);
        if (ctx.options().strict()) {
            for (String name : node.propertyNames()) {
                if (!names.contains(name) && !name.equals(allowed)) {
                    throw ctx.fail(MappingException.Reason.EXTRA_COLUMN, "unknown property '" + name + "' for "
                            + model.type().getSimpleName());
                }
            }
        }
        List<Property> properties = model.properties();
        Object[] values = new Object[members.length];
        for (int i = 0; i < members.length; i++) {
            Property p = properties.get(i);
            ctx.push("." + p.name());
            JsonNode child = node.get(p.name());
            if (p.required() && (child == null || child.isNull())) {
                throw ctx.fail(MappingException.Reason.NULL_VALUE, "missing or null, but " + p.member()
                        + " cannot be null");
            }
            values[i] = element(members[i], child, ctx);
            ctx.pop();
        }
        ctx.exit(null);
        return model.create(values, ctx);
    }
}
