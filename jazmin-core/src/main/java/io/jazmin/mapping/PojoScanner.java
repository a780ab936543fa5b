package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Builds the {@link ClassModel} of a POJO: its instance fields (superclass fields first, static,
 * transient and ignored ones left out), read through getters (or the field), built through a
 * no-argument constructor and setters (or the field), else through a constructor whose parameter
 * names (compiled with {@code -parameters}) are exactly the fields'.
 */
final class PojoScanner {
    private static final MethodHandle BUILD = OwnHandles.find(MethodHandles.lookup(), "build",
            MethodType.methodType(Object.class, MethodHandle.class, MethodHandle[].class, Object[].class));

    private PojoScanner() {
    }

    static ClassModel scan(Class<?> type) {
        MethodHandles.Lookup lookup = ClassModel.lookup(type);
        List<Field> fields = fields(type);
        List<Property> properties = new ArrayList<>();
        try {
            for (Field f : fields) {
                MemberAnnotations a = new MemberAnnotations(f, List.of(f, f.getAnnotatedType()));
                properties.add(new Property(a.name(f.getName()), f.getName(), f.getGenericType(),
                        f.getType().isPrimitive(), a.nonNull(), a.id(), a.description(), a.indexes(), a.sortOrder(),
                        a.nested(), a.finite(), ClassModel.generic(getter(type, f, lookup))));
            }
            return model(type, properties, fields, lookup);
        } catch (IllegalAccessException e) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                    "cannot access its members: " + e.getMessage()).causedBy(e);
        }
    }

    private static List<Field> fields(Class<?> type) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(c);
        }
        Collections.reverse(chain);
        List<Field> out = new ArrayList<>();
        for (Class<?> c : chain) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isSynthetic()
                        && !new MemberAnnotations(f, List.of()).ignored()) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static MethodHandle getter(Class<?> type, Field f, MethodHandles.Lookup lookup)
            throws IllegalAccessException {
        String cap = capitalised(f.getName());
        for (String name : List.of("get" + cap, "is" + cap)) {
            Method m = method(type, name);
            if (m != null && m.getReturnType() == f.getType()) {
                return lookup.unreflect(m);
            }
        }
        return lookup.unreflectGetter(f);
    }

    /** Built through the no-argument constructor and setters when there is one, else a constructor taking every field. */
    private static ClassModel model(Class<?> type, List<Property> properties, List<Field> fields,
                                    MethodHandles.Lookup lookup) throws IllegalAccessException {
        try {
            MethodHandle create = lookup.findConstructor(type, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
            MethodHandle[] setters = new MethodHandle[fields.size()];
            for (int i = 0; i < setters.length; i++) {
                setters[i] = setter(type, fields.get(i), lookup);
            }
            return ClassModel.fromArray(type, properties, MethodHandles.insertArguments(BUILD, 0, create, setters));
        } catch (NoSuchMethodException e) {
            return new ClassModel(type, properties, namedConstructor(type, fields, lookup));
        }
    }

    /** Creates an instance and sets each field's value. */
    private static Object build(MethodHandle create, MethodHandle[] setters, Object[] values) throws Throwable {
        Object target = (Object) create.invokeExact();
        for (int i = 0; i < setters.length; i++) {
            setters[i].invokeExact(target, values[i]);
        }
        return target;
    }

    private static MethodHandle setter(Class<?> type, Field f, MethodHandles.Lookup lookup)
            throws IllegalAccessException {
        MethodHandle h;
        Method m = method(type, "set" + capitalised(f.getName()), f.getType());
        if (m != null) {
            h = lookup.unreflect(m);
            h = h.type().returnType() == void.class ? h : MethodHandles.dropReturn(h);
        } else if (!Modifier.isFinal(f.getModifiers())) {
            h = lookup.unreflectSetter(f);
        } else {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName() + "." + f.getName(),
                    "final field without a setter or a constructor taking it");
        }
        return h.asType(MethodType.methodType(void.class, Object.class, Object.class));
    }

    private static MethodHandle namedConstructor(Class<?> type, List<Field> fields, MethodHandles.Lookup lookup)
            throws IllegalAccessException {
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            int[] order = parameterOrder(c, fields);
            if (order != null) {
                // Takes the values in field order, typed, and passes each to its parameter.
                MethodType inFieldOrder = MethodType.methodType(Object.class,
                        fields.stream().map(Field::getType).toArray(Class<?>[]::new));
                MethodHandle h = lookup.unreflectConstructor(c);
                return MethodHandles.permuteArguments(h.asType(h.type().changeReturnType(Object.class)),
                        inFieldOrder, order);
            }
        }
        throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                "needs a no-argument constructor, or a constructor whose parameters are named like its fields "
                        + "(compile with -parameters)");
    }

    /** For each constructor parameter the index of the field of the same name and type, or {@code null}. */
    private static int[] parameterOrder(Constructor<?> c, List<Field> fields) {
        Parameter[] params = c.getParameters();
        if (params.length != fields.size()) {
            return null;
        }
        int[] order = new int[params.length];
        for (int i = 0; i < params.length; i++) {
            order[i] = -1;
            for (int j = 0; j < fields.size() && params[i].isNamePresent(); j++) {
                Field f = fields.get(j);
                if (f.getName().equals(params[i].getName()) && f.getType() == params[i].getType()) {
                    order[i] = j;
                }
            }
            if (order[i] < 0) {
                return null;
            }
        }
        return order;
    }

    private static Method method(Class<?> type, String name, Class<?>... params) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                return c.getDeclaredMethod(name, params);
            } catch (NoSuchMethodException e) {
                // Look in the superclass next.
            }
        }
        return null;
    }

    private static String capitalised(String name) {
        return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
