package io.jazmin.internal.column;

import java.lang.invoke.MethodHandles;

/**
 * What an API class hands the engine from its class initializer (the JDK's "shared secrets"
 * pattern), so that no public signature names the engine: registered once, by that class only,
 * and read after initializing it. Used by {@link RowFactory} and {@code internal.reader.TableAccess}.
 *
 * @param <V> what is handed over
 */
public final class SharedSecret<V> {
    private final String what;
    private Class<?> type;
    private volatile V value;

    /** @param what what is handed over, for the errors ("a maker of its rows") */
    public SharedSecret(String what) {
        this.what = what;
    }

    /** Called once, by {@code type}'s initializer. */
    public synchronized void register(Class<?> type, V value) {
        if (this.type != null) {
            throw new IllegalStateException(this.type.getName() + " registered " + what + " already");
        }
        this.type = type;
        this.value = value;
    }

    /** What {@code type} handed over, after initializing that class (which registers it). */
    public V of(Class<?> type) {
        try {
            MethodHandles.lookup().ensureInitialized(type);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + " is not accessible to the engine", e);
        }
        V v = value;
        synchronized (this) {
            if (v == null || this.type != type) {
                throw new IllegalStateException(type.getName() + " registered no " + what);
            }
        }
        return v;
    }
}
