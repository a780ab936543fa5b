package io.jazmin.cli;

import io.jazmin.convert.FloatOverflow;
import io.jazmin.convert.TextLimits;
import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminValidationException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How values of JSON, JSON Lines, CSV and XML input are read, and the {@link TextLimits} they are read within,
 * mixed into the commands that read such files.
 */
final class TextInputOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--overflow-to-infinity",
            description = "text input: read float numbers beyond the double range (such as 1e400) as Infinity or "
                    + "-Infinity instead of refusing them (the texts \"Infinity\" and \"-Infinity\" are always accepted)")
    private boolean overflowToInfinity;

    @Option(names = "--max-value-length", paramLabel = "CHARS",
            description = "text input: most characters of one value (a CSV field, a JSON string, an XML value; in XML "
                    + "also most bytes of a CDATA section, comment or tag) (default 2 MiB: 2097152)")
    private Integer maxValueLength;

    @Option(names = "--max-row-length", paramLabel = "N",
            description = "text input: most characters of one CSV record, bytes of one JSON row object or XML row "
                    + "(default 4 MiB: 4194304)")
    private Integer maxRowLength;

    @Option(names = "--max-row-values", paramLabel = "N",
            description = "text input: most items and members in one row's list and object values (default 100000)")
    private Integer maxRowValues;

    @Option(names = "--max-columns", paramLabel = "N",
            description = "text input: most fields of one row, and most columns inferred (default 10000)")
    private Integer maxColumns;

    @Option(names = "--max-nesting-depth", paramLabel = "N",
            description = "JSON input: most nested arrays and objects (default 500)")
    private Integer maxNestingDepth;

    @Option(names = "--max-gzip-ratio", paramLabel = "N",
            description = ".gz input: most bytes one compressed byte may expand to, checked past 16 MiB (default 100)")
    private Integer maxGzipRatio;

    @Option(names = "--max-gzip-bytes", paramLabel = "BYTES",
            description = ".gz input: most bytes it may expand to in all (default: no limit)")
    private Long maxGzipBytes;

    /** What float numbers beyond the double range become. */
    FloatOverflow floatOverflow() {
        return overflowToInfinity ? FloatOverflow.INFINITY : FloatOverflow.REFUSE;
    }

    /** Whether any option was given, so that commands reading no text can refuse them. */
    boolean given() {
        return overflowToInfinity || maxValueLength != null || maxRowLength != null || maxRowValues != null
                || maxColumns != null || maxNestingDepth != null || maxGzipRatio != null || maxGzipBytes != null;
    }

    /** The limits the options give, the defaults for those not given; a bound below 1 is a usage error. */
    TextLimits limits() {
        TextLimits limits = TextLimits.defaults();
        try {
            limits = maxValueLength == null ? limits : limits.withMaxValueLength(maxValueLength);
            limits = maxRowLength == null ? limits : limits.withMaxRowLength(maxRowLength);
            limits = maxRowValues == null ? limits : limits.withMaxRowValues(maxRowValues);
            limits = maxColumns == null ? limits : limits.withMaxColumns(maxColumns);
            limits = maxNestingDepth == null ? limits : limits.withMaxNestingDepth(maxNestingDepth);
            limits = maxGzipRatio == null ? limits : limits.withMaxGzipRatio(maxGzipRatio);
            return maxGzipBytes == null ? limits : limits.withMaxGzipBytes(maxGzipBytes);
        } catch (JazminValidationException e) {
            throw Usage.error(spec, e.getMessage());
        }
    }

    /** The error's message for a command-line user: the option that raises the bound instead of the API's wither. */
    static String describe(InputLimitException e) {
        String option = switch (e.limitName()) {
            case "maxValueLength" -> "--max-value-length";
            case "maxRowLength" -> "--max-row-length";
            case "maxRowValues" -> "--max-row-values";
            case "maxColumns" -> "--max-columns";
            case "maxNestingDepth" -> "--max-nesting-depth";
            case "maxGzipRatio" -> "--max-gzip-ratio";
            case "maxGzipBytes" -> "--max-gzip-bytes";
            default -> null;
        };
        return option == null ? e.getMessage() : e.problem() + "; raise it with " + option + " (now " + e.limit() + ")";
    }
}
