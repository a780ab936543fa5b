package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.IndexKind;
import io.jazmin.mapping.annotation.JazminSortedBy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Derives the {@link TypeSchema} of a class from its members, converters and annotations. */
final class SchemaDeriver {
    /** The attribute holding a column's Java type. */
    static final String JAVA_TYPE = "javaType";

    private SchemaDeriver() {
    }

    static TypeSchema derive(ClassModel model, List<ValueConverter> converters) {
        List<Property> properties = model.properties();
        List<Column> columns = new ArrayList<>();
        List<TypeSchema.Index> indexes = new ArrayList<>();
        String id = null;
        for (int i = 0; i < properties.size(); i++) {
            Property p = properties.get(i);
            ValueConverter c = converters.get(i);
            columns.add(c.define(p.name(), !p.required(), p.description()));
            if (p.id()) {
                if (id != null) {
                    throw fail(model, "more than one @JazminId member");
                }
                id = p.name();
                requireOrdered(model, p, c);
                indexes.add(new TypeSchema.Index(p.name(), IndexKind.SORTED));
            }
            for (IndexKind kind : p.indexes()) {
                switch (kind) {
                    case SORTED -> requireOrdered(model, p, c);
                    case TRIGRAM -> {
                        if (!c.storage().supports(kind)) {
                            throw fail(model, "trigram index on " + p.name() + ", which is not a string column");
                        }
                    }
                }
                TypeSchema.Index index = new TypeSchema.Index(p.name(), kind);
                if (!indexes.contains(index)) {
                    indexes.add(index);
                }
            }
        }
        return new TypeSchema(model.type(), columns, sortedBy(model, columns), indexes, id);
    }

    /** The attributes text of a column of converter {@code c}: its {@code javaType} and more, or empty. */
    static String attributes(ValueConverter c) {
        if (c.javaType() == null) {
            return "";
        }
        ObjectNode a = JsonCodec.NODES.objectNode();
        a.put(JAVA_TYPE, c.javaType());
        c.describe(a);
        return JsonCodec.text(a);
    }

    private static List<String> sortedBy(ClassModel model, List<Column> columns) {
        JazminSortedBy onType = model.type().getAnnotation(JazminSortedBy.class);
        List<String> names = onType != null && onType.value().length > 0 ? List.of(onType.value())
                : model.properties().stream().filter(p -> p.sortOrder() != null)
                        .sorted(Comparator.comparingInt(Property::sortOrder)).map(Property::name).toList();
        for (String name : names) {
            Column c = columns.stream().filter(col -> col.name().equals(name)).findFirst()
                    .orElseThrow(() -> fail(model, "@JazminSortedBy names unknown column '" + name + "'"));
            if (!c.type().isOrdered()) {
                throw fail(model, "cannot sort by " + name + ": " + c.type().typeName() + " has no order");
            }
        }
        return names;
    }

    private static void requireOrdered(ClassModel model, Property p, ValueConverter c) {
        if (!c.storage().isOrdered()) {
            throw fail(model, p.name() + " is a " + c.storage().typeName() + " column, which cannot be indexed");
        }
    }

    private static MappingException fail(ClassModel model, String problem) {
        return MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, model.type().getName(), problem);
    }
}
