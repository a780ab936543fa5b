package io.jazmin.mapping;

import io.jazmin.error.JazminValidationException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Explicit discriminators for polymorphic members whose declared type is not sealed. Immutable:
 * {@code SubtypeRegistry.none().with(Animal.class, "dog", Dog.class)}. A sealed type needs no
 * registration: its permitted subclasses are found from the class itself, named by
 * {@link io.jazmin.mapping.annotation.JazminTypeAlias} or simple name.
 * Classes come only from here or from the declared types, never from names in a file.
 */
public final class SubtypeRegistry {
    private static final SubtypeRegistry NONE = new SubtypeRegistry(Map.of());

    private final Map<Class<?>, Map<String, Class<?>>> bases;

    private SubtypeRegistry(Map<Class<?>, Map<String, Class<?>>> bases) {
        this.bases = bases;
    }

    /** No registered subtypes. */
    public static SubtypeRegistry none() {
        return NONE;
    }

    /** This registry and {@code subtype}, written with discriminator {@code name} where {@code base} is declared. */
    public <B> SubtypeRegistry with(Class<B> base, String name, Class<? extends B> subtype) {
        Map<Class<?>, Map<String, Class<?>>> next = new LinkedHashMap<>(bases);
        Map<String, Class<?>> names = new LinkedHashMap<>(next.getOrDefault(base, Map.of()));
        if (names.containsKey(name) || names.containsValue(subtype)) {
            throw new JazminValidationException("discriminator '" + name + "' or " + subtype.getName()
                    + " is already registered for " + base.getName());
        }
        names.put(name, subtype);
        next.put(base, Map.copyOf(names));
        return new SubtypeRegistry(Map.copyOf(next));
    }

    /** The registered discriminators of {@code base}, empty when none. */
    Map<String, Class<?>> subtypesOf(Class<?> base) {
        return bases.getOrDefault(base, Map.of());
    }
}
