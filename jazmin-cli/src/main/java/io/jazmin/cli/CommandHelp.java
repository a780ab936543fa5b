package io.jazmin.cli;

import io.jazmin.data.Filter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What every command's help shows, derived from the code rather than kept by hand: the exit
 * codes and {@code --help}/{@code --version} on every command and subcommand, the list of
 * commands (from picocli's), and the filter operators (from {@link Filter.Op} and
 * {@link Filter.NestedOp}).
 */
final class CommandHelp {
    /** The exit codes of every command (see {@link ExitCodes}). */
    static final Map<String, String> EXIT_CODES = exitCodes();

    private CommandHelp() {
    }

    private static Map<String, String> exitCodes() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put(String.valueOf(ExitCodes.OK), "success");
        codes.put(String.valueOf(ExitCodes.INTERNAL), "internal error: a bug of jazmin (please report it)");
        codes.put(String.valueOf(ExitCodes.USAGE), "usage error: unknown option, bad option value or filter, "
                + "unknown table or column, missing or refused key (an access key where the owner's is needed)");
        codes.put(String.valueOf(ExitCodes.UNREADABLE), "unreadable input: missing, damaged or unsupported .jzm "
                + "file, wrong key or password, malformed JSON/CSV/XML or schema file, or input rows that do not "
                + "fit the columns");
        return codes;
    }

    /** Gives {@code root} and all its subcommands, at any depth, help options and the exit codes. */
    static void complete(CommandLine root) {
        CommandSpec spec = root.getCommandSpec();
        if (!spec.mixinStandardHelpOptions()) {
            spec.mixinStandardHelpOptions(true);
        }
        spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(EXIT_CODES);
        for (CommandLine sub : root.getSubcommands().values()) {
            complete(sub);
        }
    }

    /** The names of {@code spec}'s subcommands as a sentence: "a, b, … or z". */
    static String commandList(CommandSpec spec) {
        List<String> names = new ArrayList<>(spec.subcommands().keySet());
        if (names.size() < 2) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    /** Every operator of the JSON filter language, in the order the help lists them. */
    static List<String> operators() {
        List<String> names = new ArrayList<>(List.of("and", "or", "not"));
        for (Filter.Op op : Filter.Op.values()) {
            names.add(op.jsonName());
        }
        for (Filter.NestedOp op : Filter.NestedOp.values()) {
            names.add(op.jsonName());
        }
        return names;
    }

    /**
     * The operators as picocli completion candidates: the filter options' descriptions show them
     * with {@code ${COMPLETION-CANDIDATES}}, so a new operator reaches every help text.
     */
    static final class Operators implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return operators().iterator();
        }
    }
}
