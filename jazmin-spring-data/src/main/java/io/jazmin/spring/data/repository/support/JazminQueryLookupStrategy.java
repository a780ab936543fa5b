package io.jazmin.spring.data.repository.support;

import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.repository.query.JazminPartTreeQuery;
import java.lang.reflect.Method;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/** Derives every query method from its name; JAZMIN has no declared (string) queries. */
public class JazminQueryLookupStrategy implements QueryLookupStrategy {
    private final JazminOperations operations;

    public JazminQueryLookupStrategy(JazminOperations operations) {
        this.operations = operations;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
                                        NamedQueries namedQueries) {
        return new JazminPartTreeQuery(new QueryMethod(method, metadata, factory), operations, factory,
                metadata.getRepositoryInterface());
    }
}
