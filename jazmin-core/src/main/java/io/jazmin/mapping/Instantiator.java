package io.jazmin.mapping;

/** Builds an instance from the values of its mapped properties, in property order. */
@FunctionalInterface
interface Instantiator {
    /**
     * @param values one value per mapped property; may be reused by the caller after the call
     */
    Object create(Object[] values);
}
