package io.jazmin.mapping;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The custom type adapters of a mapping, registered explicitly. Immutable:
 * {@code TypeAdapters.none().with(moneyAdapter)}. Lookup is by exact class first, then
 * superclasses, then interfaces; each class's answer is cached.
 */
public final class TypeAdapters {
    private static final TypeAdapters NONE = new TypeAdapters(Map.of());

    private final Map<Class<?>, JazminTypeAdapter<?>> byClass;
    private final Map<Class<?>, Optional<JazminTypeAdapter<?>>> lookups = new ConcurrentHashMap<>();

    private TypeAdapters(Map<Class<?>, JazminTypeAdapter<?>> byClass) {
        this.byClass = Map.copyOf(byClass);
    }

    /** No adapters. */
    public static TypeAdapters none() {
        return NONE;
    }

    /** These adapters and {@code adapter} (replacing one registered for the same class). */
    public TypeAdapters with(JazminTypeAdapter<?> adapter) {
        Map<Class<?>, JazminTypeAdapter<?>> next = new LinkedHashMap<>(byClass);
        next.put(adapter.javaType(), adapter);
        return new TypeAdapters(next);
    }

    /** The adapter for {@code type}, if any. */
    public Optional<JazminTypeAdapter<?>> find(Class<?> type) {
        return lookups.computeIfAbsent(type, this::search);
    }

    private Optional<JazminTypeAdapter<?>> search(Class<?> type) {
        if (byClass.isEmpty()) {
            return Optional.empty();
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            JazminTypeAdapter<?> a = byClass.get(c);
            if (a != null) {
                return Optional.of(a);
            }
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                JazminTypeAdapter<?> a = byClass.get(i);
                if (a != null) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }
}
