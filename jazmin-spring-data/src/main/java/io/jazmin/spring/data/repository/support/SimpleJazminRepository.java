package io.jazmin.spring.data.repository.support;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.core.query.ColumnSort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.StreamSupport;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.query.FluentQuery.FetchableFluentQuery;
import org.springframework.util.Assert;

/**
 * The default {@link JazminRepository}: CRUD, paging and sorting through {@link JazminOperations};
 * lookups by id use the id column's sorted index. Writes are in-place changes of the file (see
 * {@link JazminRepository}); every delete method is one engine delete (a versioned
 * {@code deleteAll(entities)}: one per entity), deletes by entity or id joining the file's group
 * commit, with the delete callbacks and events of each entity removed (see
 * {@link io.jazmin.spring.data.core.JazminTemplate#delete(Object)}). Examples are
 * translated by {@link ExampleFilter}.
 *
 * @param <T>  the entity type
 * @param <ID> the id type
 */
public class SimpleJazminRepository<T, ID> implements JazminRepository<T, ID> {
    private final EntityInformation<T, ID> information;
    private final JazminOperations operations;
    private final JazminPersistentEntity<?> entity;
    private final String idColumn;
    private final ProjectionFactory projections = new SpelAwareProxyProjectionFactory();

    public SimpleJazminRepository(EntityInformation<T, ID> information, JazminOperations operations) {
        this.information = information;
        this.operations = operations;
        this.entity = operations.getMappingContext().getRequiredPersistentEntity(information.getJavaType());
        this.idColumn = entity.getRequiredIdProperty().getColumnName();
    }

    @Override
    public <S extends T> S save(S entity) {
        Assert.notNull(entity, "entity must not be null");
        return operations.save(List.of(entity)).get(0);
    }

    @Override
    public <S extends T> List<S> saveAll(Iterable<S> entities) {
        Assert.notNull(entities, "entities must not be null");
        return operations.save(toList(entities));
    }

    @Override
    public Optional<T> findById(ID id) {
        Assert.notNull(id, "id must not be null");
        return operations.findOne(byId(id), information.getJavaType());
    }

    @Override
    public boolean existsById(ID id) {
        Assert.notNull(id, "id must not be null");
        return operations.exists(byId(id), information.getJavaType());
    }

    @Override
    public List<T> findAll() {
        return operations.find(JazminQuery.all(), information.getJavaType());
    }

    @Override
    public List<T> findAllById(Iterable<ID> ids) {
        return operations.find(JazminQuery.where(byIds(ids)), information.getJavaType());
    }

    @Override
    public long count() {
        return operations.count(null, information.getJavaType());
    }

    @Override
    public void deleteById(ID id) {
        Assert.notNull(id, "id must not be null");
        operations.deleteAllById(List.of(id), information.getJavaType());
    }

    @Override
    public void delete(T entity) {
        Assert.notNull(entity, "entity must not be null");
        operations.delete(entity);
    }

    @Override
    public void deleteAllById(Iterable<? extends ID> ids) {
        List<Object> all = new ArrayList<>();
        ids.forEach(all::add);
        operations.deleteAllById(all, information.getJavaType());
    }

    @Override
    public void deleteAll(Iterable<? extends T> entities) {
        operations.deleteAll(StreamSupport.stream(entities.spliterator(), false).toList());
    }

    @Override
    public void deleteAll() {
        operations.delete(null, information.getJavaType());
    }

    @Override
    public List<T> findAll(Sort sort) {
        return operations.find(JazminQuery.all().withSort(ColumnSort.of(sort, entity)), information.getJavaType());
    }

    @Override
    public Page<T> findAll(Pageable pageable) {
        Pageable byColumns = pageable.isPaged()
                ? PageRequest.of(pageable.getPageNumber(), pageable.getPageSize(), ColumnSort.of(pageable.getSort(),
                entity)) : pageable;
        return operations.page(JazminQuery.all(), byColumns, information.getJavaType());
    }

    @Override
    public void compact() {
        operations.compact(information.getJavaType());
    }

    @Override
    public <S extends T> Optional<S> findOne(Example<S> example) {
        return Optional.ofNullable(findBy(example, FetchableFluentQuery::oneValue));
    }

    @Override
    public <S extends T> List<S> findAll(Example<S> example) {
        return findBy(example, FetchableFluentQuery::all);
    }

    @Override
    public <S extends T> List<S> findAll(Example<S> example, Sort sort) {
        return findBy(example, q -> q.sortBy(sort).all());
    }

    @Override
    public <S extends T> Page<S> findAll(Example<S> example, Pageable pageable) {
        return findBy(example, q -> q.page(pageable));
    }

    @Override
    public <S extends T> long count(Example<S> example) {
        return operations.count(entity.getFileName(), exampleFilter(example));
    }

    @Override
    public <S extends T> boolean exists(Example<S> example) {
        return operations.exists(entity.getFileName(), exampleFilter(example));
    }

    @Override
    public <S extends T, R> R findBy(Example<S> example, Function<FetchableFluentQuery<S>, R> queryFunction) {
        Assert.notNull(queryFunction, "queryFunction must not be null");
        return queryFunction.apply(new ExampleFluentQuery<>(operations, entity, projections, exampleFilter(example),
                Sort.unsorted(), -1, example.getProbeType()));
    }

    private Filter exampleFilter(Example<?> example) {
        Assert.notNull(example, "example must not be null");
        return ExampleFilter.of(example, entity);
    }

    private Filter byId(ID id) {
        return Filter.eq(idColumn, entity.getMapper().cellValue(idColumn, id));
    }

    private Filter byIds(Iterable<? extends ID> ids) {
        List<Object> cells = new ArrayList<>();
        ids.forEach(id -> cells.add(entity.getMapper().cellValue(idColumn, id)));
        return Filter.in(idColumn, cells);
    }

    private static <S> List<S> toList(Iterable<S> items) {
        List<S> list = new ArrayList<>();
        items.forEach(list::add);
        return list;
    }
}
