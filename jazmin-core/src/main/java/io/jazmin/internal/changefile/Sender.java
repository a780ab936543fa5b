package io.jazmin.internal.changefile;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * The sender of a change file to a shared file (spec §1.22): the grant whose submission key
 * (derived by the owner, §1.21) opens it, still granted and not expired when the change file was
 * written and now, when it is received.
 *
 * @param changes the change file, opened with the sender's submission key (the caller closes it)
 * @param scope   what the sender's grant lets it change
 */
record Sender(ChangeFile changes, SenderScope scope) {
    /**
     * Finds the sender of {@code change} among the grants of the shared file {@code target} (opened
     * with its owner key {@code owner}), at time {@code now}.
     *
     * @throws JazminValidationException when no current grant's submission key opens it, or the
     *                                   grant had expired when it was written or has now
     */
    static Sender identify(OpenedFile target, Path change, JazminKey owner, TableReader table, Instant now) {
        List<String> partitions = target.visiblePartitions();
        for (OwnerDirectory.GrantEntry grant : OwnerDirectory.grants(target)) {
            ChangeFile opened = open(change, owner.submissionKey(grant.keyId()));
            if (opened == null) {
                continue;
            }
            try {
                checkInTime(grant, opened.writtenAt(), now);
                return new Sender(opened, SenderScope.of(grant, table, partitions));
            } catch (RuntimeException e) {
                opened.close();
                throw e;
            }
        }
        throw new JazminValidationException("The change file isn't sealed with the submission key of any current grant "
                + "of this file: it comes from a revoked key, or was made for another file");
    }

    private static ChangeFile open(Path change, JazminKey submission) {
        try {
            return ChangeFile.open(change, ReadOptions.defaults().withKey(submission));
        } catch (JazminKeyException e) {
            return null;
        }
    }

    private static void checkInTime(OwnerDirectory.GrantEntry grant, Instant written, Instant now) {
        Instant expires = grant.expires();
        if (expires == null) {
            return;
        }
        if (written.isAfter(expires) || now.isAfter(expires)) {
            throw new JazminValidationException("The grant of access key " + grant.keyId() + " expired at " + expires
                    + ": its holder's changes are no longer taken");
        }
    }
}
