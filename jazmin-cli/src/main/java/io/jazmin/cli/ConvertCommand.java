package io.jazmin.cli;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.convert.RowSorter;
import io.jazmin.convert.AccessSettingsJson;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.InputFiles;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSources;
import io.jazmin.convert.Schema;
import io.jazmin.convert.SchemaFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jazmin convert IN OUT}: streams rows between .jzm, .json, .jsonl, .csv and .xml files. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {
            "Convert rows between .jzm, .json (an array of objects), .jsonl, .csv and .xml, in either direction "
                    + "(.jzm to .jzm rewrites a table). Rows are streamed; memory does not grow with the file.",
            "Text input without --schema gets its columns inferred in a first pass: bool, int, float, string, "
                    + "datetime (ISO-8601 with Z or an offset), json (objects, arrays, mixed values); all nullable.",
            "Text input with --schema accepts the canonical interop form (ints and decimals as strings or numbers, "
                    + "ISO datetimes, base64 binary). Values that do not fit exit with 3.",
            "CSV: a header row names the columns; an empty cell is null, a quoted empty cell (\"\") an empty string.",
            "XML: <jazmin><row><name>Ann</name>...</row>...</jazmin>, one element per non-null value (<field name=\"...\"> "
                    + "for names that are not XML names), values as in CSV; DOCTYPEs are refused.",
            "JSON output writes ints as numbers when exact (|v| <= 2^53) and decimals as strings; --canonical "
                    + "writes the interop form.",
            "OUT may not be IN (nor a link to it or another spelling of its path): convert writes a new file "
                    + "holding one table, which would lose the input's other tables, embedded files, package, "
                    + "shapes, metadata and sharing. It exits with 2 and leaves the file unchanged; rewrite a .jzm "
                    + "file in place with compact, change its rows with append and delete."})
final class ConvertCommand implements Callable<Integer> {
    private static final String JZM = "jzm";

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "input file (.jzm, .json, .jsonl, .ndjson, .csv, .xml)")
    private Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "output file (.jzm, .json, .jsonl, .ndjson, .csv, .xml)")
    private Path out;

    @Option(names = "--schema", paramLabel = "FILE",
            description = "columns of text input, as a schema.json array of {name, type, nullable, ...};"
                    + " its index declarations are built when writing .jzm")
    private Path schema;

    @Option(names = "--table", paramLabel = "T", description = "the table of .jzm input to read (default: the first)")
    private String table;

    @Option(names = {"--filter", "--where"}, paramLabel = "JSON", converter = FilterConverter.class,
            completionCandidates = CommandHelp.Operators.class,
            description = ".jzm input: convert only the rows matching this JSON filter, as the query commands' "
                    + "--where; " + WhereOption.OPERATORS)
    private Filter filter;

    @Option(names = "--sorted-by", paramLabel = "a,b", split = ",",
            description = ".jzm output: the rows sorted by these columns (unsorted input is sorted within "
                    + "--sort-memory, spilling sorted runs to temporary files beside the output)")
    private List<String> sortedBy = List.of();

    @Option(names = "--sort-memory", paramLabel = "MB",
            description = "with --sorted-by: megabytes of rows held before a sorted run is spilled (default: a "
                    + "quarter of the maximum heap)")
    private Long sortMemoryMb;

    @Option(names = "--codec", paramLabel = "none|deflate|brotli", converter = CodecConverter.class,
            description = ".jzm output: section compression (default deflate)")
    private Codec codec;

    @Option(names = "--level", paramLabel = "N", description = ".jzm output: compression level (deflate 0-9, brotli 0-11)")
    private Integer level;

    @Option(names = "--chunk-rows", paramLabel = "N", description = ".jzm output: most rows per chunk (default 4096)")
    private Integer chunkRows;

    @Option(names = "--index", paramLabel = "COLUMN:KIND", converter = IndexOption.Converter.class,
            description = ".jzm output: build a sorted or trigram index on the column (repeatable; a column may "
                    + "take both kinds), in addition to the indexes --schema declares")
    private List<IndexOption> indexes = List.of();

    @Option(names = "--compact-indexes",
            description = ".jzm output: the compact sorted index encoding (smaller; readers older than library 1.2 "
                    + "cannot read it)")
    private boolean compactIndexes;

    @Option(names = "--access-file", paramLabel = "FILE",
            description = ".jzm output: write a shared file owned by the --key-file key, with the partitions, column "
                    + "groups and grants of FILE: {\"partitionBy\": col, \"columnGroups\": {\"g\": [cols]}, "
                    + "\"grants\": [{\"key\": \"jza1-...\", \"rows\": \"*\" | [names], \"columns\": \"*\" | [groups], "
                    + "\"files\": \"*\" | [file groups], \"label\": ..., \"expires\": ..., \"mode\": \"offline\" | "
                    + "\"online\"}], \"chunkMap\": true | false} (the string \"*\" is everything; the array [\"*\"] "
                    + "the partition or group named *; every key sees file group * and the groups named like its "
                    + "partitions; \"chunkMap\": false leaves out the owner's chunk map, which rewrites then keep out)")
    private Path accessFile;

    @Option(names = "--canonical", description = "JSON output: write the canonical interop form")
    private boolean canonical;

    @Option(names = "--add-file", paramLabel = "PATH=LOCALFILE", converter = FileArgument.Converter.class,
            description = ".jzm output: store LOCALFILE as embedded file PATH (repeatable; the media type "
                    + "follows PATH's extension)")
    private List<FileArgument> addFiles = List.of();

    @Option(names = "--file-group", paramLabel = "G", description = ".jzm output: a file group that sees the "
            + "--add-file files (repeatable; default *: everyone; in a shared file, the grants' files and "
            + "partitions choose who sees G)")
    private List<String> fileGroups = List.of();

    /** Opens encrypted .jzm input, and encrypts .jzm output (both, when both are .jzm). */
    @Mixin
    private FileOptions secrets;

    @Mixin
    private TextInputOptions textInput;

    @Override
    public Integer call() throws IOException {
        boolean jzmIn = isJzm(in);
        boolean jzmOut = isJzm(out);
        RowFormat inFormat = jzmIn ? null : textFormat(InputFiles.formatName(in));
        RowFormat outFormat = jzmOut ? null : textFormat(out);
        checkApplicable(jzmIn, jzmOut);
        checkOutputAndFiles(jzmIn, jzmOut);
        Schema schemaFile = schema == null ? null : SchemaFile.read(schema);
        List<Column> schemaColumns = schemaFile == null ? null : schemaFile.columns();

        Progress progress = new Progress(spec.commandLine().getErr());
        try (RowInput input = jzmIn ? openJzm() : new TextRowInput(RowSources.open(in, inFormat, schemaColumns,
                textInput.floatOverflow(), textInput.limits()));
             RowOutput output = jzmOut ? openJzm(input.columns(), schemaFile) : new TextRowOutput(out, outFormat,
                     input.columns(), canonical ? JsonStyle.CANONICAL : JsonStyle.HUMAN)) {
            if (jzmOut && !sortedBy.isEmpty()) {
                writeSorted(input, output, progress);
            } else {
                while (input.hasNext()) {
                    output.write(input.next());
                    progress.row();
                }
            }
            progress.phase("finishing the file (indexes, statistics, header)");
            output.finish();
            progress.done();
        }
        return ExitCodes.OK;
    }

    /** Reads every row into a sorter (spilling runs beyond the budget), then writes them in order. */
    private void writeSorted(RowInput input, RowOutput output, Progress progress) {
        long budget = sortMemoryMb == null ? Runtime.getRuntime().maxMemory() / 4 : sortMemoryMb * 1024 * 1024;
        Path tempDir = out.toAbsolutePath().getParent();
        try (RowSorter sorter = new RowSorter(input.columns(), sortedBy, budget, tempDir)) {
            while (input.hasNext()) {
                sorter.add(input.next());
                progress.row();
            }
            progress.phase(sorter.spilledRuns() == 0 ? "sorting in memory"
                    : "merging " + sorter.spilledRuns() + " sorted runs");
            Iterator<List<Object>> rows = sorter.sorted();
            while (rows.hasNext()) {
                output.write(rows.next());
                progress.written();
            }
        }
    }

    private RowInput openJzm() {
        JazminReader reader = JazminReader.open(in, secrets.readOptions(in));
        try {
            JazminTable t = Usage.table(spec, reader, table);
            return new JzmRowInput(reader, t, Usage.query(spec, () -> t.find(filter, RowQuery.all())));
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private RowOutput openJzm(List<Column> columns, Schema schemaFile) {
        Usage.requireColumns(spec, "--sorted-by", sortedBy, columns);
        Usage.requireColumns(spec, "--index", indexes.stream().map(IndexOption::column).toList(), columns);
        WriteOptions options;
        try {
            options = WriteOptions.defaults().withSortedBy(sortedBy);
            if (codec != null) {
                options = options.withCodec(codec);
            }
            if (level != null) {
                options = options.withLevel(level);
            }
            if (chunkRows != null) {
                options = options.withChunkRows(chunkRows);
            }
            options = options.withCompactIndexes(compactIndexes);
        } catch (JazminValidationException e) {
            throw Usage.error(spec, e.getMessage());
        }
        if (schemaFile != null) {
            // Outside the usage check: a wrong index kind is a fault of the schema file (exit 3).
            for (Map.Entry<String, List<String>> index : schemaFile.indexes().entrySet()) {
                IndexKind[] kinds = index.getValue().stream().map(IndexKind::fromName).toArray(IndexKind[]::new);
                options = options.withIndex(index.getKey(), kinds);
            }
        }
        for (IndexOption index : indexes) {
            options = options.withIndex(index.column(), index.kind());
        }
        options = secrets.applyTo(options, null);
        if (accessFile != null) {
            if (options.key() == null) {
                throw Usage.error(spec, "--access-file needs the owner key: give it with --key-file or --key-env");
            }
            options = options.withAccess(AccessSettingsJson.parse(Usage.readText(spec, accessFile)));
        }
        JazminWriter writer = JazminWriter.create(out, columns, options);
        try {
            for (FileArgument f : addFiles) {
                writer.addFile(f.input(null, fileGroups));
            }
        } catch (RuntimeException e) {
            writer.abort();
            throw e;
        }
        return new JzmRowOutput(writer);
    }

    /** Before any input is read: the output can be written and the files to embed can be read. */
    private void checkOutputAndFiles(boolean jzmIn, boolean jzmOut) {
        if (!jzmOut && !addFiles.isEmpty()) {
            throw Usage.error(spec, "--add-file applies to .jzm output");
        }
        if (!fileGroups.isEmpty() && addFiles.isEmpty()) {
            throw Usage.error(spec, "--file-group goes with --add-file");
        }
        if (InputFiles.isGzip(out)) {
            throw Usage.error(spec, "gzip output is not supported: name the output .jsonl, .json, .csv or .jzm");
        }
        OutputPath.requireWritable(spec, out);
        if (OutputPath.sameFile(in, out)) {
            throw Usage.error(spec, ontoInput(jzmIn && jzmOut));
        }
        FileArgument.requireReadable(spec, addFiles);
    }

    /**
     * Why OUT may not be IN: convert writes a whole new file of one table, which would replace
     * everything else the input holds. The engine's own rewrites keep it all, so name them.
     */
    private String ontoInput(boolean jzmToJzm) {
        String same = "OUT '" + out + "' is the input file '" + in + "'";
        if (!jzmToJzm) {
            return same + ": convert does not write onto its input; name another output file";
        }
        return same + ": convert writes a new file holding one table only, so the input's other tables, embedded "
                + "files, package, saved shapes, metadata, indexes and sharing would be lost. '" + in
                + "' is left unchanged. To rewrite it in place keeping everything, use 'jazmin compact " + in
                + "'; to change its rows, 'jazmin append' or 'jazmin delete'; to convert it, name another OUT";
    }

    /** Options that only make sense for one side are refused on the other, instead of being ignored. */
    private void checkApplicable(boolean jzmIn, boolean jzmOut) {
        if (sortMemoryMb != null && (sortedBy.isEmpty() || sortMemoryMb <= 0)) {
            throw Usage.error(spec, "--sort-memory takes a positive number of megabytes, with --sorted-by");
        }
        if (jzmIn && schema != null) {
            throw Usage.error(spec, "--schema applies to text input; a .jzm file has its own columns");
        }
        if (!jzmIn && (table != null || filter != null)) {
            throw Usage.error(spec, "--table and --filter apply to .jzm input");
        }
        if (jzmIn && textInput.given()) {
            throw Usage.error(spec, "--overflow-to-infinity and the --max-* limits apply to text input");
        }
        if (!jzmOut && (!sortedBy.isEmpty() || codec != null || level != null || chunkRows != null
                || !indexes.isEmpty() || compactIndexes || accessFile != null)) {
            throw Usage.error(spec, "--sorted-by, --codec, --level, --chunk-rows, --index, --compact-indexes and "
                    + "--access-file apply to .jzm output");
        }
        if (!jzmIn && !jzmOut && secrets.given()) {
            throw Usage.error(spec, "--key-file, --key-env and --password-env apply to .jzm input or output");
        }
    }

    private static boolean isJzm(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith("." + JZM);
    }

    private RowFormat textFormat(Path file) {
        RowFormat format = RowFormat.forFileOrNull(file);
        if (format == null) {
            throw Usage.error(spec, "cannot tell the format of '" + file
                    + "' (expected .jzm, .json, .jsonl, .ndjson, .csv or .xml; text input may be gzipped: .jsonl.gz)");
        }
        return format;
    }
}
