package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.Header;
import io.jazmin.error.JazminAccessExpiredException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import io.jazmin.internal.table.Grant;

/**
 * Offline expiry of access grants (spec §1.20), enforced by the reader: a grant is refused after it
 * expires, and when the clock is more than 5 minutes earlier than the file's own write time (a
 * clock set back); {@link LastSeen} also holds it against the last time the key opened the file.
 */
final class Expiry {
    /** Clock skew tolerated against the writer's clock. */
    static final Duration SKEW = Duration.ofMinutes(5);

    private Expiry() {
    }

    /**
     * The bundle's expiry text as an instant, or {@code null} when it has none.
     *
     * @throws JazminFormatException when the text is not an ISO-8601 instant (fails closed)
     */
    static Instant parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new JazminFormatException("this key's expiry date is not valid");
        }
    }

    /**
     * Refuses an expired grant, or one read on a clock set back before the file was written.
     *
     * @throws JazminAccessExpiredException naming the key and the expiry
     */
    static void check(Grant grant, Header header, Instant now) {
        if (grant.expires() == null) {
            return;
        }
        if (now.isAfter(grant.expires())) {
            throw new JazminAccessExpiredException(grant.keyId(), "key " + grant.keyId() + " expired at "
                    + grant.expires());
        }
        Instant written = Instant.ofEpochMilli(header.modified() != 0 ? header.modified() : header.created());
        if (now.isBefore(written.minus(SKEW))) {
            throw new JazminAccessExpiredException(grant.keyId(), "key " + grant.keyId() + " expires, and the clock ("
                    + now + ") is earlier than when the file was written (" + written + "): check the system clock");
        }
    }
}
