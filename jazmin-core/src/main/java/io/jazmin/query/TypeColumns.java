package io.jazmin.query;

import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.MappingOptions;
import io.jazmin.schema.Column;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The columns of one mapped type (one {@link JazminMapper}) that accessors resolve to, each found
 * once and kept: the engine sees only column names, never accessors.
 *
 * @param <T> the mapped type
 */
final class TypeColumns<T> {
    /** One per mapper, kept with the type's class as {@link JazminMapper} keeps its mappers. */
    private static final ClassValue<Map<MappingOptions, TypeColumns<?>>> ALL = new ClassValue<>() {
        @Override
        protected Map<MappingOptions, TypeColumns<?>> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private final JazminMapper<T> mapper;
    /** The binary names of the type and its supertypes: the classes an accessor may be declared in. */
    private final Set<String> owners = new HashSet<>();
    private final Map<String, Column> byMethod = new ConcurrentHashMap<>();

    private TypeColumns(JazminMapper<T> mapper) {
        this.mapper = mapper;
        addOwners(mapper.type());
    }

    @SuppressWarnings("unchecked")
    static <T> TypeColumns<T> of(JazminMapper<T> mapper) {
        return (TypeColumns<T>) ALL.get(mapper.type()).computeIfAbsent(mapper.options(), o -> new TypeColumns<>(mapper));
    }

    private void addOwners(Class<?> c) {
        if (c != null && owners.add(c.getName())) {
            addOwners(c.getSuperclass());
            for (Class<?> i : c.getInterfaces()) {
                addOwners(i);
            }
        }
    }

    JazminMapper<T> mapper() {
        return mapper;
    }

    /** The column {@code accessor} reads. */
    Column column(Accessor<T, ?> accessor) {
        AccessorMember member = AccessorMember.of(accessor);
        if (!owners.contains(member.owner())) {
            throw new InvalidQueryException(member + " is not a member of " + mapper.type().getName());
        }
        Column column = byMethod.get(member.method());
        if (column == null) {
            column = mapper.memberColumn(member.method()).orElseThrow(() -> new InvalidQueryException(member
                    + " is not a column of " + mapper.type().getName() + " (not a mapped member, or ignored)"));
            byMethod.put(member.method(), column);
        }
        return column;
    }

    /** {@code value} as the cell the member in {@code column} is written as (enums by name, dates as instants...). */
    Object cell(Column column, Object value) {
        return mapper.cellValue(column.name(), value);
    }
}
