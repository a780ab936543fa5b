package io.jazmin.spring.data.repository.support;

import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.repository.Query;
import io.jazmin.spring.data.repository.ShapeExport;
import io.jazmin.spring.data.repository.query.JazminPartTreeQuery;
import io.jazmin.spring.data.repository.query.JazminShapeExportQuery;
import io.jazmin.spring.data.repository.query.JazminStringQuery;
import io.jazmin.spring.data.repository.query.UnsupportedQueryException;
import java.lang.reflect.Method;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Finds what each query method runs: the export shape of {@link ShapeExport}, or its filter: the {@link Query} annotation's, else the named query
 * {@code Entity.method} (from {@code META-INF/jazmin-named-queries.properties}), else one derived
 * from the method name.
 */
public class JazminQueryLookupStrategy implements QueryLookupStrategy {
    private final JazminOperations operations;

    public JazminQueryLookupStrategy(JazminOperations operations) {
        this.operations = operations;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
                                        NamedQueries namedQueries) {
        QueryMethod queryMethod = new QueryMethod(method, metadata, factory);
        Class<?> repository = metadata.getRepositoryInterface();
        ShapeExport export = AnnotatedElementUtils.findMergedAnnotation(method, ShapeExport.class);
        if (export != null) {
            return new JazminShapeExportQuery(export, method, queryMethod, operations, repository);
        }
        Query query = AnnotatedElementUtils.findMergedAnnotation(method, Query.class);
        String named = queryMethod.getNamedQueryName();
        if (query != null && !query.value().isEmpty()) {
            return new JazminStringQuery(query.value(), query, queryMethod, operations, factory, repository);
        }
        if (namedQueries.hasQuery(named)) {
            return new JazminStringQuery(namedQueries.getQuery(named), query, queryMethod, operations, factory,
                    repository);
        }
        if (query != null) {
            throw new UnsupportedQueryException("Method " + repository.getSimpleName() + "." + method.getName()
                    + " has @Query without a filter and there is no named query '" + named
                    + "' in META-INF/jazmin-named-queries.properties");
        }
        return new JazminPartTreeQuery(queryMethod, operations, factory, repository);
    }
}
