package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * Reads every mapped member of an object in one call: the getters combined into one method
 * handle {@code (Object) -> Object[]}, which the JIT compiles (and inlines the getters into) as a
 * whole, where one handle call per member could not be inlined. Types with more members than a
 * handle can take arguments are read member by member. Failures are those of {@link Property#get}.
 */
final class MemberReader {
    /** Method handles take at most 255 arguments; wider types are read one member at a time. */
    private static final int MAX_COMBINED = 200;
    private static final MethodHandle FAILED = OwnHandles.find(MethodHandles.lookup(), "failed",
            MethodType.methodType(Object.class, Property.class, Throwable.class, Object.class));

    private final List<Property> properties;
    /** {@code (Object) -> Object[]}, or {@code null} for a type read member by member. */
    private final MethodHandle all;

    MemberReader(List<Property> properties) {
        this.properties = List.copyOf(properties);
        int n = properties.size();
        if (n == 0 || n > MAX_COMBINED) {
            all = null;
            return;
        }
        MethodHandle[] getters = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            Property p = properties.get(i);
            getters[i] = MethodHandles.catchException(p.getter(), Throwable.class,
                    MethodHandles.insertArguments(FAILED, 0, p));
        }
        MethodHandle collect = MethodHandles.identity(Object[].class).asCollector(Object[].class, n);
        all = MethodHandles.permuteArguments(MethodHandles.filterArguments(collect, 0, getters),
                MethodType.methodType(Object[].class, Object.class), new int[n]);
    }

    /** The members' values, in property order. */
    Object[] values(Object target) {
        if (all == null) {
            Object[] values = new Object[properties.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = properties.get(i).get(target);
            }
            return values;
        }
        try {
            return (Object[]) all.invokeExact(target);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            // FAILED turns every checked exception into a MappingException; nothing else is thrown.
            throw new IllegalStateException(e);
        }
    }

    /** Rethrows what a getter threw: unchecked as it is, checked as {@link Property#unreadable}. */
    private static Object failed(Property p, Throwable thrown, Object target) throws Throwable {
        if (thrown instanceof RuntimeException || thrown instanceof Error) {
            throw thrown;
        }
        throw p.unreadable(thrown);
    }
}
