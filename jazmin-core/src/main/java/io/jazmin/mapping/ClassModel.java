package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.Collections;
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

    private static final MethodHandle REFUSED = OwnHandles.find(MethodHandles.lookup(), "refused",
            MethodType.methodType(Object.class, RuntimeException.class, String.class, MappingContext.class));

    /**
     * The most parameter slots (a long or double takes two) of a constructor handle fed typed values:
     * the JVM allows 255 per method handle, less the context and the refusal handler's exception.
     */
    static final int MAX_TYPED_SLOTS = 250;

    private final Class<?> type;
    private final List<Property> properties;
    /** Takes one value per property, typed where it can; {@code null} when the class is too wide for one handle. */
    private final MethodHandle constructor;
    /** {@code (Object[] values, MappingContext) -> Object}, for any number of properties. */
    private final MethodHandle spread;

    /**
     * @param constructor builds an instance from one value per property, in property order: its
     *                    parameters are the members' types where it can take them typed (records,
     *                    constructors taking every field), else {@code Object}
     */
    ClassModel(Class<?> type, List<Property> properties, MethodHandle constructor) {
        this(type, properties, constructor, constructor.asType(constructor.type().generic())
                .asSpreader(Object[].class, properties.size()));
    }

    private ClassModel(Class<?> type, List<Property> properties, MethodHandle constructor, MethodHandle fromArray) {
        this.type = type;
        this.properties = List.copyOf(properties);
        this.constructor = constructor;
        this.spread = guarded(fromArray);
        Set<String> names = new HashSet<>();
        for (Property p : properties) {
            if (!names.add(p.name())) {
                throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                        "two members map to column '" + p.name() + "'");
            }
        }
    }

    /**
     * A model built from an array of values, one per property ({@code (Object[]) -> Object}): POJOs
     * filled through setters, which may have more members than one method handle takes parameters.
     */
    static ClassModel fromArray(Class<?> type, List<Property> properties, MethodHandle fromArray) {
        MethodHandle typed = properties.size() <= MAX_TYPED_SLOTS
                ? fromArray.asCollector(Object[].class, properties.size()) : null;
        return new ClassModel(type, properties, typed, fromArray);
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

    /** The parameter types the constructor takes the values as, in property order. */
    List<Class<?>> valueTypes() {
        return constructor == null ? Collections.nCopies(properties.size(), Object.class)
                : constructor.type().parameterList();
    }

    /** Whether {@link #constructor(MethodType)} can take values of these types (else use {@link #create}). */
    boolean takesTyped(List<Class<?>> valueTypes) {
        int slots = 0;
        for (Class<?> c : valueTypes) {
            slots += c == long.class || c == double.class ? 2 : 1;
        }
        return constructor != null && slots <= MAX_TYPED_SLOTS;
    }

    /**
     * Builds instances from values of {@code values}' parameter types (one per property, converted to
     * what the constructor takes), then the context; a constructor that refuses the values, or a
     * value of the wrong type, is reported as an invalid value.
     */
    MethodHandle constructor(MethodType values) {
        return guarded(constructor.asType(values.changeReturnType(Object.class)));
    }

    /** {@code builder} taking the context last, with a refusal reported as an invalid value. */
    private MethodHandle guarded(MethodHandle builder) {
        MethodType values = builder.type();
        MethodHandle withContext = MethodHandles.dropArguments(builder, values.parameterCount(), MappingContext.class);
        MethodHandle handler = MethodHandles.dropArguments(MethodHandles.insertArguments(REFUSED, 1,
                type.getSimpleName()), 1, values.parameterList());
        return MethodHandles.catchException(withContext, RuntimeException.class, handler);
    }

    /** Builds an instance; a constructor that refuses the values is reported as an invalid value. */
    Object create(Object[] values, MappingContext ctx) {
        try {
            return (Object) spread.invokeExact(values, ctx);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            // A checked exception thrown by the type's own constructor.
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "the constructor of " + type.getName()
                    + " failed: " + e).causedBy(e);
        }
    }

    private static Object refused(RuntimeException e, String type, MappingContext ctx) {
        if (e instanceof MappingException) {
            throw e;
        }
        throw ctx.fail(MappingException.Reason.INVALID_VALUE, type + " refused the values: " + e);
    }

    /**
     * A lookup with private access to {@code type} (works for classes open to this library). On the
     * module path this module first reads the type's module: an application's module is not read by
     * the libraries it requires, and a private lookup needs both the read edge and the package opened.
     */
    static MethodHandles.Lookup lookup(Class<?> type) {
        ClassModel.class.getModule().addReads(type.getModule());
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                    "not accessible to the mapper (open its package to module io.jazmin): " + e.getMessage()).causedBy(e);
        }
    }

    /** {@code getter} adapted to {@code (Object) -> Object}. */
    static MethodHandle generic(MethodHandle getter) {
        return getter.asType(MethodType.methodType(Object.class, Object.class));
    }
}
