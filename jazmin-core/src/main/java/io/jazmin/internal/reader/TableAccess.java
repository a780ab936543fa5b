package io.jazmin.internal.reader;

import java.lang.invoke.MethodHandles;
import java.util.function.Function;

/**
 * How the object mapper reaches the engine side ({@link TableReader}) of the API's tables
 * ({@code io.jazmin.JazminTable}), whose accessor is not public so that no public signature names
 * the engine. The table class hands its accessor over from its class initializer, as {@code Row}
 * hands {@link io.jazmin.internal.column.RowFactory} its constructor; generic in the table type
 * because this layer lies below the entry points, which it must not import.
 */
public final class TableAccess {
    private record Accessor<T>(Class<T> type, Function<T, TableReader> engine) {
    }

    private static volatile Accessor<?> accessor;

    private TableAccess() {
    }

    /** Called once, by the table class's initializer. */
    public static synchronized <T> void register(Class<T> type, Function<T, TableReader> engine) {
        if (accessor != null) {
            throw new IllegalStateException("tables are reached through " + accessor.type().getName() + " already");
        }
        accessor = new Accessor<>(type, engine);
    }

    /** The engine side of {@code table}, after initializing its class (which registers the accessor). */
    public static <T> TableReader engine(Class<T> type, T table) {
        try {
            MethodHandles.lookup().ensureInitialized(type);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + " is not accessible to the engine", e);
        }
        Accessor<?> a = accessor;
        if (a == null || a.type() != type) {
            throw new IllegalStateException(type.getName() + " registered no accessor of its engine");
        }
        @SuppressWarnings("unchecked")
        Function<T, TableReader> engine = (Function<T, TableReader>) a.engine();
        return engine.apply(table);
    }
}
