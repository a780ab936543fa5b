/**
 * Annotations that shape the schema derived from a record or POJO: column names and descriptions,
 * the id, indexes, the sort order, ignored members and non-null members.
 */
package io.jazmin.mapping.annotation;
