package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The command and operator lists every user sees, checked against the code: picocli's commands
 * and the core's filter operators. A command missing from the README's command table, the
 * "missing command" message or its own {@code --help}, or an operator missing from a filter
 * option's help, fails here.
 */
class CommandListsTest {
    private static final Pattern README_ROW = Pattern.compile("^\\| `([a-z-]+(?: [a-z-]+)?)`", Pattern.MULTILINE);
    private static final String README_SECTION = "## The jazmin command line";
    private static final Pattern OPERATOR_LIST = Pattern.compile("operators: ((?:[A-Za-z]+, )*[A-Za-z]+)");

    /** Every command and subcommand, as the words that run it ("shapes list"). */
    static Stream<String> commands() {
        List<String> names = new ArrayList<>();
        collect(JazminCommand.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())),
                "", names);
        return names.stream();
    }

    private static void collect(CommandLine line, String prefix, List<String> names) {
        for (Map.Entry<String, CommandLine> sub : line.getSubcommands().entrySet()) {
            String name = prefix + sub.getKey();
            names.add(name);
            collect(sub.getValue(), name + " ", names);
        }
    }

    /** The filter operators of the core: and, or, not, every {@link Filter.Op} and {@link Filter.NestedOp}. */
    private static Set<String> coreOperators() {
        Set<String> names = new LinkedHashSet<>(List.of("and", "or", "not"));
        Arrays.stream(Filter.Op.values()).map(Filter.Op::jsonName).forEach(names::add);
        Arrays.stream(Filter.NestedOp.values()).map(Filter.NestedOp::jsonName).forEach(names::add);
        return names;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandAnswersHelpWithItsExitCodes(String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.add("--help");
        CliRun help = CliRun.of(args.toArray(String[]::new));

        assertThat(help.code()).as(help.err()).isZero();
        assertThat(help.err()).isEmpty();
        assertThat(help.out()).startsWith("Usage: jazmin " + command).contains("Exit codes:");
        for (String code : List.of("0", "1", "2", "3")) {
            assertThat(help.out()).containsPattern("(?m)^\\s+" + code + "\\s+\\S");
        }
    }

    @Test
    void keygenHelpIsHelpNotAnUnknownOption() {
        CliRun help = CliRun.of("keygen", "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--access").contains("--owner-key-file").doesNotContain("Unknown option");
        assertThat(help.err()).isEmpty();
    }

    @Test
    void theMissingCommandMessageNamesEveryCommand() {
        CliRun none = CliRun.of();
        assertThat(none.code()).isEqualTo(ExitCodes.USAGE);
        String list = none.err().substring(none.err().indexOf('(') + 1, none.err().lastIndexOf(')'));
        List<String> named = List.of(list.split(", | or "));
        assertThat(named).containsExactlyElementsOf(commands().filter(c -> !c.contains(" ")).toList());
        assertThat(named).contains("keygen", "rotate-owner-key");
    }

    @Test
    void theReadmeCommandTableListsEveryCommandAndNoOther() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf(README_SECTION);
        assertThat(start).as("the README's section " + README_SECTION).isNotNegative();
        int end = readme.indexOf("\n## ", start + README_SECTION.length());
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        Set<String> rows = new LinkedHashSet<>();
        Matcher m = README_ROW.matcher(section);
        while (m.find()) {
            rows.add(m.group(1));
        }
        List<String> commands = commands().toList();
        assertThat(rows).as("commands in the README's command table").containsAll(commands);
        assertThat(commands).as("the README's command table names only commands").containsAll(rows);
        assertThat(rows).contains("rotate-owner-key", "keygen", "query", "advise");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyFilterOptionListsEveryOperatorOfTheCore(String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.add("--help");
        String help = CliRun.of(args.toArray(String[]::new)).out().replaceAll("\\s+", " ");
        boolean takesAFilter = help.contains("--where") || help.contains("--filter") || help.contains("--query");
        Matcher m = OPERATOR_LIST.matcher(help);
        if (!takesAFilter) {
            assertThat(m.find()).as("an operator list without a filter option").isFalse();
            return;
        }
        assertThat(m.find()).as("the filter option's help lists the operators").isTrue();
        do {
            assertThat(new LinkedHashSet<>(List.of(m.group(1).split(", ")))).containsExactlyElementsOf(coreOperators());
        } while (m.find());
        assertThat(coreOperators()).contains("endsWith", "ieq", "istartsWith", "iendsWith");
    }
}
