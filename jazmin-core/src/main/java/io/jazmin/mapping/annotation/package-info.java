/**
 * Annotations that shape the schema derived from a record or POJO: column names and descriptions,
 * the id, indexes, the sort order, ignored, non-null, nested and finite members, and the stable
 * names types are recorded under ({@link io.jazmin.mapping.annotation.JazminTypeAlias}).
 */
package io.jazmin.mapping.annotation;
