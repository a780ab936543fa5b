package io.jazmin.testing;

import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads the parts of a conformance {@code queries.json} entry (see the conformance README). */
public final class QueryEntries {
    private QueryEntries() {
    }

    /** The entry's {@code where} as a filter, or {@code null} when it is null or absent (every row). */
    public static Filter filter(JsonNode entry) {
        JsonNode where = entry.path("where");
        return where.isObject() ? Filter.parse(where.toString()) : null;
    }

    /** The entry's {@code select}, {@code offset} and {@code limit}. */
    public static RowQuery query(JsonNode entry) {
        RowQuery q = RowQuery.all();
        if (entry.hasNonNull("select")) {
            List<String> select = new ArrayList<>();
            entry.get("select").forEach(s -> select.add(s.asString()));
            q = q.withSelect(select);
        }
        if (entry.hasNonNull("offset")) {
            q = q.withOffset(entry.get("offset").asLong());
        }
        if (entry.hasNonNull("limit")) {
            q = q.withLimit(entry.get("limit").asLong());
        }
        return q;
    }
}
