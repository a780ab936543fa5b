package io.jazmin.mapping;

import io.jazmin.schema.IndexKind;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Type;
import java.util.List;

/**
 * One mapped member of a record or POJO.
 *
 * @param name        the column (or JSON property) name
 * @param member      the Java member name
 * @param type        the member's declared generic type
 * @param primitive   whether the member is a primitive (never null)
 * @param nonNull     whether a non-null annotation marks it
 * @param id          whether it is the {@code @JazminId} member
 * @param description the column description, or empty
 * @param indexes     the index kinds asked for
 * @param sortOrder   its place among the sort columns, or {@code null}
 * @param nested      whether {@code @JazminNested} asks for a nested column
 * @param finite      whether {@code @JazminFinite} refuses NaN and ±Infinity
 * @param getter      reads the member: {@code (Object) -> Object}
 */
record Property(String name, String member, Type type, boolean primitive, boolean nonNull, boolean id,
                String description, List<IndexKind> indexes, Integer sortOrder, boolean nested, boolean finite,
                MethodHandle getter) {

    /** Whether nulls are refused (primitives, non-null annotations and ids). */
    boolean required() {
        return primitive || nonNull || id;
    }

    /** The member's value on {@code target}. */
    Object get(Object target) {
        try {
            return (Object) getter.invokeExact(target);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw unreadable(e);
        }
    }

    /** The failure for a checked exception thrown by the type's own getter. */
    MappingException unreadable(Throwable e) {
        return MappingException.schema(MappingException.Reason.INVALID_VALUE, name,
                "cannot read " + member + ": " + e).causedBy(e);
    }
}
