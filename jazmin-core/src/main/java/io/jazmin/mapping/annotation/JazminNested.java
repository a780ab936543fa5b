package io.jazmin.mapping.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores the member as a nested column (spec §1.10) instead of a {@code json} column: a
 * {@code List}/{@code Set} becomes a {@code list} column and a record or POJO an {@code object}
 * column, and so do the collections and records inside them, down to scalar leaves. An
 * {@code OffsetDateTime} or {@code ZonedDateTime} becomes an {@code object} column
 * {@code {at: datetime, zone: string}} (its instant, and its offset or zone id). Members of
 * other types (maps, arrays, polymorphic types, {@code Optional}s of structured types) stay json
 * cells. Files with nested columns need readers supporting the {@code nested-columns} feature.
 * {@link io.jazmin.mapping.MappingOptions#withNestedColumns(boolean)} does this for every member.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface JazminNested {
}
