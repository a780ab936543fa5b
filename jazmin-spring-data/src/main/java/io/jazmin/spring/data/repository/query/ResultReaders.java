package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.MappedRowReader;
import io.jazmin.spring.data.core.query.RowReader;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.ReturnedType;

/**
 * Chooses how a query method's results are read, so that projections decode only their columns:
 * DTOs and records through the engine's object mapping, closed interfaces through a map of their
 * columns. Entities, open interface projections (SpEL) and closed ones with collection, nested or
 * adapted members read whole entities.
 */
public final class ResultReaders {
    private ResultReaders() {
    }

    /**
     * Whether {@link #of} reads whole entities that still need {@code ResultProcessor} to project:
     * open interfaces, and closed ones with a member only the object mapping can read.
     */
    public static boolean readsEntities(ReturnedType type, JazminPersistentEntity<?> entity) {
        return !type.isProjecting() || (type.isInterfaceProjection() && (!type.hasInputProperties()
                || !InterfaceProjectionReader.canRead(type.getInputProperties(), entity)));
    }

    /** The reader of {@code type}'s results (whole entities where {@link #readsEntities} says so). */
    public static RowReader<?> of(ReturnedType type, JazminPersistentEntity<?> entity, ProjectionFactory factory) {
        if (readsEntities(type, entity)) {
            return MappedRowReader.entity(entity.getMapper());
        }
        if (type.isInterfaceProjection()) {
            return new InterfaceProjectionReader(type.getReturnedType(), type.getInputProperties(), entity, factory);
        }
        return MappedRowReader.projection(type.getReturnedType());
    }
}
