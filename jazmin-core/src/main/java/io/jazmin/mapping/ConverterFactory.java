package io.jazmin.mapping;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;

/**
 * Chooses and caches the converter of each declared Java type, for one set of options: adapters
 * first, then built-in scalars, enums, optionals, untyped JSON, arrays, collections, maps,
 * polymorphic (sealed or registered) types and finally records/POJOs. Classes come only from
 * declared types and the options' registries.
 */
final class ConverterFactory {
    private final MappingOptions options;
    private final JsonCodec json;
    private final Map<Type, ValueConverter> cache = new HashMap<>();

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

    /** The converters of a model's properties, in order. */
    List<ValueConverter> members(ClassModel model) {
        List<ValueConverter> out = new ArrayList<>();
        for (Property p : model.properties()) {
            out.add(resolve(p.type(), model.type().getSimpleName() + "." + p.member()));
        }
        return out;
    }

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
        return new PolymorphicConverter(type, byName, names);
    }

    /** Registered subtypes of {@code base}, else the concrete classes a sealed type permits, by simple name. */
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
            if (ClassModel.isMappable(sub) && out.put(sub.getSimpleName(), sub) != null) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                        "two permitted subtypes are named " + sub.getSimpleName() + "; register them explicitly");
            }
        }
    }
}
