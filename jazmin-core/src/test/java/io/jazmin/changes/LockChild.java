package io.jazmin.changes;

import io.jazmin.WriteLock;
import io.jazmin.error.FileLockedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child process of {@link WriterLockTest}: takes a file's writer lock and says how it went on
 * stdout ({@code won} or {@code refused <message>}); a winner holds the lock until its stdin ends,
 * then releases it and prints {@code released}. Arguments: the file, and optionally a "go" file to
 * wait for first, so that several children reach for the lock at the same moment.
 */
public final class LockChild {
    private LockChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        if (args.length > 1) {
            System.out.println("ready");
            System.out.flush();
            Path go = Path.of(args[1]);
            while (!Files.exists(go)) {
                Thread.onSpinWait();
            }
        }
        WriteLock lock;
        try {
            lock = WriteLock.acquire(file);
        } catch (FileLockedException e) {
            System.out.println("refused " + e.getMessage());
            System.out.flush();
            return;
        }
        System.out.println("won " + ProcessHandle.current().pid());
        System.out.flush();
        while (System.in.read() >= 0) {
            // Held until the parent closes stdin (or kills this process).
        }
        lock.close();
        System.out.println("released");
        System.out.flush();
    }
}
