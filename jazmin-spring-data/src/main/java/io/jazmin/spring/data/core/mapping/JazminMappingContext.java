package io.jazmin.spring.data.core.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.mapping.context.AbstractMappingContext;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/** Spring Data's view of JAZMIN entity types: which file each one uses and the column of each property. */
public class JazminMappingContext extends AbstractMappingContext<JazminPersistentEntity<?>, JazminPersistentProperty> {
    /** Types the engine stores as one cell, never as a nested entity. */
    private static final Set<Class<?>> CELL_TYPES = Set.of(Instant.class, LocalDate.class, LocalDateTime.class,
            LocalTime.class, OffsetDateTime.class, ZonedDateTime.class, Duration.class, UUID.class, BigDecimal.class,
            BigInteger.class);

    public JazminMappingContext() {
        setSimpleTypeHolder(new SimpleTypeHolder(CELL_TYPES, true));
    }

    @Override
    protected <T> JazminPersistentEntity<?> createPersistentEntity(TypeInformation<T> typeInformation) {
        return new JazminPersistentEntity<>(typeInformation);
    }

    @Override
    protected JazminPersistentProperty createPersistentProperty(Property property, JazminPersistentEntity<?> owner,
                                                               SimpleTypeHolder simpleTypeHolder) {
        return new JazminPersistentProperty(property, owner, simpleTypeHolder);
    }
}
