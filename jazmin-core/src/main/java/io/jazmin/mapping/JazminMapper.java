package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.WriteLock;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Maps one record or POJO type to JAZMIN rows and back. Thread-safe; get one per type and reuse it:
 * row mappers are compiled once per file schema and cached here.
 *
 * <pre>{@code
 * record Customer(@JazminId long id, String name, LocalDate joined, Optional<String> email) {}
 *
 * JazminMapper<Customer> customers = JazminMapper.forType(Customer.class);
 * customers.write(path, List.of(new Customer(1, "Ann", LocalDate.of(2024, 1, 2), Optional.empty())));
 * try (JazminReader reader = JazminReader.open(path)) {
 *     List<Customer> found = customers.table(reader).find(Filter.eq("name", "Ann")).toList();
 * }
 * }</pre>
 *
 * @param <T> the mapped type
 */
public final class JazminMapper<T> {
    /**
     * The mappers of each type, one per options. A {@link ClassValue} rather than a map keyed by
     * class: the entry lives with the class, so a class loader thrown away (a redeploy, a devtools
     * restart) is not kept alive by this cache.
     */
    private static final ClassValue<Map<MappingOptions, JazminMapper<?>>> MAPPERS = new ClassValue<>() {
        @Override
        protected Map<MappingOptions, JazminMapper<?>> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private final Class<T> type;
    private final ConverterFactory factory;
    private final ClassModel model;
    private final List<ValueConverter> converters;
    private final TypeSchema schema;
    private final Map<SchemaKey, RowMapper<T>> compiled = new ConcurrentHashMap<>();
    /** Reads every member in one call; built on first use (thread-safe, it holds only handles). */
    private volatile MemberReader members;

    private record SchemaKey(List<Column> columns, boolean projection) {
    }

    private JazminMapper(Class<T> type, MappingOptions options) {
        this.type = type;
        this.factory = new ConverterFactory(options);
        this.model = ClassModel.of(type);
        this.converters = factory.members(model);
        this.schema = SchemaDeriver.derive(model, converters);
    }

    /** The mapper of {@code type} with {@link MappingOptions#defaults()}. */
    public static <T> JazminMapper<T> forType(Class<T> type) {
        return forType(type, MappingOptions.defaults());
    }

    /**
     * The mapper of {@code type} with {@code options} (one instance per pair, kept for reuse).
     *
     * @throws MappingException when the type cannot be mapped (reason {@code UNSUPPORTED_TYPE})
     */
    @SuppressWarnings("unchecked")
    public static <T> JazminMapper<T> forType(Class<T> type, MappingOptions options) {
        return (JazminMapper<T>) MAPPERS.get(type).computeIfAbsent(options, o -> new JazminMapper<>(type, o));
    }

    public Class<T> type() {
        return type;
    }

    public MappingOptions options() {
        return factory.options();
    }

    /** The schema objects of this type are written with. */
    public TypeSchema schema() {
        return schema;
    }

    /**
     * Starts writing objects to a new file at {@code path}, sorted as the schema declares, taking
     * the file's writer lock (see {@link JazminWriter#create(Path, List, WriteOptions)}).
     */
    public ObjectWriter<T> writer(Path path, WriteOptions options) {
        WriteOptions applied = schema.applyTo(options);
        return new ObjectWriter<>(this, columns -> JazminWriter.create(path, columns, applied));
    }

    /**
     * Starts writing objects to a new version of {@code held}'s file, for a caller that holds its
     * writer lock already and releases it afterwards (see {@link JazminWriter#create(WriteLock, List, WriteOptions)}).
     */
    public ObjectWriter<T> writer(WriteLock held, WriteOptions options) {
        WriteOptions applied = schema.applyTo(options);
        return new ObjectWriter<>(this, columns -> JazminWriter.create(held, columns, applied));
    }

    /** Writes {@code objects} to a new file with default write options. */
    public void write(Path path, Iterable<? extends T> objects) {
        write(path, objects, WriteOptions.defaults());
    }

    /** Writes {@code objects} to a new file. */
    public void write(Path path, Iterable<? extends T> objects, WriteOptions options) {
        try (ObjectWriter<T> w = writer(path, options)) {
            w.writeAll(objects);
            w.finish();
        }
    }

    /** Writes a stream of objects to a new file (consumed in order, one chunk in memory at a time). */
    public void write(Path path, Stream<? extends T> objects, WriteOptions options) {
        try (ObjectWriter<T> w = writer(path, options)) {
            w.writeAll(objects);
            w.finish();
        }
    }

    /**
     * The cells the object mapping stores for {@code object}, one per schema column in order: what
     * {@link ObjectWriter#write} writes for it, as a column name to cell map (for the engine's
     * appends and upserts).
     *
     * @throws MappingException when a member cannot be mapped or a non-null member is null
     */
    public Map<String, Object> cells(T object) {
        Object[] cells = cellArray(object, context(), -1);
        List<Column> columns = schema.columns();
        Map<String, Object> row = new LinkedHashMap<>(columns.size() * 2);
        for (int i = 0; i < cells.length; i++) {
            row.put(columns.get(i).name(), cells[i]);
        }
        return row;
    }

    /**
     * The members' cells of {@code object} as row {@code rowNumber} (for messages), converted in
     * {@code ctx}: the members' values, replaced in place by their cells.
     */
    Object[] cellArray(T object, MappingContext ctx, long rowNumber) {
        MemberReader reader = members;
        if (reader == null) {
            reader = new MemberReader(model.properties());
            members = reader;
        }
        ctx.startRow(rowNumber, object);
        List<Property> properties = model.properties();
        Object[] cells = reader.values(object);
        for (int i = 0; i < cells.length; i++) {
            Property p = properties.get(i);
            ctx.column(p.name());
            Object value = cells[i];
            ValueConverter converter = converters.get(i);
            if (converter.isNull(value)) {
                if (p.required()) {
                    throw ctx.fail(MappingException.Reason.NULL_VALUE, "null in non-null member " + p.member());
                }
                cells[i] = null; // an empty Optional, say
            } else {
                cells[i] = converter.toCell(value, ctx);
            }
        }
        return cells;
    }

    /**
     * The cell the member stored in {@code column} is written as when it holds {@code value}, by
     * the same rules as {@link ObjectWriter} (enums by name, {@code LocalDate} as midnight UTC, type
     * adapters, JSON-stored objects, ...); {@code null} for a null value or an empty
     * {@code Optional}. For building filter operands and rows to append with
     * {@link io.jazmin.JazminFile}.
     *
     * @throws JazminValidationException when no member of this type is stored in {@code column}
     * @throws MappingException           when {@code value} cannot be stored (for example a value not
     *                                    of the member's type)
     */
    public Object cellValue(String column, Object value) {
        List<Property> properties = model.properties();
        for (int i = 0; i < properties.size(); i++) {
            if (properties.get(i).name().equals(column)) {
                ValueConverter converter = converters.get(i);
                if (converter.isNull(value)) {
                    return null;
                }
                MappingContext ctx = context();
                // The member's value is not the row's root object: the root is never open here,
                // so a container value must not count as "already being written".
                ctx.startRow(-1, null);
                ctx.column(column);
                try {
                    return converter.toCell(value, ctx);
                } catch (ClassCastException e) {
                    throw ctx.fail(MappingException.Reason.TYPE_MISMATCH, value.getClass().getName()
                            + " is not the type of member " + properties.get(i).member()).causedBy(e);
                }
            }
        }
        throw new JazminValidationException(type.getName() + " stores no member in column '" + column + "'");
    }

    /**
     * The column the member {@code member} of this type is stored in: {@code member} names a record
     * component or a POJO field, or (POJOs) its getter ({@code getName}, {@code isActive}). Empty when
     * the type maps no such member (ignored, transient or unknown). For resolving accessors to
     * columns, as {@code io.jazmin.query} does.
     */
    public Optional<Column> memberColumn(String member) {
        List<Property> properties = model.properties();
        boolean pojo = !type.isRecord();
        for (int i = 0; i < properties.size(); i++) {
            String name = properties.get(i).member();
            String cap = name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
            if (name.equals(member) || pojo && (member.equals("get" + cap) || member.equals("is" + cap))) {
                return Optional.of(schema.columns().get(i));
            }
        }
        return Optional.empty();
    }

    /** The first table of {@code reader}, read as this type. */
    public ObjectTable<T> table(JazminReader reader) {
        return table(reader.table());
    }

    /**
     * {@code table} read as this type.
     *
     * @throws MappingException when the table's schema does not fit the type (in the options' mode)
     */
    public ObjectTable<T> table(JazminTable table) {
        return new ObjectTable<>(this, table, compile(table.columns(), false));
    }

    /** {@code table} read as this type, taking only the columns it maps (extra columns ignored in any mode). */
    public ObjectTable<T> projection(JazminTable table) {
        return new ObjectTable<>(this, table, compile(table.columns(), true));
    }

    RowMapper<T> compile(List<Column> columns, boolean projection) {
        return compiled.computeIfAbsent(new SchemaKey(List.copyOf(columns), projection),
                k -> RowMapperCompiler.compile(type, model, converters, k.columns(), factory, k.projection()));
    }

    MappingContext context() {
        return factory.context();
    }

    ClassModel model() {
        return model;
    }

    List<ValueConverter> converters() {
        return converters;
    }
}
