package io.jazmin.internal.writer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Who holds a file's writer lock, as this library records it in {@code <path>.lock}: one line
 * {@code jazmin-java-lock 1 pid=<pid> start=<process start instant or -> host=<host name>}. The
 * reference libraries leave the lock file empty; anything that is not such a line is a foreign
 * lock, whose holder nobody can tell.
 *
 * @param pid   the holding process
 * @param start when that process started ({@code null} when the system does not say), so that a
 *              new process given the same pid is not taken for the holder
 * @param host  the host it runs on
 */
record LockHolder(long pid, Instant start, String host) {
    private static final String PREFIX = "jazmin-java-lock 1 ";
    /** A recorded line is far shorter; a longer lock file is not read further. */
    private static final int MAX_READ = 1024;
    private static final String UNKNOWN_HOST = "unknown";
    private static final LockHolder CURRENT = new LockHolder(ProcessHandle.current().pid(),
            ProcessHandle.current().info().startInstant().orElse(null), hostName());
    /** This process's line, made once: every write of the file writes it. */
    private static final byte[] CURRENT_LINE = CURRENT.line();

    /** This process. */
    static LockHolder current() {
        return CURRENT;
    }

    /** This process's line (a copy). */
    static byte[] currentLine() {
        return CURRENT_LINE.clone();
    }

    /** The line written into the lock file. */
    byte[] line() {
        return (PREFIX + "pid=" + pid + " start=" + (start == null ? "-" : start.toString()) + " host=" + host + "\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The holder {@code lock} records, or empty for a lock file this library did not write (the
     * reference libraries' empty one, an older version's, anything else).
     *
     * @throws java.nio.file.NoSuchFileException when the lock file is gone (its holder released it)
     */
    static Optional<LockHolder> read(Path lock) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(lock)) {
            head = in.readNBytes(MAX_READ);
        }
        return parse(new String(head, StandardCharsets.US_ASCII));
    }

    static Optional<LockHolder> parse(String text) {
        int end = text.indexOf('\n');
        if (!text.startsWith(PREFIX) || end < 0) {
            return Optional.empty();
        }
        String[] fields = text.substring(PREFIX.length(), end).split(" ");
        if (fields.length != 3 || !fields[0].startsWith("pid=") || !fields[1].startsWith("start=")
                || !fields[2].startsWith("host=")) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(fields[0].substring(4));
            String start = fields[1].substring(6);
            return Optional.of(new LockHolder(pid, start.equals("-") ? null : Instant.parse(start),
                    fields[2].substring(5)));
        } catch (NumberFormatException | DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether the holder is known to have ended: it ran on this host, and no process with its pid
     * (and start time) runs now. A holder on another host, or on a host whose name is unknown, is
     * never taken for gone: this process cannot see it.
     */
    boolean isGone() {
        if (!host.equals(CURRENT.host) || host.equals(UNKNOWN_HOST)) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return true;
        }
        if (start == null) {
            return false;
        }
        // A different start time is another process that was given the holder's pid.
        return process.get().info().startInstant().map(s -> !s.equals(start)).orElse(false);
    }

    /** For messages: which process holds the lock, where, and since when. */
    String describe() {
        String where = host.equals(CURRENT.host) ? "on this host" : "on host " + host;
        return "process " + pid + " " + where + (start == null ? "" : ", started " + start);
    }

    /**
     * The kernel's host name where the system shows it (read without a network lookup), else the
     * local host's name, with anything but letters, digits, '.', '-' and '_' replaced so that it
     * stays one field of the line.
     */
    private static String hostName() {
        String name = null;
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                name = Files.readString(kernel, StandardCharsets.US_ASCII).strip();
            }
            if (name == null || name.isEmpty()) {
                name = InetAddress.getLocalHost().getHostName();
            }
        } catch (IOException | RuntimeException e) {
            // No name: such a host never reclaims a lock (see isGone).
        }
        if (name == null || name.isBlank()) {
            return UNKNOWN_HOST;
        }
        return name.strip().replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
