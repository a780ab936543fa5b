package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Method handles of the mapper's own static helpers, looked up once when their class loads. */
final class OwnHandles {
    private OwnHandles() {
    }

    /**
     * The static method {@code name} of the class {@code lookup} belongs to (pass
     * {@code MethodHandles.lookup()} so private helpers are found); a missing one is a build error.
     */
    static MethodHandle find(MethodHandles.Lookup lookup, String name, MethodType type) {
        try {
            return lookup.findStatic(lookup.lookupClass(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
