package io.jazmin.cli;

import io.jazmin.ChangeFiles.Changes;
import io.jazmin.convert.TextLimits;
import io.jazmin.error.JazminValidationException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The changes {@code write-changes} reads: JSON Lines, one object per change,
 * {@code {"op":"update"|"add"|"delete","key":{...},"set":{...}}} — the key columns' values, and
 * (update, add) the values the change sets, in the canonical interop form {@code append} takes.
 * Blank lines are skipped; every other line must be one such object. A line is read only up to
 * {@link TextLimits#DEFAULT_MAX_ROW_LENGTH} characters (a change is one row's key and values), so a
 * file without line breaks is refused instead of filling the heap.
 */
final class ChangesInput {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> MEMBERS = Set.of("op", "key", "set");

    private ChangesInput() {
    }

    /**
     * Reads {@code file}'s changes, their values converted to {@code columns}' types.
     *
     * @throws JazminValidationException naming the line of a change that is not one
     */
    static Changes read(Path file, EditColumns columns) throws IOException {
        List<Map<String, Object>> update = new ArrayList<>();
        List<Map<String, Object>> add = new ArrayList<>();
        List<Map<String, Object>> delete = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line;
            for (int number = 1; (line = boundedLine(in, file.getFileName() + " line " + number)) != null; number++) {
                if (line.isBlank()) {
                    continue;
                }
                String where = file.getFileName() + " line " + number;
                JsonNode change = parse(where, line);
                String op = change.path("op").asString("");
                Map<String, Object> row = values(where, "key", change, columns, new LinkedHashMap<>());
                if (row.isEmpty()) {
                    throw new JazminValidationException(where + ": \"key\" must be an object of the key columns' values");
                }
                switch (op) {
                    case "update" -> update.add(values(where, "set", change, columns, row));
                    case "add" -> add.add(values(where, "set", change, columns, row));
                    case "delete" -> {
                        if (change.has("set")) {
                            throw new JazminValidationException(where + ": a delete takes the key only, no \"set\"");
                        }
                        delete.add(row);
                    }
                    default -> throw new JazminValidationException(where
                            + ": \"op\" must be \"update\", \"add\" or \"delete\"");
                }
            }
        }
        return new Changes(update, add, delete);
    }

    /** The next line without its break ({@code \n}, {@code \r\n} or {@code \r}), or null at the end. */
    private static String boundedLine(BufferedReader in, String where) throws IOException {
        StringBuilder line = new StringBuilder();
        int c = in.read();
        if (c < 0) {
            return null;
        }
        while (c >= 0 && c != '\n' && c != '\r') {
            if (line.length() == TextLimits.DEFAULT_MAX_ROW_LENGTH) {
                throw new JazminValidationException(where + ": longer than " + TextLimits.DEFAULT_MAX_ROW_LENGTH
                        + " characters (each change is one line of JSON)");
            }
            line.append((char) c);
            c = in.read();
        }
        if (c == '\r') {
            in.mark(1);
            if (in.read() != '\n') {
                in.reset();
            }
        }
        return line.toString();
    }

    private static JsonNode parse(String where, String line) {
        JsonNode change;
        try {
            change = JSON.readTree(line);
        } catch (JacksonException e) {
            throw new JazminValidationException(where + ": not a JSON object: " + e.getOriginalMessage());
        }
        if (!change.isObject()) {
            throw new JazminValidationException(where + ": not a JSON object");
        }
        for (String name : change.propertyNames()) {
            if (!MEMBERS.contains(name)) {
                throw new JazminValidationException(where + ": unknown member \"" + name + "\" (a change has op, key, set)");
            }
        }
        return change;
    }

    /** Adds the members of object {@code member} of the change to {@code into}, once each. */
    private static Map<String, Object> values(String where, String member, JsonNode change, EditColumns columns,
                                              Map<String, Object> into) {
        JsonNode object = change.path(member);
        if (object.isMissingNode()) {
            return into;
        }
        if (!object.isObject()) {
            throw new JazminValidationException(where + ": \"" + member + "\" must be an object");
        }
        for (String name : object.propertyNames()) {
            if (into.containsKey(name)) {
                throw new JazminValidationException(where + ": column '" + name + "' is both in \"key\" and \"set\"");
            }
            into.put(name, columns.fromJson(where, name, object.get(name)));
        }
        return into;
    }
}
