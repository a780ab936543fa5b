/**
 * Object mapping: records and POJOs to rows and back.
 *
 * <p>{@link io.jazmin.mapping.JazminMapper} derives a schema from a class ({@link io.jazmin.mapping.TypeSchema}),
 * writes objects ({@link io.jazmin.mapping.ObjectWriter}) and reads them back through row mappers compiled
 * once per (class, file schema) ({@link io.jazmin.mapping.ObjectTable}). The Java type of each column is
 * recorded in its {@code attributes} as {@code {"javaType": "..."}} (JDK types by full name, other classes by
 * {@link io.jazmin.mapping.annotation.JazminTypeAlias} or simple name, so moving a class keeps files readable;
 * the full class names older files hold are accepted too); that text is only ever compared, never used to
 * load a class. Every refusal is a {@link io.jazmin.mapping.MappingException} naming row and column.
 */
package io.jazmin.mapping;
