package io.jazmin.convert;

import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import io.jazmin.internal.json.JsonIo;

/**
 * Reads access settings from the JSON of the reference's {@code access} write option (the CLI's
 * {@code --access-file}): {@code {"partitionBy": col, "columnGroups": {"g": [cols]}, "grants":
 * [{"key": "jza1-…", "rows": "*" | [names], "columns": "*" | [groups], "label": …, "expires": …,
 * "expiresIn": …, "mode": "offline" | "online", "files": "*" | [file groups]}], "chunkMap": true |
 * false}}. The string {@code "*"} means all, the array {@code ["*"]} the one partition or group named
 * {@code *}; a grant without {@code files} sees the file groups every key sees (spec §1.23);
 * {@code "chunkMap": false} leaves the owner's chunk map out ({@link AccessSettings#withChunkMap}).
 * Messages name grants by number or key id, never by key text.
 */
public final class AccessSettingsJson {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final Set<String> TOP = Set.of("partitionBy", "columnGroups", "grants", "chunkMap");
    private static final Set<String> GRANT = Set.of("key", "rows", "columns", "label", "expires", "expiresIn", "mode",
            "files");

    private AccessSettingsJson() {
    }

    /**
     * Parses access settings.
     *
     * @throws JazminValidationException   when the text is not valid settings (what and where is named)
     * @throws io.jazmin.error.JazminKeyException when a grant's key is not a valid access key text
     */
    public static AccessSettings parse(String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new JazminValidationException("the access settings are not valid JSON (" + JsonIo.describe(e) + ")");
        }
        if (root == null || !root.isObject()) {
            throw new JazminValidationException("the access settings must be a JSON object");
        }
        unknown(root, TOP, "the access settings");
        AccessSettings settings = AccessSettings.defaults();
        JsonNode by = root.get("partitionBy");
        if (by != null && !by.isNull()) {
            settings = settings.withPartitionBy(text(by, "partitionBy"));
        }
        JsonNode groups = root.get("columnGroups");
        if (groups != null) {
            if (!groups.isObject()) {
                throw new JazminValidationException("columnGroups must be an object of group name to column names");
            }
            for (Map.Entry<String, JsonNode> g : groups.properties()) {
                settings = settings.withColumnGroup(g.getKey(), names(g.getValue(), "column group '" + g.getKey() + "'"));
            }
        }
        JsonNode chunkMap = root.get("chunkMap");
        if (chunkMap != null) {
            if (!chunkMap.isBoolean()) {
                throw new JazminValidationException("chunkMap must be true or false");
            }
            settings = settings.withChunkMap(chunkMap.asBoolean());
        }
        JsonNode grants = root.get("grants");
        if (grants != null) {
            if (!grants.isArray()) {
                throw new JazminValidationException("grants must be an array");
            }
            List<AccessGrant> list = new ArrayList<>();
            for (int i = 0; i < grants.size(); i++) {
                list.add(grant(grants.get(i), "grant " + (i + 1)));
            }
            settings = settings.withGrants(list);
        }
        return settings;
    }

    private static AccessGrant grant(JsonNode g, String where) {
        if (!g.isObject()) {
            throw new JazminValidationException(where + " must be an object");
        }
        unknown(g, GRANT, where);
        JsonNode key = g.get("key");
        if (key == null || !key.isString()) {
            throw new JazminValidationException(where + " has no access key text 'key'");
        }
        AccessGrant grant = AccessGrant.of(AccessKeyText.parse(key.asString()));
        where = where + " (key " + grant.key().keyId() + ")";
        grant = grant.withRows(allOrNames(g.get("rows"), where + " rows")).withColumns(allOrNames(g.get("columns"),
                where + " columns"));
        if (g.hasNonNull("files")) {
            grant = grant.withFiles(allOrNames(g.get("files"), where + " files"));
        }
        if (g.hasNonNull("label")) {
            grant = grant.withLabel(text(g.get("label"), where + " label"));
        }
        if (g.hasNonNull("expires")) {
            grant = grant.withExpires(instant(g.get("expires"), where));
        }
        if (g.hasNonNull("expiresIn")) {
            JsonNode in = g.get("expiresIn");
            grant = grant.withExpiresIn(in.isIntegralNumber() ? Long.toString(in.asLong()) : text(in, where + " expiresIn"));
        }
        if (g.hasNonNull("mode")) {
            String mode = text(g.get("mode"), where + " mode");
            grant = switch (mode) {
                case "offline" -> grant.withMode(AccessGrant.Mode.OFFLINE);
                case "online" -> grant.withMode(AccessGrant.Mode.ONLINE);
                default -> throw new JazminValidationException(where + " mode must be 'offline' or 'online', not '"
                        + mode + "'");
            };
        }
        return grant;
    }

    /** {@code "*"} (or absent) → {@code null} (all); an array → its names. */
    private static List<String> allOrNames(JsonNode node, String where) {
        if (node == null || node.isNull() || node.isString() && node.asString().equals("*")) {
            return null;
        }
        if (!node.isArray()) {
            throw new JazminValidationException(where + " must be \"*\" or an array of names");
        }
        return names(node, where);
    }

    private static List<String> names(JsonNode node, String where) {
        if (!node.isArray()) {
            throw new JazminValidationException(where + " must be an array of names");
        }
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(text(n, where)));
        return out;
    }

    /** ISO-8601 text or epoch milliseconds. */
    private static Instant instant(JsonNode node, String where) {
        if (node.isIntegralNumber()) {
            return Instant.ofEpochMilli(node.asLong());
        }
        String t = text(node, where + " expires");
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException e) {
            throw new JazminValidationException(where + " expires '" + t + "' is not an ISO-8601 time or epoch ms");
        }
    }

    private static String text(JsonNode node, String where) {
        if (!node.isString()) {
            throw new JazminValidationException(where + " must be a text");
        }
        return node.asString();
    }

    private static void unknown(JsonNode node, Set<String> known, String where) {
        for (String name : node.propertyNames()) {
            if (!known.contains(name)) {
                throw new JazminValidationException(where + " has unknown member '" + name + "'");
            }
        }
    }
}
