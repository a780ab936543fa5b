package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

/**
 * ISO-8601 text of {@code datetime} values. Writes what JavaScript's {@code Date#toISOString} writes
 * (UTC, exactly three fraction digits, {@code Z}; six-digit signed years outside 0000–9999); reads
 * any full date-time with {@code Z} or a numeric offset.
 */
public final class DateTimeText {
    /** A full date and time with an explicit zone: local times are ambiguous and are refused. */
    private static final Pattern ISO = Pattern.compile(
            "([+-]\\d{6}|\\d{4})-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})");

    private DateTimeText() {
    }

    /** The canonical text, e.g. {@code 2015-01-01T07:00:00.000Z}; sub-millisecond digits are dropped. */
    public static String format(Instant value) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(value.getEpochSecond(), value.getNano(), ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder(30);
        int year = t.getYear();
        if (year >= 0 && year <= 9999) {
            pad(sb, year, 4);
        } else {
            sb.append(year < 0 ? '-' : '+');
            pad(sb, Math.abs(year), 6);
        }
        sb.append('-');
        pad(sb, t.getMonthValue(), 2);
        sb.append('-');
        pad(sb, t.getDayOfMonth(), 2);
        sb.append('T');
        pad(sb, t.getHour(), 2);
        sb.append(':');
        pad(sb, t.getMinute(), 2);
        sb.append(':');
        pad(sb, t.getSecond(), 2);
        sb.append('.');
        pad(sb, t.getNano() / 1_000_000, 3);
        return sb.append('Z').toString();
    }

    private static void pad(StringBuilder sb, int value, int width) {
        String digits = Integer.toString(value);
        sb.append("0".repeat(Math.max(0, width - digits.length()))).append(digits);
    }

    /** Whether {@code text} is a full ISO-8601 date-time with {@code Z} or an offset (used by type inference). */
    public static boolean isDateTime(String text) {
        if (!ISO.matcher(text).matches()) {
            return false;
        }
        try {
            OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /**
     * Parses a full ISO-8601 date-time with {@code Z} or an offset; digits below the millisecond are
     * truncated, as JavaScript's {@code Date} does.
     *
     * @throws JazminValidationException when the text is not such a date-time
     */
    public static Instant parse(String text) {
        if (ISO.matcher(text).matches()) {
            try {
                return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                        .toInstant().truncatedTo(ChronoUnit.MILLIS);
            } catch (DateTimeParseException e) {
                // falls through to the common message: the shape was right but a field is out of range
            }
        }
        throw new JazminValidationException("'" + Abbrev.of(text)
                + "' is not an ISO-8601 date-time with 'Z' or an offset");
    }
}
