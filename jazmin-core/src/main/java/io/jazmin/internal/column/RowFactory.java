package io.jazmin.internal.column;

/**
 * How the engine makes the API's rows ({@code io.jazmin.data.Row}), whose constructor is not public so
 * that no public signature names the engine types a row is a view over. The row class hands its
 * constructor over here from its class initializer (the JDK's "shared secrets" pattern); the engine
 * takes it with {@link #of}. Generic in the row type because this layer lies below the API's data
 * package, which it must not import. The row class also hands over its {@link View}, through which
 * the object mapper reads a row's decoded vectors directly ({@link #view}).
 */
public final class RowFactory {
    /** Makes a row viewing the decoded {@code vectors} of a chunk at {@code position}. */
    @FunctionalInterface
    public interface Maker<R> {
        R make(RowLayout layout, ColumnVector[] vectors, int position, long rowId);
    }

    /** What a row views: the decoded vectors of its chunk and its position in them. */
    public interface View<R> {
        ColumnVector[] vectors(R row);

        int position(R row);
    }

    private record Registered<R>(Maker<R> maker, View<R> view) {
    }

    private static final SharedSecret<Registered<?>> REGISTERED = new SharedSecret<>("a maker of its rows");

    private RowFactory() {
    }

    /** Called once, by the row class's initializer. */
    public static <R> void register(Class<R> type, Maker<R> maker, View<R> view) {
        REGISTERED.register(type, new Registered<>(maker, view));
    }

    /** The maker of rows of {@code type}, after initializing that class (which registers it). */
    public static <R> Maker<R> of(Class<R> type) {
        return registered(type).maker();
    }

    /** The view of rows of {@code type}, after initializing that class (which registers it). */
    public static <R> View<R> view(Class<R> type) {
        return registered(type).view();
    }

    @SuppressWarnings("unchecked")
    private static <R> Registered<R> registered(Class<R> type) {
        return (Registered<R>) REGISTERED.of(type);
    }
}
