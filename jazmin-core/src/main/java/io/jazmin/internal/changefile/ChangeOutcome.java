package io.jazmin.internal.changefile;

import java.util.List;
import java.util.Map;

/**
 * What applying a change file did or would do: the engine's form of {@code ChangeFiles.Result},
 * whose documentation says what each part means.
 */
public record ChangeOutcome(String sender, boolean fileChanged, long updated, long added, long deleted,
                            List<Conflict> conflicts, List<Refusal> refused) {
    public ChangeOutcome {
        conflicts = List.copyOf(conflicts);
        refused = List.copyOf(refused);
    }

    /** One column of a held change: the value the sender saw, the one wanted, and the current. */
    public record ColumnConflict(String name, Object before, Object wanted, Object now) {
    }

    /** A change held, not applied: {@code changed}, {@code exists} or {@code missing}. */
    public record Conflict(String op, Map<String, Object> key, String kind, List<ColumnConflict> columns) {
        public Conflict {
            columns = List.copyOf(columns);
        }
    }

    /** A change never applied, and why. */
    public record Refusal(String op, Map<String, Object> key, String reason) {
    }
}
