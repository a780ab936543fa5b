package io.jazmin.spring.boot.health;

import io.jazmin.WriteLock;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminAccessExpiredException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.spring.data.core.FileAccess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of one configured file, read from the file itself: each check opens the file's current
 * version anew with its secret, which reads its preamble, trailer and header (not its rows) and
 * checks them (CRC, and the key's authentication tag for encrypted files); pooled readers are not
 * asked, so a file damaged or replaced behind the application's back shows at once. A result is
 * kept for a short time-to-live so that frequent probes do not reopen the file.
 *
 * <p>{@code UP} with the file's path (or URL, without user info or query), rows, columns, sort order, appends
 * and (local files) bytes; {@code DOWN}
 * with a {@code reason} ({@code missing}, {@code damaged}, {@code wrong-key}, {@code access-expired},
 * {@code unsupported}, {@code unreadable}) and the engine's message, which never holds the secret.
 * A writer lock ({@code <path>.lock}) present is shown as {@code writerLock} and {@code writerLockSince}
 * ({@link WriteLock#stateOf}): {@code held}; {@code left-by-ended-writer} (a killed writer's, which the
 * next write takes over, so it blocks nothing); or {@code holder-not-recorded} (another library's or
 * an older version's: writes are refused while it exists, and if no writer runs a person deletes it).
 * None of them changes the status: a held lock is a writer at work.
 */
public class JazminFileHealthIndicator implements HealthIndicator {
    private final FileAccess file;
    private final long timeToLiveNanos;
    private Checked last;

    private record Checked(long at, Health health) {
    }

    /** An indicator of {@code file} that opens it at most once per {@code timeToLive}. */
    public JazminFileHealthIndicator(FileAccess file, Duration timeToLive) {
        this.file = file;
        this.timeToLiveNanos = Math.max(0, timeToLive.toNanos());
    }

    @Override
    public synchronized Health health() {
        long now = System.nanoTime();
        if (last == null || now - last.at >= timeToLiveNanos) {
            last = new Checked(now, check());
        }
        return last.health;
    }

    private Health check() {
        Path path = file.path();
        Health.Builder builder = Health.unknown().withDetail("file", file.name())
                .withDetail(path != null ? "path" : "url", file.definition().location());
        if (path != null && !Files.isRegularFile(path)) {
            return builder.down().withDetail("reason", "missing").withDetail("error", "file does not exist").build();
        }
        if (path != null) {
            writerLock(path, builder);
        }
        try (JazminReader reader = file.open()) {
            JazminTable table = reader.table();
            builder.up().withDetail("rows", table.rowCount()).withDetail("columns", table.columns().size())
                    .withDetail("sortedBy", table.sortedBy()).withDetail("appends", reader.appendCount());
            return (path != null ? builder.withDetail("bytes", Files.size(path)) : builder).build();
        } catch (RuntimeException | IOException e) {
            // The engine's exceptions name what is wrong and never carry the secret.
            return builder.down().withDetail("reason", reason(e))
                    .withDetail("error", e.getClass().getSimpleName() + ": " + e.getMessage()).build();
        }
    }

    private static String reason(Exception e) {
        if (e instanceof JazminAccessExpiredException) {
            return "access-expired";
        }
        if (e instanceof JazminKeyException) {
            return "wrong-key";
        }
        if (e instanceof JazminFormatException) {
            return "damaged";
        }
        if (e instanceof UnsupportedFeatureException) {
            return "unsupported";
        }
        if (e instanceof JazminIoException || e instanceof IOException) {
            return "unreadable";
        }
        return "error";
    }

    private static void writerLock(Path path, Health.Builder builder) {
        String state = switch (WriteLock.stateOf(path)) {
            case FREE -> null;
            case HELD -> "held";
            case LEFT_BY_ENDED_WRITER -> "left-by-ended-writer";
            case HOLDER_NOT_RECORDED -> "holder-not-recorded";
        };
        if (state == null) {
            return;
        }
        builder.withDetail("writerLock", state);
        try {
            builder.withDetail("writerLockSince", Files.getLastModifiedTime(
                    path.resolveSibling(path.getFileName() + ".lock")).toInstant().toString());
        } catch (IOException | SecurityException e) {
            // Released since it was read: its state above is all there is to say.
        }
    }
}
