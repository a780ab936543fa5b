package io.jazmin.options;

import java.nio.file.Path;
import java.util.Locale;
import io.jazmin.error.JazminValidationException;

/**
 * Where a reader keeps the last-seen records of time-limited grants (spec §1.20): one small file
 * {@code <file id hex>.<key id hex>.json} per file and access key, shared with the JavaScript and
 * .NET libraries, holding the latest time the key opened the file and a MAC only the key's holder
 * can make. A clock set back more than 5 minutes before that time is refused. By default the
 * records are in {@code %LOCALAPPDATA%\Jazmin\access-state} on Windows and
 * {@code ~/.jazmin/access-state} elsewhere, as in the reference libraries.
 *
 * <p>Offline expiry is advisory (spec §4): deleting the record, or a modified reader, defeats it;
 * {@link #disabled()} turns the record off (expiry and the file's own write time are still checked).
 *
 * @param directory where the records are, or {@code null} when disabled
 * @param enabled   whether records are read and written
 */
public record AccessState(Path directory, boolean enabled) {

    public AccessState {
        if (enabled && directory == null) {
            throw new JazminValidationException("an enabled access state needs a directory");
        }
    }

    /**
     * The records in the platform's default location, found from the environment and
     * {@code user.home} once, when first asked: every {@code ReadOptions} starts from it, and
     * looking it up again for each was a few per cent of a one-entity save.
     */
    public static AccessState defaults() {
        return Default.STATE;
    }

    /** Holder idiom: the default location is looked up on first use. */
    private static final class Default {
        static final AccessState STATE = new AccessState(defaultDirectory(), true);
    }

    /** The records in {@code directory} (created when first needed). */
    public static AccessState in(Path directory) {
        return new AccessState(directory, true);
    }

    /** No last-seen record: the reader neither reads nor writes one. */
    public static AccessState disabled() {
        return new AccessState(null, false);
    }

    private static Path defaultDirectory() {
        String localAppData = System.getenv("LOCALAPPDATA");
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        if (windows && localAppData != null && !localAppData.isEmpty()) {
            return Path.of(localAppData, "Jazmin", "access-state");
        }
        return Path.of(System.getProperty("user.home"), ".jazmin", "access-state");
    }
}
