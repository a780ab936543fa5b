package io.jazmin.spring.data.freshness;

import io.jazmin.mapping.annotation.JazminId;
import java.util.LinkedHashMap;
import java.util.Map;

/** The entity the freshness tests store; bound to the file {@code books}. */
public record Book(@JazminId long id, String title, String genre) {

    /** The cells another writer appends for this book (the columns the mapper gives the record). */
    public Map<String, Object> cells() {
        Map<String, Object> cells = new LinkedHashMap<>();
        cells.put("id", id);
        cells.put("title", title);
        cells.put("genre", genre);
        return cells;
    }
}
