package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.query.JazminQuery;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * A derived query method. The method name is parsed and checked when the repository is created
 * (an unsupported keyword fails startup); each call builds the engine filter with
 * {@link JazminQueryCreator}.
 */
public class JazminPartTreeQuery extends AbstractJazminQuery {
    private final PartTree tree;

    /**
     * @throws UnsupportedQueryException when the method uses a keyword or property the engine cannot serve
     */
    public JazminPartTreeQuery(QueryMethod method, JazminOperations operations, ProjectionFactory projections,
                               Class<?> repositoryInterface) {
        super(method, operations, projections, repositoryInterface);
        this.tree = new PartTree(method.getName(), entity().getType());
        PartFilters.validate(tree, entity(), name());
    }

    @Override
    protected JazminQuery createQuery(ParametersParameterAccessor accessor) {
        JazminQuery query = new JazminQueryCreator(tree, accessor, entity(), name()).createQuery();
        return query.withLimit(withLimitArgument(tree.isLimiting() ? tree.getMaxResults() : -1, accessor));
    }

    @Override
    protected boolean isCountQuery() {
        return tree.isCountProjection();
    }

    @Override
    protected boolean isExistsQuery() {
        return tree.isExistsProjection();
    }

    @Override
    protected boolean isDeleteQuery() {
        return tree.isDelete();
    }

    @Override
    protected Sort declaredSort() {
        return tree.getSort();
    }
}
