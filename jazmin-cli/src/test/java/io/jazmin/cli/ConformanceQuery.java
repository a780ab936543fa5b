package io.jazmin.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;

/**
 * One entry of a conformance case's {@code queries.json} that runs on the plain default view with a
 * {@code where} filter ({@code null} meaning every row), and the CLI arguments that run it.
 *
 * @param name  the entry's name
 * @param entry the entry as JSON
 */
record ConformanceQuery(String name, JsonNode entry) {

    /** The entries of {@code caseDir} that have a {@code where} member and read the default view. */
    static List<ConformanceQuery> of(Path caseDir) {
        JsonNode queries;
        try {
            queries = JsonLines.tree(Files.readString(caseDir.resolve("queries.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return StreamSupport.stream(queries.spliterator(), false)
                .filter(q -> q.has("where") && (!q.has("as") || "default".equals(q.get("as").asString())))
                .map(q -> new ConformanceQuery(q.get("name").asString(), q))
                .toList();
    }

    boolean hasRows() {
        return entry.has("rows");
    }

    /** Whether the expected count is of every match (no offset or limit cut it). */
    boolean hasTotalCount() {
        return entry.has("count") && !entry.has("offset") && !entry.has("limit");
    }

    /** The expected error message, or {@code null} when the query should succeed. */
    String error() {
        return entry.has("error") ? entry.get("error").get("message").asString() : null;
    }

    /** The expected rows as JSON Lines. */
    String rows() {
        return entry.get("rows").values().stream().map(JsonNode::toString).collect(Collectors.joining("\n"));
    }

    long count() {
        return entry.get("count").asLong();
    }

    String[] find(Path file) {
        List<String> args = start("find", file);
        args.addAll(slice());
        args.add("--canonical");
        return args.toArray(String[]::new);
    }

    String[] count(Path file) {
        return start("count", file).toArray(String[]::new);
    }

    String[] explain(Path file, boolean analyze) {
        List<String> args = start("explain", file);
        if (analyze) {
            args.add("--analyze");
            args.addAll(slice());
        }
        return args.toArray(String[]::new);
    }

    private List<String> start(String command, Path file) {
        List<String> args = new ArrayList<>(List.of(command, file.toString()));
        if (!entry.get("where").isNull()) {
            args.addAll(List.of("--where", entry.get("where").toString()));
        }
        return args;
    }

    private List<String> slice() {
        List<String> args = new ArrayList<>();
        if (entry.has("select")) {
            args.add("--select");
            args.add(entry.get("select").values().stream().map(JsonNode::asString).collect(Collectors.joining(",")));
        }
        for (String option : List.of("offset", "limit")) {
            if (entry.has(option)) {
                args.add("--" + option);
                args.add(entry.get(option).toString());
            }
        }
        return args;
    }

    @Override
    public String toString() {
        return name;
    }
}
