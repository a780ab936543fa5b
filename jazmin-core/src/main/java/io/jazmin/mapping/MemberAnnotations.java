package io.jazmin.mapping;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminFinite;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIgnore;
import io.jazmin.schema.IndexKind;
import io.jazmin.mapping.annotation.JazminIndex;
import io.jazmin.mapping.annotation.JazminNested;
import io.jazmin.mapping.annotation.JazminSortedBy;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.List;
import java.util.Set;

/**
 * The mapping annotations of one member. {@code primary} carries the JAZMIN annotations (the record
 * component or the field); non-null annotations are also looked for on the other elements Java
 * copies annotations to (accessor, field, annotated type), by simple name.
 */
final class MemberAnnotations {
    private static final Set<String> NON_NULL = Set.of("JazminNotNull", "NonNull", "NotNull", "Nonnull");

    private final AnnotatedElement primary;
    private final List<AnnotatedElement> all;

    MemberAnnotations(AnnotatedElement primary, List<AnnotatedElement> others) {
        this.primary = primary;
        this.all = others;
    }

    boolean ignored() {
        return primary.isAnnotationPresent(JazminIgnore.class);
    }

    boolean id() {
        return primary.isAnnotationPresent(JazminId.class);
    }

    /** The column name: {@code @JazminColumn(name)} or the member name. */
    String name(String member) {
        JazminColumn c = primary.getAnnotation(JazminColumn.class);
        return c == null || c.name().isEmpty() ? member : c.name();
    }

    /** Whether {@code @JazminNested} asks for a nested column. */
    boolean nested() {
        return primary.isAnnotationPresent(JazminNested.class);
    }

    /** Whether {@code @JazminFinite} refuses NaN and ±Infinity. */
    boolean finite() {
        return primary.isAnnotationPresent(JazminFinite.class);
    }

    String description() {
        JazminColumn c = primary.getAnnotation(JazminColumn.class);
        return c == null ? "" : c.description();
    }

    List<IndexKind> indexes() {
        JazminIndex i = primary.getAnnotation(JazminIndex.class);
        return i == null ? List.of() : List.of(i.value());
    }

    Integer sortOrder() {
        JazminSortedBy s = primary.getAnnotation(JazminSortedBy.class);
        return s == null ? null : s.order();
    }

    boolean nonNull() {
        for (AnnotatedElement e : all) {
            for (Annotation a : e.getAnnotations()) {
                if (NON_NULL.contains(a.annotationType().getSimpleName())) {
                    return true;
                }
            }
        }
        return false;
    }
}
