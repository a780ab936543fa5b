package io.jazmin.spring.data.repository.query;

import io.jazmin.spring.data.core.query.ColumnSort;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.repository.Query;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;

/**
 * A query method with a declared filter: {@link Query#value()} or a named query. The filter and its
 * placeholders are checked when the repository is created; each call binds the arguments. Whether
 * the method counts, checks existence or deletes comes from {@link Query}; a named query without
 * {@code @Query} takes it from the method name's prefix ({@code count…}, {@code exists…},
 * {@code delete…}/{@code remove…}).
 */
public class JazminStringQuery extends AbstractJazminQuery {
    private static final Pattern COUNT = Pattern.compile("^count(\\p{Lu}.*)?$");
    private static final Pattern EXISTS = Pattern.compile("^exists(\\p{Lu}.*)?$");
    private static final Pattern DELETE = Pattern.compile("^(delete|remove)(\\p{Lu}.*)?$");

    private final FilterTemplate template;
    private final int[] arguments; // the bindable argument each placeholder takes
    private final boolean count;
    private final boolean exists;
    private final boolean delete;

    /**
     * @param filter the JSON filter with placeholders
     * @param query  the method's annotation, or {@code null} for a named query used without it
     * @throws UnsupportedQueryException when the filter is invalid, names an unknown column or property, or a
     *                                   placeholder names no parameter of the method
     */
    public JazminStringQuery(String filter, Query query, QueryMethod method, JazminOperations operations,
                             ProjectionFactory projections, Class<?> repositoryInterface) {
        super(method, operations, projections, repositoryInterface);
        this.template = FilterTemplate.parse(filter, entity(), name());
        this.arguments = template.placeholders().stream()
                .mapToInt(p -> argument(p, method.getParameters().getBindableParameters())).toArray();
        String methodName = method.getName();
        this.count = query != null ? query.count() : COUNT.matcher(methodName).matches();
        this.exists = query != null ? query.exists() : EXISTS.matcher(methodName).matches();
        this.delete = query != null ? query.delete() : DELETE.matcher(methodName).matches();
        if ((count ? 1 : 0) + (exists ? 1 : 0) + (delete ? 1 : 0) > 1) {
            throw FilterTemplate.invalid(name(), "only one of count, exists and delete can be set");
        }
    }

    private int argument(FilterTemplate.Placeholder placeholder, Parameters<?, ?> bindable) {
        if (placeholder.name() == null) {
            if (placeholder.index() >= bindable.getNumberOfParameters()) {
                throw FilterTemplate.invalid(name(), "placeholder " + placeholder + " but the method has "
                        + bindable.getNumberOfParameters() + " bindable parameter(s)");
            }
            return placeholder.index();
        }
        List<? extends Parameter> parameters = bindable.toList();
        for (int i = 0; i < parameters.size(); i++) {
            if (parameters.get(i).getName().filter(placeholder.name()::equals).isPresent()) {
                return i;
            }
        }
        throw FilterTemplate.invalid(name(), "placeholder " + placeholder + " names no parameter (use @Param(\""
                + placeholder.name() + "\") or compile with -parameters)");
    }

    @Override
    protected JazminQuery createQuery(ParametersParameterAccessor accessor) {
        JazminQuery query = JazminQuery.where(template.bind(at -> accessor.getBindableValue(arguments[at])))
                .withSort(ColumnSort.of(accessor.getSort(), entity()));
        return query.withLimit(withLimitArgument(-1, accessor));
    }

    @Override
    protected boolean isCountQuery() {
        return count;
    }

    @Override
    protected boolean isExistsQuery() {
        return exists;
    }

    @Override
    protected boolean isDeleteQuery() {
        return delete;
    }

    @Override
    protected Sort declaredSort() {
        return Sort.unsorted();
    }
}
