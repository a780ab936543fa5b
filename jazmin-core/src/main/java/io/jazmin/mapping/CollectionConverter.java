package io.jazmin.mapping;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Lists and sets as JSON arrays. Sets are read into a {@code LinkedHashSet} (iteration order kept) or a
 * {@code TreeSet} for sorted sets; a repeated element in a set cell is refused.
 */
final class CollectionConverter extends JsonStoredConverter {
    /** The implementations read for each declared collection type; nothing else is ever instantiated. */
    private static final Map<Class<?>, Supplier<Collection<Object>>> KINDS = Map.of(
            Collection.class, ArrayList::new, List.class, ArrayList::new, ArrayList.class, ArrayList::new,
            LinkedList.class, LinkedList::new, Set.class, LinkedHashSet::new, LinkedHashSet.class, LinkedHashSet::new,
            java.util.HashSet.class, LinkedHashSet::new, SortedSet.class, TreeSet::new, NavigableSet.class,
            TreeSet::new, TreeSet.class, TreeSet::new);

    private final ValueConverter element;
    private final Supplier<Collection<Object>> factory;
    private final boolean set;

    private CollectionConverter(Type declared, ValueConverter element, Supplier<Collection<Object>> factory) {
        super(declared);
        this.element = element;
        this.factory = factory;
        this.set = Set.class.isAssignableFrom(Types.raw(declared));
    }

    /** Whether {@code raw} is a collection type this converter can build. */
    static boolean handles(Class<?> raw) {
        return KINDS.containsKey(raw);
    }

    static CollectionConverter of(Type declared, ValueConverter element) {
        return new CollectionConverter(declared, element, KINDS.get(Types.raw(declared)));
    }

    /** A new, empty collection of the declared kind. */
    Collection<Object> empty() {
        return factory.get();
    }

    /** Adds an element read to {@code out}, refusing a repeated element in a set. */
    void add(Collection<Object> out, Object item, MappingContext ctx) {
        if (!out.add(item) && set) {
            throw ctx.fail(MappingException.Reason.DUPLICATE, "repeated element in a set");
        }
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        Collection<?> items = (Collection<?>) value;
        ctx.enter(value);
        ctx.checkItems(items.size());
        ArrayNode out = JsonCodec.NODES.arrayNode(items.size());
        int i = 0;
        for (Object item : items) {
            ctx.push("[" + i++ + "]");
            out.add(element(element, item, ctx));
            ctx.pop();
        }
        ctx.exit(value);
        return out;
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        if (!node.isArray()) {
            throw mismatch("array", node, ctx);
        }
        ctx.enter(null);
        ctx.checkItems(node.size());
        Collection<Object> out = empty();
        for (int i = 0; i < node.size(); i++) {
            ctx.push("[" + i + "]");
            add(out, element(element, node.get(i), ctx), ctx);
            ctx.pop();
        }
        ctx.exit(null);
        return out;
    }
}
