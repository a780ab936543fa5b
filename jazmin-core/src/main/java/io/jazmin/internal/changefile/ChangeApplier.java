package io.jazmin.internal.changefile;

import io.jazmin.change.UpdateChanges;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.writer.Appender;
import io.jazmin.internal.writer.Updater;
import io.jazmin.internal.writer.WriterLock;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies a change file to a file (the engine of {@code ChangeFiles.applyChanges}, whose
 * documentation is the contract): plans it against the current version, then lands the changes
 * applied as one append or rewrite, both under the file's writer lock.
 */
public final class ChangeApplier {
    private ChangeApplier() {
    }

    /** What applying the change file would do, to the table {@code table} identified by {@code key}. */
    private record Planned(ChangePlanner.Plan plan, String table, List<String> key, List<String> sortedBy) {
    }

    /** Applies the change file {@code change} to the file at {@code path} (only plans it when {@code dryRun}). */
    public static ChangeOutcome apply(Path path, Path change, ReadOptions read, WriteOptions write, boolean overwrite,
                                      boolean dryRun) {
        if (dryRun) {
            return plan(path, change, read, write, overwrite).plan().outcome();
        }
        try (WriterLock lock = WriterLock.acquire(path)) {
            Planned planned = plan(path, change, read, write, overwrite);
            land(lock, path, write, planned);
            return planned.plan().outcome();
        }
    }

    /** Writes the rows a plan changes as one new version of the file, under {@code lock}. */
    private static void land(WriterLock lock, Path path, WriteOptions write, Planned planned) {
        ChangePlanner.Plan plan = planned.plan();
        if (plan.touched().isEmpty()) {
            return;
        }
        Filter touched = Updater.keyFilter(planned.key(), plan.touched());
        if (planned.sortedBy().isEmpty() || plan.upsert().isEmpty()) {
            // Unsorted, or deletes only (which never break the order): one append.
            Appender.append(lock, path, write, planned.table(), plan.upsert().iterator(), touched);
        } else {
            // Appended rows must sort after the last one: merged into place by a rewrite instead.
            Updater.update(lock, path, write, new UpdateChanges(planned.table(), touched, List.of(), List.of(),
                    plan.upsert(), ""));
        }
    }

    private static Planned plan(Path path, Path change, ReadOptions read, WriteOptions write, boolean overwrite) {
        try (OpenedFile target = FileOpener.open(path, read)) {
            EditSettings edit = EditSettings.of(EmbeddedFiles.of(target).packageJson()).orElseThrow(
                    () -> new JazminValidationException("The file doesn't take changes: its document has no package.edit"));
            List<TableReader> tables = new ArrayList<>();
            for (int t = 0; t < target.header().tables().size(); t++) {
                tables.add(new TableReader(target.table(t), read.parallelism()));
            }
            TableReader table = edit.tableOf(tables);
            String fileId = ChangeFileWriter.fileId(target);
            ChangePlanner.Plan plan;
            if (target.version().preamble().has(Preamble.ACCESS)) {
                plan = planShared(target, fileId, table, change, edit, read, write, overwrite);
            } else {
                try (ChangeFile changes = openChangeFile(change, read)) {
                    plan = ChangePlanner.plan(fileId, table, changes, edit, null, overwrite);
                }
            }
            return new Planned(plan, table.name(), edit.key(), table.sortedBy());
        }
    }

    /** The plan for a shared file: only its owner applies changes, each limited to its sender's grant. */
    private static ChangePlanner.Plan planShared(OpenedFile target, String fileId, TableReader table, Path change,
                                                 EditSettings edit, ReadOptions read, WriteOptions write,
                                                 boolean overwrite) {
        if (target.grant() == null || !target.grant().owner()) {
            throw new JazminKeyException("Only the owner key of a shared file applies change files, not access key "
                    + (target.grant() == null ? null : target.grant().keyId()));
        }
        Instant now = write.now() == null ? Instant.now() : write.now();
        Sender sender = Sender.identify(target, change, read.key(), table, now);
        try (ChangeFile changes = sender.changes()) {
            return ChangePlanner.plan(fileId, table, changes, edit, sender.scope(), overwrite);
        }
    }

    private static ChangeFile openChangeFile(Path change, ReadOptions read) {
        try {
            return ChangeFile.open(change, read);
        } catch (JazminKeyException e) {
            throw new JazminValidationException("The change file doesn't open with this file's key: it was made for "
                    + "another file", e);
        }
    }
}
