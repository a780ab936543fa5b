package io.jazmin.mapping;

import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Compiles the {@link RowMapper} of a class for one file schema, checking the schema once so rows
 * need no checks but values': strict mode wants every column mapped, every member present with its
 * exact storage type and a matching {@code javaType} attribute; lenient mode ignores extra columns,
 * reads missing nullable members as null and converts cells of other types. Projections ignore
 * extra columns in both modes. Members that cannot be null need their column in both modes. Nested
 * columns follow the same rules field by field, with the exact types of the member's definition.
 */
final class RowMapperCompiler {
    private RowMapperCompiler() {
    }

    static <T> RowMapper<T> compile(Class<T> type, ClassModel model, List<ValueConverter> converters,
                                    List<Column> file, ConverterFactory factory, boolean projection) {
        boolean strict = factory.options().strict();
        Map<String, Column> byName = new HashMap<>();
        file.forEach(c -> byName.put(c.name(), c));
        List<RowMapper.Slot> slots = new ArrayList<>();
        List<String> select = new ArrayList<>();
        Set<String> mapped = new HashSet<>();
        for (int i = 0; i < model.properties().size(); i++) {
            Property p = model.properties().get(i);
            ValueConverter c = converters.get(i);
            String where = type.getSimpleName() + "." + p.member();
            Column col = byName.get(p.name());
            if (col == null) {
                if (p.required() || strict) {
                    throw MappingException.schema(MappingException.Reason.MISSING_COLUMN, where,
                            "the file has no column '" + p.name() + "'");
                }
                slots.add(new RowMapper.Slot(p.name(), -1, -1, false, c, null, false));
                continue;
            }
            boolean foreign = col.type() != c.storage();
            if (strict && foreign) {
                throw MappingException.schema(MappingException.Reason.TYPE_MISMATCH, where, "column '" + col.name()
                        + "' is " + col.type().typeName() + ", the member is stored as " + c.storage().typeName());
            }
            if (foreign && (col.type().isNested() || c.storage().isNested())) {
                throw MappingException.schema(MappingException.Reason.TYPE_MISMATCH, where, "column '" + col.name()
                        + "' is " + col.type().typeName() + ", the member is stored as " + c.storage().typeName()
                        + " (nested columns are mapped with @JazminNested or MappingOptions.withNestedColumns)");
            }
            if (col.type().isNested()) {
                checkNested(col, c.define(p.name(), !p.required(), p.description()), strict, where);
            }
            if (strict) {
                checkJavaType(col, c, where);
            }
            mapped.add(col.name());
            slots.add(new RowMapper.Slot(p.name(), select.size(), file.indexOf(col), p.required(), c, col.type(),
                    foreign));
            select.add(col.name());
        }
        if (strict && !projection) {
            for (Column col : file) {
                if (!mapped.contains(col.name())) {
                    throw MappingException.schema(MappingException.Reason.EXTRA_COLUMN, type.getSimpleName(),
                            "the file has column '" + col.name() + "', which no member maps (use lenient mode or a "
                                    + "projection)");
                }
            }
        }
        return new RowMapper<>(type, model, slots, select);
    }

    /**
     * The definition of a nested column must fit the member's: the same types all the way down,
     * object fields matched by name; a member field the file lacks must be nullable (strict mode
     * wants it present), and strict mode refuses file fields no member maps.
     */
    private static void checkNested(Column file, Column member, boolean strict, String where) {
        if (file.type() != member.type()) {
            throw MappingException.schema(MappingException.Reason.TYPE_MISMATCH, where, "'" + file.name() + "' is "
                    + file.type().typeName() + ", the member is stored as " + member.type().typeName());
        }
        if (file.type().hasItems()) {
            checkNested(file.item(), member.item(), strict, where + "[]");
            return;
        }
        Map<String, Column> fields = new HashMap<>();
        file.fields().forEach(f -> fields.put(f.name(), f));
        for (Column f : member.fields()) {
            Column found = fields.remove(f.name());
            if (found != null) {
                checkNested(found, f, strict, where + "." + f.name());
            } else if (strict || !f.nullable()) {
                throw MappingException.schema(MappingException.Reason.MISSING_COLUMN, where + "." + f.name(),
                        "'" + file.name() + "' has no field '" + f.name() + "'");
            }
        }
        if (strict && !fields.isEmpty()) {
            throw MappingException.schema(MappingException.Reason.EXTRA_COLUMN, where, "'" + file.name()
                    + "' has fields no member maps: " + fields.keySet() + " (use lenient mode)");
        }
    }

    /**
     * A {@code javaType} attribute, when the file has one, must name the member's type (only
     * compared): as written now, or as files written before type aliases named it.
     */
    private static void checkJavaType(Column col, ValueConverter c, String where) {
        if (col.attributes().isEmpty()) {
            return;
        }
        JsonNode recorded = JsonCodec.parseAttributes(col.attributes()).get(SchemaDeriver.JAVA_TYPE);
        if (recorded == null || !recorded.isString()) {
            return;
        }
        String expected = c.javaType();
        String found = recorded.stringValue();
        if (!found.equals(expected) && !found.equals(c.legacyJavaType())) {
            throw MappingException.schema(MappingException.Reason.TYPE_MISMATCH, where, "column '" + col.name()
                    + "' was written as " + found + ", the member is "
                    + (expected == null ? "the column type's own Java type" : expected));
        }
    }
}
