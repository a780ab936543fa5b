package io.jazmin.query;

import java.io.Serializable;
import java.util.function.Function;

/**
 * A method reference to an accessor of a mapped type, such as {@code Customer::country} (a record
 * component) or {@code Customer::getCountry} (a POJO getter). It is serializable only so that the
 * method it names can be read once from its {@link java.lang.invoke.SerializedLambda}; queries never
 * call it. A lambda ({@code c -> c.country()}) names no member and is refused.
 *
 * @param <T> the mapped type
 * @param <V> the member's type
 */
@FunctionalInterface
public interface Accessor<T, V> extends Function<T, V>, Serializable {
}
