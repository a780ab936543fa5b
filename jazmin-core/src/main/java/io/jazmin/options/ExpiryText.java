package io.jazmin.options;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import io.jazmin.error.JazminValidationException;

/**
 * The reference's {@code expiresIn} grammar (spec §1.20): an integer and a unit {@code s|m|h|d|w|y}
 * (years are calendar years), or a plain number of milliseconds.
 */
final class ExpiryText {
    private static final Pattern TEXT = Pattern.compile("(\\d{1,12})\\s*([smhdwy]?)");

    private ExpiryText() {
    }

    /**
     * {@code from} plus {@code text}.
     *
     * @throws JazminValidationException when the text does not follow the grammar
     */
    static Instant duration(String text, Instant from) {
        Matcher m = TEXT.matcher(text.trim());
        if (!m.matches()) {
            throw new JazminValidationException("expiresIn '" + text + "' is not a number with unit s, m, h, d, w or y"
                    + " (or milliseconds)");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> from.plusSeconds(n);
            case "m" -> from.plusSeconds(n * 60);
            case "h" -> from.plusSeconds(n * 3600);
            case "d" -> from.plusSeconds(n * 86_400);
            case "w" -> from.plusSeconds(n * 604_800);
            case "y" -> from.atOffset(ZoneOffset.UTC).plusYears(n).toInstant();
            default -> from.plusMillis(n);
        };
    }
}
