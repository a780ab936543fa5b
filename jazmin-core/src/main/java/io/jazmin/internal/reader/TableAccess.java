package io.jazmin.internal.reader;

import io.jazmin.internal.column.SharedSecret;
import java.util.function.Function;

/**
 * How the object mapper reaches the engine side ({@link TableReader}) of the API's tables
 * ({@code io.jazmin.JazminTable}), whose accessor is not public so that no public signature names
 * the engine. The table class hands its accessor over from its class initializer, as {@code Row}
 * hands {@link io.jazmin.internal.column.RowFactory} its constructor; generic in the table type
 * because this layer lies below the entry points, which it must not import.
 */
public final class TableAccess {
    private static final SharedSecret<Function<?, TableReader>> ENGINE = new SharedSecret<>("an accessor of its engine");

    private TableAccess() {
    }

    /** Called once, by the table class's initializer. */
    public static <T> void register(Class<T> type, Function<T, TableReader> engine) {
        ENGINE.register(type, engine);
    }

    /** The engine side of {@code table}, after initializing its class (which registers the accessor). */
    @SuppressWarnings("unchecked")
    public static <T> TableReader engine(Class<T> type, T table) {
        return ((Function<T, TableReader>) ENGINE.of(type)).apply(table);
    }
}
