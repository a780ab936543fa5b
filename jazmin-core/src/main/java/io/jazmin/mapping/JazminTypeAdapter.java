package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;

/**
 * Maps a Java type the library does not know to a scalar column. Adapters must be pure and
 * deterministic (no I/O). Register them in {@link TypeAdapters}.
 *
 * <pre>{@code
 * record Money(long cents) {}
 * JazminTypeAdapter<Money> money = JazminTypeAdapter.of(Money.class, "money", ColumnType.INT,
 *         m -> m.cents(), cell -> new Money((Long) cell));
 * }</pre>
 *
 * @param <T> the Java type
 */
public interface JazminTypeAdapter<T> {
    /** The Java type handled (subclasses too, unless they have an adapter of their own). */
    Class<T> javaType();

    /** The logical type name recorded in the column's {@code javaType} attribute. */
    String logicalName();

    /** The column type values are stored as: a scalar type, not {@code list} or {@code object}. */
    ColumnType storage();

    /** The stored value, of the Java type {@link ColumnType} gives {@link #storage()}. */
    Object write(T value);

    /** The Java value of a stored value (never null). */
    T read(Object stored);

    /** An adapter from two functions. */
    static <T> JazminTypeAdapter<T> of(Class<T> type, String logicalName, ColumnType storage,
                                       java.util.function.Function<? super T, ?> write,
                                       java.util.function.Function<Object, ? extends T> read) {
        if (storage.isNested()) {
            throw new io.jazmin.error.JazminValidationException("adapters store scalar column types, not " + storage.typeName());
        }
        return new JazminTypeAdapter<>() {
            @Override
            public Class<T> javaType() {
                return type;
            }

            @Override
            public String logicalName() {
                return logicalName;
            }

            @Override
            public ColumnType storage() {
                return storage;
            }

            @Override
            public Object write(T value) {
                return write.apply(value);
            }

            @Override
            public T read(Object stored) {
                return read.apply(stored);
            }
        };
    }
}
