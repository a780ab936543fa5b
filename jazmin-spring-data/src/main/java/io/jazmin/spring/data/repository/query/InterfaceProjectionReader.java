package io.jazmin.spring.data.repository.query;

import io.jazmin.schema.Column;
import io.jazmin.mapping.JavaCells;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.RowQuery;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import io.jazmin.spring.data.core.query.MapRowReader;
import io.jazmin.spring.data.core.query.RowReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.projection.ProjectionFactory;

/**
 * Reads a closed interface projection: only the columns of its properties, each cell converted to
 * the entity property's type and served through a projection proxy over a map.
 */
final class InterfaceProjectionReader implements RowReader<Object> {
    private final Class<?> type;
    private final List<JazminPersistentProperty> properties;
    private final MapRowReader rows;
    private final ProjectionFactory factory;

    InterfaceProjectionReader(Class<?> type, List<String> properties, JazminPersistentEntity<?> entity,
                              ProjectionFactory factory) {
        this.type = type;
        this.properties = properties.stream().map(entity::getRequiredPersistentProperty).toList();
        this.rows = new MapRowReader(this.properties.stream().map(JazminPersistentProperty::getColumnName).toList());
        this.factory = factory;
    }

    /**
     * Whether every one of {@code properties} can be served from its cell: a scalar column whose
     * cells {@link CellValues#fromCell} converts to the member's type (an {@code Optional} is
     * wrapped by the projection proxy).
     */
    static boolean canRead(List<String> properties, JazminPersistentEntity<?> entity) {
        for (String name : properties) {
            JazminPersistentProperty p = entity.getPersistentProperty(name);
            if (p == null) {
                return false;
            }
            ColumnType column = entity.getMapper().schema().columns().stream()
                    .filter(c -> c.name().equals(p.getColumnName())).map(Column::type).findFirst().orElse(null);
            // The table's column type, too: a type adapter may store the member as another type.
            boolean converts = p.getType() == Optional.class
                    || CellValues.readsAs(p.getType()) && JavaCells.columnType(p.getType()) == column;
            if (column == null || !column.isOrdered() || !converts) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Stream<Object> find(JazminTable table, Filter filter, RowQuery query) {
        return rows.find(table, filter, query).map(this::project);
    }

    private Object project(Map<String, Object> row) {
        Map<String, Object> values = new HashMap<>();
        for (JazminPersistentProperty p : properties) {
            values.put(p.getName(), CellValues.fromCell(row.get(p.getColumnName()), p.getType()));
        }
        return factory.createProjection(type, values);
    }
}
