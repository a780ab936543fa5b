package io.jazmin.internal.column;

import java.time.Instant;

/**
 * The datetimes this library reads and writes: years 1 to 9999 (the .NET reference range, spec
 * §1.30 item 9). The writer refuses what readers would reject.
 */
public final class DatetimeRange {
    public static final long MIN_MS = Instant.parse("0001-01-01T00:00:00Z").toEpochMilli();
    public static final long MAX_MS = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();

    private DatetimeRange() {
    }

    public static boolean contains(long epochMillis) {
        return epochMillis >= MIN_MS && epochMillis <= MAX_MS;
    }
}
