package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The mapped members of a record or POJO and how to build one, found once per class (reflection
 * happens here only; rows are mapped through the method handles kept).
 */
final class ClassModel {
    private static final ClassValue<ClassModel> MODELS = new ClassValue<>() {
        @Override
        protected ClassModel computeValue(Class<?> type) {
            return type.isRecord() ? RecordScanner.scan(type) : PojoScanner.scan(type);
        }
    };

    private final Class<?> type;
    private final List<Property> properties;
    private final Instantiator instantiator;

    ClassModel(Class<?> type, List<Property> properties, Instantiator instantiator) {
        this.type = type;
        this.properties = List.copyOf(properties);
        this.instantiator = instantiator;
        Set<String> names = new HashSet<>();
        for (Property p : properties) {
            if (!names.add(p.name())) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                        "two members map to column '" + p.name() + "'");
            }
        }
    }

    /** The model of {@code type}, built on first use. */
    static ClassModel of(Class<?> type) {
        if (!isMappable(type)) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                    "only records and concrete POJOs outside java.* can be mapped");
        }
        return MODELS.get(type);
    }

    /** Whether {@code type} can be mapped member by member (not abstract, not a JDK or Throwable type). */
    static boolean isMappable(Class<?> type) {
        return !type.isInterface() && !type.isArray() && !type.isPrimitive() && !type.isEnum()
                && !Modifier.isAbstract(type.getModifiers()) && !Throwable.class.isAssignableFrom(type)
                && !type.getName().startsWith("java.") && !type.getName().startsWith("javax.");
    }

    Class<?> type() {
        return type;
    }

    List<Property> properties() {
        return properties;
    }

    /** Builds an instance; a constructor that refuses the values is reported as an invalid value. */
    Object create(Object[] values, MappingContext ctx) {
        try {
            return instantiator.create(values);
        } catch (MappingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, type.getSimpleName() + " refused the values: " + e);
        }
    }

    /** A lookup with private access to {@code type} (works for classes open to this library). */
    static MethodHandles.Lookup lookup(Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                    "not accessible to the mapper (open its package to io.jazmin.core): " + e.getMessage());
        }
    }

    /** {@code getter} adapted to {@code (Object) -> Object}. */
    static MethodHandle generic(MethodHandle getter) {
        return getter.asType(MethodType.methodType(Object.class, Object.class));
    }

    /** Runs a method handle, passing on runtime exceptions. */
    static Object invoke(MethodHandle handle, Object[] args) {
        try {
            return (Object) handle.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
