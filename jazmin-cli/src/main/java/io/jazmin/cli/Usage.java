package io.jazmin.cli;

import io.jazmin.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks of option values that need the file's contents (table and column names); failures are usage errors. */
final class Usage {
    private Usage() {
    }

    static ParameterException error(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** The table named by {@code --table}, or the first table when none is named. */
    static JazminTable table(CommandSpec spec, JazminReader reader, String name) {
        if (name == null) {
            return reader.table();
        }
        if (!reader.tableNames().contains(name)) {
            throw error(spec, "no table named '" + name + "' (tables: " + reader.tableNames() + ")");
        }
        return reader.table(name);
    }

    /** Fails unless every name is one of {@code columns}. */
    static void requireColumns(CommandSpec spec, String option, List<String> names, List<Column> columns) {
        List<String> known = columns.stream().map(Column::name).toList();
        for (String name : names) {
            if (!known.contains(name)) {
                throw error(spec, option + ": no column named '" + name + "' (columns: " + known + ")");
            }
        }
    }
}
