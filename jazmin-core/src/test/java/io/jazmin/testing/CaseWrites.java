package io.jazmin.testing;

import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import io.jazmin.convert.Schema;
import io.jazmin.convert.SchemaFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;

/**
 * Writes a conformance case's input rows with the case's own write options ({@code codec},
 * {@code level}, {@code chunkRows}, {@code chunkBytes}, {@code sortedBy}, {@code indexes} as
 * {@code {column: kind or [kinds]}}, {@code compactIndexes}), the metadata the reference reader
 * reported for the view and the reference file's creation time, so our file can be queried side by
 * side with the reference file.
 */
public final class CaseWrites {
    private CaseWrites() {
    }

    /** The case's write options, indexes included; metadata as the reference reader reported it. */
    public static WriteOptions options(JsonNode write, JsonNode reference) {
        WriteOptions options = WriteOptions.defaults();
        if (write.has("codec")) {
            options = options.withCodec(Codec.fromName(write.get("codec").asString()));
        }
        if (write.has("level")) {
            options = options.withLevel(write.get("level").asInt());
        }
        if (write.has("chunkRows")) {
            options = options.withChunkRows(write.get("chunkRows").asInt());
        }
        if (write.has("chunkBytes")) {
            options = options.withChunkBytes(write.get("chunkBytes").asInt());
        }
        if (write.has("sortedBy")) {
            List<String> sortedBy = new ArrayList<>();
            write.get("sortedBy").forEach(s -> sortedBy.add(s.asString()));
            options = options.withSortedBy(sortedBy);
        }
        for (Map.Entry<String, JsonNode> e : write.path("indexes").properties()) {
            List<IndexKind> kinds = new ArrayList<>();
            if (e.getValue().isArray()) {
                e.getValue().forEach(k -> kinds.add(IndexKind.fromName(k.asString())));
            } else {
                kinds.add(IndexKind.fromName(e.getValue().asString()));
            }
            options = options.withIndex(e.getKey(), kinds.toArray(IndexKind[]::new));
        }
        if (write.path("compactIndexes").asBoolean(false)) {
            options = options.withCompactIndexes(true);
        }
        JsonNode metadata = reference.path("metadata");
        if (metadata.isObject() && !metadata.isEmpty()) {
            options = options.withMetadata(metadata.toString());
        }
        return options;
    }

    /**
     * Writes {@code c}'s input rows to {@code out} with the case's options (see {@link #options}) and
     * the reference file's creation time.
     */
    public static Path write(ConformanceCase c, ConformanceCase.View view, Path out) throws IOException {
        return write(c, view, out, UnaryOperator.identity());
    }

    /**
     * Like {@link #write(ConformanceCase, ConformanceCase.View, Path)}, with the options changed by
     * {@code adjust} (to add a key or access settings, say); the reference file is opened with the
     * view's secret.
     */
    public static Path write(ConformanceCase c, ConformanceCase.View view, Path out, UnaryOperator<WriteOptions> adjust)
            throws IOException {
        Schema schema = SchemaFile.read(c.schemaFile().orElseThrow());
        Instant created;
        try (JazminReader reference = JazminReader.open(c.dataFile(), view.readOptions())) {
            created = reference.createdAt();
        }
        WriteOptions options = adjust.apply(options(c.write(), view.reference()).withNow(created));
        try (RowSource rows = RowSources.open(ConformanceCase.openBytes(c.inputFile().orElseThrow()),
                RowFormat.JSON_LINES, schema.columns());
             JazminWriter writer = JazminWriter.create(out, schema.columns(), options)) {
            writer.writeRows(rows);
            writer.finish();
        }
        return out;
    }
}
