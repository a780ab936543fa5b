package io.jazmin.internal.changefile;

import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/** The names a change file is written with (spec §1.22), shared by its writer and its planner. */
final class ChangeFileFormat {
    static final int VERSION = 1;
    /** The change file's one table. */
    static final String TABLE = "changes";
    /** The column holding each change's operation, one of {@link #OPS}. */
    static final String OP = "jazmin.op";
    /** The column listing the columns an add or update sets (JSON array). */
    static final String SET = "jazmin.set";
    /** The prefix of the columns holding the values the sender saw. */
    static final String BEFORE = "jazmin.before.";
    /** The metadata member describing the change file. */
    static final String META = "jazmin.changes";
    /** The order a call's changes are made in. */
    static final List<String> OPS = List.of("add", "update", "delete");
    static final JsonMapper JSON = JsonMapper.builder().build();

    private ChangeFileFormat() {
    }
}
