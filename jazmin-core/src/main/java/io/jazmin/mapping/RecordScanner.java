package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link ClassModel} of a record: components in order, built through the canonical constructor. */
final class RecordScanner {
    private RecordScanner() {
    }

    static ClassModel scan(Class<?> type) {
        MethodHandles.Lookup lookup = ClassModel.lookup(type);
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        List<Property> properties = new ArrayList<>();
        Object[] defaults = new Object[components.length];
        boolean[] ignored = new boolean[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                types[i] = c.getType();
                MemberAnnotations a = annotations(type, c);
                if (a.ignored()) {
                    defaults[i] = c.getType().isPrimitive() ? Array.get(Array.newInstance(c.getType(), 1), 0) : null;
                    ignored[i] = true;
                    continue;
                }
                MethodHandle getter = ClassModel.generic(lookup.unreflect(c.getAccessor()));
                properties.add(new Property(a.name(c.getName()), c.getName(), c.getGenericType(),
                        c.getType().isPrimitive(), a.nonNull(), a.id(), a.description(), a.indexes(), a.sortOrder(),
                        a.nested(), a.finite(), getter));
            }
            MethodHandle ctor = lookup.unreflectConstructor(type.getDeclaredConstructor(types));
            // Ignored components get their defaults; from the last so the earlier positions stay put.
            for (int i = components.length - 1; i >= 0; i--) {
                if (ignored[i]) {
                    ctor = MethodHandles.insertArguments(ctor, i, defaults[i]);
                }
            }
            return new ClassModel(type, properties, ctor);
        } catch (ReflectiveOperationException e) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, type.getName(),
                    "cannot access the record's members: " + e).causedBy(e);
        }
    }

    private static MemberAnnotations annotations(Class<?> type, RecordComponent c) {
        List<AnnotatedElement> others = new ArrayList<>(List.of(c, c.getAnnotatedType(), c.getAccessor()));
        try {
            Field f = type.getDeclaredField(c.getName());
            others.add(f);
            others.add(f.getAnnotatedType());
        } catch (NoSuchFieldException e) {
            // Every record component has its field; nothing more to look at otherwise.
        }
        return new MemberAnnotations(c, others);
    }
}
