package io.jazmin;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.changefile.ChangeApplier;
import io.jazmin.internal.changefile.ChangeFileWriter;
import io.jazmin.internal.changefile.ChangeOutcome;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Change files (spec §1.22): the changes a file's document allows ({@code package.edit}) written by
 * a sender as a small JAZMIN file ({@link #writeChanges}), and applied by the file's owner
 * ({@link #applyChanges}), every change checked again against the current {@code edit}; rows changed
 * since the sender's copy are held as conflicts. Plain, key and password files, and shared
 * (access-controlled) files: a holder's change file is sealed with its grant's submission key
 * (spec §1.21), by which the owner knows the sender and what its grant lets it change.
 */
public final class ChangeFiles {
    private ChangeFiles() {
    }

    /**
     * Changes a sender makes: rows to update (the key and the columns that change), rows to add,
     * and rows to delete (by their key only).
     */
    public record Changes(List<? extends Map<String, ?>> update, List<? extends Map<String, ?>> add,
                          List<? extends Map<String, ?>> delete) {
        public Changes {
            update = update == null ? List.of() : List.copyOf(update);
            add = add == null ? List.of() : List.copyOf(add);
            delete = delete == null ? List.of() : List.copyOf(delete);
        }
    }

    /** One column of a held change: the value the sender saw, the one wanted ({@code null} for a delete), and the current. */
    public record ColumnConflict(String name, Object before, Object wanted, Object now) {
    }

    /**
     * A change held, not applied (unless with overwrite): {@code changed} (a value now differs from
     * what the sender saw), {@code exists} (an added key is there already), {@code missing} (the row
     * updated or deleted is gone).
     */
    public record Conflict(String op, Map<String, Object> key, String kind, List<ColumnConflict> columns) {
        public Conflict {
            columns = List.copyOf(columns);
        }
    }

    /** A change never applied: the document (or the sender's grant) does not allow it. */
    public record Refusal(String op, Map<String, Object> key, String reason) {
    }

    /**
     * What applying a change file did (or, on a dry run, would do).
     *
     * @param sender      the access key id of the sender, or {@code null} (files that are not shared)
     * @param fileChanged whether the file was rewritten since the sender's copy (its file id differs; informative)
     */
    public record Result(String sender, boolean fileChanged, long updated, long added, long deleted,
                         List<Conflict> conflicts, List<Refusal> refused) {
        public Result {
            conflicts = List.copyOf(conflicts);
            refused = List.copyOf(refused);
        }
    }

    /**
     * Writes a change file at {@code out} for {@code changes} to {@code source}, whose document must
     * allow them ({@code package.edit}). They are checked as far as the sender can: what the document
     * allows, rows that exist (or not, for added ones), one change per key; the values the sender saw
     * are taken from {@code source}. An encrypted file's changes are sealed with its own key or
     * password, given in {@code seal}; a plain file's are not encrypted. A shared file's are sealed
     * with the submission key of the access key that opened {@code source} (whatever key
     * {@code seal} gives), and an added row must go to one of that key's partitions.
     *
     * @throws JazminValidationException when a change is not allowed or the file takes none, or a
     *                                   shared file was opened with its owner key (the owner
     *                                   changes it directly) or with a key whose grant carries no
     *                                   submission key
     */
    public static void writeChanges(JazminReader source, Changes changes, Path out, WriteOptions seal) {
        ChangeFileWriter.write(source.engine(), source.tables().stream().map(JazminTable::engine).toList(),
                source.packageJson().orElse(""),
                Map.of("add", changes.add(), "update", changes.update(), "delete", changes.delete()), out, seal);
    }

    /**
     * Applies the change file {@code change} to the file at {@code path}, as its document allows
     * changes now ({@code package.edit}): refused changes are never applied, conflicting ones are held
     * (applied too with {@code overwrite}), the others are written as one new version (none when
     * {@code dryRun}): an append, or, when the table is kept in {@code sortedBy} order and rows are
     * added or changed, a rewrite that merges them into place ({@link JazminFile#update}, keeping
     * everything else the file holds), as the reference libraries' updates do. The plan is made and
     * written under the file's writer lock, so no other writer changes the rows it was checked
     * against; all or nothing. The change file opens with the target's own key or password
     * ({@code read}); for a shared file, {@code read} holds the owner key, and the sender is the
     * grant whose submission key opens the change file: a revoked or expired grant's changes are
     * refused, and so is each change outside the grant's partitions or column groups ({@code write}'s
     * {@code now}, when set, is the time of receipt).
     *
     * @throws JazminValidationException when the file takes no changes, the change file is not one,
     *                                   was made for another table, key or column types, does not
     *                                   open with the file's key, or comes from no current grant
     * @throws JazminKeyException        when a shared file is opened with an access key (only its
     *                                   owner applies changes)
     */
    public static Result applyChanges(Path path, Path change, ReadOptions read, WriteOptions write, boolean overwrite,
                                      boolean dryRun) {
        return result(ChangeApplier.apply(path, change, read, write, overwrite, dryRun));
    }

    private static Result result(ChangeOutcome outcome) {
        List<Conflict> conflicts = outcome.conflicts().stream().map(c -> new Conflict(c.op(), c.key(), c.kind(),
                c.columns().stream().map(x -> new ColumnConflict(x.name(), x.before(), x.wanted(), x.now())).toList()))
                .toList();
        List<Refusal> refused = outcome.refused().stream().map(r -> new Refusal(r.op(), r.key(), r.reason())).toList();
        return new Result(outcome.sender(), outcome.fileChanged(), outcome.updated(), outcome.added(), outcome.deleted(),
                conflicts, refused);
    }
}
