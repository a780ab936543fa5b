package io.jazmin.spring.data.repository.support;

import io.jazmin.spring.data.core.JazminOperations;
import java.util.Optional;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.PersistentEntityInformation;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;
import org.springframework.util.Assert;

/**
 * Creates JAZMIN repositories: {@link SimpleJazminRepository} as the base, entity information from
 * the mapping context, derived queries. Creating a repository prepares its entity's file (checks
 * it exists and fits, or creates it when allowed), so a misconfigured file fails startup.
 */
public class JazminRepositoryFactory extends RepositoryFactorySupport {
    private final JazminOperations operations;

    public JazminRepositoryFactory(JazminOperations operations) {
        Assert.notNull(operations, "operations must not be null");
        this.operations = operations;
    }

    @Override
    public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
        return new PersistentEntityInformation<>(operations.getMappingContext()
                .getRequiredPersistentEntity(metadata.getDomainType()));
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        operations.prepare(information.getDomainType());
        return getTargetRepositoryViaReflection(information, getEntityInformation(information), operations);
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleJazminRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.Key key,
                                                                   ValueExpressionDelegate delegate) {
        return Optional.of(new JazminQueryLookupStrategy(operations));
    }
}
