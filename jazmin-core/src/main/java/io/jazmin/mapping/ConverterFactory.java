package io.jazmin.mapping;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Chooses and caches the converter of each declared Java type, for one set of options: adapters
 * first, then built-in scalars, enums, optionals, untyped JSON, arrays, collections, maps,
 * polymorphic (sealed or registered) types and finally records/POJOs. Collections and records
 * asked to be nested columns get nested converters, all the way down. Classes come only from
 * declared types and the options' registries.
 */
final class ConverterFactory {
    private final MappingOptions options;
    private final JsonCodec json;
    private final Map<Type, ValueConverter> cache = new HashMap<>();
    private final Map<Type, ValueConverter> nestedCache = new HashMap<>();
    private final Set<Type> nesting = new HashSet<>();

    ConverterFactory(MappingOptions options) {
        this.options = options;
        this.json = new JsonCodec(options);
    }

    MappingOptions options() {
        return options;
    }

    /** A fresh context for one writer or read stream. */
    MappingContext context() {
        return new MappingContext(options, json);
    }

    /** The converter of {@code type}; {@code where} names the member for schema errors. */
    synchronized ValueConverter resolve(Type type, String where) {
        ValueConverter known = cache.get(type);
        if (known != null) {
            return known;
        }
        ValueConverter c = create(type, where);
        cache.put(type, c);
        return c;
    }

    private ValueConverter create(Type type, String where) {
        Class<?> raw = Types.box(Types.raw(type));
        Optional<JazminTypeAdapter<?>> adapter = options.adapters().find(raw);
        if (adapter.isPresent()) {
            return new AdapterConverter(adapter.get());
        }
        ScalarConverter scalar = Scalars.find(raw);
        if (scalar != null) {
            return scalar;
        }
        if (raw.isEnum()) {
            return Scalars.forEnum(raw);
        }
        if (raw == Optional.class) {
            return OptionalConverter.of(resolve(Types.argument(type, 0), where));
        }
        if (raw == OptionalInt.class) {
            return OptionalConverter.ofInt();
        }
        if (raw == OptionalLong.class) {
            return OptionalConverter.ofLong();
        }
        if (raw == OptionalDouble.class) {
            return OptionalConverter.ofDouble();
        }
        if (JsonNode.class.isAssignableFrom(raw)) {
            return JsonTreeConverter.tree();
        }
        if (raw == Object.class) {
            return JsonTreeConverter.plain();
        }
        if (raw.isArray()) {
            return new ArrayConverter(type, resolve(Types.component(type), where + "[]"));
        }
        if (CollectionConverter.handles(raw)) {
            return CollectionConverter.of(type, resolve(Types.argument(type, 0), where + "[]"));
        }
        if (MapConverter.handles(raw)) {
            return MapConverter.of(type, resolve(Types.argument(type, 0), where + "{key}"),
                    resolve(Types.argument(type, 1), where + "{value}"));
        }
        Map<String, Class<?>> subtypes = subtypes(raw);
        if (!subtypes.isEmpty()) {
            return polymorphic(type, subtypes, where);
        }
        if (ClassModel.isMappable(raw)) {
            return object(raw);
        }
        throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, where, type.getTypeName()
                + " cannot be mapped; register a JazminTypeAdapter for it");
    }

    /** The nested-object converter of a record or POJO, cached before its members resolve (recursion). */
    private ObjectConverter object(Class<?> raw) {
        ClassModel model = ClassModel.of(raw);
        ObjectConverter converter = new ObjectConverter(model);
        cache.put(raw, converter);
        converter.init(members(model));
        return converter;
    }

    /**
     * The converters of a model's properties, in order: nested ones for members marked
     * {@code @JazminNested}, or for all when the options ask for nested columns; members marked
     * {@code @JazminFinite} refuse NaN and ±Infinity.
     */
    List<ValueConverter> members(ClassModel model) {
        return members(model, options.nestedColumns());
    }

    private List<ValueConverter> members(ClassModel model, boolean nested) {
        List<ValueConverter> out = new ArrayList<>();
        for (Property p : model.properties()) {
            String where = model.type().getSimpleName() + "." + p.member();
            ValueConverter c = nested || p.nested() ? resolveNested(p.type(), where) : resolve(p.type(), where);
            out.add(p.finite() ? FiniteConverter.of(c, where) : c);
        }
        return out;
    }

    /**
     * The converter storing {@code type} as a nested column: a {@code list} for a collection, an
     * {@code object} for a record or POJO (their items and members nested in turn) and for an
     * {@code OffsetDateTime}/{@code ZonedDateTime} ({@code {at, zone}}); other types get their
     * usual converter.
     */
    private synchronized ValueConverter resolveNested(Type type, String where) {
        ValueConverter known = nestedCache.get(type);
        if (known != null) {
            return known;
        }
        ValueConverter c = createNested(type, where);
        nestedCache.put(type, c);
        return c;
    }

    private ValueConverter createNested(Type type, String where) {
        ValueConverter plain = resolve(type, where);
        ZonedObjectConverter zoned = plain == Scalars.find(Types.raw(type))
                ? ZonedObjectConverter.of(Types.raw(type), plain) : null;
        if (zoned != null) {
            return zoned;
        }
        if (plain instanceof CollectionConverter collection) {
            return new NestedListConverter(collection, resolveNested(Types.argument(type, 0), where + "[]"));
        }
        if (!(plain instanceof ObjectConverter object)) {
            return plain;
        }
        ClassModel model = ClassModel.of(Types.raw(type));
        if (model.properties().isEmpty()) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, where, type.getTypeName()
                    + " has no mapped members, so it cannot be an object column");
        }
        if (!nesting.add(type)) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, where, type.getTypeName()
                    + " contains itself, so it cannot be a nested column; store it as json");
        }
        try {
            return new NestedObjectConverter(object, model, members(model, true));
        } finally {
            nesting.remove(type);
        }
    }

    /**
     * The converter of a polymorphic type. Permitted subtypes of a sealed type carrying a
     * {@code @JazminTypeAlias} are also read under their simple name, which files written before
     * the alias hold.
     */
    private ValueConverter polymorphic(Type type, Map<String, Class<?>> subtypes, String where) {
        Map<String, ObjectConverter> byName = new LinkedHashMap<>();
        Map<Class<?>, String> names = new HashMap<>();
        subtypes.forEach((name, sub) -> {
            if (!(resolve(sub, where) instanceof ObjectConverter converter)) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, where, sub.getName()
                        + " must be a record or POJO to be a subtype");
            }
            byName.put(name, converter);
            names.put(sub, name);
        });
        Map<String, ObjectConverter> readable = new LinkedHashMap<>(byName);
        if (options.subtypes().subtypesOf(Types.raw(type)).isEmpty()) {
            subtypes.values().forEach(sub -> readable.putIfAbsent(sub.getSimpleName(), byName.get(names.get(sub))));
        }
        return new PolymorphicConverter(type, byName, readable, names);
    }

    /**
     * Registered subtypes of {@code base}, else the concrete classes a sealed type permits, by
     * {@code @JazminTypeAlias} or simple name.
     */
    private Map<String, Class<?>> subtypes(Class<?> base) {
        Map<String, Class<?>> registered = options.subtypes().subtypesOf(base);
        if (!registered.isEmpty() || !base.isSealed()) {
            return registered;
        }
        Map<String, Class<?>> out = new LinkedHashMap<>();
        addPermitted(base, out);
        return out;
    }

    private static void addPermitted(Class<?> type, Map<String, Class<?>> out) {
        for (Class<?> sub : type.getPermittedSubclasses()) {
            if (sub.isSealed()) {
                addPermitted(sub, out);
            }
            String name = Types.className(sub);
            if (ClassModel.isMappable(sub) && out.put(name, sub) != null) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                        "two permitted subtypes are named " + name + "; give one a @JazminTypeAlias or register "
                                + "them explicitly");
            }
        }
    }
}
