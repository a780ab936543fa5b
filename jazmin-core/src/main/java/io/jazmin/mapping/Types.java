package io.jazmin.mapping;

import io.jazmin.mapping.annotation.JazminTypeAlias;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/** Small helpers over {@link java.lang.reflect.Type}: raw classes, type arguments, boxing, names. */
final class Types {
    private static final Map<Class<?>, Class<?>> BOXES = Map.of(boolean.class, Boolean.class, byte.class,
            Byte.class, short.class, Short.class, int.class, Integer.class, long.class, Long.class, float.class,
            Float.class, double.class, Double.class, char.class, Character.class);

    private Types() {
    }

    /** The erased class of {@code type} (type variables and wildcards by their first bound). */
    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof GenericArrayType g) {
            return raw(g.getGenericComponentType()).arrayType();
        }
        if (type instanceof WildcardType w) {
            return raw(w.getUpperBounds()[0]);
        }
        if (type instanceof TypeVariable<?> v) {
            return raw(v.getBounds()[0]);
        }
        throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getTypeName(), "unsupported type");
    }

    /** The i-th type argument of {@code type}, {@code Object} when it is raw. */
    static Type argument(Type type, int i) {
        if (type instanceof ParameterizedType p) {
            Type a = p.getActualTypeArguments()[i];
            return a instanceof WildcardType w ? w.getUpperBounds()[0] : a;
        }
        return Object.class;
    }

    /** The component type of an array type. */
    static Type component(Type type) {
        return type instanceof GenericArrayType g ? g.getGenericComponentType() : raw(type).getComponentType();
    }

    /** The wrapper of a primitive class, else the class itself. */
    static Class<?> box(Class<?> c) {
        return c.isPrimitive() ? BOXES.get(c) : c;
    }

    /**
     * The name recorded in a column's {@code javaType} attribute: boxed, with type arguments; JDK
     * types by their full name, other classes by {@link JazminTypeAlias} or else their simple name,
     * so that moving a class to another package or out of its enclosing class keeps files readable.
     */
    static String name(Type type) {
        if (type instanceof Class<?> c) {
            return className(box(c));
        }
        if (type instanceof ParameterizedType p) {
            return name(p.getRawType()) + Arrays.stream(p.getActualTypeArguments()).map(Types::name)
                    .collect(Collectors.joining(", ", "<", ">"));
        }
        if (type instanceof GenericArrayType g) {
            return name(g.getGenericComponentType()) + "[]";
        }
        if (type instanceof WildcardType w) {
            return w.getLowerBounds().length > 0 ? "? super " + name(w.getLowerBounds()[0])
                    : w.getUpperBounds()[0] == Object.class ? "?" : "? extends " + name(w.getUpperBounds()[0]);
        }
        return type.getTypeName();
    }

    /**
     * The {@code javaType} files written before type aliases hold (full binary class names,
     * {@code com.example.Person$Address}); still accepted on read.
     */
    static String legacyName(Type type) {
        return type instanceof Class<?> c ? box(c).getTypeName() : type.getTypeName();
    }

    /** The discriminator or recorded name of a class: its alias, else its simple name (JDK types: full name). */
    static String className(Class<?> c) {
        if (c.isArray()) {
            return className(c.getComponentType()) + "[]";
        }
        JazminTypeAlias alias = c.getAnnotation(JazminTypeAlias.class);
        if (alias != null) {
            if (alias.value().isBlank()) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, c.getName(),
                        "@JazminTypeAlias needs a name");
            }
            return alias.value();
        }
        return c.isPrimitive() || c.getName().startsWith("java.") || c.getName().startsWith("javax.")
                ? c.getTypeName() : c.getSimpleName();
    }
}
