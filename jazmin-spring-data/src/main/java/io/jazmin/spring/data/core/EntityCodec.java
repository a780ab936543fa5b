package io.jazmin.spring.data.core;

import io.jazmin.schema.IndexKind;
import io.jazmin.options.WriteOptions;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.ObjectWriter;
import io.jazmin.mapping.TypeSchema;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import io.jazmin.spring.data.core.query.MappedRowReader;
import io.jazmin.spring.data.core.query.RowReader;
import io.jazmin.WriteLock;
import java.util.Map;

/** Entities through the engine's object mapping; the id column always gets a sorted index. */
final class EntityCodec<T> implements RowCodec<T> {
    private final JazminPersistentEntity<T> entity;
    private final JazminMapper<T> mapper;

    EntityCodec(JazminPersistentEntity<T> entity) {
        this.entity = entity;
        this.mapper = entity.getMapper();
    }

    @Override
    public RowReader<T> reader() {
        return MappedRowReader.entity(mapper);
    }

    /** The cell the engine's object mapping stores for the member in {@code column}. */
    @Override
    public Object cell(T row, String column) {
        JazminPersistentProperty property = entity.getPropertyForColumn(column);
        if (property == null) {
            throw new IllegalArgumentException(entity.getType().getName() + " has no property for column '"
                    + column + "'");
        }
        return mapper.cellValue(column, entity.getPropertyAccessor(row).getProperty(property));
    }

    /** Every column of the entity's schema, converted as the object mapping writes it. */
    @Override
    public Map<String, ?> cells(T row) {
        // All members in one pass (one getter handle, one mapping context), not one lookup per column.
        return mapper.cells(row);
    }

    @Override
    public WriteOptions declared(WriteOptions options) {
        TypeSchema schema = mapper.schema();
        WriteOptions declared = schema.applyTo(options);
        for (TypeSchema.Index index : schema.indexes()) {
            declared = declared.withIndex(index.column(), IndexKind.fromName(index.kind().kindName()));
        }
        String id = entity.getIdColumn();
        return id == null ? declared : declared.withIndex(id, IndexKind.SORTED);
    }

    @Override
    public Sink<T> open(WriteLock held, WriteOptions options) {
        ObjectWriter<T> writer = mapper.writer(held, options);
        return new Sink<>() {
            @Override
            public void write(T row) {
                writer.write(row);
            }

            @Override
            public void finish() {
                writer.finish();
            }

            @Override
            public void close() {
                writer.abort();
            }
        };
    }
}
