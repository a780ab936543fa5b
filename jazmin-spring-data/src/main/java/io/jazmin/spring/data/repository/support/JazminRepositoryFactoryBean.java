package io.jazmin.spring.data.repository.support;

import io.jazmin.spring.data.core.JazminOperations;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.util.Assert;

/**
 * Carries the settings of one JAZMIN repository bean and creates it through
 * {@link JazminRepositoryFactory}.
 *
 * @param <T>  the repository type
 * @param <S>  the entity type
 * @param <ID> the id type
 */
public class JazminRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
        extends RepositoryFactoryBeanSupport<T, S, ID> {
    private JazminOperations operations;

    public JazminRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
        super(repositoryInterface);
    }

    /** The operations repositories run on (required). */
    public void setJazminOperations(JazminOperations operations) {
        this.operations = operations;
    }

    @Override
    public void afterPropertiesSet() {
        Assert.state(operations != null, "JazminOperations must be set");
        setMappingContext(operations.getMappingContext());
        super.afterPropertiesSet();
    }

    @Override
    protected RepositoryFactorySupport createRepositoryFactory() {
        return new JazminRepositoryFactory(operations);
    }
}
