package io.jazmin.data;

import io.jazmin.data.Filter.Op;
import io.jazmin.error.InvalidFilterException;
import io.jazmin.error.JazminValidationException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;

/**
 * The JSON form of filters (spec §2.1): an object's members are ANDed; {@code and}/{@code or} take
 * arrays, {@code not} one filter; {@code {"col": v}} means eq, {@code {"col": null}} is-null, and
 * {@code {"col": {"op": v, ...}}} applies each operator. Numbers keep their exact text (integers as
 * {@link Long} or {@link BigInteger}, others as {@link BigDecimal}) until bound to a column type.
 * {@code {"list": {"any"|"all": f}}} and {@code {"object": {"match": f}}} take an inner filter
 * {@code f} over fields, or over the item itself: operators, or a bare value meaning eq.
 */
final class FilterJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private FilterJson() {
    }

    /** Parses a JSON filter object. */
    static Filter parse(String json) {
        try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw invalid("a filter must be a JSON object");
            }
            Filter f = object(p, false);
            if (p.nextToken() != null) {
                throw invalid("text after the filter object");
            }
            return f;
        } catch (JacksonException e) {
            throw invalid("not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Reads the members of an object whose START_OBJECT was just read. Inside {@code any}/{@code all}/
     * {@code match} ({@code nested}), a member named like an operator is a condition on the item
     * itself ({@link Filter#ITEM}); other names are fields.
     */
    private static Filter object(JsonParser p, boolean nested) {
        List<Filter> parts = new ArrayList<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "and", "or" -> {
                    if (t != JsonToken.START_ARRAY) {
                        throw invalid("'" + name + "' needs an array of filters");
                    }
                    List<Filter> items = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (p.currentToken() != JsonToken.START_OBJECT) {
                            throw invalid("'" + name + "' needs an array of filter objects");
                        }
                        items.add(object(p, nested));
                    }
                    parts.add(name.equals("and") ? new Filter.And(items) : new Filter.Or(items));
                }
                case "not" -> {
                    if (t != JsonToken.START_OBJECT) {
                        throw invalid("'not' needs a filter object");
                    }
                    parts.add(new Filter.Not(object(p, nested)));
                }
                default -> {
                    if (nested && isOperator(name)) {
                        parts.add(operator(Filter.ITEM, name, p, t));
                    } else {
                        parts.addAll(column(name, p, t));
                    }
                }
            }
        }
        return parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
    }

    /** The conditions on column {@code name} whose value starts at token {@code t}. */
    private static List<Filter> column(String name, JsonParser p, JsonToken t) {
        if (t == JsonToken.START_ARRAY) {
            throw invalid("column '" + name + "' is compared with an array; use {\"in\": [...]}");
        }
        if (t != JsonToken.START_OBJECT) {
            return List.of(Filter.eq(name, scalar(p, t)));
        }
        List<Filter> conditions = new ArrayList<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String opName = p.currentName();
            conditions.add(operator(name, opName, p, p.nextToken()));
        }
        if (conditions.isEmpty()) {
            throw invalid("column '" + name + "' has an empty operator object");
        }
        return conditions;
    }

    private static boolean isOperator(String name) {
        return Op.fromJsonName(name) != null || Filter.NestedOp.fromJsonName(name) != null;
    }

    /** One operator on {@code column} whose operand starts at token {@code v}. */
    private static Filter operator(String column, String opName, JsonParser p, JsonToken v) {
        Filter.NestedOp nestedOp = Filter.NestedOp.fromJsonName(opName);
        if (nestedOp != null) {
            return new Filter.Nested(column, nestedOp, inner(opName, p, v));
        }
        Op op = Op.fromJsonName(opName);
        if (op == null) {
            throw invalid("unknown operator '" + opName + "'");
        }
        return condition(column, op, p, v);
    }

    /** The inner filter of any/all/match: a filter object, or a bare value meaning the item equals it. */
    private static Filter inner(String opName, JsonParser p, JsonToken v) {
        if (v == JsonToken.START_OBJECT) {
            return object(p, true);
        }
        if (v == JsonToken.START_ARRAY) {
            throw invalid("'" + opName + "' needs a filter object or a value, not an array");
        }
        return Filter.eq(Filter.ITEM, scalar(p, v));
    }

    private static Filter condition(String column, Op op, JsonParser p, JsonToken v) {
        return switch (op) {
            case IN -> in(column, p, v);
            case IS_NULL -> {
                if (v != JsonToken.VALUE_TRUE && v != JsonToken.VALUE_FALSE) {
                    throw invalid("'isNull' needs true or false");
                }
                yield v == JsonToken.VALUE_TRUE ? Filter.isNull(column) : Filter.isNotNull(column);
            }
            case EQ, NE, GT, GTE, LT, LTE, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH,
                 IENDS_WITH -> {
                Object operand = scalar(p, v);
                yield operand != null ? new Filter.Condition(column, op, operand) : switch (op) {
                    case EQ -> Filter.isNull(column);
                    case NE -> Filter.isNotNull(column);
                    case GT, GTE, LT, LTE, IN, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ,
                         ISTARTS_WITH, IENDS_WITH -> throw invalid("'" + op.jsonName() + "' needs a value, not null");
                };
            }
        };
    }

    private static Filter in(String column, JsonParser p, JsonToken v) {
        if (v != JsonToken.START_ARRAY) {
            throw invalid("'in' needs an array of values");
        }
        List<Object> values = new ArrayList<>();
        JsonToken item;
        while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
            values.add(scalar(p, item));
        }
        return Filter.in(column, values);
    }

    private static Object scalar(JsonParser p, JsonToken t) {
        return switch (t) {
            case VALUE_NULL -> null;
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_STRING -> p.getString();
            case VALUE_NUMBER_INT -> {
                BigInteger b = p.getBigIntegerValue();
                yield b.bitLength() < 64 ? (Object) b.longValue() : b;
            }
            case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
            default -> throw invalid("operands must be strings, numbers, booleans or null");
        };
    }

    /** Writes a filter as compact JSON (the form {@link #parse} reads back to the same tree). */
    static String write(Filter filter) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            g.writeStartObject();
            writeMember(g, filter);
            g.writeEndObject();
        }
        return out.toString();
    }

    private static void writeMember(JsonGenerator g, Filter filter) {
        if (filter instanceof Filter.And and) {
            g.writeName("and");
            writeList(g, and.parts());
        } else if (filter instanceof Filter.Or or) {
            g.writeName("or");
            writeList(g, or.parts());
        } else if (filter instanceof Filter.Not not) {
            g.writeName("not");
            g.writeStartObject();
            writeMember(g, not.inner());
            g.writeEndObject();
        } else if (filter instanceof Filter.Nested n) {
            // On the item itself (lists of lists) the operator stands alone, as the reference libraries write it.
            boolean onItem = n.column().equals(Filter.ITEM);
            if (!onItem) {
                g.writeName(n.column());
                g.writeStartObject();
            }
            g.writeName(n.op().jsonName());
            g.writeStartObject();
            writeMember(g, n.inner());
            g.writeEndObject();
            if (!onItem) {
                g.writeEndObject();
            }
        } else {
            Filter.Condition c = (Filter.Condition) filter;
            // A condition on a list item itself is written as its bare operator: {"any": {"eq": 1}}.
            boolean onItem = c.column().equals(Filter.ITEM);
            if (!onItem) {
                g.writeName(c.column());
                g.writeStartObject();
            }
            g.writeName(c.op().jsonName());
            writeOperand(g, c.operand());
            if (!onItem) {
                g.writeEndObject();
            }
        }
    }

    private static void writeList(JsonGenerator g, List<Filter> parts) {
        g.writeStartArray();
        for (Filter f : parts) {
            g.writeStartObject();
            writeMember(g, f);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void writeOperand(JsonGenerator g, Object v) {
        if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                writeOperand(g, o);
            }
            g.writeEndArray();
        } else if (v == null) {
            g.writeNull();
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof BigInteger b) {
            g.writeNumber(b);
        } else if (v instanceof BigDecimal d) {
            g.writeNumber(d);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isFinite(d)) {
                g.writeNumber(d);
            } else {
                g.writeString(Double.toString(d));
            }
        } else if (v instanceof Instant i) {
            g.writeString(i.toString());
        } else {
            g.writeString(v.toString());
        }
    }

    private static JazminValidationException invalid(String message) {
        return new InvalidFilterException(message);
    }
}
