package io.jazmin.spark;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * What a table of Spark's session catalog hands the source: its properties, from which the read and
 * write options are taken. A catalog table's property map (it names the {@code provider}) holds the
 * {@code OPTIONS (…)} of its creation twice, plain and as {@code option.<name>} (Spark keeps both
 * during its move to the prefix), beside table properties that are no options (owner, location,
 * comment, {@code TBLPROPERTIES}); so only the prefixed entries are options, and the table's
 * location (Spark adds it as {@code path}) is the path. Maps from {@code load(...)}/{@code save(...)}
 * are options as they are.
 */
final class CatalogProperties {
    private CatalogProperties() {
    }

    /** Whether {@code properties} are a catalog table's (they name its provider). */
    static boolean fromCatalog(Map<String, String> properties) {
        return properties.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(TableCatalog.PROP_PROVIDER));
    }

    /**
     * The options in {@code properties}: for a catalog table its {@code option.*} entries and its
     * location as {@code path} (none while a managed table is being created: Spark picks its folder
     * after asking the source for the table); otherwise the map itself.
     */
    static Map<String, String> options(Map<String, String> properties) {
        if (!fromCatalog(properties)) {
            return properties;
        }
        Map<String, String> options = new HashMap<>();
        String location = null;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String key = e.getKey().toLowerCase(Locale.ROOT);
            if (key.startsWith(TableCatalog.OPTION_PREFIX)) {
                options.put(e.getKey().substring(TableCatalog.OPTION_PREFIX.length()), e.getValue());
            } else if (key.equals("path") || (location == null && key.equals(TableCatalog.PROP_LOCATION))) {
                location = e.getValue();
            }
        }
        if (location != null && options.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("path") || k.equalsIgnoreCase("paths"))) {
            options.put("path", location);
        }
        return options;
    }

    /**
     * A catalog table's options with those of one query ({@code spark.read().option(…).table(t)},
     * {@code df.write().option(…).saveAsTable(t)}) over them; the query's {@code path} is the table's
     * location already and is dropped.
     */
    static Map<String, String> withQueryOptions(Map<String, String> table, Map<String, String> query) {
        Map<String, String> merged = new HashMap<>();
        table.forEach((k, v) -> merged.put(k.toLowerCase(Locale.ROOT), v));
        query.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            if (!key.equals("path") && !key.equals("paths")) {
                merged.put(key, v);
            }
        });
        return merged;
    }
}
