package io.jazmin.spring.data.repository.query;

import io.jazmin.Filter;
import io.jazmin.JazminTable;
import io.jazmin.RowQuery;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import io.jazmin.spring.data.core.query.MapRowReader;
import io.jazmin.spring.data.core.query.RowReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
